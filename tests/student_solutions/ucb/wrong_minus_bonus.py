# expect: fail
# diagnosis: minus
import math


def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return math.inf
    return total / visits - c * math.sqrt(math.log(parent_visits) / visits)
