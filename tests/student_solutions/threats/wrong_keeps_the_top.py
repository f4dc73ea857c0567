# expect: fail
# diagnosis: keeps the upper threat
from gamelib import heuristics


def my_useful_threats(state):
    every = heuristics.threats(state, "X") + heuristics.threats(state, "O")
    return [t for t in every if not any(u.col == t.col and u.row > t.row for u in every)
            and not any(u.col == t.col and u.row == t.row and u != t for u in every)]
