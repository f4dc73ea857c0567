"""Check for lesson 04: the student's Connect Four evaluation function.

First quick questions on hand-built and random positions: does it return a finite number,
does it score the position for `player`, is it zero-sum (my_eval(s, 'X') ==
-my_eval(s, 'O')), does it tell positions apart, does it prefer the side that is
clearly better; then a mini-tournament:
depth-limited alpha-beta with the student's evaluation against the same search with the
window count (Kopec, ch. 8), seats swapped every game pair, openings varied by three random
first moves. The score (wins + draws/2 per game) comes with a 95% confidence interval, and
the check passes only when the whole interval is above 0.5: the evaluation is shown to be
better, not just "not clearly worse". The stretch goal is a score of STRETCH_SCORE or more.
"""

from __future__ import annotations

import math
import random
from numbers import Real
from typing import Any, Callable

from gamelib.arena.match import match
from gamelib.arena.stats import Tally
from gamelib.exercises.common import never_raises
from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, not_yet, plain)
from gamelib.games import ConnectFour
from gamelib.heuristics import window_eval
from gamelib.search.players import AlphaBetaPlayer

EXERCISE = "evaluation function"
# Positions where X is clearly better (centre discs, two or three in a row on the floor)
X_BETTER = ((3, 0, 4, 0), (3, 0, 4, 0, 5), (3, 0, 4, 0, 6), (3, 6, 1, 6))


GAMES = 200
"""Games in the mini-tournament: enough that a real improvement (a score of 0.6) shows
as an interval above 0.5 (about 5 s with a quick evaluation)."""
OPENING_MOVES = 3
"""Random first moves of each opening (7**3 openings, so the games differ)."""
STRETCH_SCORE = 0.65
"""The stretch goal: about two games in three against the window count."""


def positions(count: int = 10, seed: int = 3) -> list[tuple[int, ...]]:
    """The positions the quick questions ask about: X_BETTER, then random middle games
    (seeded, never finished), as 0-based columns."""
    game, rng = ConnectFour(), random.Random(seed)
    found = list(X_BETTER)
    while len(found) < len(X_BETTER) + count:
        moves: tuple[int, ...] = ()
        state = game.initial_state
        for _ in range(rng.randrange(3, 24)):
            move = rng.choice(game.actions(state))
            state, moves = game.result(state, move), moves + (move,)
            if game.is_terminal(state):
                break
        if not game.is_terminal(state) and moves not in found:
            found.append(moves)
    return found


def _number(value: Any) -> bool:
    """True for a real number (numpy's scalars included), False for bools and the rest."""
    value = plain(value)
    return isinstance(value, Real) and not isinstance(value, bool)


def _close(a: float, b: float) -> bool:
    """True if two scores are equal up to rounding."""
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def quick_questions(my_eval: Callable) -> CheckResult | None:
    """The questions every evaluation must answer right: a finite number, for `player`,
    zero-sum, not the same everywhere, higher for the side that is clearly better.
    None if all are answered right."""
    game = ConnectFour()
    scores = []
    for moves in positions():
        state = game.play(list(moves))
        try:
            x, o = call(my_eval, state, "X"), call(my_eval, state, "O")
        except StudentError as error:
            result = crashed(EXERCISE, error)
            result.details.append(_show(game, moves, None, None))
            return result
        if x is None or o is None:
            return not_yet(EXERCISE, "my_eval")
        for value in (x, o):
            if not _number(value):
                return CheckResult(EXERCISE, FAILED, f"my_eval returned {value!r}; it should "
                                   "return a number.", hint="return a float or int: higher "
                                   "= better for `player`.", diagnosis="type",
                                   details=[_show(game, moves, x, o)])
            if not math.isfinite(value):
                return CheckResult(
                    EXERCISE, FAILED, f"my_eval returned {value!r} on the position drawn "
                    "below, which is not over.",
                    hint="return a finite number on every unfinished position: a search "
                         "cannot compare NaN with anything (every comparison is False), "
                         "and it cannot tell one infinity from another. Look for a division "
                         "by zero, 0/0, or inf - inf.",
                    diagnosis="not finite", details=[_show(game, moves, x, o)])
        scores.append((moves, float(x), float(o)))
    verdict = _zero_sum(game, scores)            # (a CheckResult is falsy when it failed)
    return verdict if verdict is not None else _sensible(game, scores)


def _name(moves: tuple[int, ...]) -> str:
    """A position's moves as column digits (0-based)."""
    return "".join(map(str, moves))


def _show(game: ConnectFour, moves: tuple[int, ...], x: Any, o: Any) -> str:
    """A position, drawn, with the scores given to X and O."""
    state = game.play(list(moves))
    scores = "" if x is None else f": my_eval(state, 'X') = {x!r}, my_eval(state, 'O') = {o!r}"
    return (f"the position after columns {_name(moves)} (0-based), "
            f"{game.to_move(state)} to move{scores}\n{game.render(state)}")


def _zero_sum(game: ConnectFour, scores: list) -> CheckResult | None:
    """Good for X must be exactly as bad for O: my_eval(s, 'X') == -my_eval(s, 'O')."""
    if all(_close(x, o) for _, x, o in scores) and any(x for _, x, _o in scores):
        return CheckResult(EXERCISE, FAILED, "your function gives both players the same "
                           "score on every test position.",
                           hint="score the position for `player`: count `player`'s chances "
                                "as plus and the opponent's as minus (the search asks about "
                                "the root player, who may be X or O).",
                           diagnosis="ignores player",
                           details=[f"{_name(m)}: X {x:g}, O {o:g}" for m, x, o in scores])
    broken = [(m, x, o) for m, x, o in scores if not _close(x, -o)]
    if not broken:
        return None
    for name, side in (("X", 1), ("O", 2)):
        if all(score[side] == 0 for score in scores) and any(score[3 - side]
                                                             for score in scores):
            return CheckResult(EXERCISE, FAILED, f"your function returns 0 for {name} on "
                               "every test position.",
                               hint=f"the evaluation must be zero-sum: my_eval(state, "
                                    f"{name!r}) is minus my_eval(state, the other player). "
                                    "Compute the score for X, then return it for X and its "
                                    "negative for O (or count `player`'s chances minus the "
                                    "opponent's).",
                               diagnosis="zero for one player",
                               details=[_show(game, *broken[0])])
    m, x, o = broken[0]
    return CheckResult(EXERCISE, FAILED, f"on position {_name(m)} your function scores "
                       f"{x:g} for X and {o:g} for O: not zero-sum.",
                       hint="the evaluation must be zero-sum (the searches assume it): what "
                            "is good for X is exactly as bad for O, so my_eval(state, 'O') "
                            "== -my_eval(state, 'X') on every position.",
                       diagnosis="not zero-sum", details=[_show(game, m, x, o)])


def _sensible(game: ConnectFour, scores: list) -> CheckResult | None:
    """Not the same number everywhere, and higher for X where X is clearly better."""
    if len({x for _, x, _o in scores}) == 1:
        return CheckResult(EXERCISE, FAILED, f"your function scores every test position "
                           f"{scores[0][1]:g}.",
                           hint="a search cannot choose between moves that all score the "
                                "same: count something that differs between positions (the "
                                "windows of 4 each player can still fill, discs in the "
                                "centre).", diagnosis="constant",
                           details=[_show(game, m, x, o) for m, x, o in scores[:2]])
    better = [(m, x, o) for m, x, o in scores if m in X_BETTER]
    flipped = [(m, x, o) for m, x, o in better if x < o]
    if len(flipped) > len(better) // 2:
        return CheckResult(EXERCISE, FAILED, "on positions where X is clearly better you "
                           "score them higher for O.",
                           hint="the sign is flipped: my_eval(state, player) must be high "
                                "when the position is good for `player`.",
                           diagnosis="flipped", details=[f"{_name(m)}: X {x:g}, O {o:g}"
                                                         for m, x, o in better])
    return None


def check_eval_fn(my_eval: Callable, games: int = GAMES, depth: int = 2,
                  seed: int = 4, progress: bool = True) -> CheckResult:
    """Quick questions, then a seat-swapped match against the window-count baseline (with
    a progress bar, since it takes seconds): a pass needs the whole 95% interval of the
    score above 0.5. A wrong `games` is the caller's mistake and raises ValueError."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 2:
        raise ValueError(f"games must be a whole number of at least 2, got {games!r}")
    return _check_eval_fn(my_eval, games, depth, seed, progress)


@never_raises("evaluation function")
def _check_eval_fn(my_eval: Callable, games: int, depth: int, seed: int, progress: bool
                   ) -> CheckResult:
    """The check itself, which answers with a verdict whatever the student's code does."""
    found = quick_questions(my_eval)
    if found is not None:
        return found
    game = ConnectFour()
    mine = AlphaBetaPlayer(depth=depth, eval_fn=my_eval, tt=False)
    mine.name = "my_eval"
    baseline = AlphaBetaPlayer(depth=depth, eval_fn=window_eval, tt=False)
    baseline.name = "window count"
    try:
        result = match(game, mine, baseline, games=games, swap_seats=True,
                       openings=OPENING_MOVES, seed=seed, progress=progress, executor="serial")
    except Exception as error:                      # the student's function inside a search
        return crashed(EXERCISE, StudentError(f"{type(error).__name__}: {error}"))
    if result.forfeits:
        return CheckResult(EXERCISE, FAILED, f"a game was forfeited: "
                           f"{result.forfeits[0].reason}",
                           hint="your function raised inside the search: try it on the "
                                "positions in the lesson.", diagnosis="crash")
    return match_verdict(result.tally("my_eval"), depth)


def match_verdict(tally: Tally, depth: int) -> CheckResult:
    """Pass when the whole interval is above 0.5; say how far the stretch goal is."""
    low, high = tally.interval
    summary = (f"with your evaluation, alpha-beta (depth {depth}) scored {tally.score:.2f} "
               f"against the window count (+{tally.wins} ={tally.draws} -{tally.losses} in "
               f"{tally.games} games, seats swapped; 95% CI {low:.2f}-{high:.2f}).")
    if high < 0.5:
        return CheckResult(EXERCISE, FAILED, summary + " That is clearly weaker than the "
                           "baseline: the whole interval is below 0.5.",
                           hint="start from the window count and add one idea at a time: "
                                "discs in the centre columns, or a win that is already "
                                "waiting for the player to move.", diagnosis="weaker")
    if low <= 0.5:
        return CheckResult(EXERCISE, FAILED, summary + " Not better yet: the interval "
                           "still contains 0.5, so this could be luck (an evaluation that "
                           "scores exactly like the window count gets 0.50).",
                           hint="a depth-2 search misses what happens just past its "
                                "horizon: at a leaf, a player to move who can complete four "
                                "at once has won. Add that, and discs in the centre.",
                           diagnosis="not better")
    if tally.score >= STRETCH_SCORE:
        stretch = f"You also reached the stretch goal (a score of {STRETCH_SCORE} or more)."
    else:
        stretch = (f"Stretch goal: a score of {STRETCH_SCORE} or more. Ideas: a win waiting "
                   f"for the player to move at a leaf, two threats at once, threats on your "
                   f"good rows (lesson 05).")
    return CheckResult(EXERCISE, PASSED, f"{summary} Your function is better than the "
                       f"baseline: the whole interval is above 0.5. {stretch}")
