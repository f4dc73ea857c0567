# expect: fail
# diagnosis: not adjacent
# Counts the player's marks in every row/column/diagonal: forgets they must touch.
def is_win(state, player):
    rows, cols, k = state.rows, state.cols, state.k
    for r in range(rows):
        if sum(state.cell(r, c) == player for c in range(cols)) >= k:
            return True
    for c in range(cols):
        if sum(state.cell(r, c) == player for r in range(rows)) >= k:
            return True
    for d in range(-rows, rows + cols):
        diag = [state.cell(r, r + d) for r in range(rows) if 0 <= r + d < cols]
        anti = [state.cell(r, d - r) for r in range(rows) if 0 <= d - r < cols]
        if diag.count(player) >= k or anti.count(player) >= k:
            return True
    return False
