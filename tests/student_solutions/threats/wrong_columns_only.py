# expect: fail
# diagnosis: format
from gamelib import heuristics


def my_useful_threats(state):
    every = heuristics.threats(state, "X") + heuristics.threats(state, "O")
    return sorted({t.col for t in every})
