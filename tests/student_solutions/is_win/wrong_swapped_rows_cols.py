# expect: fail
# diagnosis: rows and columns swapped
# Loops look right but the cell is read as (col, row).
def is_win(state, player):
    for x in range(state.rows):
        for y in range(state.cols):
            for dx, dy in [(0, 1), (1, 0), (1, 1), (1, -1)]:
                ex, ey = x + (state.k - 1) * dx, y + (state.k - 1) * dy
                if ex < 0 or ex >= state.rows or ey < 0 or ey >= state.cols:
                    continue
                ok = True
                for i in range(state.k):
                    if state.cell(y + i * dy, x + i * dx) != player:
                        ok = False
                        break
                if ok:
                    return True
    return False
