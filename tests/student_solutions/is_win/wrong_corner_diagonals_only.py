# expect: fail
# diagnosis: first difference
# Rows and columns right, but only the two diagonals that start in the top corners are
# looked at, so any other diagonal line is missed.
def is_win(state, player):
    k = state.k
    for r in range(state.rows):
        if sum(state.cell(r, c) == player for c in range(state.cols)) >= k and \
                any(all(state.cell(r, c + i) == player for i in range(k))
                    for c in range(state.cols - k + 1)):
            return True
    for c in range(state.cols):
        if any(all(state.cell(r + i, c) == player for i in range(k))
               for r in range(state.rows - k + 1)):
            return True
    n = min(state.rows, state.cols)
    if n >= k and all(state.cell(i, i) == player for i in range(k)):
        return True
    if n >= k and all(state.cell(i, state.cols - 1 - i) == player for i in range(k)):
        return True
    return False
