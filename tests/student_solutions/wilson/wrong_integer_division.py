# expect: fail
# diagnosis: differs
import math


def wilson(wins, games):
    z = 1.96
    p = wins // games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return centre - half, centre + half
