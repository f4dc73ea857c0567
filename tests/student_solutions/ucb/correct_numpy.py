# expect: pass
import numpy as np


def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return np.inf
    return np.float64(total) / visits + c * np.sqrt(np.log(parent_visits) / visits)
