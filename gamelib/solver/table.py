"""The solver's transposition table: what one slot holds, shared by both engines.

The score of a position with `moves` stones lies in [MIN_SCORE, MAX_SCORE]. A search
with the window (alpha, beta) learns either an upper bound (no move reached alpha: the
score is at most the best found) or a lower bound (a move reached beta). One small
positive number per position says which, and 0 means "nothing stored":

    value  1 .. 37   an upper bound u, stored as  u - MIN_SCORE + 1
    value 38 .. 73   a lower bound l, stored as   l + MAX_SCORE - 2 * MIN_SCORE + 2

The compiled engine packs a slot into one 64-bit number (Pascal Pons' solver packs the
same key and value into 32 bits; the 3 column bits are for its HASH_MOVE option):

     63   55 54        39 38                       10 9        7 6         0
    +-------+-------------+---------------------------+----------+---------+
    | unused| generation  | key mod 2**29 (KEY_BITS)  | column+1 |  value  |
    +-------+-------------+---------------------------+----------+---------+

column + 1: the column whose move reached beta (0: none); generation: the table's
generation when the slot was written; a slot of an older one reads as empty, so
emptying the table is one increment (see `gamelib.solver.fast.FastSolver.reset`).

The slot of a key is `key % TT_SIZE` with TT_SIZE a prime above 2**24; a slot holds one
position, and a new one replaces it. The compiled engine's TWO_TABLES option gives the
positions with NEAR_MOVES stones or more a second, small table of NEAR_SIZE slots (a
prime above 2**20), slot `key % NEAR_SIZE`. Either way the slot and the key's 29 low bits
together tell the 49-bit key apart from every other (Chinese remainder theorem:
2**29 * NEAR_SIZE > 2**49).
"""

from __future__ import annotations

from gamelib.solver.position import MAX_SCORE, MIN_SCORE

TT_SIZE = 16_777_259
"""Slots in the transposition table: the first prime above 2**24."""
NEAR_SIZE = 1_048_583
"""Slots in the compiled engine's second table (TWO_TABLES): the first prime above 2**20,
8 MB, small enough to stay in the CPU's cache."""
NEAR_MOVES = 22
"""With TWO_TABLES, positions with this many stones or more go to the second table. Fewer
go to the big one: a position of 14 to 21 stones can still head a big subtree, and in the
small table, crowded by the positions near the end, its entry did not last. Measured
(`benchmarks/README.md`): from 14 stones on, the empty board took 221 M nodes, from 22 on
177 M and about four fifths of the time; from 24 on 171 M, but the standard sets took
longer."""
ETC_DEPTH = 12
"""Enhanced transposition cutoffs look up a node's children only where more than this many
cells are empty: nearer the end, the lookups cost more than the nodes they save."""
KEY_BITS = 29
"""Low bits of the key kept in a compiled slot (with the slot number they identify it)."""
VALUE_BITS = 7
COLUMN_BITS = 3

LOWER_OFFSET = MAX_SCORE - 2 * MIN_SCORE + 2
UPPER_LIMIT = MAX_SCORE - MIN_SCORE + 1
"""Stored values above this are lower bounds; 1 .. UPPER_LIMIT are upper bounds."""


def encode_upper(score: int) -> int:
    """The stored value for "the score is at most `score`"."""
    return score - MIN_SCORE + 1


def encode_lower(score: int) -> int:
    """The stored value for "the score is at least `score`"."""
    return score + LOWER_OFFSET


def is_lower(stored: int) -> bool:
    """True if a (non-zero) stored value is a lower bound."""
    return stored > UPPER_LIMIT


def decode_lower(stored: int) -> int:
    """The lower bound a stored value holds (see `is_lower`)."""
    return stored - LOWER_OFFSET


def decode_upper(stored: int) -> int:
    """The upper bound a stored value holds (non-zero, not `is_lower`)."""
    return stored + MIN_SCORE - 1


class SolverTable:
    """A fixed number of slots, key -> stored value; a new entry replaces whatever shared
    its slot. Only the slots in use take memory (a dict), so the readable engine can have
    exactly as many slots as the compiled one and search exactly the same nodes."""

    def __init__(self, size: int = TT_SIZE) -> None:
        self.size = size
        self.slots: dict[int, tuple[int, int]] = {}

    def put(self, key: int, value: int) -> None:
        """Store `value` for `key` (overwriting the slot's previous entry)."""
        self.slots[key % self.size] = (key, value)

    def get(self, key: int) -> int:
        """The value stored for `key`, or 0 if there is none."""
        entry = self.slots.get(key % self.size)
        return entry[1] if entry is not None and entry[0] == key else 0

    def reset(self) -> None:
        """Forget everything."""
        self.slots.clear()
