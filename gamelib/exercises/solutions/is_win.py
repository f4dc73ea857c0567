"""Solution to lesson 01: does `player` have k marks in a row on an m,n,k board?"""

from __future__ import annotations

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))   # right, down, down-right, down-left


def is_win(state, player: str) -> bool:
    """True if `player` has `state.k` marks in a line (row, column or diagonal)."""
    rows, cols, k = state.rows, state.cols, state.k
    for r in range(rows):
        for c in range(cols):
            for dr, dc in DIRECTIONS:
                end_r, end_c = r + (k - 1) * dr, c + (k - 1) * dc
                if not (0 <= end_r < rows and 0 <= end_c < cols):
                    continue                      # the line would leave the board
                if all(state.cell(r + i * dr, c + i * dc) == player for i in range(k)):
                    return True
    return False
