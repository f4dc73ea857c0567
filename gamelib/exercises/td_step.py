"""Check for lesson 10's exercise: `td_step(network, game, state, after, alpha)`, one
TD(0) update of an n-tuple network after the move from `state` to `after`.

The check runs the student's function and the model solution from the same network on
pairs of positions from seeded random 5x4 games, fewest discs first (the last pairs end
the game), and compares the table entries each leaves behind and the delta each returns.
It shows the first pair where they differ, and names a mistake only when a model of it
does what the student's function did on every pair.
"""

from __future__ import annotations

import functools
import math
import random
from numbers import Real
from typing import Any, Callable, NamedTuple

from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, never_raises, not_yet, plain)
from gamelib.exercises.solutions.td import td_step as reference
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.learning.ntuple import NTupleNetwork
from gamelib.learning.td import add_to_entries, features, result_for_x, value_of
from gamelib.platform import N_, _

EXERCISE = N_("the TD(0) step")
GAME = ConnectFour(rows=4, cols=5)
ALPHA = 0.1
"""The learning rate of every case (not 1, so a forgotten alpha shows)."""
TOLERANCE = 1e-6
"""Rounding allowed in an entry or in delta (the tables hold 32-bit floats)."""


class Case(NamedTuple):
    """A move from `state` to `after` (by the moves `moves`), to learn from."""

    moves: str
    state: ConnectFourState
    after: ConnectFourState


@functools.cache
def start_network() -> NTupleNetwork:
    """A small network with seeded random entries, so every position has its own value."""
    zeros, rng = NTupleNetwork.random(GAME, count=12, length=5, seed=3), random.Random(3)
    sides, count, size = zeros.shape
    weights = [[[rng.gauss(0, 0.3) for _ in range(size)] for _ in range(count)]
               for _ in range(sides)]
    return NTupleNetwork(GAME.rows, GAME.cols, GAME.k, zeros.walks, weights=weights)


@functools.cache
def cases() -> tuple[Case, ...]:
    """Pairs from seeded random games, fewest discs first; the last ones end the game."""
    rng, found, ends = random.Random(7), list[Case](), list[Case]()
    while len(ends) < 6:
        state, moves = GAME.initial_state, ""
        while not GAME.is_terminal(state):
            move = rng.choice(GAME.actions(state))
            after = GAME.result(state, move)
            moves += str(move)
            (ends if GAME.is_terminal(after) else found).append(Case(moves, state, after))
            state = after
    found = sorted(found[::5], key=lambda case: len(case.moves))[:24]
    return tuple(found + ends)


class Outcome(NamedTuple):
    """What a function did on a case: the entries it left, and what it returned."""

    weights: list[float] | None
    """The network's table entries afterwards, or None if its tables were replaced."""
    returned: Any


def run(fn: Callable, case: Case) -> Outcome:
    """Run `fn` on a fresh copy of the start network (StudentError if it raises)."""
    network = start_network().copy()
    returned = call(fn, network, GAME, case.state, case.after, ALPHA)
    return Outcome(entries_of(network), plain(returned))


def entries_of(network: NTupleNetwork) -> list[float] | None:
    """Every table entry of `network`, or None if its tables were replaced by something else."""
    try:
        entries = network.flat_entries()
    except Exception:
        return None
    return entries if len(entries) == start_network().entries else None


def close(got: list[float] | None, right: list[float]) -> bool:
    """The same table entries, up to rounding."""
    return got is not None and all(abs(a - b) <= TOLERANCE for a, b in zip(got, right))


def same(got: Outcome, right: Outcome) -> bool:
    """The same entries and the same delta, up to rounding."""
    assert right.weights is not None
    return (close(got.weights, right.weights)
            and isinstance(got.returned, Real) and not isinstance(got.returned, bool)
            and math.isfinite(got.returned)
            and abs(got.returned - right.returned) <= TOLERANCE)


# -- mistakes we can name: each a model of one wrong td_step ------------------------------

def target_of(network: NTupleNetwork, game: ConnectFour, after: ConnectFourState) -> float:
    """The right target: the result for X at the end of the game, else V(after)."""
    return result_for_x(after) if game.is_terminal(after) else network.value(after)


def step_with(network: NTupleNetwork, state: ConnectFourState, target: float,
              amount: Callable[[float, float], float], sign: int = 1) -> float:
    """Update V(state)'s entries by amount(delta, V(state)); delta = sign * (target - V)."""
    found = features(network, state)
    value = value_of(network, found)
    delta = sign * (target - value)
    add_to_entries(network, found, amount(delta, value))
    return delta


def sign_flipped(network: NTupleNetwork, game: ConnectFour, state: ConnectFourState,
                 after: ConnectFourState, alpha: float) -> float:
    """delta = V(state) - target."""
    return step_with(network, state, target_of(network, game, after),
                     lambda d, v: alpha * d * (1 - v * v), sign=-1)


def no_alpha(network: NTupleNetwork, game: ConnectFour, state: ConnectFourState,
             after: ConnectFourState, alpha: float) -> float:
    """The step without the learning rate."""
    return step_with(network, state, target_of(network, game, after),
                     lambda d, v: d * (1 - v * v))


def no_slope(network: NTupleNetwork, game: ConnectFour, state: ConnectFourState,
             after: ConnectFourState, alpha: float) -> float:
    """The step without tanh's slope (1 - V**2)."""
    return step_with(network, state, target_of(network, game, after), lambda d, v: alpha * d)


def guess_at_the_end(network: NTupleNetwork, game: ConnectFour, state: ConnectFourState,
                     after: ConnectFourState, alpha: float) -> float:
    """The target is V(after) even when the game is over."""
    return step_with(network, state, network.value(after),
                     lambda d, v: alpha * d * (1 - v * v))


def result_always(network: NTupleNetwork, game: ConnectFour, state: ConnectFourState,
                  after: ConnectFourState, alpha: float) -> float:
    """The target is the result even before the end (0: nobody has won yet)."""
    return step_with(network, state, result_for_x(after),
                     lambda d, v: alpha * d * (1 - v * v))


def wrong_position(network: NTupleNetwork, game: ConnectFour, state: ConnectFourState,
                   after: ConnectFourState, alpha: float) -> float:
    """The entries of `after` are moved, not those of `state`."""
    return step_with(network, after, target_of(network, game, after),
                     lambda d, v: alpha * d * (1 - v * v))


MISTAKES: dict[str, tuple[Callable[..., float], str]] = {
    "sign": (sign_flipped, N_("delta is target - V(state), not V(state) - target: the value "
             "must move towards the target, not away from it.")),
    "no alpha": (no_alpha, N_("multiply the change by the learning rate alpha: "
                 "alpha * delta * (1 - V(state)**2).")),
    "no slope": (no_slope, N_("the change is alpha * delta * (1 - V(state)**2): the last "
                 "factor is the slope of tanh at V(state), and it is missing.")),
    "guess at the end": (guess_at_the_end, N_("when `after` ends the game, the target is the "
                         "real result for X (result_for_x(after)), not the network's guess "
                         "V(after).")),
    "result always": (result_always, N_("before the end, the target is the network's value of "
                      "the next position, network.value(after); the result is known only "
                      "when game.is_terminal(after).")),
    "wrong position": (wrong_position, N_("TD(0) corrects V(state), the position *before* the "
                       "move: read and change the entries of `state`, not of `after`.")),
}


def named_mistake(fn: Callable) -> tuple[str, str] | None:
    """(name, advice) of the one modelled mistake that does what `fn` does on every case."""
    for name, (model, advice) in MISTAKES.items():
        if all(_agrees(fn, model, case) for case in cases()):
            return name, advice
    return None


def _agrees(fn: Callable, model: Callable, case: Case) -> bool:
    """Does `fn` do what `model` does on `case`?"""
    try:
        return same(run(fn, case), run(model, case))
    except StudentError:
        return False


# -- the check -----------------------------------------------------------------------------

def describe(case: Case) -> str:
    """The case in words: the moves that lead to `after`, and whether it ends the game."""
    start = case.moves[:-1] or _("(none)")
    end = (_("; it ends the game, {outcome}").format(
               outcome=_("a draw") if case.after.winner is None else
               _("{player} wins").format(player=case.after.winner))
           if GAME.is_terminal(case.after) else "")
    return _("on the 5x4 board after the moves {start}, {player} plays column "
             "{column}{end}").format(start=start, player=case.state.to_move,
                                     column=case.moves[-1], end=end)


def changes(weights: list[float]) -> list[float]:
    """How much each table entry differs from the start network's (inf where not a number)."""
    return [math.inf if math.isnan(a - b) else a - b
            for a, b in zip(weights, start_network().flat_entries())]


def changed_entries(weights: list[float]) -> int:
    """How many table entries differ from the start network's."""
    return sum(not abs(change) <= TOLERANCE for change in changes(weights))


def largest_change(weights: list[float]) -> float:
    """The change of the entry that moved most (with its sign; 0 if none moved)."""
    return max(changes(weights), key=abs)


@never_raises(EXERCISE)
def check_td_step(fn: Callable) -> CheckResult:
    """Compare the student's step with the model's on every case, fewest discs first."""
    for number, case in enumerate(cases()):
        try:
            got = run(fn, case)
        except StudentError as error:
            result = crashed(EXERCISE, error)
            if result.status == FAILED:
                result.message = f"{describe(case)}: {result.message}"
            return result
        right = run(reference, case)
        if got.returned is None and number == 0 and got.weights is not None \
                and changed_entries(got.weights) == 0:
            return not_yet(EXERCISE, "td_step(network, game, state, after, alpha)")
        if same(got, right):
            continue
        return _differs(fn, case, got, right)
    return CheckResult(EXERCISE, PASSED, _(
        "your step changes the same table entries by the same amounts and returns the same "
        "delta as TD(0) on all {count} moves tried (the last {ends} end a game).").format(
            count=len(cases()), ends=sum(GAME.is_terminal(c.after) for c in cases())))


def _differs(fn: Callable, case: Case, got: Outcome, right: Outcome) -> CheckResult:
    """The verdict on the first case where the student's step differs from TD(0)'s."""
    where = describe(case)
    if got.weights is None or right.weights is None:
        return CheckResult(EXERCISE, FAILED, _(
            "{where}: network.weights is no longer the network's table (it was "
            "replaced).").format(where=where),
                           hint=_("change the entries in place with add_to_entries(network, "
                                  "found, amount); never assign network.weights."),
                           diagnosis="replaced", details=[where])
    named = named_mistake(fn)
    if named is not None:
        diagnosis, hint = named
    elif close(got.weights, right.weights):
        diagnosis, hint = "returned", N_("return delta = target - V(state), the error before "
                                         "the update.")
    else:
        diagnosis, hint = "differs", N_("work this case through by hand: the target, "
                                        "V(state), delta, then alpha * delta * (1 - "
                                        "V(state)**2).")
    state_value = start_network().value(case.state)
    target = target_of(start_network(), GAME, case.after)
    return CheckResult(
        EXERCISE, FAILED,
        _("{where}: your step changed {changed} table entries (the largest change "
          "{largest}) and returned {returned}; TD(0) changes {right_changed} entries (the "
          "largest change {right_largest}) and returns delta = {delta}.").format(
              where=where, changed=changed_entries(got.weights),
              largest=f"{largest_change(got.weights):+.5f}", returned=_number(got.returned),
              right_changed=changed_entries(right.weights),
              right_largest=f"{largest_change(right.weights):+.5f}",
              delta=f"{right.returned:+.4f}"),
        hint=_(hint), diagnosis=diagnosis,
        details=[_("first move that differs, of {count} tried: {where}").format(
                     count=len(cases()), where=where),
                 _("V(state) = {value}, target = {target}, alpha = {alpha}: each entry "
                   "V(state) reads should move by {move}").format(
                       value=f"{state_value:+.4f}", target=f"{target:+.4f}", alpha=ALPHA,
                       move=f"{ALPHA * right.returned * (1 - state_value ** 2):+.5f}")])


def _number(value: Any) -> str:
    """What the student returned, short."""
    if isinstance(value, Real) and not isinstance(value, bool):
        return f"{float(value):+.4f}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
