# expect: fail
# diagnosis: swapped
import math


def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return math.inf
    mean = total / visits
    return mean + c * math.sqrt(math.log(visits) / parent_visits)
