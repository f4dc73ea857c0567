# expect: pass
# Scores the position for X once, then flips the sign for O (float64 from numpy).
import numpy as np
from gamelib.heuristics import centre_eval, window_eval


def my_eval(state, player):
    for_x = np.float64(window_eval(state, "X") + 2.5 * centre_eval(state, "X"))
    return for_x if player == "X" else -for_x
