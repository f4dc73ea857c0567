# expect: fail
# diagnosis: first difference
# Misses the / diagonal AND checks only k-1 cells down columns: no single mistake fits.
def is_win(state, player):
    k = state.k
    for r in range(state.rows):
        for c in range(state.cols):
            if c + k <= state.cols and all(state.cell(r, c + i) == player for i in range(k)):
                return True
            if r + k <= state.rows and all(state.cell(r + i, c) == player for i in range(k - 1)):
                return True
            if r + k <= state.rows and c + k <= state.cols and \
                    all(state.cell(r + i, c + i) == player for i in range(k)):
                return True
    return False
