# expect: fail
# diagnosis: k fixed at 3
# Written for Tic-Tac-Toe: three in a row, but on any board size.
def is_win(state, player):
    p = player
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r, c), (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)]
                if all(0 <= a < state.rows and 0 <= b < state.cols for a, b in cells):
                    if all(state.cell(a, b) == p for a, b in cells):
                        return True
    return False
