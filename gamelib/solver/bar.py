"""A solve's progress drawn as a progress bar (tqdm's: a widget in a notebook), for
`solve(..., progress=True)` and `analyze`; the command line draws its own line
(`gamelib.solver.cli.Status`)."""

from __future__ import annotations

from typing import Any

from gamelib.platform import progress_bar_class
from gamelib.solver.progress import Progress, describe

SHOW_AFTER = 1.0
"""Seconds a solve runs before its bar appears: a quicker one shows nothing."""


class SolveBar:
    """Draws each `Progress` it is called with (the score's interval, the nodes) on a
    bar opened once the solve has run SHOW_AFTER seconds; with `columns`, the bar counts
    the columns solved (`column_done`)."""

    def __init__(self, columns: int = 0) -> None:
        self.columns = columns
        self.done = 0
        self.bar: Any = None

    def __call__(self, progress: Progress) -> None:
        """Show `progress` (once it is SHOW_AFTER seconds into the solve)."""
        if self.bar is None:
            if progress.seconds < SHOW_AFTER:
                return
            self.bar = self.open()
        self.bar.set_description(describe(progress), refresh=False)
        self.bar.refresh()

    def open(self) -> Any:
        """The tqdm bar: columns solved out of `columns`, or only the words."""
        tqdm = progress_bar_class()
        if not self.columns:
            return tqdm(total=None, bar_format="{desc} [{elapsed}]", leave=False)
        return tqdm(total=self.columns, initial=self.done, leave=False,
                    bar_format="{desc} {bar} {n_fmt}/{total_fmt} [{elapsed}]")

    def column_done(self) -> None:
        """One more column solved."""
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)

    def close(self) -> None:
        """Remove the bar (if it was shown)."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None
