# expect: pass
import numpy as np


def wilson(wins, games):
    # the interval's ends are the roots of (p - x)^2 = z^2 x (1 - x) / n
    z, n, p = 1.96, games, wins / games
    a = 1 + z * z / n
    b = -(2 * p + z * z / n)
    c = p * p
    roots = np.roots([a, b, c])
    low, high = sorted(np.real(roots))
    return float(np.clip(low, 0, 1)), float(np.clip(high, 0, 1))
