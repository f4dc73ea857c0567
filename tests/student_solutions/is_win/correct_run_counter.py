# expect: pass
# Counts runs along each row, column and diagonal, resetting on a gap.


def count_runs(cells, player, k):
    run = 0
    for mark in cells:
        if mark == player:
            run += 1
            if run >= k:
                return True
        else:
            run = 0
    return False


def is_win(state, player):
    R, C, k = state.rows, state.cols, state.k
    lines = []
    for r in range(R):
        lines.append([state.cell(r, c) for c in range(C)])
    for c in range(C):
        lines.append([state.cell(r, c) for r in range(R)])
    # diagonals: start on the top row or the left/right column
    for start in range(-(R - 1), C):
        lines.append([state.cell(r, start + r) for r in range(R) if 0 <= start + r < C])
        lines.append([state.cell(r, start + (R - 1 - r)) for r in range(R)
                      if 0 <= start + (R - 1 - r) < C])
    return any(count_runs(line, player, k) for line in lines)
