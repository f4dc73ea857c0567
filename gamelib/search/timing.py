"""What timed searches share: the exception that stops one, how often the clock is read,
and the garbage collector paused meanwhile."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

CLOCK_EVERY = 256
"""At most this many nodes between two readings of the clock (reading it costs more than
a fast node); fewer when nodes are slow, see CLOCK_QUANTUM."""

CLOCK_QUANTUM = 0.001
"""Seconds of search wanted between two readings of the clock under a deadline: with an
evaluation that takes milliseconds, the clock is read at every node."""


class SearchTimeout(Exception):
    """Raised inside a search when its deadline passes (iterative deepening catches it)."""


@contextmanager
def garbage_collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the duration of a timed search.

    Its full collections take time in proportion to every object the program holds (a
    tenth of a second in a big notebook or test session) and can fall inside the search
    at any moment, far past the deadline. Alpha-beta makes no reference cycles, so
    reference counting frees its garbage as usual. An MCTS tree is one (parents and
    children point at each other): it stays alive with its result and is freed by a
    full collection once dropped.

    On the way out, what the search made joins the oldest generation at once (a freeze
    and unfreeze, both instant): otherwise the collector, enabled again, would first walk
    every object made meanwhile (a whole MCTS tree: 5-20 ms, inside the caller's time).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if gc.get_freeze_count() == 0:      # keep a program's own frozen objects frozen
                gc.freeze()
                gc.unfreeze()
            gc.enable()
