# expect: pass
# A numpy board; the down-left diagonals are found as down-right ones on the board
# flipped left to right.
import numpy as np


def is_win(state, player):
    board = np.array(list(state.board)).reshape(state.rows, state.cols) == player
    k = state.k

    def has_run(grid):
        h, w = grid.shape
        for r in range(h):
            for c in range(w):
                if c + k <= w and grid[r, c:c + k].all():
                    return True
                if r + k <= h and grid[r:r + k, c].all():
                    return True
                if r + k <= h and c + k <= w and all(grid[r + i, c + i] for i in range(k)):
                    return True
        return False

    return bool(has_run(board) or has_run(np.fliplr(board)))
