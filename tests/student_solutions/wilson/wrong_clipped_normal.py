# expect: fail
# diagnosis: clipped normal interval
import math


def wilson(wins, games):
    p = wins / games
    margin = 1.96 * math.sqrt(p * (1 - p) / games)
    return max(0, p - margin), min(1, p + margin)
