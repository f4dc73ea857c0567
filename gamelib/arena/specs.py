"""Players by name, for the command line and menus: "random", "alphabeta:4", "mcts:2000"."""

from __future__ import annotations

from typing import Callable

from gamelib.arena.players import RandomPlayer

PlayerFactory = Callable[[str | None, int | None], object]
"""Makes a player from the text after the colon (or None) and a seed."""


def _random(arg: str | None, seed: int | None) -> RandomPlayer:
    """random: a uniformly random legal move."""
    if arg is not None:
        raise ValueError("'random' takes no setting (write just 'random')")
    return RandomPlayer(seed=seed)


FACTORIES: dict[str, PlayerFactory] = {"random": _random}
"""Every name `player_from_spec` knows, mapped to its factory."""


def player_from_spec(spec: str, seed: int | None = None) -> object:
    """Build a player from "name" or "name:setting"; a bad spec says what is allowed."""
    name, _, arg = spec.strip().partition(":")
    factory = FACTORIES.get(name.lower())
    if factory is None:
        raise ValueError(f"unknown player {name!r}; known players: {', '.join(FACTORIES)} "
                         "(e.g. random, alphabeta:4, mcts:2000)")
    return factory(arg or None, seed)
