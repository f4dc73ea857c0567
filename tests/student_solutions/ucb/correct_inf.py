# expect: pass
import math


def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return float("inf")
    exploit = total / visits
    explore = c * math.sqrt(math.log(parent_visits) / visits)
    return exploit + explore
