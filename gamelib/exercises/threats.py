"""Check for lesson 05's exercise: `my_useful_threats(state)`, the threats of both players
that can still decide the game: every threat except those above another threat in the
same column (the lower one is decided first) and those on a cell both players threaten.

The check asks the student's function about positions from random games with threats on
the board, fewest discs first, and shows the first position where the answer differs
from the useful threats, with what is missing and what is too much.
"""

from __future__ import annotations

import functools
import random
from typing import Any, Callable

from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, never_raises, not_yet, plain, short)
from gamelib.exercises.rules import crashed_on
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.heuristics.report import useless_threats
from gamelib.heuristics.threats import Threat, threats
from gamelib.platform import N_, _

EXERCISE = N_("the useful threats")
HAND_MADE = ("33445", "334455", "6355136251202133", "02265514406046651244", "010101")
"""Positions every student should see: a threat on the floor, open threes, both kinds of
stacked threats, and both players threatening at once."""


def useful(state: ConnectFourState) -> set[Threat]:
    """The reference: every threat of both players that is not useless."""
    every = threats(state, "X") + threats(state, "O")
    return set(every) - set(useless_threats(state))


def worth_asking(game: ConnectFour, state: ConnectFourState) -> bool:
    """True for an unfinished position where at least one player has a threat."""
    return not game.is_terminal(state) and bool(threats(state, "X") + threats(state, "O"))


@functools.cache
def positions(count: int = 160, seed: int = 29) -> list[str]:
    """Unfinished positions with at least one threat, as column strings, fewest discs
    first: the hand-made ones and random games, about half with a useless threat."""
    game = ConnectFour()
    found = {moves for moves in HAND_MADE if worth_asking(game, game.play(moves))}
    rng = random.Random(seed)
    with_useless = 0
    while len(found) < count:
        moves, state = "", game.initial_state
        for _ in range(rng.randint(6, 34)):
            column = rng.choice(game.actions(state))
            after = game.result(state, column)
            if game.is_terminal(after):
                break
            moves, state = moves + str(column), after
        if not worth_asking(game, state):
            continue
        has_useless = bool(useless_threats(state))
        if has_useless or with_useless > len(found) // 2:   # keep both kinds
            with_useless += has_useless
            found.add(moves)
    return sorted(found, key=lambda moves: (len(moves), moves))


def as_threats(answer: Any) -> set[Threat]:
    """The student's answer as a set of threats; ValueError saying what is expected."""
    expected = _("a list (or set) of threats, like heuristics.threats gives: "
                 "Threat(player, col, row), or plain (player, col, row) tuples")
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, set, frozenset,
                                                                    tuple)):
        raise ValueError(_("returned {type}, not {expected}").format(
            type=type(answer).__name__, expected=expected))
    try:
        items = list(answer)
    except Exception as error:                # a student's collection that cannot be read
        raise ValueError(_("returned a {type} that cannot be read ({error}), not "
                           "{expected}").format(type=type(answer).__name__,
                                                error=type(error).__name__,
                                                expected=expected)) from None
    found = set()
    for item in items:
        if not _is_threat(item):
            raise ValueError(_("returned a collection holding {item}, which is not a "
                               "threat; the answer is {expected}").format(
                                   item=short(item), expected=expected))
        found.add(Threat(item[0], plain(item[1]), plain(item[2])))
    return found


def _is_threat(item: Any) -> bool:
    """True if `item` reads as a threat: (player 'X' or 'O', whole column, whole row)."""
    try:
        return (isinstance(item, tuple) and len(item) == 3 and type(item[0]) is str
                and item[0] in ("X", "O")
                and all(type(plain(n)) is int for n in item[1:]))
    except Exception:                         # a student's tuple that cannot be read
        return False


@never_raises(EXERCISE)
def check_useful_threats(fn: Callable) -> CheckResult:
    """Compare the student's useful threats with the reference on every position."""
    game = ConnectFour()
    tried = positions()
    answers = []
    for moves in tried:
        try:
            answers.append(call(fn, game.play(moves)))
        except StudentError as error:
            return crashed_on(crashed(EXERCISE, error), moves)
    if all(answer is None for answer in answers):
        return not_yet(EXERCISE, "my_useful_threats(state)")
    for moves, answer in zip(tried, answers):
        state = game.play(moves)
        where = f'my_useful_threats(game.play("{moves}"))'
        try:
            got = as_threats(answer)
        except ValueError as error:
            return CheckResult(EXERCISE, FAILED, _("{where} {error}.").format(
                where=where, error=error), diagnosis="format",
                               hint=_("return the threats themselves, e.g. a list built "
                                      "from heuristics.threats(state, 'X') + "
                                      "heuristics.threats(state, 'O')."),
                               details=[game.render(state)])
        right = useful(state)
        if got != right:
            if only_one_player([game.play(m) for m in tried], answers):
                return _wrong(state, where, got, right, ONE_PLAYER)
            return _wrong(state, where, got, right)
    return CheckResult(EXERCISE, PASSED, _(
        "your function finds the useful threats in all {count} positions tried: threats "
        "above others, cells both players threaten, and both players' threats at "
        "once.").format(count=len(tried)))


ONE_PLAYER = (N_("both players' threats count: heuristics.threats(state, 'X') + "
                 "heuristics.threats(state, 'O')."), "one player only")
"""The hint and diagnosis for a function that finds one player's useful threats only."""


def only_one_player(states: list[ConnectFourState], answers: list[Any]) -> bool:
    """True if the answers are, on every position, the useful threats of one player only
    (always X's, always O's, or always the player to move's)."""
    try:
        found = [as_threats(answer) for answer in answers]
    except ValueError:
        return False
    pickers: list[Callable[[ConnectFourState], str]] = [
        lambda state: "X", lambda state: "O", lambda state: state.to_move]
    return any(all(got == {t for t in useful(state) if t.player == pick(state)}
                   for state, got in zip(states, found)) for pick in pickers)


def _show(found: set[Threat]) -> str:
    """Threats in words: 'X column 2 row 1, O column 4 row 3'."""
    return ", ".join(_("{player} column {col} row {row}").format(
        player=t.player, col=t.col, row=t.row) for t in sorted(found)) or _("none")


def _wrong(state: ConnectFourState, where: str, got: set[Threat], right: set[Threat],
           mistake: tuple[str, str] | None = None) -> CheckResult:
    """The verdict for the first position where the answer is not the useful threats
    (`mistake`: the hint and diagnosis of a mistake a model reproduced everywhere)."""
    every = set(threats(state, "X") + threats(state, "O"))
    useless = useless_threats(state)
    extra, missing = got - right, right - got
    kept = extra & set(useless)
    if mistake is not None:
        hint, diagnosis = mistake
    elif extra - every:
        hint, diagnosis = N_("a threat is an empty cell where one more disc completes four "
                             "for its player: start from heuristics.threats(state, player) "
                             "for both players."), "not a threat"
    elif any(u.col == t.col and u.row > t.row for t in missing for u in kept):
        hint, diagnosis = N_("the lowest threat of a column is decided first, so it is the "
                             "useful one: keep it and drop the threats above it, not the "
                             "other way round."), "keeps the upper threat"
    elif any("both players" in useless[t] for t in kept):
        hint, diagnosis = N_("a cell both players threaten decides nothing by itself: drop "
                             "both threats on it."), "keeps a shared threat"
    elif kept:
        hint, diagnosis = N_("a threat above another threat in the same column (of either "
                             "player) is never reached: the lower one decides first. Keep "
                             "only the lowest threat of each column."), \
            "keeps a threat above another"
    else:
        hint, diagnosis = N_("only two things make a threat useless: another threat below "
                             "it in its column, or the other player threatening the same "
                             "cell; the lowest threat of a column is useful unless its cell "
                             "is shared."), "drops a useful threat"
    parts = [_("{where} found {got}; the useful threats are {right}.").format(
        where=where, got=_show(got), right=_show(right))]
    if missing:
        parts.append(_("Missing: {threats}.").format(threats=_show(missing)))
    if extra:
        parts.append(_("Not useful (or not threats): {threats}.").format(threats=_show(extra)))
    return CheckResult(EXERCISE, FAILED, " ".join(parts), hint=_(hint), diagnosis=diagnosis,
                       details=[ConnectFour().render(state), _(
                           "{player} to move; rows count from 1 at the bottom.").format(
                               player=state.to_move)])
