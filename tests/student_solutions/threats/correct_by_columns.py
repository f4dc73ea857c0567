# expect: pass
from gamelib import heuristics


def my_useful_threats(state):
    every = heuristics.threats(state, "X") + heuristics.threats(state, "O")
    lowest = {}
    for t in every:
        lowest[t.col] = min(lowest.get(t.col, t.row), t.row)
    cells = [(t.col, t.row) for t in every]
    return [t for t in every if t.row == lowest[t.col] and cells.count((t.col, t.row)) == 1]
