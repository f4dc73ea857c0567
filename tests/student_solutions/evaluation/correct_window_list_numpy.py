# expect: pass
# Lists every window of 4 once, then counts 2s and 3s in each; numpy int64 result.
import numpy as np

ROWS, COLS = 6, 7
WINDOWS = []
for r in range(ROWS):
    for c in range(COLS):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
            cells = [(r + dr * i, c + dc * i) for i in range(4)]
            if all(0 <= rr < ROWS and 0 <= cc < COLS for rr, cc in cells):
                WINDOWS.append(cells)
POINTS = {1: 1, 2: 5, 3: 50, 4: 10000}


def my_eval(state, player):
    them = "O" if player == "X" else "X"
    total = 0
    for window in WINDOWS:
        marks = [state.cell(r, c) for r, c in window]
        mine, theirs = marks.count(player), marks.count(them)
        if mine and not theirs:
            total += POINTS[mine]
        elif theirs and not mine:
            total -= POINTS[theirs]
    return np.int64(total)
