"""Check for lesson 04: the student's Connect Four evaluation function.

First quick questions on hand-built and random positions: does it return a finite number,
does it score the position for `player`, is it zero-sum (my_eval(s, 'X') ==
-my_eval(s, 'O')), does it tell positions apart, does it prefer the side that is
clearly better; then a mini-tournament:
depth-limited alpha-beta with the student's evaluation against the same search with the
window count (Kopec, ch. 8), seats swapped every game pair, openings varied by three random
first moves. The match is sequential: it looks at the score's interval every LOOK_EVERY
games and stops as soon as the interval leaves out 0.5 (at most GAMES games, and never
longer than TIME_LIMIT seconds), so a clear verdict comes in a few seconds. Each look uses
Pocock's wider interval, so that looking often still errs in at most 5% of matches. The
check passes only when the whole interval is above 0.5: the evaluation is shown to be
better, not just "not clearly worse". A rejection shows a position from a lost game where
the student's search threw away a win or a draw that the solver proves, and where the
window count's search keeps it. The stretch goal is a score of STRETCH_SCORE or more.
"""

from __future__ import annotations

import math
import random
import time
from numbers import Real
from typing import Any, Callable

from gamelib.arena.match import GameSummary, MatchResult, RunningScore, play_chunk, schedule
from gamelib.arena.parallel import Progress
from gamelib.arena.stats import Tally, score_interval
from gamelib.exercises.common import never_raises
from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, not_yet, plain)
from gamelib.games import ConnectFour
from gamelib.games.connect4 import ConnectFourState
from gamelib.heuristics import window_eval
from gamelib.platform import N_, _, in_browser
from gamelib.search.players import AlphaBetaPlayer
from gamelib.solver.engine import child_score, get_solver, to_position
from gamelib.solver.position import WIDTH

EXERCISE = N_("evaluation function")
# Positions where X is clearly better (centre discs, two or three in a row on the floor)
X_BETTER = ((3, 0, 4, 0), (3, 0, 4, 0, 5), (3, 0, 4, 0, 6), (3, 6, 1, 6))


GAMES = 200
"""The most games the mini-tournament plays: enough that a real improvement (a score of
0.6) shows as an interval above 0.5. A clear verdict stops it sooner."""
LOOK_EVERY = 40
"""Games between two looks at the interval (each look may stop the match)."""
Z_LOOK = 2.413
"""Standard errors on each side of the interval at every look: Pocock's boundary for 5
looks with a 5% error rate over the whole match (1.96 at every look would err more
often: a match that looks several times has several chances to stop on a lucky streak)."""
TIME_LIMITS = {"desktop": 20.0, "browser": 60.0}
"""Seconds of play after which the match stops and the verdict reads the games played (a
slow evaluation). Counted in process time, which a busy machine does not stretch, except
in the browser, where the clock on the wall is all there is and Python runs slower: the
model solution needs 80 games, about 6 s of a desktop's process time and 30 s in the
browser course on a busy 2-core machine. A plain loop over the 69 windows that reads
every cell with `state.cell` (14 times slower a call than the window count) needs 120
games, 10-13 s on a desktop, so the desktop limit leaves it room on a slower computer."""
TIME_LIMIT = TIME_LIMITS["browser" if in_browser() else "desktop"]
"""The limit where this Python runs."""
SOLVER_NODES = 10_000
"""The solver's budget for one move's exact value when looking for a counterexample."""
SHOW_LIMIT = 1.5
"""Seconds spent looking for a counterexample position after a match is lost."""
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
                return CheckResult(EXERCISE, FAILED, _(
                    "my_eval returned {value}; it should return a number.").format(
                        value=repr(value)), hint=_("return a float or int: higher = better "
                                                   "for `player`."), diagnosis="type",
                                   details=[_show(game, moves, x, o)])
            if not math.isfinite(value):
                return CheckResult(
                    EXERCISE, FAILED, _("my_eval returned {value} on the position drawn "
                                        "below, which is not over.").format(value=repr(value)),
                    hint=_("return a finite number on every unfinished position: a search "
                           "cannot compare NaN with anything (every comparison is False), "
                           "and it cannot tell one infinity from another. Look for a "
                           "division by zero, 0/0, or inf - inf."),
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
    return _("the position after columns {moves} (0-based), {player} to move{scores}").format(
        moves=_name(moves), player=game.to_move(state), scores=scores) \
        + f"\n{game.render(state)}"


def _zero_sum(game: ConnectFour, scores: list) -> CheckResult | None:
    """Good for X must be exactly as bad for O: my_eval(s, 'X') == -my_eval(s, 'O')."""
    if all(_close(x, o) for _, x, o in scores) and any(x for _, x, _o in scores):
        return CheckResult(EXERCISE, FAILED, _("your function gives both players the same "
                                               "score on every test position."),
                           hint=_("score the position for `player`: count `player`'s chances "
                                  "as plus and the opponent's as minus (the search asks "
                                  "about the root player, who may be X or O)."),
                           diagnosis="ignores player",
                           details=[f"{_name(m)}: X {x:g}, O {o:g}" for m, x, o in scores])
    broken = [(m, x, o) for m, x, o in scores if not _close(x, -o)]
    if not broken:
        return None
    for name, side in (("X", 1), ("O", 2)):
        if all(score[side] == 0 for score in scores) and any(score[3 - side]
                                                             for score in scores):
            return CheckResult(EXERCISE, FAILED, _("your function returns 0 for {player} on "
                                                   "every test position.").format(player=name),
                               hint=_("the evaluation must be zero-sum: my_eval(state, "
                                      "{player}) is minus my_eval(state, the other player). "
                                      "Compute the score for X, then return it for X and its "
                                      "negative for O (or count `player`'s chances minus the "
                                      "opponent's).").format(player=repr(name)),
                               diagnosis="zero for one player",
                               details=[_show(game, *broken[0])])
    m, x, o = broken[0]
    return CheckResult(EXERCISE, FAILED, _("on position {moves} your function scores {x} for "
                                           "X and {o} for O: not zero-sum.").format(
                                               moves=_name(m), x=f"{x:g}", o=f"{o:g}"),
                       hint=_("the evaluation must be zero-sum (the searches assume it): what "
                              "is good for X is exactly as bad for O, so my_eval(state, 'O') "
                              "== -my_eval(state, 'X') on every position."),
                       diagnosis="not zero-sum", details=[_show(game, m, x, o)])


def _sensible(game: ConnectFour, scores: list) -> CheckResult | None:
    """Not the same number everywhere, and higher for X where X is clearly better."""
    if len({x for _, x, _o in scores}) == 1:
        return CheckResult(EXERCISE, FAILED, _("your function scores every test position "
                                               "{score}.").format(score=f"{scores[0][1]:g}"),
                           hint=_("a search cannot choose between moves that all score the "
                                  "same: count something that differs between positions (the "
                                  "windows of 4 each player can still fill, discs in the "
                                  "centre)."), diagnosis="constant",
                           details=[_show(game, m, x, o) for m, x, o in scores[:2]])
    better = [(m, x, o) for m, x, o in scores if m in X_BETTER]
    flipped = [(m, x, o) for m, x, o in better if x < o]
    if flipped and len(flipped) == len(better):     # named only when every case shows it
        return CheckResult(EXERCISE, FAILED, _("on positions where X is clearly better you "
                                               "score them higher for O."),
                           hint=_("the sign is flipped: my_eval(state, player) must be high "
                                  "when the position is good for `player`."),
                           diagnosis="flipped", details=[_show(game, *flipped[0])] + [
                               f"{_name(m)}: X {x:g}, O {o:g}" for m, x, o in better[1:]])
    return None


def check_eval_fn(my_eval: Callable, games: int = GAMES, depth: int = 2,
                  seed: int = 4, progress: bool = True,
                  time_limit: float = TIME_LIMIT) -> CheckResult:
    """Quick questions, then a sequential seat-swapped match against the window-count
    baseline (with a progress bar): a pass needs the whole interval of the score above
    0.5. `games` is the most games played, `time_limit` the most seconds of play. A wrong
    `games` or `time_limit` is the caller's mistake and raises ValueError."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 2:
        raise ValueError(_("games must be a whole number of at least 2, got {games!r}")
                         .format(games=games))
    if not isinstance(time_limit, (int, float)) or isinstance(time_limit, bool) \
            or not time_limit > 0:
        raise ValueError(_("time_limit must be a number of seconds above 0, got "
                           "{time_limit!r}").format(time_limit=time_limit))
    return _check_eval_fn(my_eval, games, depth, seed, progress, float(time_limit))


@never_raises("evaluation function")
def _check_eval_fn(my_eval: Callable, games: int, depth: int, seed: int, progress: bool,
                   time_limit: float = TIME_LIMIT) -> CheckResult:
    """The check itself, which answers with a verdict whatever the student's code does."""
    found = quick_questions(my_eval)
    if found is not None:
        return found
    game = ConnectFour()
    mine = AlphaBetaPlayer(depth=depth, eval_fn=my_eval, tt=False)
    baseline = AlphaBetaPlayer(depth=depth, eval_fn=window_eval, tt=False)
    try:
        result, timed_out = sequential_match(game, mine, baseline, games, seed, progress,
                                             time_limit)
    except Exception as error:                      # the student's function inside a search
        return crashed(EXERCISE, StudentError(f"{type(error).__name__}: {error}"))
    if result.forfeits:
        return CheckResult(EXERCISE, FAILED, _("a game was forfeited: {reason}").format(
                               reason=result.forfeits[0].reason_words()),
                           hint=_("your function raised inside the search: try it on the "
                                  "position below."), diagnosis="crash",
                           details=where_it_raised(game, result.forfeits[0], my_eval))
    slow = slowness(my_eval, time_limit) if timed_out else ""
    verdict = match_verdict(result.tally(MINE), depth, slow)
    if not verdict.passed:
        verdict.details.extend(counterexample(game, result, baseline))
    return verdict


MINE, BASELINE = "my_eval", "window count"
"""The two players' names in the match (the match's seeds are drawn from them, so they stay
the same in every language; the progress bar shows the baseline's name translated)."""
BASELINE_WORDS = N_("window count")


def sequential_match(game: ConnectFour, mine: Any, baseline: Any, games: int, seed: int,
                     progress: bool, time_limit: float = TIME_LIMIT
                     ) -> tuple[MatchResult, bool]:
    """Play the seat-swapped games one by one, looking at the interval every LOOK_EVERY
    games; stop once it leaves out 0.5, after `games` games, or after `time_limit` seconds
    of play (then the second value is True)."""
    jobs = schedule(game, (MINE, BASELINE), games, True, OPENING_MOVES, seed)
    players = {MINE: mine, BASELINE: baseline}
    result = MatchResult(game, (MINE, BASELINE), [], seed)
    bar = Progress(games, _("{mine} vs {baseline}").format(mine=MINE,
                                                           baseline=_(BASELINE_WORDS)),
                   progress, RunningScore(MINE))
    start, timed_out = clock(), False
    try:
        for job in jobs:
            summary = play_chunk((game, players, [job]))[0]     # fresh copies, as in match()
            result.games.append(summary)
            bar.update([summary])
            if summary.forfeit:
                break
            if len(result.games) % LOOK_EVERY == 0 and decided(result.tally(MINE)):
                break
            if clock() - start > time_limit and len(result.games) % 2 == 0:
                timed_out = len(result.games) < games
                break
    finally:
        bar.bar.total = len(result.games)
        bar.close()
    return result, timed_out


def clock() -> float:
    """Seconds for the time limit: process time, or wall time in the browser."""
    return time.perf_counter() if in_browser() else time.process_time()


def interval(tally: Tally) -> tuple[float, float]:
    """The score's interval at a look (Pocock's width, see Z_LOOK)."""
    return score_interval(tally.wins, tally.draws, tally.losses, z=Z_LOOK)


def decided(tally: Tally) -> bool:
    """True once the interval leaves out 0.5: better or weaker is then shown."""
    low, high = interval(tally)
    return low > 0.5 or high < 0.5


def slowness(my_eval: Callable, time_limit: float) -> str:
    """Why the match stopped early: how long the student's function takes per call,
    beside the window count."""
    states = [ConnectFour().play(list(moves)) for moves in positions()]
    mine, theirs = (seconds_per_call(fn, states) for fn in (my_eval, window_eval))
    return " " + _("The match stopped at its time limit ({limit} s of play): your function "
                   "takes {ms} ms a call, {times} times the window count's, and a search "
                   "calls it about 20 times a move.").format(
                       limit=f"{time_limit:g}", ms=f"{1000 * mine:.2g}",
                       times=f"{mine / theirs:.0f}")


def seconds_per_call(fn: Callable, states: list[ConnectFourState]) -> float:
    """The mean time of one call of `fn` on `states` (for both players)."""
    start = clock()
    for state in states:
        fn(state, "X")
        fn(state, "O")
    return max(clock() - start, 1e-6) / (2 * len(states))


def match_verdict(tally: Tally, depth: int, slow: str = "") -> CheckResult:
    """Pass when the whole interval is above 0.5; say how far the stretch goal is. `slow`
    says why the match stopped before the interval decided (then it is not the
    evaluation's strength that failed, but its speed)."""
    low, high = interval(tally)
    summary = _("with your evaluation, alpha-beta (depth {depth}) scored {score} against the "
                "window count (+{wins} ={draws} -{losses} in {games} games, seats swapped; "
                "95% CI {low}-{high}, widened because the match may stop at any of its "
                "looks).").format(depth=depth, score=f"{tally.score:.2f}", wins=tally.wins,
                                  draws=tally.draws, losses=tally.losses, games=tally.games,
                                  low=f"{low:.3f}", high=f"{high:.3f}")
    if high < 0.5:
        return CheckResult(EXERCISE, FAILED, summary + " " + _(
                               "That is clearly weaker than the baseline: the whole interval "
                               "is below 0.5."),
                           hint=_("start from the window count and add one idea at a time: "
                                  "discs in the centre columns, or a win that is already "
                                  "waiting for the player to move."), diagnosis="weaker")
    if low <= 0.5 and slow:
        return CheckResult(EXERCISE, FAILED, summary + " " + _(
                               "Not shown better yet: the interval still contains 0.5, and "
                               "more games would be needed to tell.") + slow,
                           hint=_("make my_eval faster (heuristics.window_eval counts the "
                                  "windows with bit masks; count fewer things, or cache what "
                                  "does not change), or give the check more time: "
                                  "check_eval_fn(my_eval, time_limit=60)."),
                           diagnosis="too slow")
    if low <= 0.5:
        return CheckResult(EXERCISE, FAILED, summary + " " + _(
                               "Not better yet: the interval still contains 0.5, so this "
                               "could be luck (an evaluation that scores exactly like the "
                               "window count gets 0.50)."),
                           hint=_("a depth-2 search misses what happens just past its "
                                  "horizon: at a leaf, a player to move who can complete four "
                                  "at once has won. Add that, and discs in the centre."),
                           diagnosis="not better")
    if tally.score >= STRETCH_SCORE:
        stretch = _("You also reached the stretch goal (a score of {stretch} or "
                    "more).").format(stretch=STRETCH_SCORE)
    else:
        stretch = _("Stretch goal: a score of {stretch} or more. Ideas: a win waiting for the "
                    "player to move at a leaf, two threats at once, threats on your good rows "
                    "(lesson 05).").format(stretch=STRETCH_SCORE)
    return CheckResult(EXERCISE, PASSED, summary + " " + _(
        "Your function is better than the baseline: the whole interval is above "
        "0.5.") + " " + stretch)


def where_it_raised(game: ConnectFour, summary: GameSummary, my_eval: Callable) -> list[str]:
    """The position of a forfeited game where the student's function raises: the one the
    search stopped at, or one it looked at two moves ahead."""
    state = game.play(summary.opening) if summary.opening else game.initial_state
    for move in summary.moves:
        state = game.result(state, move)
    ahead = [state] + [game.result(state, m) for m in game.actions(state)]
    ahead += [game.result(s, m) for s in ahead[1:] if not game.is_terminal(s)
              for m in game.actions(s)]
    for position in ahead:
        if game.is_terminal(position):
            continue
        for player in game.players:
            try:
                call(my_eval, position, player)
            except StudentError as error:
                return [_("my_eval(state, {player}) raised {error} on this position, "
                          "{to_move} to move:").format(player=repr(player), error=error,
                                                       to_move=game.to_move(position))
                        + f"\n{game.render(position)}"]
    return []


OUTCOME = {1: N_("wins"), 0: N_("draws"), -1: N_("loses")}


def counterexample(game: ConnectFour, result: MatchResult, baseline: AlphaBetaPlayer
                   ) -> list[str]:
    """A position from a game the student's evaluation lost where its search played a
    move the solver proves worse than the best, and the window count's search did not;
    drawn, with the exact outcome of each column. Empty if none is found in SHOW_LIMIT."""
    solver, start = get_solver("python"), clock()
    for summary in result.games:
        if summary.winner != BASELINE:
            continue
        for state, move in reversed(my_moves(game, summary)):
            if clock() - start > SHOW_LIMIT:
                return []
            outcomes = exact_outcomes(solver, state)
            if outcomes is None or outcomes[move] == max(outcomes.values()):
                continue
            other = baseline(game, state)
            if outcomes[other] != max(outcomes.values()):
                continue
            return [show_mistake(game, summary, state, (move, other), outcomes,
                                 baseline.depth)]
    return []


def my_moves(game: ConnectFour, summary: GameSummary) -> list[tuple[ConnectFourState, int]]:
    """(position, column) for each move the student's player made in a game."""
    state = game.play(summary.opening) if summary.opening else game.initial_state
    found = []
    for move in summary.moves:
        if summary.seats[game.players.index(game.to_move(state))] == MINE:
            found.append((state, move))
        state = game.result(state, move)
    return found


def exact_outcomes(solver: Any, state: ConnectFourState) -> dict[int, int] | None:
    """{column: 1 win, 0 draw, -1 loss} for the player to move, by the solver; None when
    the solver's budget runs out."""
    pos = to_position(state)
    found = {}
    for col in range(WIDTH):
        if pos.can_play(col):
            found[col] = child_score(solver, pos, col, weak=True, max_nodes=SOLVER_NODES)
            if solver.aborted:
                return None
    return found


def show_mistake(game: ConnectFour, summary: GameSummary, state: ConnectFourState,
                 moves: tuple[int, int], outcomes: dict[int, int], depth: int | None) -> str:
    """The counterexample in words and as a board: the student's move and the window
    count's, with the exact outcome of every column."""
    (move, other), me = moves, game.to_move(state)
    exact = ", ".join(f"{col}: {_(OUTCOME[v])}" for col, v in sorted(outcomes.items()))
    return _("A position from game {number}, which your evaluation lost playing {me} "
             "(0-based columns): your search (depth {depth}) played column {move}, after which "
             "{me} {outcome} with perfect play; the window count's search plays column "
             "{other}, after which {me} {other_outcome}. Exact outcome of each column for {me} "
             "({exact}):").format(number=summary.index + 1, me=me, depth=depth, move=move,
                                  outcome=_(OUTCOME[outcomes[move]]), other=other,
                                  other_outcome=_(OUTCOME[outcomes[other]]), exact=exact) \
        + f"\n{game.render(state)}"
