# expect: fail
# diagnosis: one player only
from gamelib import heuristics


def my_useful_threats(state):
    useless = heuristics.useless_threats(state)
    return [t for t in heuristics.threats(state, state.to_move) if t not in useless]
