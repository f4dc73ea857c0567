# expect: fail
# diagnosis: not a pair
import math


def wilson(wins, games):
    z = 1.96
    p = wins / games
    return 2 * z / (1 + z * z / games) * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
