# expect: fail
# diagnosis: blocks before winning
from gamelib import heuristics


def rule_move(game, state):
    me = state.to_move
    other = "O" if me == "X" else "X"
    blocks = heuristics.winning_moves(state, other)
    if blocks:
        return blocks[0]
    return None       # forgot to look for a win of its own
