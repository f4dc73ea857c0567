# expect: fail
# diagnosis: floor division
# Integer division for the mean: 2.25 becomes 2 and 0.6 becomes 0 (once named "no mean",
# because every mean the check tried was below 1).
from math import inf, log, sqrt


def ucb_score(total, visits, parent_visits, c):
    if not visits:
        return inf
    return total // visits + c * sqrt(log(parent_visits) / visits)
