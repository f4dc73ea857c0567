# expect: fail
# diagnosis: drops a useful threat
from gamelib import heuristics


def my_useful_threats(state):
    # keeps only threats that can be played now
    every = heuristics.threats(state, "X") + heuristics.threats(state, "O")
    useless = heuristics.useless_threats(state)
    return [t for t in every if t not in useless
            and heuristics.playable_row(state, t.col) == t.row]
