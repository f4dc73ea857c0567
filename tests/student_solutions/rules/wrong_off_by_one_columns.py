# expect: fail
# diagnosis: misses the win
def rule_move(game, state):
    me = state.to_move
    other = "O" if me == "X" else "X"
    for move in range(6):                      # forgets column 6
        if move in game.actions(state) and game.result(state, move).winner == me:
            return move
    from gamelib import heuristics
    blocks = heuristics.winning_moves(state, other)
    return blocks[0] if blocks else None
