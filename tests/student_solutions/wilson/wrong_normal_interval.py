# expect: fail
# diagnosis: normal interval
import math


def wilson(wins, games):
    p = wins / games
    se = math.sqrt(p * (1 - p) / games)
    return p - 1.96 * se, p + 1.96 * se
