# expect: fail
# diagnosis: unvisited
import math


def ucb_score(total, visits, parent_visits, c):
    return total / visits + c * math.sqrt(math.log(parent_visits) / visits)
