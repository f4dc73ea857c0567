# expect: fail
# diagnosis: too slow
# Counts every window of 4 by hand, weighting 2s and 3s; numpy int64 result. Right, but
# it looks at every cell of every direction with numpy arithmetic at each call (25 times
# the window count's time): the match reaches its time limit before it can tell.
import numpy as np

WEIGHTS = {1: 1, 2: 5, 3: 50, 4: 10000}


def score_for(cells, me, them):
    mine, theirs = cells.count(me), cells.count(them)
    if mine and theirs:
        return 0
    if mine:
        return WEIGHTS[mine]
    if theirs:
        return -WEIGHTS[theirs]
    return 0


def my_eval(state, player):
    them = "O" if player == "X" else "X"
    total = np.int64(0)
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = []
                for i in range(4):
                    rr, cc = r + dr * i, c + dc * i
                    if 0 <= rr < state.rows and 0 <= cc < state.cols:
                        cells.append(state.cell(rr, cc))
                if len(cells) == 4:
                    total += score_for(cells, player, them)
    return total
