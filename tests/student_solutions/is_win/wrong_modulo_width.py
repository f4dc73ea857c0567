# expect: fail
# diagnosis: columns modulo width
# Uses % so it never indexes out of range -- but lines now wrap around.
def is_win(state, player):
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if r + dr * (state.k - 1) >= state.rows:
                    continue
                line = [state.cell(r + dr * i, (c + dc * i) % state.cols) for i in range(state.k)]
                if line.count(player) == state.k:
                    return True
    return False
