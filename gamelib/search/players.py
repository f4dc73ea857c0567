"""Players that search: each is a callable `(game, state) -> move` for play_game, matches
and PlayBoards, and can also `explain(game, state)` its move (the whole SearchResult).

The arena re-exports them (`from gamelib.arena import AlphaBetaPlayer`) and knows them by
name for menus and the command line: "minimax", "alphabeta:4", "id:1.5", "mcts:2000".
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from typing import Callable

from gamelib.games.base import Game, Move, State
from gamelib.search.alphabeta import alphabeta
from gamelib.search.iterative import iterative_deepening
from gamelib.search.mcts import PlayoutPolicy, mcts
from gamelib.search.minimax import minimax
from gamelib.search.result import MCTSResult, MinimaxResult, SearchResult
from gamelib.search.checks import (check_depth, check_exploration, check_mcts_budget,
                                   check_time_limit)
from gamelib.search.scoring import EvalFn, eval_or_no_idea
from gamelib.search.trace import Trace
from gamelib.search.tt import TranspositionTable


class SearchPlayer(ABC):
    """What the search players share: play = explain, then take the move."""

    name = "search"
    last_result: SearchResult | None = None
    depth: int | None = None                # plies (None: to the end of the game)
    eval_fn: EvalFn | None = None

    def __call__(self, game: Game, state: State) -> Move:
        return self.explain(game, state).move

    def explain(self, game: Game, state: State, trace: Trace | None = None) -> SearchResult:
        """Search `state` and return the SearchResult (move, values, line, stats); kept
        as `last_result`.

        trace: a `Trace` (e.g. `Trace(max_ply=3)`, bounded for a board's "show the tree")
        that the search choosing the move records into; iterative deepening keeps the
        deepest finished round's events, MCTS (bounded) its final tree.
        """
        self.last_result = self.search(game, state, trace)
        return self.last_result

    @abstractmethod
    def search(self, game: Game, state: State, trace: Trace | None = None) -> SearchResult:
        """The player's search from `state`, recording into `trace` when given."""

    def evaluation(self, game: Game) -> EvalFn | None:
        """The player's `eval_fn`, else the game's `evaluate`; with a depth limit on a game
        without one (Tic-Tac-Toe), 0 for every unfinished position ("no idea")."""
        return eval_or_no_idea(game, self.eval_fn) if self.depth is not None else self.eval_fn

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name})"


class MinimaxPlayer(SearchPlayer):
    """Plays the minimax move: full depth (`depth=None`, fine for Tic-Tac-Toe) or
    `depth` plies with `eval_fn` (or the game's `evaluate`, or 0 for every unfinished
    position on a game without one)."""

    def __init__(self, depth: int | None = None, eval_fn: EvalFn | None = None,
                 scoring: str | None = None) -> None:
        self.depth, self.eval_fn, self.scoring = check_depth(depth), eval_fn, scoring
        self.name = "minimax" if depth is None else f"minimax:{self.depth}"

    def search(self, game: Game, state: State, trace: Trace | None = None) -> MinimaxResult:
        return minimax(game, state, depth=self.depth, eval_fn=self.evaluation(game),
                       scoring=self.scoring, trace=trace)


class AlphaBetaPlayer(SearchPlayer):
    """Plays the alpha-beta move.

    depth: plies to look ahead (None: to the end of the game).
    time_limit: seconds per move; with it the player searches by iterative deepening
        (depth, if given, is then the deepest round).
    order: move ordering ("centre" by default; None, "eval" or a function also work).
    tt: keep a transposition table per move (True by default).
    all_values: search every root move with a full window, so `explain` gives each
        move's exact value rather than a bound.
    """

    def __init__(self, depth: int | None = None, eval_fn: EvalFn | None = None,
                 time_limit: float | None = None, order: str | Callable | None = "centre",
                 tt: bool = True, scoring: str | None = None, all_values: bool = False) -> None:
        self.depth, self.eval_fn = check_depth(depth), eval_fn
        self.time_limit = check_time_limit(time_limit, optional=True)
        self.order, self.tt, self.scoring, self.all_values = order, tt, scoring, all_values
        if self.time_limit is not None:
            self.name = f"id:{self.time_limit:g}"
        else:
            self.name = "alphabeta" if depth is None else f"alphabeta:{self.depth}"

    def search(self, game: Game, state: State, trace: Trace | None = None) -> MinimaxResult:
        table = TranspositionTable() if self.tt else None
        if self.time_limit is not None:
            return iterative_deepening(game, state, time_limit=self.time_limit,
                                       eval_fn=self.eval_fn, max_depth=self.depth,
                                       order=self.order, tt=table, scoring=self.scoring,
                                       trace=trace)
        return alphabeta(game, state, depth=self.depth, eval_fn=self.evaluation(game),
                         order=self.order, tt=table, scoring=self.scoring,
                         all_values=self.all_values, trace=trace)


class MCTSPlayer(SearchPlayer):
    """Plays the MCTS move: `iterations` playouts and/or `time_limit` seconds per move.

    `seed` makes its games reproducible (each move draws its own seed from it);
    play_game(seed=...) reseeds it through `set_seed`. `solver=True` runs MCTS-Solver
    (proven wins are played, proven losses avoided; see `mcts`).
    """

    def __init__(self, iterations: int | None = None, time_limit: float | None = None,
                 c: float = math.sqrt(2), seed: int | None = None,
                 playout: PlayoutPolicy | None = None, solver: bool = False) -> None:
        iterations, time_limit = check_mcts_budget(iterations, time_limit)
        c = check_exploration(c)
        self.iterations, self.time_limit, self.c, self.playout = iterations, time_limit, c, playout
        self.solver = solver
        self.set_seed(seed)
        budget = [] if iterations is None else [str(iterations)]
        budget += [] if time_limit is None else [f"{time_limit:g}s"]
        self.name = ("mcts-solver:" if solver else "mcts:") + ",".join(budget)

    def set_seed(self, seed: int | None) -> None:
        """Restart the random stream (play_game calls this when given a seed)."""
        self.seed = seed
        self.rng = random.Random(seed)

    def search(self, game: Game, state: State, trace: Trace | None = None) -> MCTSResult:
        return mcts(game, state, iterations=self.iterations, time_limit=self.time_limit,
                    c=self.c, playout=self.playout, seed=self.rng.randrange(2 ** 32),
                    solver=self.solver, trace=trace)
