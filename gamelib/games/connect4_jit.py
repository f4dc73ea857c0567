"""Connect Four's two hot spots compiled with numba: the window count behind `evaluate`
(connect4_windows.py has the plain-Python reference) and the k-in-a-row test behind
`result` (connect4.py's `has_line`). Imported only when numba is installed; used only
for boards that fit in 63 bits. Tests check that both agree with the plain versions.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def compiled_has_line(bits, rows, k):  # pragma: no cover - compiled
    """`has_line` of connect4.py: does `bits` hold k stones in a row in any direction?"""
    for step in (1, rows + 1, rows, rows + 2):
        run = bits
        length = 1
        while run != 0 and length < k:
            # double the runs while that fits, then the last stretch (overlapping)
            shift = (length if 2 * length <= k else k - length) * step
            if shift >= 63:     # every stone shifted off a 63-bit board (and a machine
                run = 0         # shift by 64 or more is undefined: it may wrap)
                break
            run &= run >> shift
            length = 2 * length if 2 * length <= k else k
        if run != 0:
            return True
    return False


def compiled_counter(windows: list[int], points: list[int]) -> Callable[[int, int], int]:
    """The window count compiled for one board: a function (mine, theirs) -> score.

    The windows and points are built into the compiled code (numba freezes the arrays a
    function closes over), so a call passes only two integers: about twice as fast as
    passing the arrays every time, which matters at every leaf of a search.
    """
    window_array = np.array(windows, dtype=np.int64)
    point_array = np.array(points, dtype=np.int64)

    @njit(nogil=True)
    def count(mine, theirs):  # pragma: no cover - compiled
        score = 0
        for window in window_array:
            a = mine & window
            b = theirs & window
            if a != 0 and b != 0:
                continue
            if a != 0:
                score += point_array[_bit_count(a)]
            elif b != 0:
                score -= point_array[_bit_count(b)]
        return score

    return count


@njit(cache=True, nogil=True)
def _bit_count(bits):  # pragma: no cover - compiled
    """How many bits are set (Kernighan's loop: one turn per set bit)."""
    n = 0
    while bits != 0:
        bits &= bits - 1
        n += 1
    return n
