"""What every exercise check shares: the verdict it shows, and calling student code safely."""

from __future__ import annotations

import html
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

PASSED, FAILED, NOT_YET = "passed", "failed", "not implemented yet"


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
        mark = {PASSED: "PASSED", FAILED: "NOT YET RIGHT", NOT_YET: "NOT IMPLEMENTED YET"}
        lines = [f"{self.exercise}: {mark.get(self.status, self.status)}. {self.message}"]
        if self.hint:
            lines.append(f"Hint: {self.hint}")
        lines.extend(self.details)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour = {PASSED: "#2ca02c", FAILED: "#d62728"}.get(self.status, "#888")
        icon = {PASSED: "&#10004;", FAILED: "&#10008;"}.get(self.status, "&#8230;")
        body = [f"<b>{icon} {html.escape(self.exercise)}: {html.escape(self.status)}.</b> "
                f"{html.escape(self.message)}"]
        if self.hint:
            body.append(f"<br><b>Hint:</b> {html.escape(self.hint)}")
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


class StudentError(Exception):
    """The student's function raised; carries a short, readable description."""


def call(fn: Callable[..., Any], *args: Any) -> Any:
    """Call student code; wrap whatever it raises in a StudentError with the last lines."""
    try:
        return fn(*args)
    except Exception as error:                      # student code may raise anything
        frames = [frame for frame in traceback.extract_tb(error.__traceback__)
                  if "gamelib" not in frame.filename.replace("\\", "/").split("/")][-2:]
        where = "; ".join(f"line {f.lineno}: {f.line}" for f in frames if f.line)
        raise StudentError(f"{type(error).__name__}: {error}" +
                           (f" (at {where})" if where else "")) from error


def not_yet(exercise: str, what: str) -> CheckResult:
    """The verdict for a stub that has not been filled in."""
    return CheckResult(exercise, NOT_YET, f"{what} returned None: fill in the cell above, "
                       "run it, then run this check again.")


def crashed(exercise: str, error: StudentError) -> CheckResult:
    """The verdict for student code that raised."""
    text = str(error)
    if "NotImplemented" in text:
        return CheckResult(exercise, NOT_YET, "the function still raises: fill in the cell "
                           "above, run it, then run this check again.")
    return CheckResult(exercise, FAILED, f"your function raised {text}",
                       hint="read the error: which line, which value? Try your function by "
                            "hand on the small example in the lesson.", diagnosis="crash")
