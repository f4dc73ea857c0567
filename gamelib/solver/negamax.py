"""The solver in plain Python: negamax with alpha-beta, as in Pascal Pons' tutorial.

The ideas, in the order lesson 09 adds them:
1. negamax: a position's score is minus the best score of the positions after it;
2. alpha-beta: search with a window [alpha, beta] and stop as soon as a move reaches beta;
3. score bounds: with `moves` stones played, nobody can win faster than the next stone
   nor lose before the opponent's next one, so the window shrinks for free;
4. move ordering: try the moves that create the most winning spots first (centre first
   among equals), so the cut comes early;
5. a transposition table: remember a bound for positions already searched (what a slot
   holds: `gamelib.solver.table`);
6. never play a move that loses at once (block a single threat, give up on two);
7. null-window searches: ask "is the score above m?" with the window [m, m+1], and
   narrow [min, max] from the middle until it holds one score.

Then knowledge of the game, each switched on by its own argument of `Solver`:
8. claimeven: when the first player is to move, the opponent can answer each move on
   top of it (after pairing the columns with an odd number of empty cells), which caps
   the score of the player to move at 0 (or -1) unless its stones and the cells left to
   it hold four in a row (`claimeven_bound`);
9. forced moves: a position whose player has exactly one move that does not lose at
   once (it must block a threat, or every other cell lies under one) is no choice: the
   move is played at once, without a node of its own (`forced_move`), again and again;
10. enhanced transposition cutoffs (ETC): before searching a node's moves, look up the
   positions after them in the table; a child known to score at most u proves at least
   -u here, and if that reaches beta the node is cut without a search (`etc_bound`);
11. useful threats first: order the moves by the threats they leave that can still be
   played (not right above an opponent's threat), counting more those the opponent must
   answer at once or cannot play below (`position.threat_score`);
12. mirror images: a position and its mirror image have the same score, so the table
   keeps both under one key, the smaller of theirs (`Position.shared_key`);
13. claimeven ahead: where the second player is to move, the first player is to move
   in every position after a move, so claimeven caps each of them; a child capped at c
   proves at least -c here, and if that reaches beta the node is cut without a search
   (`claimeven_ahead`);
14. double threats ahead: a move after which the opponent has no move that does not lose
   at once (lesson 05's double threat, made now) wins with the player's next stone but
   one, the best score left; where no move does that, no win comes that soon, and the
   best score possible drops by one (`makes_double_threat`).

`gamelib.solver.fast` is the same algorithm compiled with numba.
"""

from __future__ import annotations

from typing import Any, Callable

from gamelib.solver.position import (COLUMN_ORDER, SIZE, WIDTH, Position, claimeven_bound,
                                     column_mask, threat_score)
from gamelib.solver.table import (ETC_DEPTH, TT_SIZE, SolverTable, decode_lower,
                                  decode_upper, encode_lower, encode_upper, is_lower)


class OutOfBudget(Exception):
    """Raised inside the search when the node budget is spent."""


class Solver:
    """Solves positions exactly; keeps its transposition table between calls. With
    `claimeven`, bounds the score by the claimeven rule too (idea 8); with `forced`, plays
    forced moves without a node (idea 9); with `etc`, looks up the children first (idea 10);
    with `threat_order`, tries the moves with the most useful threats first (idea 11);
    with `mirror`, keeps a position and its mirror image under one key (idea 12); with
    `claimeven_ahead`, bounds the score by the children's claimeven caps first (idea 13);
    with `double_threats`, looks for a move that makes a double threat first (idea 14)."""

    def __init__(self, tt_size: int = TT_SIZE, claimeven: bool = False, forced: bool = False,
                 etc: bool = False, threat_order: bool = False, mirror: bool = False,
                 claimeven_ahead: bool = False, double_threats: bool = False) -> None:
        self.table = SolverTable(tt_size)
        self.claimeven = claimeven
        self.forced = forced
        self.etc = etc
        self.threat_order = threat_order
        self.mirror = mirror
        self.claimeven_ahead = claimeven_ahead
        self.double_threats = double_threats
        self.nodes = 0
        self.budget: int | None = None   # stop when `nodes` passes this (see `solve`)
        self.aborted = False
        self.tick: Callable[[int], None] | None = None   # see `search_window`
        self.every = 0

    def reset(self) -> None:
        """Empty the transposition table and the node counter."""
        self.table.reset()
        self.nodes = 0

    def key(self, pos: Position) -> int:
        """The table's key for `pos`: shared with its mirror image with `mirror`."""
        return pos.shared_key() if self.mirror else pos.key()

    def negamax(self, pos: Position, alpha: int, beta: int) -> int:
        """The exact score if it lies in (alpha, beta); otherwise a bound on the wrong side
        of the window (<= alpha or >= beta). The player to move cannot win at once."""
        if self.forced:                     # no choice: play the move, no node of its own
            move = forced_move(pos)
            if move:
                return -self.negamax(pos.play(move), -beta, -alpha)
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            self.budget_spent()
        moves = pos.non_losing_moves()
        if moves == 0:                      # every move lets the opponent win next
            return -((SIZE - pos.moves) // 2)
        if pos.moves >= SIZE - 2:           # nobody can win any more: draw
            return 0
        low = -((SIZE - 2 - pos.moves) // 2)  # the opponent cannot win with its next stone
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        if self.claimeven:                  # the opponent's follow-up caps the score
            bound = claimeven_bound(pos.current, pos.mask)
            if beta > bound:
                beta = bound
                if alpha >= beta:
                    return beta
        high = (SIZE - 1 - pos.moves) // 2  # we cannot win with our next stone
        if self.double_threats and beta > high - 1:     # a win that soon may be near
            if makes_double_threat(pos, moves):
                return high                 # won with our next stone but one
            beta = high - 1                 # no win before our third stone
            if alpha >= beta:
                return beta
        stored = self.table.get(self.key(pos))
        if stored and is_lower(stored):
            low = decode_lower(stored)
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
        elif stored:
            high = decode_upper(stored)
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        if self.claimeven_ahead and pos.moves % 2:      # a child's cap may cut already
            low = claimeven_ahead(pos, moves)
            if low >= beta:
                self.table.put(self.key(pos), encode_lower(low))
                return low
        if self.etc and pos.moves < SIZE - ETC_DEPTH:   # a child's bound may cut already
            low = etc_bound(pos, moves, self.table.get, self.key)
            if low >= beta:
                self.table.put(self.key(pos), encode_lower(low))
                return low
        for move in ordered_moves(pos, moves, self.threat_order):
            score = -self.negamax(pos.play(move), -beta, -alpha)
            if score >= beta:               # good enough: the opponent avoids this line
                self.table.put(self.key(pos), encode_lower(score))
                return score
            if score > alpha:
                alpha = score
        self.table.put(self.key(pos), encode_upper(alpha))
        return alpha

    def budget_spent(self) -> None:
        """Stop the search (OutOfBudget), or with a `tick`, call it and go on."""
        if self.tick is None or self.budget is None:
            raise OutOfBudget
        self.budget += self.every
        self.tick(0)                        # (`nodes` counts them already)

    def search_window(self, pos: Position, mid: int, every: int = 0,
                      tick: Callable[[int], None] | None = None) -> int:
        """`null_window(mid, pos)` (`pos` cannot win at once); with `every`, calling
        `tick(nodes searched not yet in self.nodes)` every that many nodes (the same
        nodes, the same answer)."""
        if not every or tick is None:
            return self.null_window(mid, pos)
        self.tick, self.every = tick, every
        self.budget = self.nodes + every
        try:
            return self.null_window(mid, pos)
        finally:
            self.tick, self.budget = None, None

    def at_least(self, pos: Position, value: int) -> bool:
        """True if the score of `pos` is `value` or more (one null-window search)."""
        if pos.can_win_next():
            return (SIZE + 1 - pos.moves) // 2 >= value
        return self.negamax(pos, value - 1, value) >= value

    def solve(self, pos: Position, weak: bool = False, max_nodes: int = 0) -> int:
        """The exact score of `pos` (with weak=True only its sign: 1, 0 or -1).

        With `max_nodes`, gives up after about that many nodes: sets `self.aborted` and
        returns 0."""
        self.aborted = False
        if max_nodes:
            self.budget = self.nodes + max_nodes
        try:
            return self._solve(pos, weak)
        except OutOfBudget:
            self.aborted = True
            return 0
        finally:
            self.budget = None

    def _solve(self, pos: Position, weak: bool) -> int:
        """`solve` without the node budget."""
        if pos.can_win_next():
            return 1 if weak else (SIZE + 1 - pos.moves) // 2
        low, high = score_range(pos.moves, weak)
        low = narrow_by_null_windows(self.null_window, low, high, pos)
        return (low > 0) - (low < 0) if weak else low

    def null_window(self, mid: int, pos: Position) -> int:
        """`negamax` with the window (mid, mid + 1): above mid or not."""
        return self.negamax(pos, mid, mid + 1)


def ordered_moves(pos: Position, moves: int, useful: bool = False) -> list[int]:
    """The moves in `moves` (one bit each), most winning spots created first (`useful`:
    the highest `threat_score` first), then centre-most first."""
    their_spots = pos.opponent_winning_spots() if useful else 0
    candidates = []
    for rank, col in enumerate(COLUMN_ORDER):
        move = moves & column_mask(col)
        if move:
            score = (threat_score(pos.current, pos.mask, move, their_spots) if useful
                     else pos.move_score(move))
            candidates.append((-score, rank, move))
    candidates.sort()
    return [move for _, _, move in candidates]


def forced_move(pos: Position) -> int:
    """The only move of `pos` that does not lose at once, if there is exactly one and the
    game can still be won (0 otherwise: no move, a choice, or a draw two stones away)."""
    moves = pos.non_losing_moves()
    if pos.moves < SIZE - 2 and moves and not moves & (moves - 1):
        return moves
    return 0


def etc_bound(pos: Position, moves: int, stored: Callable[[int], int],
              key: Callable[[Position], int] = Position.key) -> int:
    """The best score `pos` is sure of through the positions after `moves` (one bit
    each), by what `stored(key(child))` (the table) holds for them: a child with an upper
    bound u (it scores at most u) gives at least -u here; -SIZE where none has one."""
    best = -SIZE
    for col in range(WIDTH):
        move = moves & column_mask(col)
        value = stored(key(pos.play(move))) if move else 0
        if value and not is_lower(value):
            best = max(best, -decode_upper(value))
    return best


def makes_double_threat(pos: Position, moves: int) -> bool:
    """True if one of `moves` (one bit each) leaves the opponent no move that does not lose
    at once: two threats to block, or one with another right above it (lesson 05's double
    threat). The player to move must not be able to win at once."""
    for col in range(WIDTH):
        move = moves & column_mask(col)
        if move and pos.play(move).non_losing_moves() == 0:
            return True
    return False


def claimeven_ahead(pos: Position, moves: int) -> int:
    """The best score `pos` is sure of through the claimeven caps of the positions after
    `moves` (one bit each): a child capped at c (`claimeven_bound`) gives at least -c here;
    -SIZE where none is capped. The caps hold where the first player is to move, so the
    second player must be to move in `pos`."""
    best = -SIZE
    for col in range(WIDTH):
        move = moves & column_mask(col)
        if move:
            child = pos.play(move)
            best = max(best, -claimeven_bound(child.current, child.mask))
    return best


def score_range(moves: int, weak: bool) -> tuple[int, int]:
    """The scores a position with `moves` stones (that cannot win at once) may have: from
    losing to the opponent's next stone to winning with one's own stone after next
    (weak: from -1 to 1)."""
    if weak:
        return -1, 1
    return -((SIZE - moves) // 2), (SIZE + 1 - moves) // 2


STEPPING_WIDTH = 12
"""`narrow_by_null_windows` halves a range of scores wider than this, and steps through
a narrower one a point at a time."""


def narrow_by_null_windows(above: Callable[[int, Any], int], low: int, high: int,
                           position: Any) -> int:
    """The score of `position` in [low, high], found by null-window searches:
    `above(mid, position)` is a search with the window (mid, mid + 1), whose answer says
    whether the score is above mid. (`fast.solve_position` runs this same loop, compiled,
    around its own search.)

    While the range is wide, it is halved; a big score needs only a shallow search (a big
    win comes soon), so half-way to the biggest loss or win is tried first when that is
    further out than half-way. Once the range is at most STEPPING_WIDTH points wide, the searches
    near the true score are the deep ones, and every one counts: the first asks about 0
    (or the end of the range nearest it), and each next one about the bound the last one
    returned, a point at a time towards the score (as Steininger's c4 does)."""
    while high - low > STEPPING_WIDTH:
        mid = low + (high - low) // 2
        if mid <= 0 and -(-low // 2) < mid:
            mid = -(-low // 2)
        elif mid >= 0 and high // 2 > mid:
            mid = high // 2
        score = above(mid, position)
        if score <= mid:            # the score is mid or less: at most `score`
            high = score
        else:                       # above mid: at least `score`
            low = score
    mid = min(max(0, low), high - 1)
    while low < high:
        score = above(mid, position)
        if score <= mid:            # at most `score`: is it exactly `score`?
            high = score
            mid = max(score - 1, low)
        else:                       # at least `score`: is it more?
            low = score
            mid = score
    return low
