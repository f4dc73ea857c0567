# expect: fail
# diagnosis: direction
# Forgot the / diagonal.
def is_win(state, player):
    k = state.k
    for i in range(state.rows):
        for j in range(state.cols):
            # across
            if j + k <= state.cols and all(state.cell(i, j + t) == player for t in range(k)):
                return True
            # down
            if i + k <= state.rows and all(state.cell(i + t, j) == player for t in range(k)):
                return True
            # diagonal
            if i + k <= state.rows and j + k <= state.cols and \
                    all(state.cell(i + t, j + t) == player for t in range(k)):
                return True
    return False
