# expect: fail
# diagnosis: zero for one player
from gamelib.heuristics import window_eval


def my_eval(state, player):
    if player == "X":
        return window_eval(state, "X")
    return 0
