"""Checks on what callers hand to a game: whole numbers, moves from other libraries
(numpy), board sizes, and states that may belong to another game or could never arise in
play. (Long inputs are quoted briefly by `brief`, from quoting.py.)"""

from __future__ import annotations

import operator
from typing import Any

from gamelib.games.base import Game, Move, State
from gamelib.games.quoting import brief
from gamelib.platform import _

MAX_CELLS = 10_000
"""The most cells a board may have (e.g. 1,000 rows x 9 columns, or 100 x 100): beyond,
making the board and its lines would take minutes and gigabytes, and no search could
say anything about it."""


def whole_number(value: Any) -> int | None:
    """`value` as a Python int if it is a whole number (an int or a numpy integer), else
    None. bool is refused (True is not a count or a column), and so are floats, even 3.0."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def plain_move(move: Move) -> Move:
    """`move` with numpy integers turned into Python ints (also inside a (row, col)
    tuple), so np.int64(3) and 3 are the same move in records and tables."""
    if isinstance(move, tuple):
        return tuple(plain_move(part) for part in move)
    if type(move) is int or isinstance(move, bool):
        return move
    number = whole_number(move)
    return move if number is None else number


def check_board_size(rows: Any, cols: Any, k: Any) -> tuple[int, int, int]:
    """(rows, cols, k) as ints if they make a board a game can be played on: positive
    whole numbers, k reachable, at most MAX_CELLS cells; else a ValueError saying which
    number is wrong and what is allowed."""
    for name, value in (("rows", rows), ("cols", cols), ("k", k)):
        number = whole_number(value)
        if number is None or number < 1:
            raise ValueError(_("{name} must be a positive whole number, got {value}").format(
                name=name, value=brief(value)))
    rows, cols, k = operator.index(rows), operator.index(cols), operator.index(k)
    if rows * cols > MAX_CELLS:
        raise ValueError(_("a {rows}x{cols} board has {cells} cells; boards may have at most "
                           "{most:,} (e.g. 100 x 100)").format(rows=rows, cols=cols,
                                                                cells=rows * cols, most=MAX_CELLS))
    if k > max(rows, cols):
        raise ValueError(_("k={k} can never be reached on a {rows}x{cols} board: k must be at "
                           "most {most}").format(k=k, rows=rows, cols=cols, most=max(rows, cols)))
    return rows, cols, k


def turn_problem(to_move: Any, winner: Any, xs: int, os: int, pieces: str) -> str | None:
    """What is wrong with whose turn it is, the winner's name or the counts of X's and O's
    `pieces` ("discs", "marks") in a state, or None: X moves first and the players take
    turns."""
    if to_move not in ("X", "O"):
        return _("to_move must be 'X' or 'O', got {value}").format(value=brief(to_move))
    if winner not in (None, "X", "O"):
        return _("winner must be None, 'X' or 'O', got {value}").format(value=brief(winner))
    if xs - os not in (0, 1):
        return _("X has {xs} {pieces} and O has {os}; X moves first, so X has as many as O or "
                 "one more").format(xs=xs, os=os, pieces=_(pieces))
    if to_move != ("X" if xs == os else "O"):
        return _("X has {xs} {pieces} and O has {os}, so {player} is to move, not "
                 "{to_move!r}").format(xs=xs, os=os, pieces=_(pieces),
                                       player="X" if xs == os else "O", to_move=to_move)
    return None


def line_but_no_winner(player: str, k: int) -> str:
    """The problem of a state where `player` has k in a row and nobody has won."""
    return _("{player} has {k} in a row but winner is None (the game ended with that "
             "line)").format(player=player, k=k)


def winner_without_line(winner: Any, k: int) -> str:
    """The problem of a state whose winner has no k in a row."""
    return _("winner is {winner!r} but {winner} has no {k} in a row").format(winner=winner, k=k)


def check_state(game: Game, state: State, name: str = "state") -> State:
    """`state` if it is a position of `game`; else an error saying what was wrong.

    Every public search, player and `play_game` calls this once, on the state it starts
    from (never per node: it costs a few microseconds). It checks that `game` is a game
    (TypeError), that `state` is a state of that kind of game and board size, and that
    it could arise in play: the game's own `state_problem` (overlapping discs, counts
    that do not alternate, an unknown player to move, a winner without a line...); each
    a ValueError saying what is wrong."""
    if not isinstance(game, Game):
        hint = _(" (a class: call it, e.g. ConnectFour())") if isinstance(game, type) else ""
        raise TypeError(_("game must be a Game such as ConnectFour() or TicTacToe(), got "
                          "{game}").format(game=brief(game)) + hint)
    expected = type(game.initial_state)
    if type(state) is not expected:
        hint = ""
        if isinstance(state, str) and hasattr(game, "cols") and expected is not str:
            hint = _(" (a position string: write game.play({state}))").format(
                state=brief(state))
        elif isinstance(state, type(None)):
            hint = _(" (None: did a search return no move?)")
        raise ValueError(_("{name} must be a state of {game!r} (a {kind}, e.g. "
                           "game.initial_state or game.play(...)); got {state}").format(
            name=name, game=game, kind=expected.__name__, state=brief(state)) + hint)
    rows = getattr(game, "rows", None)
    if rows is not None:
        shape = (rows, getattr(game, "cols", None), getattr(game, "k", None))
        found = (getattr(state, "rows", None), getattr(state, "cols", None),
                 getattr(state, "k", None))
        if shape != found:
            raise ValueError(_("{name} belongs to a board of another size (rows, cols, k = "
                               "{found}); {game!r} needs one of its own").format(
                name=name, found=", ".join(map(brief, found)), game=game))
    problem = game.state_problem(state)
    if problem is not None:
        raise ValueError(_("{name} is not a position of {game!r} that play can reach: "
                           "{problem}").format(name=name, game=game, problem=problem))
    return state
