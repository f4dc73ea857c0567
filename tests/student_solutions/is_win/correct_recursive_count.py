# expect: pass
# Counts the run through each of the player's marks recursively, one direction at a time.
def count(state, player, r, c, dr, dc):
    if not (0 <= r < state.rows and 0 <= c < state.cols) or state.cell(r, c) != player:
        return 0
    return 1 + count(state, player, r + dr, c + dc, dr, dc)


def is_win(state, player):
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in [(0, 1), (1, 0), (1, 1), (1, -1)]:
                if count(state, player, r, c, dr, dc) >= state.k:
                    return True
    return False
