"""How a PlayBoard asks its opponent for a move, with the explanation and the top of the
search tree when the player can give them (the menu itself: each adapter's `presets`)."""

from __future__ import annotations

from typing import Any

from gamelib.games.base import Game, Move, State
from gamelib.search.players import SearchPlayer
from gamelib.search.result import SearchResult
from gamelib.search.trace import Trace


TREE_PLIES = 2
"""How many plies below the root a board's search records, for "Show the tree"."""


def records_its_tree(player: Any) -> bool:
    """True for players whose search records a bounded trace while it chooses (minimax,
    alpha-beta, iterative deepening, MCTS); random and perfect players record nothing."""
    return isinstance(player, SearchPlayer)


def choose_move(player: Any, game: Game, state: State, tree_plies: int | None = None
                ) -> tuple[Move, SearchResult | None]:
    """Ask `player` for a move, with its explanation when it can give one; with
    `tree_plies`, a search player records the top of its own search (no second search)."""
    explain = getattr(player, "explain", None)
    if explain is not None:
        if tree_plies is not None and records_its_tree(player):
            result = explain(game, state, trace=Trace(max_ply=tree_plies))
        else:
            result = explain(game, state)
        if result is not None and result.move is not None:
            return result.move, result
    move = player(game, state)
    return move, getattr(player, "last_result", None)
