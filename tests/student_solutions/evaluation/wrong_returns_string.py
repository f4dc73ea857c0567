# expect: fail
# diagnosis: type
from gamelib.heuristics import window_eval


def my_eval(state, player):
    return f"{window_eval(state, player):+d}"
