# expect: fail
# diagnosis: total
import math


def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return math.inf
    return total + c * math.sqrt(math.log(parent_visits) / visits)
