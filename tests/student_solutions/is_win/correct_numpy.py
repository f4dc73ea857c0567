# expect: pass
# Uses numpy: the board as an array, windows compared with np.all (returns np.bool_).
import numpy as np


def is_win(state, player):
    grid = np.array([[state.cell(r, c) for c in range(state.cols)] for r in range(state.rows)])
    mine = grid == player
    k = state.k
    for r in range(state.rows):
        for c in range(state.cols):
            if c + k <= state.cols and np.all(mine[r, c:c + k]):
                return np.True_
            if r + k <= state.rows and np.all(mine[r:r + k, c]):
                return np.True_
            if r + k <= state.rows and c + k <= state.cols and \
                    np.all([mine[r + i, c + i] for i in range(k)]):
                return np.True_
            if r + k <= state.rows and c - k + 1 >= 0 and \
                    np.all([mine[r + i, c - i] for i in range(k)]):
                return np.True_
    return np.False_
