# expect: fail
# diagnosis: formula
# The textbook UCB1 with its own 2 inside the root, on top of the exploration constant c.
from math import inf, log, sqrt


def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return inf
    return total / visits + c * sqrt(2 * log(parent_visits) / visits)
