# expect: pass
# Only the start cells from which a line fits, one block per direction.
def is_win(state, player):
    k = state.k
    rows, cols = state.rows, state.cols
    # horizontal
    for r in range(rows):
        for c in range(cols - k + 1):
            if all(state.cell(r, c + i) == player for i in range(k)):
                return True
    # vertical
    for r in range(rows - k + 1):
        for c in range(cols):
            if all(state.cell(r + i, c) == player for i in range(k)):
                return True
    # diagonal \
    for r in range(rows - k + 1):
        for c in range(cols - k + 1):
            if all(state.cell(r + i, c + i) == player for i in range(k)):
                return True
    # diagonal /
    for r in range(rows - k + 1):
        for c in range(k - 1, cols):
            if all(state.cell(r + i, c - i) == player for i in range(k)):
                return True
    return False
