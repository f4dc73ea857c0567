# expect: pass
# A big number instead of infinity for unvisited children.
from math import log, sqrt

BIG = 1e9


def ucb_score(total, visits, parent_visits, c):
    if not visits:
        return BIG
    return total / visits + c * sqrt(log(parent_visits) / visits)
