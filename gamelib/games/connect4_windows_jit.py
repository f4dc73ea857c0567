"""The window count of connect4_windows.py compiled with numba (imported only when numba
is installed; compiled on first use and cached on disk)."""

from numba import njit


@njit(cache=True, nogil=True)
def compiled_window_count(mine, theirs, windows, points):  # pragma: no cover - compiled
    """`window_count` for int64 bitboards and arrays of windows and points."""
    score = 0
    for window in windows:
        a = mine & window
        b = theirs & window
        if a != 0 and b != 0:
            continue
        if a != 0:
            n = 0
            while a:
                a &= a - 1
                n += 1
            score += points[n]
        elif b != 0:
            n = 0
            while b:
                b &= b - 1
                n += 1
            score -= points[n]
    return score
