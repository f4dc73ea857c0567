"""Minimax: look at every line of play to the end (or to a depth limit) and assume both
players choose their best move.

Max/min form, as in AIMA: MAX is the player to move at the root and every value is
MAX's score. At a MAX node the value is the largest of its children's values, at a MIN
node the smallest; leaves are scored by the game's utility (terminal positions) or by
an evaluation function (positions at the depth limit), see scoring.py.
"""

from __future__ import annotations

from typing import Any, Callable

from gamelib.games.base import Game, State
from gamelib.search.base import DepthFirstSearch
from gamelib.search.result import MinimaxResult
from gamelib.search.root import check_root
from gamelib.search.scoring import INF, EvalFn
from gamelib.search.trace import EXACT, Trace


def minimax(game: Game, state: State, depth: int | None = None, eval_fn: EvalFn | None = None,
            trace: Trace | None = None, scoring: str | None = None) -> MinimaxResult:
    """The minimax value of `state` for the player to move, and the move that gets it.

    depth: None searches every line to the end of the game; a whole number >= 1 stops
        that many plies below `state` and scores the position with `eval_fn(state, player)`
        (or the game's own `evaluate`), which must return a number strictly between
        -999,000 and +999,000 (`EVAL_LIMIT`: scores beyond mean proven wins and losses).
    scoring: "depth" (wins sooner score higher, losses later; the default for real games)
        or "plain" (the utility as it is: +1 / 0 / -1); see gamelib.search.scoring.
    trace: a `Trace()` to record every node entered, scored and left.

    The result holds every root move's value (`move_values`), the principal variation
    (`pv`: the line both players are expected to play) and the counters (`stats`).
    """
    check_root(game, state, depth)
    return Minimax(game, state, depth, eval_fn, scoring, trace).run()


class Minimax(DepthFirstSearch):
    """One minimax search (see `minimax`).

    `max_value` and `min_value` are AIMA's MAX-VALUE and MIN-VALUE (figure 5.3 with a
    depth limit), returning (value, line) pairs like AIMA's (value, move), plus one marked
    hook line: each child is searched through `visit`, which counts it and, with a trace
    or a deadline, records entering and leaving it and reads the clock now and then.
    """

    algorithm = "minimax"

    def run(self) -> MinimaxResult:
        """MINIMAX-SEARCH: MAX picks the root move whose MIN-VALUE is highest."""
        self.check_not_over()
        state = self.root
        root = self.record.enter(None, None, state, 0)
        self.nodes += 1
        move_values = {}
        best, line = -INF, ()
        for move in self.game.actions(state):
            value, child_line = self.visit(self.min_value, self.game.result(state, move), 1,
                                           root, move)
            move_values[move] = value
            if value > best:
                best, line = value, (move,) + child_line
        self.record.leave(root, best, EXACT)
        return self.result(best, line, move_values, {move: EXACT for move in move_values})

    def max_value(self, state: State, ply: int, node: int | None = None) -> tuple[float, tuple]:
        """MAX-VALUE: the best value MAX can force from `state`, `ply` plies below the
        root, and the line to it. `node`: its id in the trace."""
        if self.game.is_terminal(state):
            return self.utility(state, ply, node), ()
        if ply == self.limit:
            return self.evaluation(state, ply, node), ()
        value, line = -INF, ()
        for move in self.game.actions(state):
            child_value, child_line = self.visit(self.min_value, self.game.result(state, move),
                                                 ply + 1, node, move)                # hook
            if child_value > value:
                value, line = child_value, (move,) + child_line
        return value, line

    def min_value(self, state: State, ply: int, node: int | None = None) -> tuple[float, tuple]:
        """MIN-VALUE: the lowest value MIN can force from `state`, `ply` plies below the
        root, and the line to it. `node`: its id in the trace."""
        if self.game.is_terminal(state):
            return self.utility(state, ply, node), ()
        if ply == self.limit:
            return self.evaluation(state, ply, node), ()
        value, line = INF, ()
        for move in self.game.actions(state):
            child_value, child_line = self.visit(self.max_value, self.game.result(state, move),
                                                 ply + 1, node, move)                # hook
            if child_value < value:
                value, line = child_value, (move,) + child_line
        return value, line

    # -- the layer: counting, the clock, recording ------------------------------------

    def visit(self, side: Callable, state: State, ply: int, parent: int | None,
              move: Any) -> tuple[float, tuple]:
        """`side(state, ply)` (MAX-VALUE or MIN-VALUE of the child `state`, reached by
        `move` from the node `parent`), counted; with a trace or a deadline, the clock is
        read now and then and entering and leaving the node are recorded (minimax values
        are always exact)."""
        self.nodes += 1
        if not self.layer:
            return side(state, ply)
        if self.nodes >= self.next_clock:
            self.check_clock()
        node = self.record.enter(parent, move, state, ply)
        value, line = side(state, ply, node)
        if line:                        # a leaf was scored (and recorded) by `side`
            self.record.leave(node, value, EXACT)
        return value, line
