"""Move ordering for alpha-beta: search the likely best moves first, so cutoffs come early.

An orderer is a function `(game, state, moves) -> moves` returning the same moves in the
order to search them. `alphabeta(order=...)` takes one of these functions or a name:

- "centre": moves closest to the middle of the board first (Connect Four columns,
  Tic-Tac-Toe cells); in both games central moves take part in the most lines.
- "eval": the move whose resulting position the evaluation function likes best for the
  player making it comes first (one evaluation per child: worth it deep in a tree).
"""

from __future__ import annotations

import math
from typing import Any, Callable

from gamelib.games.base import BoardGame, Game, Move, State
from gamelib.platform import _

Orderer = Callable[[Game, State, list], list]


def centre_first(game: Game, state: State, moves: list[Move]) -> list[Move]:
    """Moves sorted by their distance from the centre of the board (ties: game order).

    Columns (ints) are measured from the middle column, (row, col) cells from the middle
    cell; other moves keep their order.
    """
    if not isinstance(game, BoardGame) or not moves:
        return moves
    cols = game.cols
    if isinstance(moves[0], tuple):
        mid_r, mid_c = (game.rows - 1) / 2, (cols - 1) / 2
        return sorted(moves, key=lambda m: abs(m[0] - mid_r) + abs(m[1] - mid_c))
    middle = (cols - 1) / 2
    return sorted(moves, key=lambda column: abs(column - middle))


def by_evaluation(eval_fn: Callable[[State, str], float]) -> Orderer:
    """An orderer that tries first the move whose child position `eval_fn` scores highest
    for the player making it."""

    def order(game: Game, state: State, moves: list[Move]) -> list[Move]:
        mover = game.to_move(state)

        def score(move: Move) -> float:
            child = game.result(state, move)
            if game.is_terminal(child):            # a win first, a loss last
                utility = game.utility(child, mover)
                return math.inf if utility > 0 else -math.inf if utility < 0 else 0.0
            return eval_fn(child, mover)

        return sorted(moves, key=score, reverse=True)

    return order


def resolve_order(order: Any, eval_fn: Callable | None) -> Orderer | None:
    """The orderer `order` names (None, "centre", "eval" or a function)."""
    if order is None or callable(order):
        return order
    if order in ("centre", "center"):
        return centre_first
    if order == "eval":
        if eval_fn is None:
            raise ValueError(_('order="eval" needs an evaluation function (eval_fn=..., or '
                               'a game with `evaluate`)'))
        return by_evaluation(eval_fn)
    raise ValueError(_("unknown move order {order!r}: use None, 'centre', 'eval' or a "
                       "function (game, state, moves) -> moves").format(order=order))
