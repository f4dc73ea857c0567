# expect: fail
# diagnosis: formula
# Floor division inside the exploration term: ln(N) // n is 0 once n > ln(N).
import math


def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return math.inf
    return total / visits + c * math.sqrt(math.log(parent_visits) // visits)
