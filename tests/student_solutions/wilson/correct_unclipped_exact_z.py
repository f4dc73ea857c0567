# expect: pass
from math import sqrt
from statistics import NormalDist

Z = NormalDist().inv_cdf(0.975)


def wilson(wins, games):
    n, p = games, wins / games
    denominator = 1 + Z ** 2 / n
    centre = p + Z ** 2 / (2 * n)
    spread = Z * sqrt(p * (1 - p) / n + Z ** 2 / (4 * n * n))
    return [(centre - spread) / denominator, (centre + spread) / denominator]
