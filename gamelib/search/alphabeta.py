"""Alpha-beta: minimax that skips the moves that cannot change the answer.

Max/min form, as in AIMA: MAX is the player to move at the root, every value is MAX's
score. Each node is searched with a window (alpha, beta):

- alpha: the value MAX is already sure of on the path to here (MAX won't accept less);
- beta:  the value MIN is already sure of on the path to here (MIN won't allow more).

At a MAX node, once a move reaches beta, MIN will never let the game come here: the
remaining moves are pruned (a "cutoff"). At a MIN node, the same happens once a move
falls to alpha. The value returned is then only a bound (see tt.py): a lower bound at a
MAX node that was cut, an upper bound at a node whose every move failed low.

The root value is always exact, and equal to minimax's (tests check this on hundreds of
positions). Good move ordering (`order=`, and the transposition table's best move tried
first) makes cutoffs come sooner.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from gamelib.games.base import Game, State
from gamelib.search.base import DepthFirstSearch
from gamelib.search.ordering import resolve_order
from gamelib.search.result import MinimaxResult
from gamelib.search.root import check_root
from gamelib.search.scoring import INF, EvalFn
from gamelib.search.trace import EXACT, LOWER, UPPER, Trace
from gamelib.search.tt import TranspositionTable


def alphabeta(game: Game, state: State, depth: int | None = None, eval_fn: EvalFn | None = None,
              order: str | Callable | None = None, tt: TranspositionTable | None = None,
              trace: Trace | None = None, scoring: str | None = None,
              all_values: bool = False) -> MinimaxResult:
    """The minimax value of `state` for the player to move, found with alpha-beta pruning.

    depth, eval_fn, scoring, trace: as for `minimax`.
    order: how to order moves before searching them: None (the game's order), "centre"
        (moves near the middle of the board first), "eval" (the move whose position
        evaluates best for the mover first), or a function (game, state, moves) -> moves.
    tt: a `TranspositionTable` (or the lesson's `NaiveCache`) to remember positions in;
        its best move for a position is also tried first there.
    all_values: search every root move with a full window, so `move_values` holds the
        exact value of each (costs more nodes); otherwise moves after the first may get
        only an upper bound, marked "upper" in `move_bounds`.
    """
    check_root(game, state, depth)
    return AlphaBeta(game, state, depth, eval_fn, scoring, trace, order=order, tt=tt,
                     all_values=all_values).run()


class AlphaBeta(DepthFirstSearch):
    """One alpha-beta search (see `alphabeta`).

    `max_value` and `min_value` are AIMA's MAX-VALUE and MIN-VALUE (figure 5.7 with a
    depth limit), returning (value, line) pairs like AIMA's (value, move), plus two marked
    hook lines: each child is searched through `visit` (it counts the node and, when a
    trace, a table or a deadline asks for it, records the node, asks and fills the
    transposition table and reads the clock), and a cutoff is counted by `prune`.
    Everything below "the layer" is that bookkeeping: skip it on a first reading.
    """

    algorithm = "alphabeta"

    def __init__(self, game: Game, state: State, depth: int | None, eval_fn: EvalFn | None,
                 scoring: str | None, trace: Trace | None, order: Any = None,
                 tt: TranspositionTable | None = None, all_values: bool = False,
                 deadline: float | None = None, first_move: Any = None) -> None:
        super().__init__(game, state, depth, eval_fn, scoring, trace, deadline)
        self.order = resolve_order(order, self.eval_fn)
        self.tt = tt
        self.hits_before = 0 if tt is None else tt.hits
        self.layer = self.layer or tt is not None
        self.all_values = all_values
        self.first_move = first_move        # try this root move first (iterative deepening)

    def run(self) -> MinimaxResult:
        """ALPHA-BETA-SEARCH: MAX picks the root move whose MIN-VALUE is highest."""
        self.check_not_over()
        state = self.root
        root = self.record.enter(None, None, state, 0, -INF, INF)
        self.nodes += 1
        alpha, beta = -INF, INF
        move_values, move_bounds = {}, {}
        best, line = -INF, ()
        for move in self.moves(state, self.first_move):
            window_alpha = -INF if self.all_values else alpha
            value, child_line = self.visit(self.min_value, self.game.result(state, move),
                                           window_alpha, beta, 1, root, move)
            move_values[move] = value
            move_bounds[move] = UPPER if value <= window_alpha else EXACT
            if value > best:
                best, line = value, (move,) + child_line
                alpha = max(alpha, best)
        self.remember(state, best, EXACT, 0, line)
        self.record.leave(root, best, EXACT)
        return self.result(best, self.extend_line(line), move_values, move_bounds)

    def max_value(self, state: State, alpha: float, beta: float, ply: int,
                  node: int | None = None) -> tuple[float, tuple]:
        """MAX-VALUE: MAX to move at `state`, `ply` plies below the root, searched with
        the window (alpha, beta); (value, line). `node`: its id in the trace."""
        if self.game.is_terminal(state):
            return self.utility(state, ply, node), ()
        if ply == self.limit:
            return self.evaluation(state, ply, node), ()
        value, line = -INF, ()
        moves = self.moves(state)
        for i, move in enumerate(moves):
            child_value, child_line = self.visit(self.min_value, self.game.result(state, move),
                                                 alpha, beta, ply + 1, node, move)   # hook
            if child_value > value:
                value, line = child_value, (move,) + child_line
                alpha = max(alpha, value)
            if value >= beta:                   # MIN won't let the game come here
                self.prune(node, moves[i + 1:], alpha, beta, value)               # hook
                break
        return value, line

    def min_value(self, state: State, alpha: float, beta: float, ply: int,
                  node: int | None = None) -> tuple[float, tuple]:
        """MIN-VALUE: MIN to move at `state`, `ply` plies below the root, searched with
        the window (alpha, beta); (value, line). `node`: its id in the trace."""
        if self.game.is_terminal(state):
            return self.utility(state, ply, node), ()
        if ply == self.limit:
            return self.evaluation(state, ply, node), ()
        value, line = INF, ()
        moves = self.moves(state)
        for i, move in enumerate(moves):
            child_value, child_line = self.visit(self.max_value, self.game.result(state, move),
                                                 alpha, beta, ply + 1, node, move)   # hook
            if child_value < value:
                value, line = child_value, (move,) + child_line
                beta = min(beta, value)
            if value <= alpha:                  # MAX won't let the game come here
                self.prune(node, moves[i + 1:], alpha, beta, value)               # hook
                break
        return value, line

    def moves(self, state: State, first: Any = None) -> list:
        """The legal moves in search order: `first` (by default the table's best move for
        `state`), then the rest as `order` sorts them."""
        moves = self.game.actions(state)
        if self.order is not None:
            moves = self.order(self.game, state, moves)
        if first is None and self.tt is not None:
            first = self.tt.best_move(state)
        if first is not None and moves[0] != first and first in moves:
            moves = [first] + [move for move in moves if move != first]
        return moves

    # -- the layer: counting, the clock, recording, the table ---------------------------

    def visit(self, side: Callable, state: State, alpha: float, beta: float, ply: int,
              parent: int | None, move: Any) -> tuple[float, tuple]:
        """`side(state, alpha, beta, ply)` (MAX-VALUE or MIN-VALUE of the child `state`,
        reached by `move` from the node `parent`), counted. With a trace, a table or a
        deadline: read the clock now and then, record entering the node, take the table's
        answer if that settles it, else search it, then judge its value's bound by the
        window, remember it in the table and record leaving it."""
        self.nodes += 1
        if not self.layer:
            return side(state, alpha, beta, ply)
        if self.nodes >= self.next_clock:
            self.check_clock()
        node = self.record.enter(parent, move, state, ply, alpha, beta)
        if self.tt is not None:
            known = self.table_answer(state, alpha, beta, ply, node)
            if known is not None:
                return known
        value, line = side(state, alpha, beta, ply, node)
        if not line:                    # a leaf: scored (and recorded) by `side`
            return value, line
        bound = LOWER if value >= beta else UPPER if value <= alpha else EXACT
        self.remember(state, value, bound, ply, line)
        self.record.leave(node, value, bound)
        return value, line

    def prune(self, node: int | None, skipped: list, alpha: float, beta: float,
              value: float) -> None:
        """Count (and record) a cutoff: the moves in `skipped` will not be searched."""
        if skipped:
            self.cutoffs += 1
            if node is not None:
                self.record.prune(node, skipped, alpha, beta, value)

    def remaining(self, ply: int) -> float:
        """How many plies the search looks below a node at `ply` (inf: to the end)."""
        return math.inf if self.limit is None else self.limit - ply

    def table_answer(self, state: State, alpha: float, beta: float, ply: int,
                     node: int | None) -> tuple[float, tuple] | None:
        """The transposition table's (value, line) for `state` if that settles it for the
        window (alpha, beta), else None. Leaves are never stored, and a position at the
        depth limit is always evaluated, so the table is not asked there."""
        if self.tt is None or ply == self.limit:
            return None
        entry = self.tt.lookup(state, ply, self.game.to_move(state) == self.player)
        if entry is None or entry.depth < self.remaining(ply):
            return None
        if (entry.flag == EXACT or (entry.flag == LOWER and entry.value >= beta)
                or (entry.flag == UPPER and entry.value <= alpha)):
            self.tt.hits += 1
            self.record.tt_hit(node, entry.value, entry.flag)
            return entry.value, () if entry.move is None else (entry.move,)
        return None

    def table_hits(self) -> int:
        """The table answers this search used (the table counts them)."""
        return 0 if self.tt is None else self.tt.hits - self.hits_before

    def remember(self, state: State, value: float, bound: str, ply: int,
                 line: tuple) -> None:
        """Store the node's value in the transposition table, if there is one."""
        if self.tt is not None:
            self.tt.store(state, value, bound, self.remaining(ply), line[0] if line else None,
                          ply, self.game.to_move(state) == self.player)

    def extend_line(self, line: tuple) -> tuple:
        """The principal variation, continued with the table's best moves where a table
        answer cut it short."""
        if self.tt is None:
            return line
        state = self.root
        for move in line:
            state = self.game.result(state, move)
        while len(line) < self.remaining(0) and not self.game.is_terminal(state):
            move = self.tt.best_move(state)
            if move is None or move not in self.game.actions(state):
                break
            line += (move,)
            state = self.game.result(state, move)
        return line
