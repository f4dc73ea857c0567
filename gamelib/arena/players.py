"""Players: anything callable as `player(game, state) -> move`."""

from __future__ import annotations

import random
import re
import sys
from typing import Callable, Protocol, TextIO

from gamelib.arena.play import GameAbandoned
from gamelib.games.base import Game, Move, State
from gamelib.games.checks import check_state
from gamelib.platform import _


class Player(Protocol):
    """A player chooses a legal move for the player to move in `state`."""

    def __call__(self, game: Game, state: State) -> Move: ...


class RandomPlayer:
    """Plays a uniformly random legal move; seedable, so games are reproducible."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def set_seed(self, seed: int | None) -> None:
        """Restart the random stream (play_game calls this when given a seed)."""
        self.seed = seed
        self.rng = random.Random(seed)

    def __call__(self, game: Game, state: State) -> Move:
        check_state(game, state)
        return self.rng.choice(game.actions(state))

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"


class HumanPlayer:
    """Asks at the terminal: shows the board and the legal moves, re-asks on bad input.

    Input is parsed, never evaluated: a column number for Connect Four (as labelled
    under the board), "row col" for Tic-Tac-Toe, a child index for game trees.
    """

    def __init__(self, read: Callable[[str], str] = input, out: TextIO | None = None) -> None:
        self.read = read
        self.out = out

    def __call__(self, game: Game, state: State) -> Move:
        out = self.out or sys.stdout
        check_state(game, state)
        legal = game.actions(state)
        print(game.render(state), file=out)
        while True:
            try:
                text = self.read(_("{player} to move; legal moves {moves}: ").format(
                    player=game.to_move(state), moves=legal))
            except (EOFError, KeyboardInterrupt):   # Ctrl-D / Ctrl-C: leave, not forfeit
                raise GameAbandoned(_("{player} left the game").format(
                    player=game.to_move(state))) from None
            move = parse_move(text, legal)
            if move is not None:
                return move
            print(_("{text!r} is not a legal move; type one of {moves} (plain digits 0-9; "
                    "for (row, col) moves two numbers, like: 1 2)").format(
                        text=text.strip()[:40], moves=legal), file=out)

    def __repr__(self) -> str:
        return "HumanPlayer()"


NUMBER = re.compile(r"-?[0-9]{1,9}")
"""A whole number as a human types it: ASCII digits only (not '²' or other Unicode
digits), at most one minus sign, short enough that int() always reads it."""


def parse_move(text: str, legal: list[Move]) -> Move | None:
    """The legal move `text` names ("3", "1 2", "(1, 2)"), or None; never evaluates input."""
    cleaned = text.replace("(", " ").replace(")", " ").replace(",", " ").split()
    if not cleaned or not all(NUMBER.fullmatch(part) for part in cleaned):
        return None
    numbers = tuple(int(part) for part in cleaned)
    candidate: Move = numbers[0] if len(numbers) == 1 else numbers
    return candidate if candidate in legal else None
