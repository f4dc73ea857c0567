# expect: fail
# diagnosis: edge
# Start loops one short at the far edges.
def is_win(state, player):
    k = state.k
    for r in range(state.rows):
        for c in range(state.cols - k):
            if all(state.cell(r, c + i) == player for i in range(k)):
                return True
    for r in range(state.rows - k):
        for c in range(state.cols):
            if all(state.cell(r + i, c) == player for i in range(k)):
                return True
    for r in range(state.rows - k):
        for c in range(state.cols - k):
            if all(state.cell(r + i, c + i) == player for i in range(k)):
                return True
    for r in range(state.rows - k):
        for c in range(k, state.cols):
            if all(state.cell(r + i, c - i) == player for i in range(k)):
                return True
    return False
