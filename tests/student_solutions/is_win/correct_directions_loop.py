# expect: pass
# A student's is_win: every cell, every direction, with a bounds test per cell.


def is_win(state, player):
    directions = [(0, 1), (1, 0), (1, 1), (1, -1)]
    for row in range(state.rows):
        for col in range(state.cols):
            for dr, dc in directions:
                count = 0
                r, c = row, col
                while 0 <= r < state.rows and 0 <= c < state.cols and state.cell(r, c) == player:
                    count += 1
                    if count == state.k:
                        return True
                    r += dr
                    c += dc
    return False
