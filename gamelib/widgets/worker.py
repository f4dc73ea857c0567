"""The worker behind a board: runs the AI (or a hint) off the notebook's main thread.

One job at a time. Every job belongs to a generation; `cancel()` starts a new one, so
an answer that arrives after "New game" is dropped. Where threads cannot be started
(in the browser, under Pyodide) the job runs at once instead, and a thread that fails
to start never leaves the worker busy.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

Job = Callable[[], Any]
Done = Callable[[Any], None]


class Worker:
    """Runs one job at a time; `done(outcome)` is called under `lock`, in the generation
    the job was started in only (an exception raised by the job is the outcome)."""

    def __init__(self, lock: threading.RLock, threaded: bool = True) -> None:
        self.lock = lock
        self.threaded = threaded
        self.busy = False
        self.generation = 0
        self.thread: threading.Thread | None = None

    def start(self, job: Job, done: Done) -> None:
        """Run `job` in a thread (or at once, where threads are not available)."""
        self.busy = True
        generation = self.generation

        def work() -> None:
            try:
                outcome = job()
            except Exception as error:  # handed to `done`, never raised into the page
                outcome = error
            with self.lock:
                if generation != self.generation:
                    return                  # cancelled meanwhile: drop this answer
                self.busy = False
                done(outcome)

        if self.threaded and self._start_thread(work):
            return
        work()

    def _start_thread(self, work: Callable[[], None]) -> bool:
        """Start `work` in a daemon thread; False (and never again) if threads cannot start."""
        thread = start_daemon(work, "gamelib-ai")
        if thread is None:
            self.threaded = False
            return False
        self.thread = thread
        return True

    def cancel(self) -> None:
        """Forget the running job: its answer will be dropped."""
        self.generation += 1
        self.busy = False

    def wait(self, timeout: float | None = None) -> None:
        """Block until the running job (if any) has finished."""
        while True:
            thread = self.thread
            if thread is None or not thread.is_alive():
                return
            thread.join(timeout)
            if timeout is not None:
                return


def start_daemon(target: Callable[[], Any], name: str) -> threading.Thread | None:
    """A started daemon thread running `target`, or None where threads cannot start."""
    thread = threading.Thread(target=target, daemon=True, name=name)
    try:
        thread.start()
    except RuntimeError:                # e.g. Pyodide: "can't start new thread"
        return None
    return thread
