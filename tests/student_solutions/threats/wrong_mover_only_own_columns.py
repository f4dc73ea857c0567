# expect: fail
# diagnosis: drops a useful threat
from gamelib import heuristics


def my_useful_threats(state):
    every = heuristics.threats(state, state.to_move)
    return [t for t in every if not any(u.col == t.col and u.row < t.row for u in every)]
