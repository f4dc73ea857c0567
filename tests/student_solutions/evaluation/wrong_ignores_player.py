# expect: fail
# diagnosis: ignores player
from gamelib.heuristics import window_eval


def my_eval(state, player):
    # always from X's side
    return window_eval(state, "X")
