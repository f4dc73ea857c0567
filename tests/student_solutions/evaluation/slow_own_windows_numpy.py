# expect: fail
# diagnosis: too slow
# time_limit: 6
# Counts every window of 4 by hand with numpy arrays, weighting 2s and 3s; numpy int64
# result. Right, but it builds small arrays for every window at every call (over 100
# times the window count's time): the match reaches its time limit before it can tell.
# A match needs about 100 games to judge it, which a fast computer plays within the
# default 20 s of play (then it passes); 6 s is 25-35 games here, three times too few.
import numpy as np

WEIGHTS = {1: 1, 2: 5, 3: 50, 4: 10000}


def score_for(cells, me, them):
    mine = np.count_nonzero(cells == me)
    theirs = np.count_nonzero(cells == them)
    if mine and theirs:
        return 0
    if mine:
        return WEIGHTS[mine]
    if theirs:
        return -WEIGHTS[theirs]
    return 0


def my_eval(state, player):
    them = "O" if player == "X" else "X"
    board = np.array([[state.cell(r, c) for c in range(state.cols)]
                      for r in range(state.rows)])
    total = np.int64(0)
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                rows = np.array([r + dr * i for i in range(4)])
                cols = np.array([c + dc * i for i in range(4)])
                if rows.min() >= 0 and rows.max() < state.rows and cols.max() < state.cols:
                    total += score_for(board[rows, cols], player, them)
    return total
