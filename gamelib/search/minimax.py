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
from gamelib.search.result import SearchResult
from gamelib.search.root import check_root
from gamelib.search.scoring import INF, EvalFn
from gamelib.search.trace import EXACT, Trace


def minimax(game: Game, state: State, depth: int | None = None, eval_fn: EvalFn | None = None,
            trace: Trace | None = None, scoring: str | None = None) -> SearchResult:
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

    `max_value` and `min_value` are AIMA's MAX-VALUE and MIN-VALUE, returning (value,
    line) pairs like AIMA's (value, move); every child goes through `visit`: the cutoff
    test (a leaf is scored there), and recording the node entered and left.
    """

    algorithm = "minimax"

    def run(self) -> SearchResult:
        """MINIMAX-SEARCH: MAX picks the root move whose MIN-VALUE is highest."""
        self.check_not_over()
        state = self.root
        root = self.record.enter(None, None, state, 0)
        self.nodes += 1
        move_values = {}
        best, line = -INF, ()
        for move in self.game.actions(state):
            value, child_line = self.visit(self.min_value, root, move,
                                           self.game.result(state, move), 1)
            move_values[move] = value
            if value > best:
                best, line = value, (move,) + child_line
        self.record.leave(root, best, EXACT)
        return self.result(best, line, move_values, {move: EXACT for move in move_values})

    def max_value(self, state: State, ply: int, node: int | None) -> tuple[float, tuple]:
        """MAX-VALUE: MAX to move at `state` (not a leaf: `visit` made the cutoff test);
        the best value MAX can force, and the line to it."""
        value, line = -INF, ()
        for move in self.game.actions(state):
            child_value, child_line = self.visit(self.min_value, node, move,
                                                 self.game.result(state, move), ply + 1)
            if child_value > value:
                value, line = child_value, (move,) + child_line
        return value, line

    def min_value(self, state: State, ply: int, node: int | None) -> tuple[float, tuple]:
        """MIN-VALUE: MIN to move at `state` (not a leaf: `visit` made the cutoff test);
        the lowest value MIN can force, and the line to it."""
        value, line = INF, ()
        for move in self.game.actions(state):
            child_value, child_line = self.visit(self.max_value, node, move,
                                                 self.game.result(state, move), ply + 1)
            if child_value < value:
                value, line = child_value, (move,) + child_line
        return value, line

    def visit(self, side: Callable, parent: int | None, move: Any, state: State,
              ply: int) -> tuple[float, tuple]:
        """The value of `state` (reached by `move`) and the line to it: count the node; if
        the search stops there (CUTOFF-TEST), its score; else search it with `side`
        (max_value or min_value), recording entering and leaving it (minimax values are
        always exact)."""
        self.nodes += 1
        if not self.nodes & 255:
            self.check_clock()
        if ply == self.limit or self.game.is_terminal(state):       # CUTOFF-TEST
            value, note = self.leaf_value(state, ply)
            self.record.leaf(parent, move, state, ply, None, None, value, note)
            return value, ()
        node = self.record.enter(parent, move, state, ply)
        value, line = side(state, ply, node)
        self.record.leave(node, value, EXACT)
        return value, line
