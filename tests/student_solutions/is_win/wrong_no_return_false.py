# expect: fail
# diagnosis: returns None
def is_win(state, player):
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r = r + (state.k - 1) * dr
                end_c = c + (state.k - 1) * dc
                if 0 <= end_r < state.rows and 0 <= end_c < state.cols:
                    if all(state.cell(r + i * dr, c + i * dc) == player for i in range(state.k)):
                        return True
