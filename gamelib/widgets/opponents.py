"""The opponent menu of a PlayBoard: every player that exists, with strength presets."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from gamelib.arena.specs import FACTORIES, player_from_spec
from gamelib.games.base import Game, Move, State
from gamelib.search.result import SearchResult
from gamelib.search.trace import Trace

# Importing these packages registers their players ("minimax", "alphabeta", "id",
# "mcts", "perfect") in gamelib.arena.specs.FACTORIES; a package still missing is skipped.
for _package in ("gamelib.search", "gamelib.solver"):
    try:
        importlib.import_module(_package)
    except ImportError:
        pass


@dataclass(frozen=True)
class Preset:
    """One entry of the opponent menu: a label and the player spec it builds."""

    label: str
    spec: str

    @property
    def name(self) -> str:
        """The player's name: the part of the spec before the colon."""
        return self.spec.partition(":")[0]


def presets_for(game: Game) -> list[Preset]:
    """The menu for `game`: its adapter's presets whose player exists (is registered)."""
    from gamelib.widgets.adapters import adapter_for
    return [p for p in adapter_for(game).presets() if p.name in FACTORIES]


def make_player(spec: str, seed: int | None = None) -> Any:
    """The player a spec names (a clear error names the known players)."""
    return player_from_spec(spec, seed=seed)


TREE_PLIES = 2
"""How many plies below the root a board's search records, for "Show the tree"."""


def records_its_tree(player: Any) -> bool:
    """True for players whose search records a bounded trace while it chooses (minimax,
    alpha-beta, iterative deepening, MCTS); random and perfect players record nothing."""
    from gamelib.search.players import SearchPlayer
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
