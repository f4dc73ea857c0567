# expect: fail
# diagnosis: no sqrt
import math


def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return math.inf
    return total / visits + c * (math.log(parent_visits) / visits)
