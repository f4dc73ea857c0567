# expect: fail
# diagnosis: only 3x3
# The eight Tic-Tac-Toe lines written out by hand.
WIN_LINES = [
    [(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)], [(2, 0), (2, 1), (2, 2)],
    [(0, 0), (1, 0), (2, 0)], [(0, 1), (1, 1), (2, 1)], [(0, 2), (1, 2), (2, 2)],
    [(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)],
]


def is_win(state, player):
    for line in WIN_LINES:
        if all(state.cell(r, c) == player for (r, c) in line):
            return True
    return False
