"""Solution to lesson 09: four in a row on a bitboard, by shifts (Pons' layout).

Column c owns bits 7*c .. 7*c+5 (bottom row first) and one always-empty bit on top, so
a shift by 1 moves every stone one cell along its column, 7 along its row, 6 and 8 along
the two diagonals, and a line never wraps from one column into the next.
"""

SHIFTS = (1, 7, 6, 8)   # vertical, horizontal, diagonal down-right, diagonal up-right


def alignment(bits: int) -> bool:
    """True if the stones in `bits` hold four in a row in any direction."""
    for shift in SHIFTS:
        pairs = bits & (bits >> shift)           # stones with a neighbour `shift` away
        if pairs & (pairs >> 2 * shift):         # two such pairs, two steps apart: four
            return True
    return False
