"""The 7x6 evaluation that ships with gamelib, and the standard positions it is graded on.

The file gamelib/data/ntuple_7x6.npz was made by scripts/train_ntuple.py with its
defaults (70 random-walk n-tuples of 7 cells, 4 cell states, alpha 0.01, epsilon 0.1,
TD(0)); the games played and the seconds they took are kept in the file (`info`).
Running the same command on that file resumes the training where it stopped.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from gamelib.games.connect4 import ConnectFour
from gamelib.heuristics.measure import ChoicePosition
from gamelib.learning.ntuple import NTupleNetwork
from gamelib.solver.api import analyze
from gamelib.solver.steps import load_test_set

SHIPPED = "ntuple_7x6.npz"
"""The shipped network's file name in gamelib/data."""

TRAIN_COMMAND = "python scripts/train_ntuple.py --games {games} --every 10000 --out ntuple_7x6.npz"
"""The command that made the shipped network (and resumes it, run on a copy of the file)."""


def shipped_path() -> Path:
    """Where the shipped network's file is."""
    return Path(str(resources.files("gamelib") / "data" / SHIPPED))


def load_shipped() -> NTupleNetwork:
    """The trained 7x6 Connect Four network that ships with gamelib (a fresh copy)."""
    return NTupleNetwork.load(shipped_path())


def train_command(network: NTupleNetwork) -> str:
    """The command line that trains a network like `network` (as many games, same settings)."""
    return TRAIN_COMMAND.format(games=int(network.info.get("games", 0)))


def standard_positions(name: str, count: int) -> list[ChoicePosition]:
    """The positions among the first `count` of the standard test set `name` ("L2_R1")
    where the move matters: some moves keep the exact value and some do not, with every
    move's exact score."""
    game, found = ConnectFour(), []
    for moves, _ in load_test_set(name, count).positions:
        scores = dict(analyze(game.play(moves), weak=True))
        position = ChoicePosition(game.play(moves), scores)
        if not all(position.keeps_value(move) for move in scores):
            found.append(position)
    return found
