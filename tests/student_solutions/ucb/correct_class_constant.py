# expect: pass
# The formula as a small class with a call method, unvisited children as float("inf").
import math


class UCB1:
    def __call__(self, total, visits, parent_visits, c):
        if visits <= 0:
            return float("inf")
        exploit = total / visits
        explore = c * (math.log(parent_visits) / visits) ** 0.5
        return exploit + explore


ucb_score = UCB1()
