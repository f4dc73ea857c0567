"""What every exercise check shares: the verdict it shows, and calling student code safely."""

from __future__ import annotations

import functools
import html
import traceback
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TypeVar

from gamelib.platform import N_, _

PASSED, FAILED, NOT_YET = N_("passed"), N_("failed"), N_("not implemented yet")
COULD_NOT_JUDGE = N_("could not judge")
"""A verdict's status, also its CSS class; a student reads it translated (`_(status)`)."""
MARKS = {PASSED: N_("PASSED"), FAILED: N_("NOT YET RIGHT"), NOT_YET: N_("NOT IMPLEMENTED YET"),
         COULD_NOT_JUDGE: N_("THE CHECK COULD NOT JUDGE THIS")}


@dataclass
class CheckResult:
    """The verdict of one check: status, what was found, and a hint for what to fix."""

    exercise: str
    status: str
    message: str
    hint: str = ""
    diagnosis: str = ""                  # a short key for the mistake found, e.g. "off-by-one"
    details: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """True when the student's code did everything the check asked."""
        return self.status == PASSED

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        mark = _(MARKS.get(self.status, self.status))
        lines = [f"{_(self.exercise)}: {mark}. {self.message}"]
        if self.hint:
            lines.append(_("Hint: {hint}").format(hint=self.hint))
        lines.extend(self.details)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour = {PASSED: "#2ca02c", FAILED: "#d62728"}.get(self.status, "#888")
        icon = {PASSED: "&#10004;", FAILED: "&#10008;"}.get(self.status, "&#8230;")
        body = [f"<b>{icon} {html.escape(_(self.exercise))}: {html.escape(_(self.status))}.</b> "
                f"{html.escape(self.message)}"]
        if self.hint:
            label = _("Hint:")
            body.append(f"<br><b>{html.escape(label)}</b> {html.escape(self.hint)}")
        if self.details:
            body.append("<pre style='margin:4px 0 0 0'>"
                        + html.escape("\n".join(self.details)) + "</pre>")
        return (f"<div class='gamelib-check {self.status.replace(' ', '-')}' "
                f"style='border-left:6px solid {colour};padding:6px 10px;"
                f"background:#fafafa'>{''.join(body)}</div>")


def plain(value: Any) -> Any:
    """A numpy scalar as the Python number or bool it stands for; anything else as is."""
    if type(value).__module__ == "numpy" and hasattr(value, "item") \
            and getattr(value, "shape", None) == ():
        return value.item()
    return value


PACKAGE_DIR = Path(__file__).resolve().parent.parent
"""The installed gamelib package: frames inside it are the check's, not the student's."""


def in_package(filename: str) -> bool:
    """Whether a traceback frame's file is part of gamelib (a student's folder may be
    called gamelib too, so the test is where the file lies, not what its path says)."""
    return Path(filename).resolve().is_relative_to(PACKAGE_DIR)


class StudentError(Exception):
    """The student's function raised; carries a short, readable description."""


def call(fn: Callable[..., Any], *args: Any) -> Any:
    """Call student code; wrap whatever it raises in a StudentError with the last lines."""
    try:
        return fn(*args)
    except Exception as error:                      # student code may raise anything
        frames = [frame for frame in traceback.extract_tb(error.__traceback__)
                  if not in_package(frame.filename)][-2:]
        where = "; ".join(_("line {number}: {code}").format(number=f.lineno, code=f.line)
                          for f in frames if f.line)
        raise StudentError(f"{type(error).__name__}: {error}" +
                           (_(" (at {where})").format(where=where) if where else "")) from error


def not_yet(exercise: str, what: str) -> CheckResult:
    """The verdict for a stub that has not been filled in."""
    return CheckResult(exercise, NOT_YET, _("{what} returned None: fill in the cell above, "
                                            "run it, then run this check again.").format(what=what))


def crashed(exercise: str, error: StudentError) -> CheckResult:
    """The verdict for student code that raised."""
    text = str(error)
    if "NotImplemented" in text:
        return CheckResult(exercise, NOT_YET, _("the function still raises: fill in the cell "
                                                "above, run it, then run this check again."))
    return CheckResult(exercise, FAILED, _("your function raised {error}").format(error=text),
                       hint=_("read the error: which line, which value? Try your function by "
                              "hand on the small example in the lesson."), diagnosis="crash")


class Seen:
    """The student's function, wrapped so that its last few calls and answers are kept
    (shown when a check fails on its own)."""

    def __init__(self, fn: Callable[..., Any], keep: int = 3) -> None:
        self.fn = fn
        self.calls: deque[tuple[tuple, str]] = deque(maxlen=keep)
        self.count = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.count += 1
        try:
            answer = self.fn(*args, **kwargs)
        except BaseException as error:
            self.calls.append((args, _("raised {error}").format(error=type(error).__name__)))
            raise
        self.calls.append((args, _("returned {answer}").format(answer=short(answer))))
        return answer

    def wrapper(self) -> Callable[..., Any]:
        """A plain function that calls the student's and keeps the record."""
        @functools.wraps(self.fn)
        def student(*args: Any, **kwargs: Any) -> Any:
            return self(*args, **kwargs)
        return student

    def summary(self) -> str:
        """The calls seen, in words."""
        if not self.count:
            return _("It had not called your function yet.")
        shown = "; ".join(f"({', '.join(short(a) for a in args)}) {what}"
                          for args, what in self.calls)
        return _("It had called your function {count} time(s); the last: {calls}.").format(
            count=self.count, calls=shown)


def short(value: Any) -> str:
    """A value's repr, cut short."""
    try:
        text = " ".join(repr(value).split())
    except Exception:                              # a student's object with a broken repr
        return f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


Check = TypeVar("Check", bound=Callable[..., CheckResult])


def never_raises(exercise: str) -> Callable[[Check], Check]:
    """Make a check answer with a verdict whatever happens: an error in the check's own
    code is reported as "the check could not judge this", never as a traceback."""
    def wrap(check: Check) -> Check:
        @functools.wraps(check)
        def guarded(fn: Any, *args: Any, **kwargs: Any) -> CheckResult:
            seen = Seen(fn) if callable(fn) else None
            try:
                return check(seen.wrapper() if seen else fn, *args, **kwargs)
            except SystemExit:
                return CheckResult(exercise, FAILED, _("your function called exit() (or "
                                                       "sys.exit()): that would stop the whole "
                                                       "notebook."),
                                   hint=_("return a value instead of exiting."),
                                   diagnosis="exit")
            except Exception as error:               # the check's own mistake, not yours
                return could_not_judge(exercise, error, seen)
        return guarded  # type: ignore[return-value]
    return wrap


def could_not_judge(exercise: str, error: BaseException, seen: Seen | None) -> CheckResult:
    """The verdict when a check fails on its own: what went wrong, what it had seen."""
    frames = traceback.extract_tb(error.__traceback__)
    where = _(" ({function}, line {number})").format(
        function=frames[-1].name, number=frames[-1].lineno) if frames else ""
    return CheckResult(exercise, COULD_NOT_JUDGE,
                       _("the check could not judge this: {error}{where}. This is a mistake "
                         "in the check, not necessarily in your code; please tell your "
                         "instructor.").format(
                           error=f"{type(error).__name__}: {str(error)[:200]}", where=where),
                       diagnosis="check error",
                       details=[seen.summary()] if seen else [])
