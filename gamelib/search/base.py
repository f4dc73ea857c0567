"""What minimax and alpha-beta share: the root player, the depth limit, scoring the
positions where the search stops, counting, the deadline, and the recorder.

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
from gamelib.search.scoring import (EVAL_LIMIT, EvalFn, check_depth, check_evaluation,
                                    check_scoring, find_eval_fn, terminal_value)
from gamelib.search.trace import NO_RECORDING, Recorder, Trace


class SearchTimeout(Exception):
    """Raised inside a search when its deadline passes (iterative deepening catches it)."""


class DepthFirstSearch:
    """One depth-first search from `state`: its settings, counters and recorder."""

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
        self.record: Recorder = NO_RECORDING if trace is None else trace
        self.record.start(self.algorithm, game, self.player)
        self.deadline = deadline                      # a time.perf_counter() value, or None
        self.nodes = self.leaves = self.cutoffs = self.tt_hits = 0
        self.depth_cut = False      # True once a leaf was scored because of the depth limit
        self.deepest = 0            # the deepest ply a leaf was scored at
        self.started = time.perf_counter()

    def check_not_over(self) -> None:
        """A clear error for a search from a finished game."""
        if self.game.is_terminal(self.root):
            raise ValueError(f"nothing to search: the game is over in this state\n"
                             f"{self.game.render(self.root)}")

    def check_clock(self) -> None:
        """Stop the search once its deadline has passed (called every 256 nodes: reading
        the clock costs more than a node)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout

    def leaf_value(self, state: State, ply: int) -> tuple[float, str]:
        """(score for MAX, how it was found) of a position where the search stops: the
        game's utility when it is over ("terminal"; depth-aware unless scoring="plain"),
        else the evaluation function's ("depth limit"). Called when
        `ply == limit or is_terminal(state)`."""
        if ply != self.limit or self.game.is_terminal(state):
            value = terminal_value(self.game, state, self.player, ply, self.scoring)
            note = "terminal"
        else:
            evaluate = self.eval_fn
            assert evaluate is not None         # find_eval_fn gives every depth limit one
            value, note = evaluate(state, self.player), "depth limit"
            if not -EVAL_LIMIT < value < EVAL_LIMIT:   # the win band is not for heuristics
                check_evaluation(value, state)
            self.depth_cut = True
        self.leaves += 1
        if ply > self.deepest:
            self.deepest = ply
        return value, note

    # -- the answer -----------------------------------------------------------------------

    def result(self, value: float, line: tuple, move_values: dict,
               move_bounds: dict) -> SearchResult:
        """The SearchResult of this search."""
        stats = SearchStats(nodes=self.nodes, leaves=self.leaves, cutoffs=self.cutoffs,
                            tt_hits=self.tt_hits,
                            depth=self.deepest,
                            seconds=time.perf_counter() - self.started)
        move = line[0] if line else None
        return SearchResult(self.algorithm, self.game, self.root, move, value,
                            move_values=move_values, move_bounds=move_bounds, pv=list(line),
                            stats=stats, trace=self.trace, scoring=self.scoring,
                            depth_limit=self.limit, complete=not self.depth_cut)
