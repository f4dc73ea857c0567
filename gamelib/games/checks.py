"""Checks on what callers hand to a game: whole numbers, moves from other libraries
(numpy), and states that may belong to another game."""

from __future__ import annotations

import operator
from typing import Any

from gamelib.games.base import Game, Move, State


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


def check_state(game: Game, state: State, name: str = "state") -> State:
    """`state` if it is a position of `game` (same kind of game, same board size); else a
    ValueError saying what was expected."""
    expected = type(game.initial_state)
    if type(state) is not expected:
        raise ValueError(f"{name} must be a state of {game!r} (a {expected.__name__}, e.g. "
                         f"game.initial_state or game.play(...)); got {state!r}")
    shape = tuple(getattr(game, attr, None) for attr in ("rows", "cols", "k"))
    if shape != tuple(getattr(state, attr, None) for attr in ("rows", "cols", "k")):
        raise ValueError(f"{name} belongs to a board of another size (rows, cols, k = "
                         f"{state.rows}, {state.cols}, {state.k}); {game!r} needs one of its "
                         f"own")
    if isinstance(state, tuple) and all(isinstance(i, int) for i in state) \
            and hasattr(game, "node"):
        try:
            game.node(state)
        except (IndexError, TypeError):
            raise ValueError(f"{name} {state!r} is not a path in {game!r}") from None
    return state
