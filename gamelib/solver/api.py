"""The solver's front door: `solve(position)` and `analyze(position)`.

A position is a string of 0-based columns ("3342", as `ConnectFour.play` reads it), a 7x6 `ConnectFour` state, or a
`Position`. Scores follow the convention of the reference data: 0 is a draw, a
positive score wins for the player to move, and |score| = 22 - (stones the winner has
played when it completes four), so a quicker win scores higher.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Union

from gamelib.platform import in_notebook
from gamelib.solver.bar import SolveBar
from gamelib.solver.book import OpeningBook
from gamelib.solver.engine import (ENGINES, centre_distance, child_score, codes,
                                   first_best_column, get_solver, to_position, warm_up)
from gamelib.solver.negamax import Solver
from gamelib.solver.parallel import checked_workers, solve_columns
from gamelib.solver.position import SIZE, WIDTH, Position, bad_string
from gamelib.solver.progress import (Progress, Report, child_score_reporting,
                                     solve_reporting)

__all__ = ["solve", "analyze", "Score", "Analysis", "Progress", "opening_book",
           "book_column_scores",
           "get_solver",
           "to_position", "warm_up", "centre_distance", "child_score", "first_best_column",
           "ENGINES"]

_book: Any = None


class _NoBook:
    """Stands for the opening book when a caller asks not to use it."""

    plies = -1

    def lookup(self, pos: Position) -> None:
        """Knows nothing."""
        return None

    def score(self, pos: Position) -> None:
        """Knows nothing."""
        return None


EMPTY_BOOK = _NoBook()


class Score(int):
    """An exact score (an int) that also says how it was found: `.nodes`, `.seconds`."""

    nodes: int
    seconds: float
    weak: bool = False

    def __new__(cls, value: int, nodes: int = 0, seconds: float = 0.0,
                weak: bool = False) -> Score:
        score = int.__new__(cls, value)
        score.nodes = nodes
        score.seconds = seconds
        if weak:                        # (the class says False: one attribute less to set)
            score.weak = True
        return score

    def __repr__(self) -> str:
        return int.__repr__(self)


class Analysis(dict):
    """{column (0-based): score} for every playable column, plus `.nodes`, `.seconds`."""

    nodes: int = 0
    seconds: float = 0.0
    weak: bool = False
    from_book: bool = False
    """True when every score came from the opening book (nothing was searched)."""

    @property
    def best_score(self) -> int:
        """The score of the best move (the position's own score)."""
        return max(self.values())

    @property
    def best_moves(self) -> list[int]:
        """Every column reaching the best score, centre-most first."""
        best = self.best_score
        return sorted((c for c, s in self.items() if s == best), key=centre_distance)


def opening_book() -> Any:
    """The shipped opening book, loaded on first use (solve and analyze answer from it)."""
    global _book
    if _book is None:
        _book = OpeningBook.load()
    return _book


def sign(score: int) -> int:
    """1, 0 or -1: the weak result of a score."""
    return (score > 0) - (score < 0)


ProgressOption = Union[bool, None, Callable[[Progress], None]]
"""What `solve` and `analyze` take as `progress`: a function called with each
`Progress`; True: a progress bar once the solve has run a second; None: that bar in a
notebook only; False: nothing."""


def progress_report(progress: ProgressOption, columns: int = 0) -> Report | None:
    """The function a solve reports to for `progress` (a SolveBar for a bar), or None."""
    if callable(progress):
        return progress
    if progress or progress is None and in_notebook():
        return SolveBar(columns)
    return None


def solve(position: Any, weak: bool = False, engine: str = "auto",
          use_book: bool = True, progress: ProgressOption = None) -> Score:
    """The exact score of `position` for the player to move (weak=True: 1, 0 or -1).

    Positions in the opening book are answered from it at once (the empty board too;
    use_book=False searches anyway); a position string past the book goes to the
    compiled solver in one call. `progress` (see ProgressOption): a function receives
    the score's interval as the null-window searches narrow it; a bar shows it (in a
    notebook by default) once the solve has run a second."""
    start = time.perf_counter()
    solver = get_solver(engine)
    book = opening_book() if use_book else EMPTY_BOOK
    report = progress_report(progress)
    if type(position) is str and type(solver) is not Solver and report is None:
        text = position.strip()     # the compiled engine, in one call
        if len(text) > book.plies and text.isascii():
            value, nodes, error, index = solver.solve_string(codes(text), weak)
            if error:
                raise bad_string(text, index, error)
            return Score(value, nodes, time.perf_counter() - start, weak)
    pos = to_position(position)
    found = book.score(pos)
    if found is not None:
        return Score(sign(found) if weak else found, 0, time.perf_counter() - start, weak)
    before = solver.nodes
    try:
        value = (solver.solve(pos, weak) if report is None else
                 solve_reporting(solver, pos, weak, report, started=start))
    finally:
        close(report)
    return Score(value, solver.nodes - before, time.perf_counter() - start, weak)


def close(report: Report | None) -> None:
    """Remove the bar `report` drew, if it is one."""
    if isinstance(report, SolveBar):
        report.close()


def book_column_scores(pos: Position, book: Any = None) -> dict[int, int]:
    """{column: exact score} for every playable column answered without searching: a
    win at once, the book's entry for `pos`, or the book's entry for the position the
    column leads to (a column's score is minus that position's score)."""
    book = opening_book() if book is None else book
    known = book.scores(pos) or {}
    scores = {}
    for col in range(WIDTH):
        if not pos.can_play(col):
            continue
        if col in known:
            scores[col] = known[col]
        elif pos.is_winning_move(col):
            scores[col] = (SIZE + 1 - pos.moves) // 2
        else:
            found = book.score(pos.play_col(col))
            if found is not None:
                scores[col] = -found
    return scores


def analyze(position: Any, weak: bool = False, engine: str = "auto",
            progress: ProgressOption = None, workers: int | None = None) -> Analysis:
    """{column (0-based): score of playing there} for every playable column (from the
    opening book where it holds the position or the column's own position, at once;
    the solver's for the rest, centre columns first). `progress` (see ProgressOption): a
    function receives each column's score interval as its solve narrows it
    (`Progress.column`); a bar shows them (in a notebook by default) once the analysis
    has run a second. `workers`: how many columns the compiled solver solves at once
    (None: two on a computer with two cores or more; see `gamelib.solver.parallel`: the
    scores are the same, the node count may differ from run to run)."""
    pos = to_position(position)
    threads = checked_workers(workers)
    known = book_column_scores(pos)
    start = time.perf_counter()
    searched = [col for col in range(WIDTH) if pos.can_play(col) and col not in known]
    found: dict[int, int] = {}
    nodes = 0
    if searched:
        solver = get_solver(engine)
        report = progress_report(progress, len(searched))

        def score_one(one: Any, col: int, told: Report | None, since: int) -> int:
            """The score of `col`, searched with the solver `one`."""
            if told is None:
                return child_score(one, pos, col, weak)
            return child_score_reporting(one, pos, col, weak, told, start, since)

        done = report.column_done if isinstance(report, SolveBar) else None
        try:
            found, nodes = solve_columns(solver, searched, score_one, threads, report, done)
        finally:
            close(report)
    scores = Analysis()
    for col in range(WIDTH):
        if col in known:
            scores[col] = sign(known[col]) if weak else known[col]
        elif col in found:
            scores[col] = found[col]
    scores.nodes = nodes
    scores.seconds = time.perf_counter() - start
    scores.weak = weak
    scores.from_book = all(col in known for col in scores)
    return scores
