"""The opponent menu of a PlayBoard: every player that exists, with strength presets."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from gamelib.arena.specs import FACTORIES, player_from_spec
from gamelib.games.base import BoardGame, Game, Move, State
from gamelib.games.connect4 import ConnectFour
from gamelib.search.result import SearchResult

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


CONNECT_FOUR_PRESETS = [
    Preset("Random", "random"),
    Preset("Minimax, depth 2 (easy)", "minimax:2"),
    Preset("Minimax, depth 3", "minimax:3"),
    Preset("Alpha-beta, depth 2 (easy)", "alphabeta:2"),
    Preset("Alpha-beta, depth 4 (medium)", "alphabeta:4"),
    Preset("Alpha-beta, depth 6 (hard)", "alphabeta:6"),
    Preset("Iterative deepening, 1 s", "id:1"),
    Preset("Iterative deepening, 3 s", "id:3"),
    Preset("MCTS, 200 iterations (easy)", "mcts:200"),
    Preset("MCTS, 1000 iterations (medium)", "mcts:1000"),
    Preset("MCTS, 4000 iterations (hard)", "mcts:4000"),
    Preset("MCTS-Solver, 4000 iterations (sees forced wins)", "mcts-solver:4000"),
    Preset("Perfect solver (up to 10 s a move)", "perfect:10"),
]

TIC_TAC_TOE_PRESETS = [
    Preset("Random", "random"),
    Preset("MCTS, 30 iterations (easy)", "mcts:30"),
    Preset("MCTS, 1000 iterations (strong)", "mcts:1000"),
    Preset("MCTS-Solver, 1000 iterations (proves wins and losses)", "mcts-solver:1000"),
    Preset("Alpha-beta, full depth (perfect)", "alphabeta"),
    Preset("Minimax, full depth (perfect; slow first move)", "minimax"),
]
"""Tic-Tac-Toe has no evaluation function, so its searches go to the end of the game
(offered on the 3x3 board only: bigger boards get random and MCTS)."""

DEFAULTS = {"random": "random", "minimax": "minimax:3", "alphabeta": "alphabeta:4",
            "id": "id:1", "mcts": "mcts:1000", "mcts-solver": "mcts-solver:1000",
            "perfect": "perfect:10"}
"""The preset a bare name stands for on Connect Four (Tic-Tac-Toe searches to the end)."""


def presets_for(game: BoardGame) -> list[Preset]:
    """The menu for `game`: the presets whose player exists (is registered) right now."""
    presets = CONNECT_FOUR_PRESETS if isinstance(game, ConnectFour) else TIC_TAC_TOE_PRESETS
    if isinstance(game, ConnectFour) and (game.rows, game.cols, game.k) != (6, 7, 4):
        presets = [p for p in presets if p.name != "perfect"]
    if not isinstance(game, ConnectFour) and game.rows * game.cols > 9:
        presets = [p for p in presets if ":" in p.spec or p.name == "random"]
    return [p for p in presets if p.name in FACTORIES]


def default_opponent(game: BoardGame) -> str:
    """The opponent a board starts with: a solid search that answers within a second."""
    if isinstance(game, ConnectFour):
        return "alphabeta:4"
    return "alphabeta" if game.rows * game.cols <= 9 else "mcts:1000"


def default_spec(game: Game, name: str) -> str:
    """The spec of a bare name ("alphabeta") on `game`, or `name` itself if it has a setting."""
    if ":" in name:
        return name
    if not isinstance(game, ConnectFour):
        return {"minimax": "minimax", "alphabeta": "alphabeta"}.get(
            name, DEFAULTS.get(name, name))
    return DEFAULTS.get(name, name)


def make_player(spec: str, seed: int | None = None) -> Any:
    """The player a spec names (a clear error names the known players)."""
    return player_from_spec(spec, seed=seed)


def choose_move(player: Any, game: Game, state: State) -> tuple[Move, SearchResult | None]:
    """Ask `player` for a move, with its explanation when it can give one."""
    explain = getattr(player, "explain", None)
    if explain is not None:
        result = explain(game, state)
        if result is not None and result.move is not None:
            return result.move, result
    move = player(game, state)
    return move, getattr(player, "last_result", None)
