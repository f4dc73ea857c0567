"""Check for lesson 08's exercise: `wilson(wins, games)`, the 95% Wilson interval of a
win rate, as a pair (low, high).

The check compares the student's interval with the exact formula on every number of wins
for 1 to 60 games, fewest games first, and shows the first case where they differ. It
names a mistake only when a model of it gives the student's answers on every case tried.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any, Callable

from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, never_raises, not_yet, plain)
from gamelib.exercises.solutions.wilson import wilson as reference
from gamelib.platform import N_, _, ngettext

EXERCISE = N_("Wilson interval")
CASES = [(wins, games) for games in range(1, 61) for wins in range(games + 1)]
"""(wins, games): every result of 1 to 60 games, fewest games first."""
TOLERANCE = 1e-4
"""Rounding allowed: z = 1.96 or the exact 1.959964... both pass."""


def normal_interval(wins: int, games: int) -> tuple[float, float]:
    """The normal (Wald) interval p ± 1.96 √(p(1-p)/n): a known wrong answer."""
    p = wins / games
    half = 1.96 * math.sqrt(p * (1 - p) / games)
    return p - half, p + half


def clipped_normal(wins: int, games: int) -> tuple[float, float]:
    """The normal interval cut to [0, 1]."""
    low, high = normal_interval(wins, games)
    return max(0.0, low), min(1.0, high)


def without_square(wins: int, games: int) -> tuple[float, float]:
    """Wilson's formula with z instead of z² in the centre and the scale."""
    z = 1.96
    p = wins / games
    centre = (p + z / (2 * games)) / (1 + z / games)
    half = z / (1 + z / games) * math.sqrt(p * (1 - p) / games + z / (4 * games * games))
    return centre - half, centre + half


MISTAKES: dict[str, tuple[Callable[[int, int], tuple[float, float]], str]] = {
    "normal interval": (normal_interval, N_("this is the normal (Wald) interval p ± 1.96 "
                        "√(p(1-p)/n); Wilson's moves the centre towards 1/2 and never "
                        "leaves [0, 1], even after 0 or all wins.")),
    "clipped normal interval": (clipped_normal, N_("this is the normal interval cut to "
                                "[0, 1]; after 0 or all wins it has width 0, as if a few "
                                "games proved the rate exactly. Use Wilson's formula.")),
    "z not squared": (without_square, N_("write z * z (z²) in the three places the formula "
                      "has it: p + z²/(2n), 1 + z²/n and z²/(4n²).")),
}


def pair(answer: Any) -> tuple[float, float] | None:
    """The student's answer as two floats, or None if it is not a pair of numbers."""
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return None
    low, high = (plain(x) for x in answer)
    if any(isinstance(x, bool) or not isinstance(x, Real) for x in (low, high)):
        return None
    return float(low), float(high)


def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Two intervals equal up to rounding."""
    return all(math.isfinite(x) and abs(x - y) <= TOLERANCE for x, y in zip(a, b))


@never_raises(EXERCISE)
def check_wilson(fn: Callable) -> CheckResult:
    """Compare the student's interval with Wilson's on every case, fewest games first."""
    answers: dict[tuple[int, int], tuple[float, float]] = {}
    for wins, games in CASES:
        try:
            raw = call(fn, wins, games)
        except StudentError as error:
            result = crashed(EXERCISE, error)
            if result.status == FAILED:
                result.message = f"wilson({wins}, {games}): {result.message}"
            return result
        if raw is None and not answers:
            return not_yet(EXERCISE, f"wilson({wins}, {games})")
        got = pair(raw)
        right = reference(wins, games)
        if got is None:
            return CheckResult(EXERCISE, FAILED, _(
                "wilson({wins}, {games}) returned {answer}; it should return two numbers "
                "(low, high), about ({low}, {high}).").format(
                    wins=wins, games=games, answer=repr(raw), low=f"{right[0]:.4f}",
                    high=f"{right[1]:.4f}"),
                               hint=_("return a tuple: return low, high."),
                               diagnosis="not a pair")
        answers[(wins, games)] = got
        if close(got, right):
            continue
        named = [(name, advice) for name, (model, advice) in MISTAKES.items()
                 if all(close(got_, model(*case)) for case, got_ in answers.items())
                 and _agrees_everywhere(fn, model)]
        diagnosis, hint = named[0] if named else (
            "differs", N_("compare your code with the formula term by term, on this case "
                          "by hand: p = wins / games, then the centre, then the half-width."))
        return CheckResult(EXERCISE, FAILED, _(
            "wilson({wins}, {games}) returned ({low}, {high}); Wilson's interval is "
            "({right_low}, {right_high}).").format(
                wins=wins, games=games, low=f"{got[0]:.4f}", high=f"{got[1]:.4f}",
                right_low=f"{right[0]:.4f}", right_high=f"{right[1]:.4f}"), hint=_(hint),
                           diagnosis=diagnosis,
                           details=[_("first case that differs, of {count} tried (every "
                                      "result of 1 to {most} games): {case}").format(
                                          count=len(CASES), most=CASES[-1][1],
                                          case=ngettext("{wins} wins in {games} game",
                                                        "{wins} wins in {games} games",
                                                        games).format(wins=wins,
                                                                      games=games))])
    return CheckResult(EXERCISE, PASSED, _("your interval is Wilson's on all {count} results "
                                           "of 1 to {most} games.").format(
                                               count=len(CASES), most=CASES[-1][1]))


def _agrees_everywhere(fn: Callable, model: Callable[[int, int], tuple[float, float]]
                       ) -> bool:
    """Does the student's function give the model mistake's answer on every case?"""
    for case in CASES:
        try:
            got = pair(call(fn, *case))
        except StudentError:
            return False
        if got is None or not close(got, model(*case)):
            return False
    return True
