"""The solver of `gamelib.solver.negamax`, compiled with numba.

Same algorithm, flattened for the compiler (the recursion becomes an explicit stack,
see `negamax`): a position is three int64
numbers (current, mask, moves) instead of an object (7 columns x 7 bits = 49 bits, so
int64 holds every bitboard and key). Two numpy arrays hold the rest:
- `table`, the transposition table: each 32-bit slot packs the key's 25 low bits and
  the 7-bit value as (low bits << 7) | value (with a prime number of slots above 2**24,
  slot and low bits together identify the 49-bit key, as in Pons' solver);
- `work`: [nodes, node budget, aborted flag, ...] then the move list of each ply
  (pairs move, score) at WORK_MOVES + 16 * ply.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

from gamelib.solver.position import (BOARD, BOTTOM, COLUMN_ORDER, H1, HEIGHT, MAX_SCORE,
                                     MIN_SCORE, SIZE, WIDTH, Position)

assert (WIDTH, HEIGHT) == (7, 6), "the unrolled shifts below assume 7 columns of 6 rows"

TT_SIZE = 16_777_259
"""Slots in the compiled transposition table: the first prime above 2**24 (64 MB)."""
KEY_BITS = 25

LOWER_OFFSET = MAX_SCORE - 2 * MIN_SCORE + 2
UPPER_LIMIT = MAX_SCORE - MIN_SCORE + 1
NODES, BUDGET, ABORTED = 0, 1, 2   # the first slots of the `work` array
WORK_MOVES = 8                      # where the move lists start in `work`
ORDER = np.array(COLUMN_ORDER, dtype=np.int64)
COL_MASK = (1 << HEIGHT) - 1


@njit(cache=True, inline="always")
def winning_spots(position: int, mask: int) -> int:
    """The empty cells where one more stone completes four for `position`'s owner
    (the loop of position.winning_spots, unrolled: steps 7, 6 and 8)."""
    r = (position << 1) & (position << 2) & (position << 3)
    p = (position << 7) & (position << 14)
    r |= (p & (position << 21)) | (p & (position >> 7))
    p = (position >> 7) & (position >> 14)
    r |= (p & (position << 7)) | (p & (position >> 21))
    p = (position << 6) & (position << 12)
    r |= (p & (position << 18)) | (p & (position >> 6))
    p = (position >> 6) & (position >> 12)
    r |= (p & (position << 6)) | (p & (position >> 18))
    p = (position << 8) & (position << 16)
    r |= (p & (position << 24)) | (p & (position >> 8))
    p = (position >> 8) & (position >> 16)
    r |= (p & (position << 8)) | (p & (position >> 24))
    return r & (BOARD ^ mask)


@intrinsic
def popcount(typingctx, x):
    """How many bits are set (the CPU's own bit-count instruction, through LLVM)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


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


@njit(cache=True, inline="always")
def enter(current: int, mask: int, moves: int, alpha: int, beta: int,
          table: np.ndarray, work: np.ndarray) -> tuple:
    """The first half of `Solver.negamax`: everything before the loop over the moves.

    Returns (count, value, alpha, beta, slot, check): count = -1 means the node is
    settled with `value`; otherwise its `count` moves are sorted in `work`."""
    work[NODES] += 1
    if work[NODES] > work[BUDGET]:
        work[ABORTED] = 1
        return -1, 0, alpha, beta, 0, 0
    possible = non_losing_moves(current, mask)
    if possible == 0:
        return -1, -((SIZE - moves) // 2), alpha, beta, 0, 0
    if moves >= SIZE - 2:
        return -1, 0, alpha, beta, 0, 0
    low = -((SIZE - 2 - moves) // 2)
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return -1, alpha, alpha, beta, 0, 0
    high = (SIZE - 1 - moves) // 2
    key = current + mask
    slot = key % TT_SIZE
    check = (key & ((1 << KEY_BITS) - 1)) << 7
    entry = np.int64(table[slot])
    stored = 0
    if entry >> 7 == check >> 7:
        stored = entry & 0x7F
    if stored > UPPER_LIMIT:
        low = stored - LOWER_OFFSET
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return -1, alpha, alpha, beta, 0, 0
    elif stored:
        high = stored + MIN_SCORE - 1
    if beta > high:
        beta = high
        if alpha >= beta:
            return -1, beta, alpha, beta, 0, 0
    # order the moves: insertion sort by score, centre-first among equals
    base = WORK_MOVES + 16 * moves
    count = 0
    for rank in range(WIDTH):
        move = possible & (COL_MASK << (ORDER[rank] * H1))
        if move:
            # mypy sees @intrinsic's typing-context argument too; compiled, it takes one.
            score: int = popcount(winning_spots(current | move, mask))  # type: ignore[call-arg]
            i = base + 2 * count
            while i > base and work[i - 1] < score:
                work[i] = work[i - 2]
                work[i + 1] = work[i - 1]
                i -= 2
            work[i] = move
            work[i + 1] = score
            count += 1
    return count, 0, alpha, beta, slot, check


@njit(cache=True)
def negamax(current: int, mask: int, moves: int, alpha: int, beta: int,
            table: np.ndarray, work: np.ndarray) -> int:
    """`Solver.negamax` without recursion: function calls cost more than a node here, so
    the call stack is a set of arrays indexed by the depth `d` below the root.

    Going down: `enter` the child; if it is not settled, remember its window, table slot
    and moves, and go down into its first move. Going up with `value`: the parent takes
    `-value` as the score of its current move, exactly as the recursive loop does."""
    cur = np.empty(SIZE + 1, np.int64)
    msk = np.empty(SIZE + 1, np.int64)
    alp = np.empty(SIZE + 1, np.int64)
    bet = np.empty(SIZE + 1, np.int64)
    slots = np.empty(SIZE + 1, np.int64)
    checks = np.empty(SIZE + 1, np.int64)
    index = np.empty(SIZE + 1, np.int64)
    counts = np.empty(SIZE + 1, np.int64)
    d = 0
    cur[0], msk[0], alp[0], bet[0] = current, mask, alpha, beta
    while True:
        # go down: enter the node at depth d
        count, value, a, b, slot, check = enter(cur[d], msk[d], moves + d, alp[d], bet[d],
                                                table, work)
        if work[ABORTED]:
            return 0
        if count > 0:           # (a node that is not settled has at least one move)
            alp[d], bet[d], slots[d], checks[d], index[d], counts[d] = a, b, slot, check, 0, count
            move = work[WORK_MOVES + 16 * (moves + d)]
            cur[d + 1], msk[d + 1] = cur[d] ^ msk[d], msk[d] | move
            alp[d + 1], bet[d + 1] = -b, -a
            d += 1
            continue
        # go up: the node at depth d is worth `value`
        while True:
            if d == 0:
                return value
            d -= 1
            score = -value
            if score >= bet[d]:
                table[slots[d]] = checks[d] | (score + LOWER_OFFSET)
                value = score
                continue
            if score > alp[d]:
                alp[d] = score
            index[d] += 1
            if index[d] < counts[d]:
                move = work[WORK_MOVES + 16 * (moves + d) + 2 * index[d]]
                cur[d + 1], msk[d + 1] = cur[d] ^ msk[d], msk[d] | move
                alp[d + 1], bet[d + 1] = -bet[d], -alp[d]
                d += 1
                break
            table[slots[d]] = checks[d] | (alp[d] - MIN_SCORE + 1)
            value = alp[d]


@njit(cache=True)
def solve_position(current: int, mask: int, moves: int, weak: bool,
                   table: np.ndarray, work: np.ndarray) -> int:
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
        score = negamax(current, mask, moves, mid, mid + 1, table, work)
        if work[ABORTED]:
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
    """Play the 0-based column digits `codes` (ASCII bytes) from the empty board.

    Returns (current, mask, moves, error, index): error 0 = fine, 1 = not a column,
    2 = column full, 3 = the move at `index` ends the game, 4 = the board is full.
    """
    current = 0
    mask = 0
    for index in range(codes.shape[0]):
        col = np.int64(codes[index]) - 48
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
        self.table = np.full(TT_SIZE, 0, dtype=np.uint32)
        self.work = np.zeros(WORK_MOVES + 16 * (SIZE + 1), dtype=np.int64)
        self.nodes = 0
        self.aborted = False

    def reset(self) -> None:
        """Empty the transposition table and the node counter."""
        self.table[:] = 0
        self.nodes = 0

    def _start(self, max_nodes: int) -> None:
        """Clear the counters before a search."""
        self.work[NODES] = 0
        self.work[BUDGET] = max_nodes if max_nodes > 0 else 2**62
        self.work[ABORTED] = 0

    def _finish(self) -> None:
        """Collect the counters after a search."""
        self.nodes += int(self.work[NODES])
        self.aborted = bool(self.work[ABORTED])

    def solve(self, pos: Position, weak: bool = False, max_nodes: int = 0) -> int:
        """The exact score of `pos` (weak=True: its sign). With `max_nodes`, gives up after
        that many nodes, sets `self.aborted` and returns 0."""
        self.aborted = False
        if pos.can_win_next():
            return 1 if weak else (SIZE + 1 - pos.moves) // 2
        self._start(max_nodes)
        score = solve_position(pos.current, pos.mask, pos.moves, weak, self.table, self.work)
        self._finish()
        return int(score)

    def at_least(self, pos: Position, value: int) -> bool:
        """True if the score of `pos` is `value` or more (one null-window search)."""
        if pos.can_win_next():
            return (SIZE + 1 - pos.moves) // 2 >= value
        self._start(0)
        score = negamax(pos.current, pos.mask, pos.moves, value - 1, value, self.table,
                        self.work)
        self._finish()
        return score >= value
