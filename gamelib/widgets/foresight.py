"""The review's searches, done while the student thinks.

A Connect Four game that leaves the opening book has early positions that take the
solver tens of seconds each, far more than the review's two seconds; but the student's
think time between moves is seconds too. So after every move the board hands its game
over (`follow`), and one daemon thread for the whole kernel runs the review's own plan
(`gamelib.arena.review.ReviewPlan`) for the student's moves so far, then scores the
position the student is to move from. It searches with a solver of its own (the
compiled one, which releases the GIL: the board answers clicks meanwhile), in slices of
`SLICE` nodes; between two slices it stops if the game changed (a move, an undo, a new
game: the newest game's plan starts instead) and waits while the board reviews or a
notebook cell runs (while the AI thinks it goes on, at the lowest priority). Exact
scores do not depend on the game they came from, so what it solved stays, by position
key, and every review reads it (`known`) and searches only what is missing.

Where the compiled solver is missing (in the browser, or without numba: the pure-Python
solver would hold the GIL and slow the board down) or threads cannot start, nothing
runs in the background and the review solves within its budget alone, as before.
"""

from __future__ import annotations

import importlib.util
import math
import os
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from gamelib.arena.review import ReviewPlan, SolverReview
from gamelib.games.base import BoardGame, Move, Side, State
from gamelib.widgets.worker import start_daemon

SLICE = 300_000
"""Nodes searched between two looks at the game (a few hundredths of a second)."""
CAPS = (0.5, 4.0, None)
"""Seconds one position's search may take in each pass over the plan (None: no limit):
quick positions first, then the slow early ones."""
PAUSE_POLL = 0.05
"""Seconds between two looks at a busy board (or a running cell) while paused."""
NICE = 19
"""The look-ahead thread's niceness (Linux): the lowest priority."""
MAX_SCORES = 500_000
"""Scores kept at most (about 50 MB); past it the store starts again empty."""


@dataclass(frozen=True)
class Job:
    """One game to look ahead in: its positions, moves and the student's side; `busy()`
    says when to wait."""

    owner: object
    game: BoardGame
    history: tuple[State, ...]
    moves: tuple[Move, ...]
    human: Side
    busy: Callable[[], bool]


class SlicedValues(SolverReview):
    """A review's values searched in slices, without a deadline, until `stopped()`."""

    def __init__(self, scores: dict[int, int | None], solver: Any,
                 stopped: Callable[[], bool]) -> None:
        super().__init__(None, None, solver)
        self.scores = scores            # shared: every slice's result is kept at once
        self.stopped = stopped

    def _search(self, pos: Any, cap: float | None) -> int | None:
        """Solve `pos` slice by slice within `cap` seconds' nodes (None if stopped first)."""
        budget = math.inf if cap is None else max(1, int(cap * self.rate))
        while budget > 0 and not self.stopped():
            start, before = time.perf_counter(), self.solver.nodes
            value = self.solver.solve(pos, False, int(min(SLICE, budget)))
            nodes, spent = self.solver.nodes - before, time.perf_counter() - start
            if not self.solver.aborted:
                return value
            budget -= nodes
            if spent > 0.01:
                self.rate = int(nodes / spent)
        return None


class Foresight:
    """The kernel's look-ahead: one thread, one solver, one store of exact scores."""

    def __init__(self) -> None:
        self.scores: dict[int, int | None] = {}
        self.condition = threading.Condition()
        self.job: Job | None = None
        """The job to work on (None: nothing left to do)."""
        self.followed: Job | None = None
        """The last job handed over (its work may be done)."""
        self.generation = 0
        self.working = False
        self.thread: threading.Thread | None = None
        self.solver: Any = None
        self.failed = False
        """True once a search failed: nothing runs in the background any more."""

    def follow(self, job: Job) -> bool:
        """Look ahead in `job`'s game from now on (dropping the work for an older one);
        False if nothing can run in the background here."""
        with self.condition:
            if self.failed or not _threads_start(self):
                return False
            if self.followed == job:
                return True
            self.generation += 1
            self.job, self.followed, self.working = job, job, True
            self.condition.notify_all()
        return True

    def wait(self, timeout: float) -> bool:
        """Block until the look-ahead has done all it has to (True) or `timeout` passed."""
        end = time.monotonic() + timeout
        with self.condition:
            while self.working or self.job is not None:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self.condition.wait(left)
        return True

    def known(self) -> dict[int, int]:
        """The exact scores solved so far, by position key."""
        return {key: value for key, value in self.scores.copy().items() if value is not None}

    def _loop(self) -> None:
        """The thread: take the newest job, work on it, then wait for the next."""
        lower_priority()
        while True:
            with self.condition:
                while self.job is None or not self.working:
                    self.working = False
                    self.condition.notify_all()
                    self.condition.wait()
                job, generation = self.job, self.generation
            try:
                self._work(job, generation)
            except Exception:           # the review then solves what is missing itself
                self.failed = True
            with self.condition:
                if generation == self.generation:
                    self.job, self.working = None, False
                    self.condition.notify_all()

    def _work(self, job: Job, generation: int) -> None:
        """The review's plan for `job`'s student moves, then the position to move from."""
        from gamelib.solver.position import Position
        if len(self.scores) > MAX_SCORES:
            self.scores.clear()
        game, history, moves = job.game, job.history, job.moves
        reviewed = [i for i in range(len(moves)) if game.to_move(history[i]) == job.human]
        values = SlicedValues(self.scores, self._solver(),
                              lambda: self._stopped(job, generation))
        plan = ReviewPlan(game, history, moves, reviewed, values)
        now = history[-1]
        current = (Position.from_state(now) if not game.is_terminal(now)
                   and game.to_move(now) == job.human else None)
        for cap in CAPS:
            plan.search(cap)
            if current is not None:
                values.score(current, cap)
            if self._stopped(job, generation):
                return

    def _stopped(self, job: Job, generation: int) -> bool:
        """True if the work for `generation` is dropped; waits while `job.busy()` (the
        board reviews) or a cell runs."""
        while generation == self.generation and (job.busy() or cell_running()):
            time.sleep(PAUSE_POLL)
        return generation != self.generation

    def _solver(self) -> Any:
        """The look-ahead's own compiled solver (its table is not the shared one's)."""
        if self.solver is None:
            from gamelib.solver.engine import fast_module
            fast = fast_module()
            if fast is None:
                raise RuntimeError("numba does not import: no compiled solver")
            self.solver = fast.FastSolver()
        return self.solver


def _threads_start(foresight: Foresight) -> bool:
    """Start `foresight`'s thread if it is not running; False where threads cannot start."""
    if foresight.thread is not None:
        return True
    thread = start_daemon(foresight._loop, "gamelib-foresight")
    if thread is None:
        foresight.failed = True
        return False
    foresight.thread = thread
    return True


def lower_priority() -> None:
    """Give the calling thread the lowest priority where the system allows it per thread
    (Linux): on a busy processor the board's clicks and the AI go first."""
    if not sys.platform.startswith("linux"):
        return
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
    except (AttributeError, OSError):
        pass


def available() -> bool:
    """True where the look-ahead can run: outside the browser, with numba installed (the
    compiled solver loads in the thread, not here: numba takes a second to import)."""
    from gamelib.platform import in_browser
    return not in_browser() and importlib.util.find_spec("numba") is not None


_cells = {"running": False, "watched": False}


def watch_cells() -> None:
    """Follow the notebook's cells (IPython's pre/post_execute events), once per kernel:
    the look-ahead waits while one runs (it may solve too, or want the processor)."""
    if _cells["watched"]:
        return
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None:
        return
    shell.events.register("pre_execute", lambda: _cells.update(running=True))
    shell.events.register("post_execute", lambda: _cells.update(running=False))
    _cells["watched"] = True


def cell_running() -> bool:
    """True while a notebook cell runs (as far as IPython has told)."""
    return _cells["running"]


FORESIGHT = Foresight()
"""The kernel's one look-ahead (boards take turns: the last one played is looked at)."""
