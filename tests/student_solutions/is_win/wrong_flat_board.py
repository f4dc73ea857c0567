# expect: fail
# diagnosis: wrap
# Works on the board string directly, stepping by 1, cols, cols+1 and cols-1.
def is_win(state, player):
    b = state.board
    n = len(b)
    steps = [1, state.cols, state.cols + 1, state.cols - 1]
    for start in range(n):
        for step in steps:
            last = start + step * (state.k - 1)
            if last >= n:
                continue
            if all(b[start + step * j] == player for j in range(state.k)):
                return True
    return False
