"""The window count behind `ConnectFour.evaluate`, in plain Python and compiled.

Both functions run the same loop: for every k-cell window of the board, if only one
player has discs in it, that player gets `points[discs]` (1 for k-2 discs, 100 for k-1,
WIN_SCORE for k) and the other loses them. Search scores every leaf with it, so
`connect4_jit.py` (numba, when it is installed and the board fits in 63 bits) is
what usually runs; `window_count` is the reference the tests compare it with.
"""

from __future__ import annotations

from typing import Callable, Sequence

WindowCounter = Callable[[int, int], int]


def window_count(mine: int, theirs: int, windows: Sequence[int], points: Sequence[int]) -> int:
    """The score of bitboards `mine` against `theirs` over `windows` (pure Python)."""
    score = 0
    for window in windows:
        a = mine & window
        b = theirs & window
        if a and b:
            continue
        if a:
            score += points[a.bit_count()]
        elif b:
            score -= points[b.bit_count()]
    return score


def make_counter(windows: list[int], points: list[int], bits: int) -> WindowCounter:
    """A function (mine, theirs) -> score: compiled if it can be, else pure Python."""
    if bits <= 63:
        try:
            from gamelib.games.connect4_jit import compiled_counter
        except ImportError:         # numba is not installed: the plain loop below
            pass
        else:
            return compiled_counter(windows, points)
    return lambda mine, theirs: window_count(mine, theirs, windows, points)
