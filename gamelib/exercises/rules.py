"""Check for lesson 06's exercise: `rule_move(game, state)`, "win if you can, block if you
must": a column that wins at once if there is one; else a column where the opponent would
win at once (to block it); else None.

The check asks the student's function about positions from random games, fewest discs
first, and accepts any right column (where two columns win, either does). It shows the
first position where the answer is not one of the right ones, with every right answer.
"""

from __future__ import annotations

import functools
import random
from typing import Any, Callable

from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, never_raises, not_yet, plain)
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.heuristics.threats import winning_moves
from gamelib.platform import N_, _

EXERCISE = N_("win if you can, block if you must")
HAND_MADE = ("", "0101", "010101", "01020", "3344", "0102", "10101", "3435353", "01122")
"""Positions every student should see: empty, quiet, a win, a block, both at once."""


@functools.cache
def positions(count: int = 240, seed: int = 5) -> list[str]:
    """Unfinished positions as column strings, fewest discs first: the hand-made ones and
    random games, about half of them with a win or a block on the board."""
    game = ConnectFour()
    found = {moves for moves in HAND_MADE if not game.is_terminal(game.play(moves))}
    rng = random.Random(seed)
    urgent = 0
    while len(found) < count:
        moves, state = "", game.initial_state
        for _ in range(rng.randint(3, 30)):
            column = rng.choice(game.actions(state))
            after = game.result(state, column)
            if game.is_terminal(after):
                break
            moves, state = moves + str(column), after
        pressing = bool(winning_moves(state, "X") or winning_moves(state, "O"))
        if pressing or urgent > len(found) // 2:   # keep both kinds, about half and half
            urgent += pressing
            found.add(moves)
    return sorted(found, key=lambda moves: (len(moves), moves))


def right_answers(state: ConnectFourState) -> tuple[list[int] | None, str]:
    """The columns the rules accept (None: no rule applies) and which rule decides."""
    me = state.to_move
    opponent = "O" if me == "X" else "X"
    if winning_moves(state, me):
        return winning_moves(state, me), "win"
    if winning_moves(state, opponent):
        return winning_moves(state, opponent), "block"
    return None, "none"


def crashed_on(result: CheckResult, moves: str) -> CheckResult:
    """A crash verdict with the position the student's function raised on."""
    if result.status == FAILED:
        where = f'game.play("{moves}")' if moves else "game.initial_state"
        result.message = _("on {position}, {message}").format(position=where,
                                                               message=result.message)
        result.details = [ConnectFour().render(ConnectFour().play(moves))]
    return result


def _say(columns: list[int]) -> str:
    """Columns in words: 'column 2' or 'column 2 or 5'."""
    return _("column {columns}").format(columns=_(" or ").join(map(str, columns)))


@never_raises(EXERCISE)
def check_rule_move(fn: Callable) -> CheckResult:
    """Compare the student's rule with the rules on every position, fewest discs first."""
    game = ConnectFour()
    tried = positions()
    answers = []
    for moves in tried:
        try:
            answers.append(plain(call(fn, game, game.play(moves))))
        except StudentError as error:
            return crashed_on(crashed(EXERCISE, error), moves)
    if all(answer is None for answer in answers):
        return not_yet(EXERCISE, "rule_move(game, state)")
    for moves, got in zip(tried, answers):
        state = game.play(moves)
        right, rule = right_answers(state)
        if (got is None and right is None) or (right is not None and got in right
                                               and type(got) is int):
            continue
        return _wrong(state, moves, got, right, rule)
    return CheckResult(EXERCISE, PASSED, _(
        "your rule gives a right answer on all {count} positions tried: wins, blocks, both at "
        "once, and quiet positions where it must return None.").format(count=len(tried)))


def _wrong(state: ConnectFourState, moves: str, got: Any, right: list[int] | None,
           rule: str) -> CheckResult:
    """The verdict for the first position where the student's answer is not a right one."""
    me = state.to_move
    opponent = "O" if me == "X" else "X"
    where = f'game.play("{moves}")' if moves else "game.initial_state"
    said = _("rule_move(game, {position}) returned {move}").format(position=where,
                                                                    move=repr(got))
    if rule == "win":
        should = _("{player} to move wins at once with {columns}").format(
            player=me, columns=_say(right or []))
        blocks = winning_moves(state, opponent)
        if got in blocks:
            hint, diagnosis = _("ask 'can I win now?' before 'must I block?': a win ends "
                                "the game, so the opponent's threat no longer matters."), \
                "blocks before winning"
        else:
            hint, diagnosis = _("look for the player to move's own winning columns first: "
                                "heuristics.winning_moves(state, state.to_move)."), \
                "misses the win"
    elif rule == "block":
        should = _("{opponent} would win in {columns} next, and {player} cannot win at once: "
                   "block it there").format(opponent=opponent, columns=_say(right or []),
                                            player=me)
        hint, diagnosis = _("the block is where the *opponent* would win: "
                            "heuristics.winning_moves(state, opponent), with opponent the "
                            "player who is not state.to_move."), "misses the block"
    else:
        should = _("neither player can win with the next disc, so no rule applies: return "
                   "None")
        hint, diagnosis = _("return None when neither winning_moves list has a column."), \
            "answers with no rule"
    return CheckResult(EXERCISE, FAILED, _("{said}; but {should}.").format(said=said,
                                                                           should=should),
                       hint=hint, diagnosis=diagnosis,
                       details=[ConnectFour().render(state),
                                _("{player} to move.").format(player=me)])
