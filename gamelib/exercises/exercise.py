"""One object per lesson exercise: `check()`, `hint()` and `solution()`.

In a lesson, after writing `is_win` in a cell:

    from gamelib.exercises import is_win_exercise
    is_win_exercise.check()      # checks the `is_win` defined in the notebook
    is_win_exercise.hint()       # one more hint at each call
    is_win_exercise.solution()   # the model solution

`check()` finds the student's function by its name in the notebook (the caller's
globals); `check(fn)` checks `fn` instead.
"""

from __future__ import annotations

import html
import inspect
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Callable, Sequence

from gamelib.exercises.common import NOT_YET, CheckResult
from gamelib.platform import _


@dataclass
class Note:
    """A titled piece of text (a hint, a solution) that shows itself in a notebook."""

    title: str
    text: str
    code: bool = False

    def __str__(self) -> str:
        return f"{self.title}\n{self.text}"

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        body = (f"<pre style='margin:4px 0 0 0'>{html.escape(self.text)}</pre>" if self.code
                else html.escape(self.text))
        return (f"<div class='gamelib-note' style='border-left:6px solid #1f77b4;"
                f"padding:6px 10px;background:#f5f9fc'><b>{html.escape(self.title)}</b> "
                f"{body}</div>")


def next_hint(title: str, hints: Sequence[str], given: int, afterwards: str
              ) -> tuple[Note, int]:
    """The hint after the `given` ones already shown, and the new count; once they are all
    shown, a note that there are no more, saying what to do `afterwards`. A hint marked
    for translation is shown in the language gamelib speaks."""
    if given >= len(hints):
        return Note(_("{title}: no more hints.").format(title=_(title)),
                    _("That was the last of {count} hints. {afterwards}").format(
                        count=len(hints), afterwards=afterwards)), given
    return Note(_("{title}, hint {number} of {count}:").format(
        title=_(title), number=given + 1, count=len(hints)), _(hints[given])), given + 1


@dataclass
class Exercise:
    """A lesson exercise: the function the student writes, its check, hints, solution."""

    title: str
    function: str                       # the name the student's function has
    checker: Callable[[Callable], CheckResult]
    hints: list[str]
    solution_file: str                  # in gamelib/exercises/solutions
    hints_given: int = field(default=0, repr=False)

    def check(self, fn: Callable | None = None) -> CheckResult:
        """Check the student's function (found by name in the notebook if not given)."""
        if fn is None:
            fn = _find(self.function, inspect.currentframe())
        if fn is None:
            return CheckResult(self.title, NOT_YET, _(
                "no function called `{function}` yet: write it in the cell above and run "
                "that cell, then run this check again.").format(function=self.function))
        if not callable(fn):
            return CheckResult(self.title, NOT_YET, _(
                "`{function}` is a {kind}, not a function: define it with "
                "`def {function}(...):` and run the cell.").format(
                    function=self.function, kind=type(fn).__name__))
        return self.checker(fn)

    def hint(self) -> Note:
        """The next hint (one more at each call), then a note that there are no more."""
        note, self.hints_given = next_hint(
            self.title, self.hints, self.hints_given,
            _("Run .check() to see what is still wrong, or .solution() to see the model "
              "solution."))
        return note

    def solution(self) -> Note:
        """The model solution's source code."""
        text = resources.files("gamelib.exercises.solutions").joinpath(
            self.solution_file).read_text(encoding="utf-8")
        return Note(_("{title}: a model solution ({path}).").format(
            title=_(self.title), path=f"gamelib/exercises/solutions/{self.solution_file}"),
            text, code=True)


def _find(name: str, frame: Any) -> Any:
    """The value called `name` in the nearest calling frame outside this module."""
    frame = frame.f_back if frame is not None else None
    while frame is not None:
        if name in frame.f_locals:
            return frame.f_locals[name]
        if name in frame.f_globals:
            return frame.f_globals[name]
        if frame.f_globals.get("__name__") != __name__:
            return None
        frame = frame.f_back
    return None
