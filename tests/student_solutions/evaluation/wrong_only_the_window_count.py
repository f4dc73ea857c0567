# expect: fail
# diagnosis: not better
# Returns Kopec's window count unchanged: as good as the baseline, so not shown better.
from gamelib import heuristics


def my_eval(state, player):
    return heuristics.window_eval(state, player)
