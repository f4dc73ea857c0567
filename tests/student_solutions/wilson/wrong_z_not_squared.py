# expect: fail
# diagnosis: z not squared
import math


def wilson(wins, games):
    z = 1.96
    p = wins / games
    centre = (p + z / (2 * games)) / (1 + z / games)
    half = z / (1 + z / games) * math.sqrt(p * (1 - p) / games + z / (4 * games * games))
    return centre - half, centre + half
