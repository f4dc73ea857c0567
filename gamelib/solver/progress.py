"""Where a long solve stands, as data: the solver narrows a position's score with
null-window searches (`negamax.narrow_by_null_windows`), and after each one, and every
so many nodes inside one, it hands a `Progress` to a callback. Drawing it (a line on a
terminal, a bar in a notebook) is the caller's business (`gamelib.solver.cli`,
`gamelib.solver.api`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any, Callable

from gamelib.platform import _
from gamelib.solver.engine import child_score, nodes_per_second
from gamelib.solver.negamax import narrow_by_null_windows, score_range
from gamelib.solver.position import SIZE, Position


@dataclass(frozen=True)
class Progress:
    """A solve so far: the score is in [low, high] (for the player to move in the
    position asked about; `analyze`: of playing `column`), after `nodes` searched in
    `seconds`."""

    low: int
    high: int
    nodes: int
    seconds: float
    column: int | None = None

    def flipped(self, column: int) -> Progress:
        """This progress of the position after `column`, as the score of playing it."""
        return replace(self, low=-self.high, high=-self.low, column=column)


Report = Callable[[Progress], None]
"""What a solve calls with its progress."""

TICK_SECONDS = 0.25
"""About how often a search inside one null-window search reports (with the engine's
assumed speed, `engine.NODES_PER_SECOND`): often enough for a display to move."""


def tick_nodes(solver: Any) -> int:
    """How many nodes `solver` searches between two reports inside a search."""
    return max(1, int(nodes_per_second(solver) * TICK_SECONDS))


def solve_reporting(solver: Any, pos: Position, weak: bool, report: Report,
                    every: int | None = None, started: float | None = None,
                    since: int | None = None) -> int:
    """`solver.solve(pos, weak)` (the same nodes, the same score), calling `report` with
    the interval known so far after each null-window search and every `every` nodes
    inside one (default: `tick_nodes`). The seconds count from `started` (a `time.perf_counter()`), the nodes
    from `since` (a count of `solver.nodes`; default: now)."""
    started = time.perf_counter() if started is None else started
    before = solver.nodes if since is None else since
    low, high = score_range(pos.moves, weak)
    if pos.can_win_next():
        low = high = 1 if weak else (SIZE + 1 - pos.moves) // 2
    bounds = [low, high]

    def tell(nodes: int) -> None:
        """Report the bounds known, `nodes` into this search."""
        report(Progress(bounds[0], bounds[1], solver.nodes - before + nodes,
                        time.perf_counter() - started))

    def above(mid: int, position: Position) -> int:
        """One null-window search (mid, mid + 1); the answer is a bound on its side."""
        score = int(solver.search_window(position, mid, tick_nodes(solver)
                                         if every is None else every, tell))
        known = min(max(score, bounds[0]), bounds[1])  # (weak: a big score says 1)
        if score > mid:
            bounds[0] = known
        else:
            bounds[1] = known
        tell(0)
        return score

    tell(0)
    if low < high:
        low = narrow_by_null_windows(above, low, high, pos)
    return (low > 0) - (low < 0) if weak else low


def child_score_reporting(solver: Any, pos: Position, col: int, weak: bool, report: Report,
                          started: float, since: int, every: int | None = None) -> int:
    """`engine.child_score(solver, pos, col, weak)`, reporting as `solve_reporting` does,
    as the score of playing `col`."""
    child = pos.play_col(col)
    if pos.is_winning_move(col) or child.moves == SIZE:
        return child_score(solver, pos, col, weak)
    return -solve_reporting(solver, child, weak, lambda found: report(found.flipped(col)),
                            every, started, since)


def describe(progress: Progress) -> str:
    """The progress in words: "score in [-2, 4], 1,234,567 nodes" (column: "column 3:
    ..."); the time is the display's to add."""
    text = _("score in [{low}, {high}], {nodes:,} nodes").format(
        low=progress.low, high=progress.high, nodes=progress.nodes)
    if progress.column is None:
        return text
    return _("column {column}: {progress}").format(column=progress.column, progress=text)
