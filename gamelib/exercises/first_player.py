"""Check for lesson 00's first task: `centre_player(game, state)`, a Connect Four player
that plays column 3 while it has room, else the lowest-numbered legal column.

The check asks the student's player for a move on Connect Four positions (the empty board,
positions with the centre column full, and random positions), smallest first, and shows
the first position where its move differs from the model solution's.
"""

from __future__ import annotations

import random

from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, never_raises, not_yet, plain)
from gamelib.exercises.rules import crashed_on
from gamelib.exercises.solutions.first_player import centre_player as reference
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.platform import N_, _

EXERCISE = N_("the centre player")


def positions(count: int = 120, seed: int = 0) -> list[str]:
    """Unfinished positions as column strings, fewest discs first: the empty board, the
    centre column filled (alone and with other full columns), and random games."""
    game = ConnectFour()
    found = {moves for moves in ("", "3", "33", "333333", "3333330", "33333300000",
                                 "333333000000", "3333330000001111112", "3333335")
             if not game.is_terminal(game.play(moves))}
    rng = random.Random(seed)
    while len(found) < count:
        moves = ""
        state = game.initial_state
        for _ in range(rng.randint(1, 30)):
            legal = game.actions(state)
            column = 3 if 3 in legal and rng.random() < 0.4 else rng.choice(legal)
            after = game.result(state, column)
            if game.is_terminal(after):
                break
            moves, state = moves + str(column), after
        found.add(moves)
    return sorted(found, key=lambda moves: (len(moves), moves))


def picture(state: ConnectFourState) -> str:
    """The board as text, with column numbers."""
    return ConnectFour().render(state)


@never_raises(EXERCISE)
def check_centre_player(fn) -> CheckResult:
    """Compare the student's player with the model solution on every position, smallest first."""
    game = ConnectFour()
    tried = positions()
    for moves in tried:
        state = game.play(moves)
        right = reference(game, state)
        try:
            got = plain(call(fn, game, state))
        except StudentError as error:
            return crashed_on(crashed(EXERCISE, error), moves)
        if got is None and moves == "":
            return not_yet(EXERCISE, "centre_player(game, game.initial_state)")
        if got == right and type(got) is int:
            continue
        legal = game.actions(state)
        shown = f'game.play("{moves}")' if moves else "game.initial_state"
        if got not in legal:
            why = _("{move} is not a legal move here; the legal columns are {legal}").format(
                move=repr(got), legal=", ".join(map(str, legal)))
            hint = _("a move is a column number, an int from 0 to 6; game.actions(state) "
                     "lists the columns that still have room.")
            diagnosis = "illegal move"
        elif 3 in legal:
            why = _("column 3 still has room, so the player takes it, not column {move}")\
                .format(move=got)
            hint = _("test first whether 3 is in game.actions(state).")
            diagnosis = "misses the centre"
        else:
            why = _("column 3 is full, so the player takes the lowest-numbered legal column, "
                    "{right}, not {move}").format(right=right, move=got)
            hint = _("when 3 is not in game.actions(state), take min(game.actions(state)): "
                     "the lowest-numbered column that still has room.")
            diagnosis = "wrong fallback"
        return CheckResult(EXERCISE, FAILED, _(
            "on {position} ({discs} discs played), centre_player(game, state) returned "
            "{move}; it should return {right}: {why}.").format(
                position=shown, discs=len(moves), move=repr(got), right=right, why=why),
            hint=hint, diagnosis=diagnosis, details=[picture(state)])
    return CheckResult(EXERCISE, PASSED, _(
        "your player makes the right move on all {count} positions tried, from the empty "
        "board to boards whose centre column is full.").format(count=len(tried)))
