"""Run many independent jobs on any `concurrent.futures` executor, with a progress bar.

Jobs are sent in chunks (a few games each) so that a process pool or a cluster spends
its time playing, not passing messages. Results come back in job order, whatever order
the workers finish in, so the answer never depends on the executor.
"""

from __future__ import annotations

import os
import pickle
import signal
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Sequence

from gamelib.platform import _, progress_bar_class

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


def pool_size(requested: int | None, jobs: int) -> int:
    """How many worker processes to start for `jobs` pieces of work: `requested` (None:
    as many as there are CPUs), but never more than this machine's CPUs, nor than the jobs
    (more processes only cost memory and start-up time), and at least 1."""
    size = cpu_count() if requested is None else requested
    return max(1, min(size, cpu_count(), jobs))


def _ignore_interrupts() -> None:
    """Worker start-up: Ctrl-C is for the main process, which stops the workers itself
    (otherwise each worker prints its own traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class GamePool(ProcessPoolExecutor):
    """A process pool that gamelib made and may therefore stop at once: its workers ignore
    Ctrl-C, and `stop()` ends them without waiting for the games they are playing."""

    def __init__(self, max_workers: int) -> None:
        super().__init__(max_workers=max_workers, initializer=_ignore_interrupts)

    def stop(self) -> None:
        """End every worker now, cancel what is left, and wait (briefly) for them to go."""
        processes = list((getattr(self, "_processes", None) or {}).values())
        for process in processes:
            if process.is_alive():
                process.terminate()
        self.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.join(timeout=5)


def make_pool(workers: int | None = None, jobs: int | None = None) -> GamePool:
    """A pool of `pool_size(workers, jobs)` processes (jobs None: no limit from jobs)."""
    return GamePool(pool_size(workers, cpu_count() if jobs is None else jobs))


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
        tqdm = progress_bar_class()
        self.bar = tqdm(total=total, desc=desc, unit=_("game"), disable=not enabled)
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
               desc: str = "games", summary: Callable[[list], str] | None = None,
               describe: Callable[[Any], str] | None = None) -> list:
    """Apply `work` to every chunk and return all results, flattened, in chunk order.

    `total` is how many results to expect (the length of the progress bar);
    `summary(new_results)` may return a short text for the progress bar (e.g. a score);
    `describe(chunk)` says what a chunk is (e.g. who plays), for the error raised when a
    worker process dies while it runs that chunk.

    An interrupt (Ctrl-C) stops the work at once: the pool that this function made has
    its processes ended; an executor that was passed in has its waiting work cancelled.
    """
    executor = check_executor(executor)
    bar = Progress(total, desc, progress, summary)
    try:
        if executor == SERIAL or (executor is None and (cpu_count() < 2 or len(chunks) < 2)):
            return _run_here(work, chunks, bar)
        if executor is None:
            pool = make_pool(None, len(chunks))
            try:
                results = _run_on(pool, work, chunks, bar, describe)
            except BaseException:
                pool.stop()
                raise
            pool.shutdown()
            return results
        assert isinstance(executor, Executor)       # check_executor allows no other
        return _run_on(executor, work, chunks, bar, describe)
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
            bar: Progress, describe: Callable[[Any], str] | None = None) -> list:
    """Submit every chunk to `executor`; collect results as they finish, keep job order."""
    futures: dict[Future, int] = {executor.submit(work, chunk): i
                                  for i, chunk in enumerate(chunks)}
    done: list[list | None] = [None] * len(chunks)
    try:
        for future in as_completed(futures):
            index = futures[future]
            try:
                new = future.result()
            except BrokenProcessPool as error:
                raise BrokenProcessPool(died_message(executor, chunks, done, describe)) \
                    from error
            done[index] = new
            bar.update(new)
    except BaseException:
        if isinstance(executor, GamePool):       # ours: stop its workers now
            executor.stop()
        raise
    finally:
        for future in futures:
            future.cancel()
    return [item for chunk_results in done for item in chunk_results or ()]


def died_message(executor: Executor, chunks: Sequence[Any], done: Sequence[Any],
                 describe: Callable[[Any], str] | None) -> str:
    """What was lost when a worker process died: the work it was probably running.

    A pool hands out chunks in order, so the chunks running when it broke are the first
    unfinished ones, one per worker."""
    unfinished = [i for i, result in enumerate(done) if result is None]
    workers = getattr(executor, "_max_workers", None) or 1
    running = unfinished[:workers]
    said = []
    for index in running:
        text = describe(chunks[index]) if describe else f"chunk {index}"
        if text not in said:
            said.append(text)
    return (f"a worker process died (killed by the system, e.g. for lack of memory, or "
            f"it ended itself) while playing {' or '.join(said) or 'a game'}; the work "
            f"not yet finished ({len(unfinished)} of {len(chunks)} parts) was lost")
