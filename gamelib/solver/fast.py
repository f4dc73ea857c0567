"""The solver of `gamelib.solver.negamax`, compiled with numba.

Same algorithm, line for line, flattened for the compiler: a position is three int64
numbers (current, mask, moves) instead of an object (7 columns x 7 bits = 49 bits, so
int64 holds every bitboard and key); the transposition table is two numpy arrays
(32 low bits of the key, one byte of value: with a prime number of slots above 2**17,
slot and low bits together identify the 49-bit key); the move list of each ply lives in
a preallocated scratch array; `stats` holds [nodes, node budget, aborted flag].
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamelib.solver.position import (BOARD, BOTTOM, COLUMN_ORDER, H1, HEIGHT, MAX_SCORE,
                                     MIN_SCORE, SIZE, WIDTH, Position)

TT_SIZE = 8_388_617
"""Slots in the compiled transposition table: the first prime above 2**23 (about 42 MB)."""

LOWER_OFFSET = MAX_SCORE - 2 * MIN_SCORE + 2
UPPER_LIMIT = MAX_SCORE - MIN_SCORE + 1
NODES, BUDGET, ABORTED = 0, 1, 2   # the slots of the `stats` array
ORDER = np.array(COLUMN_ORDER, dtype=np.int64)
COL_MASK = (1 << HEIGHT) - 1


@njit(cache=True, inline="always")
def winning_spots(position: int, mask: int) -> int:
    """The empty cells where one more stone completes four for `position`'s owner."""
    r = (position << 1) & (position << 2) & (position << 3)
    for step in (H1, HEIGHT, HEIGHT + 2):
        p = (position << step) & (position << (2 * step))
        r |= p & (position << (3 * step))
        r |= p & (position >> step)
        p = (position >> step) & (position >> (2 * step))
        r |= p & (position << step)
        r |= p & (position >> (3 * step))
    return r & (BOARD ^ mask)


@njit(cache=True, inline="always")
def popcount(x: int) -> int:
    """How many bits are set (the classic SWAR bit count; x < 2**62)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) & 0x7FFFFFFFFFFFFFFF) >> 56


@njit(cache=True, inline="always")
def non_losing_moves(current: int, mask: int) -> int:
    """The moves that do not lose at once (0: every move loses)."""
    possible = (mask + BOTTOM) & BOARD
    threats = winning_spots(current ^ mask, mask)
    forced = possible & threats
    if forced:
        if forced & (forced - 1):
            return 0
        possible = forced
    return possible & ~(threats >> 1)


@njit(cache=True)
def negamax(current: int, mask: int, moves: int, alpha: int, beta: int,
            tt_keys: np.ndarray, tt_values: np.ndarray, scratch: np.ndarray,
            stats: np.ndarray) -> int:
    """See `Solver.negamax` in negamax.py; returns 0 at once when the budget is spent."""
    stats[NODES] += 1
    if stats[NODES] > stats[BUDGET]:
        stats[ABORTED] = 1
        return 0
    possible = non_losing_moves(current, mask)
    if possible == 0:
        return -((SIZE - moves) // 2)
    if moves >= SIZE - 2:
        return 0
    low = -((SIZE - 2 - moves) // 2)
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return alpha
    high = (SIZE - 1 - moves) // 2
    key = current + mask
    slot = key % TT_SIZE
    stored = 0
    if tt_keys[slot] == (key & 0xFFFFFFFF):
        stored = np.int64(tt_values[slot])
    if stored > UPPER_LIMIT:
        low = stored - LOWER_OFFSET
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
    elif stored:
        high = stored + MIN_SCORE - 1
    if beta > high:
        beta = high
        if alpha >= beta:
            return beta
    # order the moves: insertion sort by score, centre-first among equals
    count = 0
    for rank in range(WIDTH):
        move = possible & (COL_MASK << (ORDER[rank] * H1))
        if move:
            score = popcount(winning_spots(current | move, mask))
            i = count
            while i > 0 and scratch[moves, 2 * (i - 1) + 1] < score:
                scratch[moves, 2 * i] = scratch[moves, 2 * (i - 1)]
                scratch[moves, 2 * i + 1] = scratch[moves, 2 * (i - 1) + 1]
                i -= 1
            scratch[moves, 2 * i] = move
            scratch[moves, 2 * i + 1] = score
            count += 1
    for i in range(count):
        move = scratch[moves, 2 * i]
        score = -negamax(current ^ mask, mask | move, moves + 1, -beta, -alpha,
                         tt_keys, tt_values, scratch, stats)
        if stats[ABORTED]:
            return 0
        if score >= beta:
            tt_keys[slot] = key & 0xFFFFFFFF
            tt_values[slot] = score + LOWER_OFFSET
            return score
        if score > alpha:
            alpha = score
    tt_keys[slot] = key & 0xFFFFFFFF
    tt_values[slot] = alpha - MIN_SCORE + 1
    return alpha


@njit(cache=True)
def solve_position(current: int, mask: int, moves: int, weak: bool,
                   tt_keys: np.ndarray, tt_values: np.ndarray, scratch: np.ndarray,
                   stats: np.ndarray) -> int:
    """See `Solver.solve` in negamax.py (the caller checks for a win in one first)."""
    low = -((SIZE - moves) // 2)
    high = (SIZE + 1 - moves) // 2
    if weak:
        low = -1
        high = 1
    while low < high:
        mid = low + (high - low) // 2
        if mid <= 0 and -(-low // 2) < mid:
            mid = -(-low // 2)
        elif mid >= 0 and high // 2 > mid:
            mid = high // 2
        score = negamax(current, mask, moves, mid, mid + 1, tt_keys, tt_values, scratch, stats)
        if stats[ABORTED]:
            return 0
        if score <= mid:
            high = score
        else:
            low = score
    if weak:
        return (low > 0) - (low < 0)
    return low


@njit(cache=True)
def parse_moves(codes: np.ndarray) -> tuple:
    """Play the 1-based column digits `codes` (ASCII bytes) from the empty board.

    Returns (current, mask, moves, error, index): error 0 = fine, 1 = not a column,
    2 = column full, 3 = the move at `index` ends the game, 4 = the board is full.
    """
    current = 0
    mask = 0
    for index in range(codes.shape[0]):
        col = np.int64(codes[index]) - 49
        if col < 0 or col >= WIDTH:
            return current, mask, index, 1, index
        if mask & (1 << (HEIGHT - 1 + col * H1)):
            return current, mask, index, 2, index
        move = (mask + (1 << (col * H1))) & (COL_MASK << (col * H1))
        if winning_spots(current, mask) & move:
            return current, mask, index, 3, index
        current ^= mask
        mask |= move
    if codes.shape[0] == SIZE:
        return current, mask, SIZE, 4, SIZE - 1
    return current, mask, codes.shape[0], 0, 0


class FastSolver:
    """The compiled solver, with the same methods as `negamax.Solver`."""

    def __init__(self) -> None:
        # np.full writes every page now, so the search never stalls on a first touch
        self.tt_keys = np.full(TT_SIZE, 0, dtype=np.uint32)
        self.tt_values = np.full(TT_SIZE, 0, dtype=np.uint8)
        self.scratch = np.zeros((SIZE + 1, 2 * WIDTH), dtype=np.int64)
        self.stats = np.zeros(3, dtype=np.int64)
        self.nodes = 0
        self.aborted = False

    def reset(self) -> None:
        """Empty the transposition table and the node counter."""
        self.tt_keys[:] = 0
        self.tt_values[:] = 0
        self.nodes = 0

    def solve(self, pos: Position, weak: bool = False, max_nodes: int = 0) -> int:
        """The exact score of `pos` (weak=True: its sign). With `max_nodes`, gives up after
        that many nodes, sets `self.aborted` and returns 0."""
        self.aborted = False
        if pos.can_win_next():
            return 1 if weak else (SIZE + 1 - pos.moves) // 2
        stats = self.stats
        stats[NODES] = 0
        stats[BUDGET] = max_nodes if max_nodes > 0 else 2**62
        stats[ABORTED] = 0
        score = solve_position(pos.current, pos.mask, pos.moves, weak, self.tt_keys,
                               self.tt_values, self.scratch, stats)
        self.nodes += int(stats[NODES])
        self.aborted = bool(stats[ABORTED])
        return int(score)

    def at_least(self, pos: Position, value: int) -> bool:
        """True if the score of `pos` is `value` or more (one null-window search)."""
        if pos.can_win_next():
            return (SIZE + 1 - pos.moves) // 2 >= value
        stats = self.stats
        stats[NODES] = 0
        stats[BUDGET] = 2**62
        stats[ABORTED] = 0
        score = negamax(pos.current, pos.mask, pos.moves, value - 1, value, self.tt_keys,
                        self.tt_values, self.scratch, stats)
        self.nodes += int(stats[NODES])
        return score >= value
