"""Check for lesson 04: the student's Connect Four evaluation function.

First a few quick questions on hand-built positions (does it return a number, does it
score the position for `player`, does it see a strong threat), then a mini-tournament:
depth-limited alpha-beta with the student's evaluation against the same search with the
seed's window count, seats swapped every game pair, openings varied by random first
moves. The score (wins + draws/2 per game) comes with a 95% confidence interval.
"""

from __future__ import annotations

import os
from numbers import Real
from typing import Callable

from gamelib.arena.match import match
from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, not_yet)
from gamelib.games import ConnectFour
from gamelib.heuristics import window_eval
from gamelib.search.players import AlphaBetaPlayer

EXERCISE = "evaluation function"
# Positions where X is clearly better (centre discs, two or three in a row on the floor)
X_BETTER = ("3040", "30405", "30406", "3616")


def default_games() -> int:
    """Games in the mini-tournament: 8 with GAMELIB_QUICK=1 (tests), else 20."""
    return 8 if os.environ.get("GAMELIB_QUICK") else 20


def check_eval_fn(my_eval: Callable, games: int | None = None, depth: int = 2,
                  seed: int = 4) -> CheckResult:
    """Sanity questions, then a seat-swapped match against the window-count baseline."""
    game = ConnectFour()
    games = games or default_games()
    scores = []
    for moves in X_BETTER:
        state = game.play(moves)
        try:
            x, o = call(my_eval, state, "X"), call(my_eval, state, "O")
        except StudentError as error:
            return crashed(EXERCISE, error)
        if x is None or o is None:
            return not_yet(EXERCISE, "my_eval")
        if not isinstance(x, Real) or not isinstance(o, Real):
            return CheckResult(EXERCISE, FAILED, f"my_eval returned {x!r}; it should return "
                               "a number.", hint="return a float or int: higher = better "
                               "for `player`.", diagnosis="type")
        scores.append((moves, x, o))
    if all(x == o for _, x, o in scores):
        return CheckResult(EXERCISE, FAILED, "your function gives both players the same "
                           "score on every test position.",
                           hint="score the position for `player`: count `player`'s chances "
                                "as plus and the opponent's as minus (the search asks about "
                                "the root player, who may be X or O).",
                           diagnosis="ignores player",
                           details=[f"{m}: X {x}, O {o}" for m, x, o in scores])
    flipped = [(m, x, o) for m, x, o in scores if x < o]
    if len(flipped) > len(scores) // 2:
        return CheckResult(EXERCISE, FAILED, "on positions where X is clearly better you "
                           "score them higher for O.",
                           hint="the sign is flipped: my_eval(state, player) must be high "
                                "when the position is good for `player`.",
                           diagnosis="flipped", details=[f"{m}: X {x}, O {o}"
                                                         for m, x, o in scores])
    mine = AlphaBetaPlayer(depth=depth, eval_fn=my_eval, tt=False)
    mine.name = "my_eval"
    baseline = AlphaBetaPlayer(depth=depth, eval_fn=window_eval, tt=False)
    baseline.name = "window count"
    try:
        result = match(game, mine, baseline, games=games, swap_seats=True, openings=2,
                       seed=seed, progress=False, executor="serial")
    except Exception as error:                      # the student's function inside a search
        return crashed(EXERCISE, StudentError(f"{type(error).__name__}: {error}"))
    if result.forfeits:
        return CheckResult(EXERCISE, FAILED, f"a game was forfeited: "
                           f"{result.forfeits[0].reason}",
                           hint="your function raised inside the search: try it on the "
                                "positions in the lesson.", diagnosis="crash")
    tally = result.tally("my_eval")
    low, high = tally.interval
    summary = (f"with your evaluation, alpha-beta (depth {depth}) scored {tally.score:.2f} "
               f"against the window count (+{tally.wins} ={tally.draws} -{tally.losses} in "
               f"{tally.games} games, seats swapped; 95% CI {low:.2f}-{high:.2f}).")
    if high < 0.5:
        return CheckResult(EXERCISE, FAILED, summary,
                           hint="clearly weaker than the baseline (the whole interval is "
                                "below 0.5). Start from the window count and add one idea: "
                                "centre discs, or threats on your good rows (lesson 05).",
                           diagnosis="weaker")
    verdict = "better than" if low > 0.5 else "not clearly worse than"
    return CheckResult(EXERCISE, PASSED, f"{summary} Your function is {verdict} the baseline;"
                       " more games narrow the interval: check_eval_fn(my_eval, games=100).")
