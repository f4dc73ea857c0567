# expect: fail
# diagnosis: keeps a threat above another
from gamelib import heuristics


def my_useful_threats(state):
    every = heuristics.threats(state, "X") + heuristics.threats(state, "O")
    cells = [(t.col, t.row) for t in every]
    return [t for t in every if cells.count((t.col, t.row)) == 1]
