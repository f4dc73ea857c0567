# expect: fail
# diagnosis: short line
# range(k - 1): thought the start cell was already counted.
def is_win(state, player):
    for r in range(state.rows):
        for c in range(state.cols):
            if state.cell(r, c) != player:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                ok = True
                for step in range(1, state.k - 1):
                    rr, cc = r + dr * step, c + dc * step
                    if not (0 <= rr < state.rows and 0 <= cc < state.cols) or state.cell(rr, cc) != player:
                        ok = False
                        break
                if ok and state.k > 1:
                    return True
    return False
