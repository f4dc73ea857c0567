"""The solver of `gamelib.solver.negamax`, compiled with numba.

Same algorithm, flattened for the compiler (the recursion becomes an explicit stack,
see `negamax`): a position is three int64 numbers (current, mask, moves) instead of an
object (7 columns x 7 bits = 49 bits, so int64 holds every bitboard and key). Two numpy
arrays hold the rest:
- `table`, the transposition table: one 64-bit slot per position, laid out as drawn in
  `gamelib.solver.table` (the same value encoding as the readable engine's table);
- `work`: the counters and switches, then the search's stack, as drawn at `WORK_SIZE`;
  the search keeps its own copies of the counters in local variables while it runs (the
  compiler holds them in registers).

With `options=0` the compiled search is the readable one, node for node (the tests check
it). Each bit of `options` switches on one idea that makes it faster:
- ETC (enhanced transposition cutoff): before searching a node's moves, look in the
  table for the positions they lead to; if one of them is known to be bad enough for
  the opponent, the node is cut without searching anything;
- HASH_MOVE: a slot also keeps the column whose move reached beta (a lower bound), and
  the next search of that position (the null-window searches come back to the same
  positions with other windows) tries that column first, and sorts the other moves
  only if it does not reach beta again;
- TWO_TABLES: positions with NEAR_MOVES stones or more (near the end of the game, where
  every search spends many of its nodes) get a second table of their own, small enough
  (8 MB) to stay in the CPU's cache, so their probes rarely wait for memory; and they no
  longer overwrite the positions nearer the root in the big table, which are worth more
  work each;
- FAIL_SOFT: a node whose moves all fail low returns (and stores) the best of their
  scores, which can be below alpha, instead of alpha itself: a tighter upper bound,
  so the null-window searches of `solve_position` close in on the score in fewer steps,
  and the table cuts more later.
- CLAIMEVEN: knowledge instead of speed: where the first player is to move, the
  opponent's follow-up (`position.claimeven_bound`) caps the score, and a
  window above the cap is settled without a search (`Solver(claimeven=True)` is the
  same search in plain Python, node for node);
- FORCED: knowledge too: a position whose player has exactly one move that does not
  lose at once is no choice, and is not a node: the search plays the move and goes on
  from the position after it, in the same frame of the stack (`Solver(forced=True)`).
  ETC is `Solver(etc=True)` in plain Python, node for node.
- THREAT_ORDER: knowledge in the move order: the moves are sorted by the useful threats
  they leave (`position.threat_score`: not those right above an opponent's threat, and
  more for a threat the opponent must answer at once or cannot play below) instead of by
  all their winning spots (`Solver(threat_order=True)`).
- MIRROR: knowledge of the board: a position and its mirror image (columns 0..6 read
  6..0) have the same score, so they share one table entry, under the smaller of their
  two keys (`Position.shared_key`; a stored column is mirrored with it). With TWO_TABLES
  only the big table's positions share: deeper, mirror images seldom meet and the
  mirrored key costs more than it saves (`Solver(mirror=True)`, node for node without
  TWO_TABLES). It halves the work of a symmetric position (the empty board: its moves
  c and 6 - c lead to mirror images) and changes little elsewhere.
- CLAIMEVEN_AHEAD: claimeven one move ahead: where the second player is to move, the
  claimeven cap of each position after a move (the first player to move there) is a
  bound on it, so a child capped at c proves at least -c here; when that reaches beta
  the node is cut before any move is searched (`Solver(claimeven_ahead=True)`). The
  caps are 0 or -1, so only a beta of 1 or less can be reached: the search skips the
  caps for a higher beta (the same nodes, less work). On the empty board it saves a
  fifth of the nodes and of the time.
- DOUBLE_THREATS: a move after which the opponent has no move that does not lose at
  once (a double threat, made now) wins with the player's next stone but one, the best
  score left; where no move does that, the best score possible drops by one
  (`Solver(double_threats=True)`). The search looks at the moves only where beta is
  above that lower best: below it a "no" changes nothing and a "yes" spares only the
  moves searched before that one (looking at every node took 0.89-0.93 of the nodes but
  1.06-1.38 times the time). It saves 4-21% of the nodes on random positions of plies
  8-24.
The default, `BEST`, is every option. Alone, ETC searches 10-25% fewer nodes, but since
the search fetches its children's table slots ahead of time (`sort_moves`), a node costs
little more than that wait, and ETC's extra probes cost about the time its nodes save;
CLAIMEVEN saves 3-32% of the nodes (17-32% on openings of 4-10 stones); FORCED saves
10-27% of the counted nodes (a forced move is still played, only not counted);
THREAT_ORDER saves 5-31% of the nodes on the standard sets and 21-44% on openings of 3-4
stones. Together (BEST) they search 0.27-0.35 of the nodes of SPEED alone on openings of
4-10 stones, in 0.40-0.64 of the time, and 0.45-0.71 of the nodes on the standard sets,
in 0.70-0.96 of the time where a search takes milliseconds or more; in the searches of
a fraction of a millisecond (the easy sets) ETC's probes cost
more than its nodes save, up to 1.65 times SPEED's time, still far under a millisecond
(benchmarks/README.md has the figures).

The entries called from Python (`negamax`, `solve_full`, `solve_codes`) release the GIL
(nogil): a search in a background thread leaves the notebook's main thread free (a
board judges positions while the student thinks). One solver is never searched by two
threads at once: its table and stack are shared arrays.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from gamelib.solver import negamax as readable
from gamelib.solver import position as board
from gamelib.solver import table as tt
from gamelib.solver.position import (BOARD, BOARD_FULL, BOTTOM, COLUMN_FULL, COLUMN_ORDER,
                                     EVEN_ROWS, GAME_OVER, H1, HEIGHT, NO_BOUND, NOT_A_COLUMN,
                                     SIZE, THREAT_WEIGHTS, WIDTH, Position)

assert (WIDTH, HEIGHT) == (7, 6), "the unrolled shifts below assume 7 columns of 6 rows"

COMPILED_FROM = ("negamax.py", "position.py", "table.py")
SOURCES_DIGEST = "9f0638aa4ff2a60725d9efc1ec9d87f71bd5b48b8ff33412e0016f1a55403446"
"""SHA-256 of the readable modules (COMPILED_FROM) whose functions and constants this file
compiles. numba's cache recognises a compiled function by this file's text alone, so a
change in those files must change this line too (a test checks it, and prints the new
value), or a function compiled before the change would keep running their old code."""


def sources_digest() -> str:
    """SOURCES_DIGEST as the files are now (with a Unix checkout's line endings)."""
    digest = hashlib.sha256()
    for name in COMPILED_FROM:
        text = Path(__file__).with_name(name).read_text(encoding="utf-8").replace("\r\n", "\n")
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()

TT_SIZE = tt.TT_SIZE
NEAR_SIZE = tt.NEAR_SIZE
NEAR_MOVES = tt.NEAR_MOVES
KEY_MASK = (1 << tt.KEY_BITS) - 1
VALUE_BITS = tt.VALUE_BITS
VALUE_MASK = (1 << VALUE_BITS) - 1
CHECK_SHIFT = VALUE_BITS + tt.COLUMN_BITS
encode_lower = njit(cache=True, inline="always")(tt.encode_lower)
encode_upper = njit(cache=True, inline="always")(tt.encode_upper)
decode_lower = njit(cache=True, inline="always")(tt.decode_lower)
decode_upper = njit(cache=True, inline="always")(tt.decode_upper)
is_lower = njit(cache=True, inline="always")(tt.is_lower)

NODES, BUDGET, ABORTED, OPTIONS, GENERATION, DEPTH, PROBES = range(7)  # `work`'s first slots
GENERATIONS = 1 << 16
"""Table generations before `reset` has to wipe the table (see `FastSolver.reset`)."""
COUNTERS = 8
FRAMES = SIZE + 1
"""The search's depths, 0 (its root) to SIZE."""
(CURRENTS, MASKS, ALPHAS, BETAS, KEYS, TRYING, COUNTS, UNSORTED, THREATS,
 BESTS) = range(10)
"""The search's stacks, one number per depth (see `WORK_SIZE`)."""
STACKS = 10
ORDER_START = COUNTERS + STACKS * FRAMES
SPOTS_START = ORDER_START + WIDTH * FRAMES
SCORES_START = SPOTS_START + WIDTH * FRAMES
WORK_SIZE = SCORES_START + WIDTH
"""The numbers in `work` (int64), laid out so:

     0       5     6     8         8 + 10 * FRAMES   ORDER_START     SPOTS_START    SCORES_START
    +-------+-----+-----+--------------------------+---------------+--------------+------+
    | NODES | DE- | PRO-| 10 stacks of FRAMES      | WIDTH moves   | WIDTH spots  | WIDTH|
    |  ..   | PTH | BES,| numbers, one per depth:  | per depth,    | per depth,   | sort |
    | GENER-|     | (un-| CURRENTS, MASKS, ALPHAS, | sorted        | the threats  | keys |
    | ATION |     | used| BETAS, KEYS, TRYING, ... | (`order`)     | each makes   |      |
    +-------+-----+-----+--------------------------+---------------+--------------+------+

A stack's number at depth d is the node d plies below the search's root, on the path
the search is following: its position (CURRENTS, MASKS, as in position.py), window
(ALPHAS, BETAS), table key (KEYS), which of its sorted moves is being searched (TRYING)
out of how many sorted so far (COUNTS), the moves still to sort (UNSORTED, HASH_MOVE),
the opponent's winning spots (THREATS, -1: not known yet; kept once the node sorts its
moves, for THREAT_ORDER) and the best score of its moves so far (BESTS, FAIL_SOFT)."""
(ETC, HASH_MOVE, TWO_TABLES, FAIL_SOFT, CLAIMEVEN, FORCED, THREAT_ORDER, MIRROR,
 CLAIMEVEN_AHEAD, DOUBLE_THREATS) = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)
NOW_WEIGHT, ABOVE_WEIGHT, EVERY_WEIGHT = THREAT_WEIGHTS
ETC_DEPTH = tt.ETC_DEPTH
FORCED_FRAME = -1
"""KEYS' mark of a forced move's frame (FORCED): no node, its value is its child's, negated."""
SCATTER = 8191
"""The step of `read_scattered` through a table (a prime that divides neither size, so
it visits every slot)."""
SPEED = HASH_MOVE | TWO_TABLES | FAIL_SOFT
"""The switches that make each node's work count for more, knowing nothing of the game."""
BEST = (SPEED | ETC | CLAIMEVEN | FORCED | THREAT_ORDER | MIRROR | CLAIMEVEN_AHEAD
        | DOUBLE_THREATS)
"""Every switch: together they make the search fastest (see the module docstring)."""
COLUMN_BITS = tt.COLUMN_BITS
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


has_four = njit(cache=True, inline="always")(board.has_four)


@njit(cache=True, inline="always")
def claimeven_bound(current: int, mask: int) -> int:
    """`position.claimeven_bound`, compiled (the same lines, calling the compiled
    `has_four`): 0 or -1, a cap on the score of the player to move, or NO_BOUND."""
    paired = (mask + BOTTOM) & BOARD & EVEN_ROWS
    if popcount(paired) % 2:  # type: ignore[call-arg]
        return NO_BOUND
    empty = BOARD ^ mask
    theirs = empty & EVEN_ROWS & ~paired
    if has_four(current | (empty ^ theirs)):
        return NO_BOUND
    if has_four((current ^ mask) | theirs):
        return -1
    return 0


@intrinsic
def popcount(typingctx, x):
    """How many bits are set (the CPU's own bit-count instruction, through LLVM)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen




@intrinsic
def trailing_zeros(typingctx, x):
    """The index of the lowest set bit (the cell of a one-bit move)."""
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], context.get_constant(types.boolean, True))
    return types.int64(types.int64), codegen


@intrinsic
def prefetch(typingctx, array, index):
    """Start loading array[index] into the CPU's cache, without waiting for it (LLVM's
    prefetch instruction: read, keep in all cache levels)."""
    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        byte_pointer = ir.PointerType(ir.IntType(8))
        int32 = ir.IntType(32)
        llvm_prefetch = builder.module.declare_intrinsic(
            "llvm.prefetch", fnty=ir.FunctionType(ir.VoidType(), [byte_pointer] + [int32] * 3))
        address = builder.bitcast(builder.gep(data, [args[1]]), byte_pointer)
        builder.call(llvm_prefetch, [address, int32(0), int32(3), int32(1)])
        return context.get_dummy_value()
    return types.void(array, index), codegen


@njit(cache=True, inline="always")
def non_losing_moves(mask: int, threats: int) -> int:
    """The moves that do not lose at once against the opponent's winning spots `threats`
    (0: every move loses)."""
    possible = (mask + BOTTOM) & BOARD
    forced = possible & threats
    if forced:
        if forced & (forced - 1):
            return 0
        possible = forced
    return possible & ~(threats >> 1)


@njit(cache=True, inline="always")
def slot(key: int, moves: int, near: int) -> int:
    """The slot of `key`, a position with `moves` stones: in the big table, or from `near`
    stones on (NEAR_MOVES with TWO_TABLES, else never) in the small one after it.

    Keys are never negative, and in unsigned arithmetic the remainder is a multiplication
    with no sign fix-up and the index needs no check for a negative (from the end)
    index, which numba adds for every signed one."""
    if moves >= near:
        return np.uint64(TT_SIZE) + np.uint64(key) % np.uint64(NEAR_SIZE)
    return np.uint64(key) % np.uint64(TT_SIZE)


mirror_key = njit(cache=True, inline="always")(board._mirror_bits)
"""The key of the mirror image of the position of `key`: `Position.mirror`'s column swap,
compiled (a key, like a bitboard, is seven columns of H1 bits)."""


@njit(cache=True, inline="always")
def shared_key(key: int, moves: int, mirrors: int) -> int:
    """The key the table keeps the position of `key` under: with fewer than `mirrors`
    stones (MIRROR), the smaller of its key and its mirror image's (`Position.shared_key`),
    else its own."""
    if moves < mirrors:
        return min(key, mirror_key(key))
    return key


@njit(cache=True, inline="always")
def probe(table: np.ndarray, key: int, moves: int, near: int, tag: int, mirrors: int) -> int:
    """What the slot of `key` holds for it in the table's current generation `tag`:
    value | (column + 1) << VALUE_BITS (0: nothing). A column stored for the mirror image
    comes back mirrored."""
    shared = shared_key(key, moves, mirrors)
    entry = np.int64(table[slot(shared, moves, near)])
    found = 0
    if entry >> CHECK_SHIFT == tag | (shared & KEY_MASK):
        found = entry & ((1 << CHECK_SHIFT) - 1)
        column = found >> VALUE_BITS
        if shared != key and column:
            found = ((WIDTH + 1 - column) << VALUE_BITS) | (found & VALUE_MASK)
    return found


@njit(cache=True, inline="always")
def store(table: np.ndarray, key: int, moves: int, near: int, tag: int, value: int,
          column: int, mirrors: int) -> None:
    """Store `value` (and the column that reached it, -1: none) for `key`, replacing the
    slot's entry (under the mirror image's key, with the column mirrored, if that is the
    shared key)."""
    shared = shared_key(key, moves, mirrors)
    if shared != key and column >= 0:
        column = WIDTH - 1 - column
    table[slot(shared, moves, near)] = (((tag | (shared & KEY_MASK)) << CHECK_SHIFT)
                                        | ((column + 1) << VALUE_BITS) | value)


@njit(cache=True, inline="always")
def etc_bound(current: int, mask: int, moves: int, possible: int, table: np.ndarray,
              near: int, tag: int, mirrors: int) -> int:
    """The best lower bound the table gives through the positions after `possible`
    (enhanced transposition cutoff): a child known to score at most u means at least -u."""
    best = -SIZE
    child_current = current ^ mask
    rest = possible
    while rest:
        move = rest & -rest
        rest ^= move
        stored = probe(table, child_current + (mask | move), moves + 1, near, tag,
                       mirrors) & VALUE_MASK
        if stored and not is_lower(stored):
            bound = -decode_upper(stored)
            if bound > best:
                best = bound
    return best


@njit(cache=True, inline="always")
def claimeven_ahead(current: int, mask: int, possible: int) -> int:
    """`negamax.claimeven_ahead`, compiled: the best lower bound the claimeven caps of
    the positions after `possible` give (a child capped at c: at least -c), else -SIZE."""
    best = -SIZE
    child_current = current ^ mask
    rest = possible
    while rest:
        move = rest & -rest
        rest ^= move
        bound = -claimeven_bound(child_current, mask | move)   # -NO_BOUND is -SIZE
        if bound > best:
            best = bound
    return best


@njit(cache=True, inline="always")
def makes_double_threat(current: int, mask: int, possible: int) -> bool:
    """`negamax.makes_double_threat`: True if a move of `possible` leaves the opponent no
    move that does not lose at once."""
    rest = possible
    while rest:
        move = rest & -rest
        rest ^= move
        if non_losing_moves(mask | move, winning_spots(current | move, mask)) == 0:
            return True
    return False


@njit(cache=True, inline="always")
def open_window(mask: int, threats: int, moves: int, alpha: int,
                beta: int) -> tuple[int, int, int]:
    """The first steps of `Solver.negamax`, before the table: (possible, alpha, beta).

    `possible` holds the moves that do not lose at once; an empty window
    (alpha >= beta) means the node is settled, worth alpha."""
    possible = non_losing_moves(mask, threats)
    if possible == 0:
        lost = -((SIZE - moves) // 2)
        return 0, lost, lost
    if moves >= SIZE - 2:
        return 0, 0, 0
    return possible, max(alpha, -((SIZE - 2 - moves) // 2)), beta


@njit(cache=True, inline="always")
def narrow(alpha: int, beta: int, moves: int, stored: int) -> tuple[int, int]:
    """The window narrowed by the table's `stored` value (0: nothing) and by the best
    score possible; an empty window comes back as (v, v): the node is worth v."""
    high = (SIZE - 1 - moves) // 2
    if stored and is_lower(stored):
        low = decode_lower(stored)
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha, alpha
    elif stored:
        high = decode_upper(stored)
    if beta > high:
        beta = high
        if alpha >= beta:
            return beta, beta
    return alpha, beta


@njit(cache=True, inline="always")
def threat_score(mask: int, move: int, found: int, their_spots: int) -> int:
    """`position.threat_score` of `move`, from the winning spots `found` after it (the
    same lines, with the CPU's bit count)."""
    useful = found & ~(their_spots << 1)
    playable = ((mask | move) + BOTTOM) & BOARD
    # mypy sees @intrinsic's typing-context argument too (and says so once a function)
    now: int = popcount(useful & playable)  # type: ignore[call-arg]
    above: int = popcount(useful & (playable << 1) & BOARD)
    return NOW_WEIGHT * now + ABOVE_WEIGHT * above + EVERY_WEIGHT * popcount(useful)


@njit(cache=True, inline="always")
def sort_moves(current: int, mask: int, moves: int, possible: int, order: np.ndarray,
               spots: np.ndarray, scores: np.ndarray, base: int, table: np.ndarray,
               near: int, their_spots: int, options: int, mirrors: int) -> int:
    """Write the moves of `possible` into order[base:], most winning spots first (with
    THREAT_ORDER in `options`, the highest `threat_score` against the opponent's winning
    spots `their_spots`; centre-first among equals), and those spots into spots[base:]
    (the child's opponent's threats, once the move's own cell is taken); returns how many.

    It also asks the CPU to fetch the table slot of each position after a move: the
    search probes those slots soon, and waiting for memory there was most of its time
    (the fetches overlap each other and the work on the first move)."""
    count = 0
    for rank in range(WIDTH):
        move = possible & (COL_MASK << (ORDER[rank] * H1))
        if move:
            # mypy sees @intrinsic's typing-context argument too; compiled, it takes one.
            found = winning_spots(current | move, mask)
            score: int = (threat_score(mask, move, found, their_spots)
                          if options & THREAT_ORDER else popcount(found))  # type: ignore[call-arg]
            i = count
            while i > 0 and scores[i - 1] < score:
                order[base + i] = order[base + i - 1]
                spots[base + i] = spots[base + i - 1]
                scores[i] = scores[i - 1]
                i -= 1
            order[base + i] = move
            spots[base + i] = found
            scores[i] = score
            child = slot(shared_key((current ^ mask) + (mask | move), moves + 1, mirrors),
                         moves + 1, near)
            prefetch(table, child)  # type: ignore[call-arg]
            count += 1
    return count


@njit(cache=True, inline="always")
def stack(work: np.ndarray, number: int) -> np.ndarray:
    """The stack `number` (CURRENTS .. BESTS): one number per depth, a view of `work`."""
    return work[COUNTERS + number * FRAMES:COUNTERS + (number + 1) * FRAMES]


@njit(cache=True, nogil=True)
def negamax(root_current: int, root_mask: int, root_moves: int, root_alpha: int,
            root_beta: int, table: np.ndarray, work: np.ndarray, resume: bool = False) -> int:
    """`Solver.negamax` without recursion: function calls cost more than a node here, so
    the call stack is a set of arrays indexed by the depth below the root (`work`'s
    stacks, see WORK_SIZE).

    The helpers that receive an array return once, except `probe`, whose early return
    costs nothing: numba counts the references to an array handed to an inlined function,
    and with several early returns the compiler could not remove that counting in
    `open_window` and `narrow` (atomic increments and decrements, every node).

    Going down: narrow the node's window; if the node is not settled, go down into the
    table's move (HASH_MOVE) or else the first of its sorted moves. Going up with `value`:
    the parent takes `-value` as the score of its current move, exactly as the recursive
    loop does.

    When the node budget runs out, the search stops at a node before looking at it
    (ABORTED, and DEPTH says where); its path is still in the stacks, so with
    `resume` the same root, window and table go on from that node: the split search
    visits the same nodes, in the same order, as one search without a budget."""
    # views of `work` after the counters (allocated once, not at every call)
    currents, masks = stack(work, CURRENTS), stack(work, MASKS)
    alphas, betas, keys = stack(work, ALPHAS), stack(work, BETAS), stack(work, KEYS)
    trying, counts = stack(work, TRYING), stack(work, COUNTS)
    unsorted, threats, bests = stack(work, UNSORTED), stack(work, THREATS), stack(work, BESTS)
    order = work[ORDER_START:ORDER_START + WIDTH * FRAMES]   # depth d's sorted moves at WIDTH * d
    spots = work[SPOTS_START:SPOTS_START + WIDTH * FRAMES]   # and the spots each one makes
    scores = work[SCORES_START:SCORES_START + WIDTH]
    # locals, not `work`: the compiler keeps them in registers
    nodes, budget, options = work[NODES], work[BUDGET], work[OPTIONS]
    tag = work[GENERATION] << tt.KEY_BITS
    near = NEAR_MOVES if options & TWO_TABLES else SIZE + 1
    mirrors = near if options & MIRROR else 0   # the big table's positions
    d = 0
    if resume:      # the node it stopped at is entered (and counted) again
        d, nodes = work[DEPTH], nodes - 1
    else:
        currents[0], masks[0], threats[0] = root_current, root_mask, -1
        alphas[0], betas[0] = root_alpha, root_beta
    while True:
        # go down: the node at depth d
        current, mask, moves = currents[d], masks[d], root_moves + d
        their_spots = threats[d] if threats[d] >= 0 else winning_spots(current ^ mask, mask)
        possible, alpha, beta = open_window(mask, their_spots, moves, alphas[d], betas[d])
        if options & FORCED and possible and not possible & (possible - 1):
            # a forced move (`negamax.forced_move`): no node, go on from the position after it
            keys[d] = FORCED_FRAME
            currents[d + 1], masks[d + 1], threats[d + 1] = current ^ mask, mask | possible, -1
            alphas[d + 1], betas[d + 1] = -betas[d], -alphas[d]
            d += 1
            continue
        nodes += 1
        if nodes > budget:
            work[NODES], work[ABORTED], work[DEPTH] = nodes, 1, d
            return 0
        if alpha < beta and options & CLAIMEVEN:
            beta = min(beta, claimeven_bound(current, mask))
            if alpha >= beta:
                alpha = beta
        high = (SIZE - 1 - moves) // 2
        if alpha < beta and options & DOUBLE_THREATS and beta > high - 1:
            if makes_double_threat(current, mask, possible):
                alpha = beta = high                 # won with the next stone but one
            else:
                beta = high - 1
                if alpha >= beta:
                    alpha = beta
        key = current + mask
        entry = 0
        if alpha < beta:
            work[PROBES] += 1
            entry = probe(table, key, moves, near, tag, mirrors)
            alpha, beta = narrow(alpha, beta, moves, entry & VALUE_MASK)
        if alpha < beta and options & CLAIMEVEN_AHEAD and moves % 2 and beta <= 1:
            low = claimeven_ahead(current, mask, possible)   # (caps: 0 or -1)
            if low >= beta:
                store(table, key, moves, near, tag, encode_lower(low), -1, mirrors)
                alpha = beta = low
        if alpha < beta and options & ETC and moves < SIZE - ETC_DEPTH:
            low = etc_bound(current, mask, moves, possible, table, near, tag, mirrors)
            if low >= beta:
                store(table, key, moves, near, tag, encode_lower(low), -1, mirrors)
                alpha = beta = low
        if alpha < beta:
            first = (entry >> VALUE_BITS) - 1 if options & HASH_MOVE else -1
            hashed = possible & (COL_MASK << (first * H1)) if first >= 0 else 0
            if hashed:     # the table's move first; the others are sorted if it fails
                order[WIDTH * d], count, unsorted[d] = hashed, 1, possible ^ hashed
            else:
                count = sort_moves(current, mask, moves, possible, order, spots, scores,
                                   WIDTH * d, table, near, their_spots, options, mirrors)
                unsorted[d] = 0
            alphas[d], betas[d], keys[d], trying[d], counts[d] = alpha, beta, key, 0, count
            threats[d] = their_spots
            bests[d] = -SIZE
            currents[d + 1], masks[d + 1] = current ^ mask, mask | order[WIDTH * d]
            threats[d + 1] = -1 if hashed else spots[WIDTH * d] & ~order[WIDTH * d]
            alphas[d + 1], betas[d + 1] = -beta, -alpha
            d += 1
            continue
        # go up: the node at depth d is worth `value`
        value = alpha
        while True:
            if d == 0:
                work[NODES] = nodes
                return value
            d -= 1
            score = -value
            if keys[d] == FORCED_FRAME:
                value = score
                continue
            if score >= betas[d]:
                move = order[WIDTH * d + trying[d]]
                store(table, keys[d], root_moves + d, near, tag, encode_lower(score),
                      trailing_zeros(move) // H1, mirrors)  # type: ignore[call-arg]
                value = score
                continue
            if score > alphas[d]:
                alphas[d] = score
            if score > bests[d]:
                bests[d] = score
            trying[d] += 1
            if trying[d] == counts[d] and unsorted[d]:
                counts[d] += sort_moves(currents[d], masks[d], root_moves + d, unsorted[d],
                                        order, spots, scores, WIDTH * d + trying[d], table,
                                        near, threats[d], options, mirrors)
                unsorted[d] = 0
            if trying[d] < counts[d]:
                move = order[WIDTH * d + trying[d]]
                currents[d + 1], masks[d + 1] = currents[d] ^ masks[d], masks[d] | move
                threats[d + 1] = spots[WIDTH * d + trying[d]] & ~move
                alphas[d + 1], betas[d + 1] = -betas[d], -alphas[d]
                d += 1
                break
            value = bests[d] if options & FAIL_SOFT else alphas[d]
            store(table, keys[d], root_moves + d, near, tag, encode_upper(value), -1, mirrors)


score_range = njit(cache=True, inline="always")(readable.score_range)
narrow_by_null_windows = njit(inline="always")(readable.narrow_by_null_windows)
"""The readable loop, compiled into `solve_position` and cached with it. Inlined, it takes
`null_window` as a compiled call: a function that receives another one as a value, left as
a function of its own, could not be cached (numba), and cost 10-45% more per position."""


@njit(cache=True, inline="always")
def null_window(mid: int, search: tuple) -> int:
    """`negamax` with the window (mid, mid + 1) on `search`, (current, mask, moves, table,
    work): above mid or not (once the node budget is spent, 0 at once, and the loop
    around it ends within a few steps)."""
    current, mask, moves, table, work = search
    return negamax(current, mask, moves, mid, mid + 1, table, work)


@njit(cache=True)
def solve_position(current: int, mask: int, moves: int, weak: bool,
                   table: np.ndarray, work: np.ndarray) -> int:
    """`Solver._solve` in negamax.py, compiled: the same `narrow_by_null_windows` loop
    around `null_window` (the caller checks for a win in one first)."""
    low, high = score_range(moves, weak)
    low = narrow_by_null_windows(null_window, low, high,
                                 (current, mask, moves, table, work))
    return (low > 0) - (low < 0) if weak else low


@njit(cache=True)
def parse_moves(codes: bytes | np.ndarray) -> tuple:
    """Play the 0-based column digits `codes` (ASCII bytes) from the empty board.

    Returns (current, mask, moves, error, index): error is 0 or one of position.py's
    codes (NOT_A_COLUMN, COLUMN_FULL, GAME_OVER, BOARD_FULL) for the move at `index`."""
    current = 0
    mask = 0
    for index in range(len(codes)):
        col = np.int64(codes[index]) - 48
        if col < 0 or col >= WIDTH:
            return current, mask, index, NOT_A_COLUMN, index
        if mask & (1 << (HEIGHT - 1 + col * H1)):
            return current, mask, index, COLUMN_FULL, index
        move = (mask + (1 << (col * H1))) & (COL_MASK << (col * H1))
        if winning_spots(current, mask) & move:
            return current, mask, index, GAME_OVER, index
        current ^= mask
        mask |= move
    if len(codes) == SIZE:
        return current, mask, SIZE, BOARD_FULL, SIZE - 1
    return current, mask, len(codes), 0, 0


@njit(cache=True, inline="always")
def start(work: np.ndarray, max_nodes: int) -> None:
    """Clear the counters before a search."""
    work[NODES] = 0
    work[PROBES] = 0
    work[BUDGET] = max_nodes if max_nodes > 0 else 1 << 62
    work[ABORTED] = 0


@njit(cache=True, nogil=True)
def solve_full(current: int, mask: int, moves: int, weak: bool, max_nodes: int,
               table: np.ndarray, work: np.ndarray) -> int:
    """`Solver.solve`: the win in one, then the null-window searches."""
    start(work, max_nodes)
    if winning_spots(current, mask) & (mask + BOTTOM) & BOARD:
        return 1 if weak else (SIZE + 1 - moves) // 2
    return solve_position(current, mask, moves, weak, table, work)


@njit(cache=True, nogil=True)
def solve_codes(codes: bytes | np.ndarray, weak: bool, table: np.ndarray,
                work: np.ndarray) -> tuple[int, int, int, int]:
    """Parse and solve in one call (one crossing into compiled code per position):
    (score, nodes, error code, index of the bad move); a bad string gives error > 0."""
    current, mask, moves, error, index = parse_moves(codes)
    if error:
        return 0, 0, error, index
    score = solve_full(current, mask, moves, weak, 0, table, work)
    return score, work[NODES], 0, 0


@njit(cache=True)
def read_scattered(table: np.ndarray, first: int, count: int) -> int:
    """Read table[first:first + count] in a scattered order, as a search does (a sum, so
    the compiler keeps the reads), so that these slots start in the CPU's cache.

    Written from start to end (np.full, a wipe), the small table did not stay in the
    cache, and the first 20 ms or so of searching in a process took 20-25% longer;
    read from start to end, the same (benchmarks/README.md)."""
    total = np.uint64(0)
    for i in range(count):
        total += table[first + (i * SCATTER) % count]
    return total


class FastSolver:
    """The compiled solver, with the same methods as `negamax.Solver`; `options` switches
    on the ideas that make it faster (ETC, HASH_MOVE, TWO_TABLES, FAIL_SOFT, CLAIMEVEN,
    FORCED, THREAT_ORDER, MIRROR, CLAIMEVEN_AHEAD; 0: exactly the readable search)."""

    def __init__(self, options: int = BEST, share: FastSolver | None = None) -> None:
        """With `share`, no table of its own: it searches that solver's (`share_table_of`)."""
        self.work = np.zeros(WORK_SIZE, dtype=np.int64)
        self.work[OPTIONS] = options
        self.work[GENERATION] = 1
        if share is not None:
            self.share_table_of(share)
        else:   # the big table, then the small one (TWO_TABLES); np.full writes every
            # page now, so the search never stalls on a first touch
            self.table = np.full(TT_SIZE + NEAR_SIZE, 0, dtype=np.uint64)
        self.nodes = 0
        self.probes = 0
        """The positions that reached the table (the window and claimeven did not settle
        them): c4 counts its nodes this way, so benchmarks compare it with c4's count."""
        self.aborted = False

    def share_table_of(self, other: FastSolver) -> None:
        """Search `other`'s table from now on, in its current generation and with its
        options, on this solver's own stack: a helper thread solving other columns of
        the same position then finds what the calling thread has learnt, and the other
        way round. A slot is one 64-bit number, written in one step, and its key bits
        tell whose it is, so whatever either thread reads is a true bound."""
        self.table = other.table
        self.work[GENERATION] = other.work[GENERATION]
        self.work[OPTIONS] = other.work[OPTIONS]

    def warm_cache(self) -> None:
        """Bring the small table (TWO_TABLES) into the CPU's cache: about 3 ms."""
        read_scattered(self.table, TT_SIZE, NEAR_SIZE)

    @property
    def options(self) -> int:
        """The switched-on ideas (bits ETC, HASH_MOVE, TWO_TABLES, FAIL_SOFT, CLAIMEVEN,
        FORCED, THREAT_ORDER, MIRROR, CLAIMEVEN_AHEAD)."""
        return int(self.work[OPTIONS])

    @options.setter
    def options(self, value: int) -> None:
        self.work[OPTIONS] = value

    def reset(self, wipe: bool = False) -> None:
        """Empty the transposition table and the node counters.

        A slot belongs to the generation that wrote it (see `gamelib.solver.table`), and
        a slot of an older generation reads as empty, so emptying the table only counts
        one generation up: no 136 MB to write, and the CPU caches keep the rest of the
        program. Every GENERATIONS resets (or with wipe=True) it is really zeroed, as
        Pons' solver does every time; the search sees the same empty table either way."""
        generation = int(self.work[GENERATION]) + 1
        if wipe or generation == GENERATIONS:
            self.table.fill(0)
            self.warm_cache()
            generation = 1
        self.work[GENERATION] = generation
        self.nodes = self.probes = 0

    def solve(self, pos: Position, weak: bool = False, max_nodes: int = 0) -> int:
        """The exact score of `pos` (weak=True: its sign). With `max_nodes`, gives up after
        that many nodes, sets `self.aborted` and returns 0."""
        score = solve_full(pos.current, pos.mask, pos.moves, weak, max_nodes, self.table,
                           self.work)
        self.count_search()
        self.aborted = bool(self.work[ABORTED])
        return 0 if self.aborted else int(score)

    def solve_string(self, codes: bytes | np.ndarray,
                     weak: bool = False) -> tuple[int, int, int, int]:
        """Parse and solve ASCII column digits: (score, nodes, error code, error index)."""
        found = solve_codes(codes, weak, self.table, self.work)
        if found[2] == 0:                   # (a bad string searches nothing)
            self.count_search()
        return found

    def count_search(self) -> None:
        """Add the counters of the search just run (`work`) to the solver's totals."""
        self.nodes += int(self.work[NODES])
        self.probes += int(self.work[PROBES])

    def at_least(self, pos: Position, value: int) -> bool:
        """True if the score of `pos` is `value` or more (one null-window search)."""
        if pos.can_win_next():
            return (SIZE + 1 - pos.moves) // 2 >= value
        start(self.work, 0)
        score = negamax(pos.current, pos.mask, pos.moves, value - 1, value, self.table,
                        self.work)
        self.count_search()
        return score >= value

    def search_window(self, pos: Position, mid: int, every: int = 0,
                      tick: Callable[[int], None] | None = None) -> int:
        """`negamax` with the window (mid, mid + 1) on `pos` (which cannot win at once),
        as `solve`'s loop runs it; with `every`, split into pieces of that many nodes,
        calling `tick(nodes searched not yet in self.nodes)` between them (the same
        nodes, the same answer)."""
        start(self.work, every)
        score = negamax(pos.current, pos.mask, pos.moves, mid, mid + 1, self.table, self.work)
        while self.work[ABORTED]:
            if tick is not None:
                tick(int(self.work[NODES]) - 1)
            self.work[BUDGET] += every
            self.work[ABORTED] = 0
            score = negamax(pos.current, pos.mask, pos.moves, mid, mid + 1, self.table,
                            self.work, True)
        self.count_search()
        return int(score)
