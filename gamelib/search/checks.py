"""Checks of what callers pass to a search: depth, time limit, iterations, the exploration
constant, evaluation values. Each returns the value in its checked form or raises a
ValueError that says what was wrong and what is allowed; every public search entry point
starts with them.
"""

from __future__ import annotations

from numbers import Real
from typing import Any

from gamelib.games.base import State
from gamelib.games.checks import whole_number
from gamelib.platform import _
from gamelib.search.scoring import EVAL_LIMIT, INF, MAX_PLY


def check_depth(depth: Any, name: str = "depth") -> int | None:
    """`depth` as a whole number of plies >= 1, or None for a full-depth search.

    Depth counts plies (one move by one player): depth=1 looks at each move's position.
    Depth 0 would have no move to choose, so it is refused rather than read as "no limit".
    """
    if depth is None:
        return None
    plies = whole_number(depth)
    if plies is None or plies < 1:
        raise ValueError(_("{name} counts plies (moves by one player) and must be a whole "
                           "number >= 1, or None to search to the end of the game; "
                           "got {depth!r}").format(name=name, depth=depth))
    return min(plies, MAX_PLY)


def real_number(value: Any) -> float | None:
    """`value` as a float if it is a real number (int, float, numpy number), else None;
    bool and strings ('1') are not numbers here."""
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    return float(value)


def check_time_limit(time_limit: Any, optional: bool = False) -> float | None:
    """`time_limit` as a positive, finite number of seconds (None allowed if `optional`)."""
    if time_limit is None and optional:
        return None
    seconds = real_number(time_limit)
    if seconds is None or not 0 < seconds < INF:
        allowed = _(", or None") if optional else ""
        raise ValueError(_("time_limit must be a positive number of seconds (e.g. 1.5)"
                           "{allowed}; got {time_limit!r}").format(allowed=allowed,
                                                                   time_limit=time_limit))
    return seconds


def check_iterations(iterations: Any) -> int | None:
    """`iterations` as a whole number >= 1, or None (no iteration budget)."""
    if iterations is None:
        return None
    count = whole_number(iterations)
    if count is None or count < 1:
        raise ValueError(_("iterations must be a whole number >= 1 (e.g. 1000), or None; "
                           "got {iterations!r}").format(iterations=iterations))
    return count


def check_exploration(c: Any) -> float:
    """The UCB1 exploration constant `c` as a finite number >= 0."""
    number = real_number(c)
    if number is None or not 0 <= number < INF:
        raise ValueError(_("the exploration constant c must be a number >= 0 (sqrt(2) by "
                           "default; larger explores more); got {c!r}").format(c=c))
    return number


def check_mcts_budget(iterations: Any, time_limit: Any) -> tuple[int | None, float | None]:
    """MCTS's budget, checked: (iterations, time_limit); 1000 iterations if neither."""
    iterations, time_limit = check_iterations(iterations), check_time_limit(time_limit, True)
    if iterations is None and time_limit is None:
        iterations = 1000
    return iterations, time_limit


def check_evaluation(value: Any, state: State) -> Any:
    """An evaluation function's `value` for `state`, refused unless it is a number strictly
    between -EVAL_LIMIT and +EVAL_LIMIT (beyond that, scores mean proven wins)."""
    number = real_number(value)
    if number is None or not -EVAL_LIMIT < number < EVAL_LIMIT:
        raise ValueError(_("the evaluation function returned {value!r} for {state!r}; an "
                           "evaluation must be a number strictly between {low:,} and "
                           "{high:,} (scores beyond that are reserved for proven wins and "
                           "losses, see gamelib.search.scoring.EVAL_LIMIT): scale it down, "
                           "and never return NaN").format(value=value, state=state,
                                                          low=-EVAL_LIMIT, high=EVAL_LIMIT))
    return number
