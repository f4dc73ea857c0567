# expect: fail
# diagnosis: no c
import math


def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return math.inf
    return total / visits + math.sqrt(2 * math.log(parent_visits) / visits) / math.sqrt(2)
