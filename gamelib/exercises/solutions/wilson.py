"""Solution to lesson 08: the 95% Wilson interval of a win rate (Wilson 1927)."""

import math


def wilson(wins, games, z=1.96):
    """The 95% Wilson score interval (low, high) for `wins` out of `games`, within [0, 1]."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(p * (1 - p) / games
                                               + z * z / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)
