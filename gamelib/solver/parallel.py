"""Solving the columns of a position on several cores at once.

`analyze` and `python -m gamelib solve` score every column of a position. The compiled
solver releases the GIL while it searches (`fast.py`), so with two cores two columns can
be solved at the same time: the calling thread searches with the shared solver, and a
helper thread with a spare compiled solver that searches the same table on a stack of
its own (`FastSolver.share_table_of`), so each thread finds the positions the other has
already searched (the columns of one position lead to many of the same positions).
Each thread takes the next column when it has finished one, the centre columns first
(they take longest). The scores are the same as one column at a time; the node count
is not: it depends on which thread took which column, and on which of them reached a
position first, so it may differ from run to run.

Progress from a helper thread is handed to the calling thread, which draws it, so a bar
or a terminal line is only ever touched by the thread that made it.
"""

from __future__ import annotations

import os
import queue
import threading
from dataclasses import dataclass
from typing import Any, Callable

from gamelib.platform import _
from gamelib.solver.engine import centre_distance
from gamelib.solver.progress import Progress, Report

ScoreOne = Callable[[Any, int, "Report | None", int], int]
"""score_one(solver, column, report, since): the score of playing `column`, searched
with `solver`, reporting to `report` (if any) with nodes counted from `since`."""

MAX_WORKERS = 8
"""The most threads `workers` may ask for."""


@dataclass
class Spare:
    """A compiled solver for a helper thread; `lock` is held while a thread searches it."""

    solver: Any
    lock: threading.Lock


_spares: list[Spare] = []
_spares_lock = threading.Lock()


def default_workers() -> int:
    """How many columns `analyze` solves at once by default: two where there are two
    cores or more, else one."""
    return min(2, os.cpu_count() or 1)


def checked_workers(workers: Any) -> int:
    """`workers` as a number of threads (None: `default_workers()`); a clear error for
    anything that is not a whole number from 1 to MAX_WORKERS."""
    if workers is None:
        return default_workers()
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        raise ValueError(_("workers is how many columns to solve at once: a whole number "
                           "from 1 to {most}, or None for {default} on this computer; got "
                           "{workers!r}").format(most=MAX_WORKERS, default=default_workers(),
                                                 workers=workers))
    return workers


def borrow_spares(count: int, solver: Any) -> list[Spare]:
    """Up to `count` spare compiled solvers, locked for the caller's helper threads, each
    searching the table of `solver` (the compiled one). A spare still searching (for a
    call that was interrupted) is not lent; a new one is made only while fewer than
    `count` exist."""
    lent: list[Spare] = []
    with _spares_lock:
        for spare in _spares:
            if len(lent) < count and spare.lock.acquire(blocking=False):
                lent.append(spare)
        while len(lent) < count and len(_spares) < count:
            spare = Spare(type(solver)(share=solver), threading.Lock())
            spare.lock.acquire()
            _spares.append(spare)
            lent.append(spare)
    for spare in lent:                  # (the caller's generation may have moved on)
        spare.solver.share_table_of(solver)
    return lent


def solve_columns(solver: Any, columns: list[int], score_one: ScoreOne, workers: int,
                  report: Report | None = None,
                  column_done: Callable[[], None] | None = None) -> tuple[dict[int, int], int]:
    """({column: score}, nodes searched) for every column in `columns`: `solver` in this
    thread and up to `workers - 1` spare compiled solvers in helper threads (only when
    `solver` is the compiled one: the others hold the GIL or have no threads), each
    taking the next column, centre first. `report` receives every column's progress and
    `column_done` is called once per column, both in this thread."""
    order = sorted(columns, key=centre_distance)
    helpers = min(workers, len(order)) - 1
    spares = borrow_spares(helpers, solver) if helpers > 0 and compiled(solver) else []
    if not spares:
        return one_thread(solver, order, score_one, report, column_done)
    return with_helpers(solver, spares, order, score_one, report, column_done)


def compiled(solver: Any) -> bool:
    """True for the compiled (numba) solver, the one whose searches release the GIL."""
    return type(solver).__name__ == "FastSolver"


def one_thread(solver: Any, order: list[int], score_one: ScoreOne, report: Report | None,
               column_done: Callable[[], None] | None) -> tuple[dict[int, int], int]:
    """Every column of `order` with `solver`, one after the other."""
    before = solver.nodes
    scores = {}
    for col in order:
        scores[col] = score_one(solver, col, report, before)
        if column_done is not None:
            column_done()
    return scores, solver.nodes - before


DONE = "done"
"""What a helper puts in the calling thread's queue when it has solved a column."""


def with_helpers(solver: Any, spares: list[Spare], order: list[int], score_one: ScoreOne,
                 report: Report | None,
                 column_done: Callable[[], None] | None) -> tuple[dict[int, int], int]:
    """`one_thread`, with one helper thread per spare taking columns from the same list."""
    pending = list(order)
    taking = threading.Lock()
    stop = threading.Event()
    told: queue.SimpleQueue[Progress | str] = queue.SimpleQueue()
    scores: dict[int, int] = {}
    nodes = [0] * len(spares)
    failures: list[BaseException] = []

    def next_column() -> int | None:
        """The next column nobody has taken (None when all are taken or on a stop)."""
        with taking:
            return pending.pop(0) if pending and not stop.is_set() else None

    def help_with(index: int, spare: Spare) -> None:
        """A helper thread: solve columns with `spare` until none is left."""
        try:
            before = spare.solver.nodes
            relay = told.put if report is not None else None
            while (col := next_column()) is not None:
                scores[col] = score_one(spare.solver, col, relay, before)
                told.put(DONE)
            nodes[index] = spare.solver.nodes - before
        except BaseException as error:      # (handed to the calling thread)
            failures.append(error)
            stop.set()
        finally:
            spare.lock.release()

    def draw() -> None:
        """Hand what the helpers told so far to `report` and `column_done`."""
        while True:
            try:
                item = told.get_nowait()
            except queue.Empty:
                return
            if isinstance(item, Progress):
                if report is not None:
                    report(item)
            elif column_done is not None:
                column_done()

    def mine(progress: Progress) -> None:
        """This thread's own progress, after the helpers' news."""
        draw()
        if report is not None:
            report(progress)

    threads = [threading.Thread(target=help_with, args=(i, spare), daemon=True,
                                name=f"gamelib-column-helper-{i}")
               for i, spare in enumerate(spares)]
    for thread in threads:
        thread.start()
    try:
        before = solver.nodes
        while (col := next_column()) is not None:
            scores[col] = score_one(solver, col, mine if report is not None else None, before)
            draw()
            if column_done is not None:
                column_done()
        own = solver.nodes - before
        for thread in threads:
            while thread.is_alive():
                thread.join(0.05)
                draw()
        draw()
    finally:
        stop.set()                          # (an interrupted call: helpers take no more)
    if failures:
        raise failures[0]
    return scores, own + sum(nodes)
