# expect: pass
# Written with numpy's log and sqrt, returning a numpy float.
import numpy as np


def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return np.inf
    mean = np.float64(total) / visits
    return mean + c * np.sqrt(np.log(parent_visits) / visits)
