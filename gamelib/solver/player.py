"""PerfectPlayer: plays Connect Four perfectly, from the opening book or the solver."""

from __future__ import annotations

import time
import warnings
from dataclasses import dataclass
from typing import Any

from gamelib.games.checks import check_state
from gamelib.games.connect4 import ConnectFour
from gamelib.platform import N_, _
from gamelib.search.result import SearchResult, SearchStats
from gamelib.search.trace import EXACT, UPPER, Trace
from gamelib.solver.engine import (centre_distance, child_score, first_best_column, get_solver,
                                   scaled_nodes, warm_up)
from gamelib.solver.book import OpeningBook
from gamelib.solver.position import COLUMN_ORDER, WIDTH, Position, column_mask

SLICE = 500_000
"""Nodes searched between two looks at the clock (a fraction of a second), for the
compiled solver; the pure-Python one searches proportionally fewer (`scaled_nodes`)."""
EXPLAIN_SLICE = 50_000
"""The same while explaining the move (a few milliseconds: the answer stays on time)."""
EXPLAIN_MARGIN = 0.05
"""Explaining stops this many seconds before `answer_seconds` (room for the last slice)."""

TOO_EARLY = N_("position too early to solve within {seconds} s: played the heuristic choice "
                "(not proven best)")
"""A result's note when the position was too early to solve in time (in English: the
"why" panel reads it and says it in the language spoken)."""


@dataclass(kw_only=True)
class SolverResult(SearchResult):
    """The perfect player's answer: exact scores (see `gamelib.solver`), and where they
    came from: "book", "solver" or "heuristic" (too early to solve in time)."""

    source: str


class PerfectPlayer:
    """Plays the move with the best exact score; among equal scores, the centre-most.

    Positions in the opening book are answered at once. Later ones are solved: first the
    position's score and the centre-most column that reaches it (one solve, then one
    null-window test per column), which decides the move; then, to explain it, the exact
    score of every other column, while the answer is younger than `answer_seconds`. A
    column left unsolved then carries an upper bound (`move_bounds[col] == "upper"`): the
    move's score minus one if a test proved it worse, else the move's own score.
    If a position is too early to solve within `time_limit` seconds the player says so
    (a warning, and `result.source == "heuristic"`) and plays the solver's favourite
    non-losing move instead.
    """

    def __init__(self, time_limit: float | None = 30.0, book: OpeningBook | bool = True,
                 engine: str = "auto", answer_seconds: float | None = 0.5) -> None:
        if answer_seconds is not None and not answer_seconds >= 0:
            raise ValueError(_("answer_seconds must be a number of seconds >= 0 (or None: "
                               "solve every column), got {seconds!r}").format(
                seconds=answer_seconds))
        self.time_limit = time_limit
        self.answer_seconds = answer_seconds
        self.engine = engine
        self.book = OpeningBook.load() if book is True else (book or OpeningBook())
        warm_up(engine)          # now, not during the first move past the book
        self.last_result: SolverResult | None = None

    def __call__(self, game: Any, state: Any) -> int:
        return self.explain(game, state).move

    def __repr__(self) -> str:
        return f"PerfectPlayer(time_limit={self.time_limit})"

    def check_game(self, game: Any) -> None:
        """Raise a ValueError unless `game` is standard 7x6 Connect Four (matches and
        tournaments call this before the first game, so no game is forfeited)."""
        if not (isinstance(game, ConnectFour) and (game.rows, game.cols, game.k) == (6, 7, 4)):
            raise ValueError(_("the perfect player only plays Connect Four on the standard "
                               "7x6 board, four in a row (choose another player, e.g. "
                               "alphabeta or mcts)"))

    def explain(self, game: Any, state: Any, trace: Trace | None = None) -> SolverResult:
        """The chosen move with every column's score (or the book's answer), and why.

        trace: taken as the search players take it; the solver records no tree."""
        self.check_game(game)
        check_state(game, state)
        start = time.perf_counter()
        pos = Position.from_state(state)
        found = self.book.lookup(pos)
        if pos.moves == 0 and game.first_move_rule:
            result = self._best_allowed_opening(game, state, pos)
        elif found is not None:
            score, col = found
            result = self._result(game, state, col, score, self.book.scores(pos) or {},
                                  "book", 0, "from the opening book")
        else:
            result = self._solve(game, state, pos)
        result.stats.seconds = time.perf_counter() - start
        self.last_result = result
        return result

    def _best_allowed_opening(self, game: Any, state: Any, pos: Position) -> SolverResult:
        """The best first move outside the centre column, which the first-move rule
        forbids: each allowed opening scored from the book (or solved if missing)."""
        scores: dict[int, int] = {}
        for col in game.actions(state):
            found = self.book.lookup(pos.play_col(col))
            scores[col] = (-found[0] if found is not None
                           else child_score(get_solver(self.engine), pos, col))
        best = max(scores.values())
        col = min((c for c, s in scores.items() if s == best), key=centre_distance)
        return self._result(game, state, col, best, scores, "book", 0,
                            "the best opening outside the centre (first-move rule)")

    def _solve(self, game: Any, state: Any, pos: Position) -> SolverResult:
        """The move from the position's score, then the other columns' exact scores while
        time allows; a heuristic move if the position cannot be solved by the deadline."""
        solver = get_solver(self.engine)
        start = time.perf_counter()
        deadline = start + self.time_limit if self.time_limit else None
        before = solver.nodes
        score = self._sliced(lambda budget: solver.solve(pos, False, budget), solver, deadline)
        if score is None:
            return self._fallback(game, state, pos, solver.nodes - before)
        col, worse = first_best_column(solver, pos, score)
        scores = {c: score - 1 for c in worse} | {col: score}   # (worse: an upper bound)
        bounds = {c: UPPER for c in worse} | {col: EXACT}
        explain_until = (start + self.answer_seconds - EXPLAIN_MARGIN
                         if self.answer_seconds is not None else None)
        for other in sorted(range(WIDTH), key=centre_distance):
            if not pos.can_play(other) or bounds.get(other) == EXACT:
                continue
            exact = self._sliced(lambda budget: child_score(solver, pos, other, False, budget),
                                 solver, explain_until, EXPLAIN_SLICE)
            if exact is None:       # out of time: keep what is known (no better than `score`)
                scores.setdefault(other, score)
                bounds.setdefault(other, UPPER)
            else:
                scores[other], bounds[other] = exact, EXACT
        note = ("solved exactly" if all(b == EXACT for b in bounds.values()) else
                "solved exactly; columns marked <= were not finished within "
                f"{self.answer_seconds} s and are no better than the move played")
        return self._result(game, state, col, score, scores, "solver", solver.nodes - before,
                            note, bounds)

    @staticmethod
    def _sliced(search: Any, solver: Any, deadline: float | None,
                nodes: int = SLICE) -> int | None:
        """Run `search(max_nodes)` in slices of `nodes` nodes (the table keeps the work of
        earlier slices) until it finishes; None if `deadline` passes first."""
        budget = scaled_nodes(nodes, solver) if deadline is not None else 0
        while True:
            value = search(budget)
            if not solver.aborted:
                return int(value)
            if deadline is None or time.perf_counter() > deadline:
                return None                   # (it aborts only when there is a deadline)

    def _fallback(self, game: Any, state: Any, pos: Position, nodes: int) -> SolverResult:
        """The solver's favourite move (most winning spots, centre first) among the moves
        that do not lose at once: used when the position is too early to solve in time."""
        note = TOO_EARLY.format(seconds=self.time_limit)     # (data: explain.py reads it)
        warnings.warn("PerfectPlayer: " + _(TOO_EARLY).format(seconds=self.time_limit),
                      RuntimeWarning, stacklevel=4)
        moves = pos.non_losing_moves() if not pos.can_win_next() else pos.possible()
        candidates = [c for c in COLUMN_ORDER if moves & column_mask(c)]
        if pos.can_win_next():
            candidates = [c for c in candidates if pos.is_winning_move(c)]
        if not candidates:
            candidates = [c for c in COLUMN_ORDER if pos.can_play(c)]
        col = max(candidates, key=lambda c: pos.move_score(moves & column_mask(c)))
        return self._result(game, state, col, 0, {}, "heuristic", nodes, note)

    def _result(self, game: Any, state: Any, col: int, score: int, scores: dict[int, int],
                source: str, nodes: int, note: str,
                bounds: dict[int, str] | None = None) -> SolverResult:
        """Package a decision as a SolverResult (solver scores: exact unless `bounds`
        marks one as an upper bound)."""
        bounds = bounds or {}
        return SolverResult(algorithm="perfect", game=game, state=state, move=col,
                            value=score, move_values=dict(scores),
                            move_bounds={c: bounds.get(c, EXACT) for c in scores}, pv=[col],
                            stats=SearchStats(nodes=nodes),
                            source=source, note=note)
