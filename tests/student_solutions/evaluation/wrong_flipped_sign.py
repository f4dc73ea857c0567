# expect: fail
# diagnosis: flipped
from gamelib import heuristics


def my_eval(state, player):
    opponent = "O" if player == "X" else "X"
    return heuristics.window_eval(state, opponent)
