"""What minimax and alpha-beta share: the root player, the depth limit, scoring the
positions where the search stops, counting, the deadline, and the trace.

The algorithms themselves live in minimax.py and alphabeta.py, written in AIMA's
max/min form: MAX is the player to move at the root, MIN the opponent, and every value
is MAX's score. (Negamax, the other common form, folds the two into one function by
negating values; we keep the two so the code reads like the textbook.)
"""

from __future__ import annotations

import time
from typing import Any

from gamelib.games.base import Game, State
from gamelib.search.result import SearchResult, SearchStats
from gamelib.search.scoring import (EvalFn, check_depth, check_scoring, find_eval_fn,
                                    terminal_value)
from gamelib.search.trace import EXACT, Trace


class SearchTimeout(Exception):
    """Raised inside a search when its deadline passes (iterative deepening catches it)."""


class DepthFirstSearch:
    """One depth-first search from `state`: its settings, counters and trace."""

    algorithm = "search"

    def __init__(self, game: Game, state: State, depth: int | None, eval_fn: EvalFn | None,
                 scoring: str | None, trace: Trace | None,
                 deadline: float | None = None) -> None:
        self.game = game
        self.root = state
        self.player = game.to_move(state)             # MAX: the player to move at the root
        self.limit = check_depth(depth)               # None: search to the end of the game
        self.eval_fn = find_eval_fn(game, self.limit, eval_fn)
        self.scoring = check_scoring(game, scoring)
        self.trace = trace
        self.deadline = deadline                      # a time.perf_counter() value, or None
        self.nodes = self.leaves = self.cutoffs = self.tt_hits = 0
        self.depth_cut = False      # True once a leaf was scored because of the depth limit
        self.deepest = 0            # the deepest ply a leaf was scored at
        self.started = time.perf_counter()
        if trace is not None:
            trace.algorithm = self.algorithm
            trace.game = game

    # -- the positions where the search stops ---------------------------------------------

    def leaf_value(self, state: State, ply: int, node: int | None) -> float | None:
        """Count the node; if the search stops at `state`, its score for MAX, else None.

        It stops when the game is over (the utility, depth-aware unless scoring="plain")
        or at the depth limit (the evaluation function). A leaf's score is final at once,
        so the trace records the node as scored and left.
        """
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 255 \
                and time.perf_counter() > self.deadline:
            raise SearchTimeout
        if self.game.is_terminal(state):
            value, note = terminal_value(self.game, state, self.player, ply, self.scoring), \
                "terminal"
        elif ply == self.limit:
            value, note = self.eval_fn(state, self.player), "depth limit"
            self.depth_cut = True
        else:
            return None
        self.leaves += 1
        if ply > self.deepest:
            self.deepest = ply
        if self.trace is not None:
            self.trace.leaf(node, value, note)
            self.trace.leave(node, value, EXACT)
        return value

    # -- the trace ------------------------------------------------------------------------

    def enter(self, parent: int | None, move: Any, state: State, ply: int,
              alpha: float | None = None, beta: float | None = None) -> int | None:
        """Record entering `state` (the search calls this only when it has a trace); None
        for a node a bounded trace does not keep (below its `max_ply`)."""
        if (parent is None and ply > 0) or not self.trace.keeps(ply):
            self.trace.skip()
            return None
        player = self.game.to_move(state)
        return self.trace.enter(parent, move, state, ply, player, player == self.player,
                                alpha, beta)

    # -- the answer -----------------------------------------------------------------------

    def result(self, value: float, line: tuple, move_values: dict, move_bounds: dict,
               **info: Any) -> SearchResult:
        """The SearchResult of this search."""
        stats = SearchStats(nodes=self.nodes, leaves=self.leaves, cutoffs=self.cutoffs,
                            tt_hits=self.tt_hits,
                            depth=self.deepest,
                            seconds=time.perf_counter() - self.started)
        move = line[0] if line else None
        if not self.depth_cut:
            info.setdefault("complete", True)     # searched to the end of every line
        return SearchResult(self.algorithm, self.game, self.root, move, value,
                            move_values=move_values, move_bounds=move_bounds, pv=list(line),
                            stats=stats, trace=self.trace,
                            info={"scoring": self.scoring, "depth_limit": self.limit,
                                  **info})
