# expect: pass
def rule_move(game, state):
    me = state.to_move
    for move in game.actions(state):
        if game.result(state, move).winner == me:
            return move
    # pretend the opponent moves now: play a null move is not allowed, so look at threats
    from gamelib import heuristics
    other = "O" if me == "X" else "X"
    blocks = heuristics.winning_moves(state, other)
    return blocks[-1] if blocks else None
