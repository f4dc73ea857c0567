# expect: fail
# diagnosis: answers with no rule
from gamelib import heuristics


def rule_move(game, state):
    other = "O" if state.to_move == "X" else "X"
    for player in (state.to_move, other):
        found = heuristics.winning_moves(state, player)
        if found:
            return found[0]
    return 3 if 3 in game.actions(state) else game.actions(state)[0]
