"""Run many independent jobs on any `concurrent.futures` executor, with a progress bar.

Jobs are sent in chunks (a few games each) so that a process pool or a cluster spends
its time playing, not passing messages. Results come back in job order, whatever order
the workers finish in, so the answer never depends on the executor.
"""

from __future__ import annotations

import os
import pickle
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any, Callable, Sequence

from gamelib.platform import in_browser, need

SERIAL = "serial"
"""Pass `executor="serial"` to play every game in this process, one after another."""

EXECUTOR_HELP = ("executor must be None (a process pool sized to this machine), "
                 "'serial' (this process only), or a concurrent.futures.Executor such as "
                 "ProcessPoolExecutor(4), a Dask client (or client.get_executor()), "
                 "or any other Executor subclass (e.g. one backed by Ray)")


def cpu_count() -> int:
    """How many CPUs this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def check_executor(executor: Any) -> Executor | str | None:
    """The executor to use, or a clear TypeError saying what is allowed."""
    if executor is None or executor == SERIAL or isinstance(executor, Executor):
        return executor
    get_executor = getattr(executor, "get_executor", None)   # a dask.distributed Client
    if callable(get_executor):
        return get_executor()
    raise TypeError(f"{EXECUTOR_HELP}; got {executor!r}")


def check_picklable(**objects: Any) -> None:
    """Raise a TypeError naming any object that cannot be sent to another process."""
    for name, value in objects.items():
        try:
            pickle.dumps(value)
        except Exception as error:
            raise TypeError(
                f"{name} ({value!r}) cannot be pickled, so it cannot be sent to a worker "
                f"process: {error}. Define players as module-level classes or functions "
                "(not lambdas or local functions), or pass executor='serial'") from error


class Progress:
    """A tqdm progress bar that can also show a live summary of the results so far."""

    def __init__(self, total: int, desc: str, enabled: bool,
                 summary: Callable[[list], str] | None = None) -> None:
        need("tqdm", "progress bars")
        from tqdm.auto import tqdm
        if in_browser():
            tqdm.monitor_interval = 0       # its monitor thread cannot start in the browser
        self.bar = tqdm(total=total, desc=desc, unit="game", disable=not enabled)
        self.summary = summary

    def update(self, results: list) -> None:
        """Count finished `results`; `summary` (if any) turns them into the bar's postfix."""
        self.bar.update(len(results))
        if self.summary is not None and not self.bar.disable:
            self.bar.set_postfix_str(self.summary(results), refresh=False)

    def close(self) -> None:
        """Finish the bar."""
        self.bar.close()


def run_chunks(work: Callable[[Any], list], chunks: Sequence[Any], total: int,
               executor: Executor | str | None = None, progress: bool = True,
               desc: str = "games", summary: Callable[[list], str] | None = None) -> list:
    """Apply `work` to every chunk and return all results, flattened, in chunk order.

    `total` is how many results to expect (the length of the progress bar);
    `summary(new_results)` may return a short text for the progress bar (e.g. a score).
    """
    executor = check_executor(executor)
    bar = Progress(total, desc, progress, summary)
    try:
        if executor == SERIAL or (executor is None and (cpu_count() < 2 or len(chunks) < 2)):
            return _run_here(work, chunks, bar)
        if executor is None:
            with ProcessPoolExecutor(max_workers=min(cpu_count(), len(chunks))) as pool:
                return _run_on(pool, work, chunks, bar)
        assert isinstance(executor, Executor)       # check_executor allows no other
        return _run_on(executor, work, chunks, bar)
    finally:
        bar.close()


def _run_here(work: Callable[[Any], list], chunks: Sequence[Any], bar: Progress) -> list:
    """Run every chunk in this process, in order."""
    results = []
    for chunk in chunks:
        new = work(chunk)
        results.extend(new)
        bar.update(new)
    return results


def _run_on(executor: Executor, work: Callable[[Any], list], chunks: Sequence[Any],
            bar: Progress) -> list:
    """Submit every chunk to `executor`; collect results as they finish, keep job order."""
    futures: dict[Future, int] = {executor.submit(work, chunk): i
                                  for i, chunk in enumerate(chunks)}
    done: list[list | None] = [None] * len(chunks)
    try:
        for future in as_completed(futures):
            index = futures[future]
            new = future.result()
            done[index] = new
            bar.update(new)
    finally:
        for future in futures:
            future.cancel()
    return [item for chunk_results in done for item in chunk_results or ()]
