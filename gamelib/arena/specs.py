"""Players by name, for the command line and menus: "random", "alphabeta:4", "mcts:2000"."""

from __future__ import annotations

import re
from typing import Any, Callable

from gamelib.arena.play import check_plays
from gamelib.arena.players import Player, RandomPlayer
from gamelib.games.base import Game
from gamelib.platform import N_, _
from gamelib.search.players import AlphaBetaPlayer, MCTSPlayer, MinimaxPlayer

PlayerFactory = Callable[[str | None, int | None], Player]
"""Makes a player from the text after the colon (or None) and a seed."""

WHOLE = re.compile(r"[0-9]{1,9}")
"""A setting that is a whole number: ASCII digits only (not '²' or '-1'), nine at most."""

SECONDS = re.compile(r"([0-9]{1,9}(\.[0-9]{0,9})?|\.[0-9]{1,9})s?")
"""A setting that is a time in seconds: "1.5", "0.5s" (ASCII digits, no sign, no 'inf')."""


def _random(arg: str | None, seed: int | None) -> RandomPlayer:
    """random: a uniformly random legal move."""
    if arg is not None:
        raise ValueError(_("'random' takes no setting (write just 'random')"))
    return RandomPlayer(seed=seed)


def _depth(name: str, arg: str | None) -> int | None:
    """The depth in "minimax:3" / "alphabeta:4" (None: search to the end of the game)."""
    if arg is None:
        return None
    if not WHOLE.fullmatch(arg) or int(arg) < 1:
        raise ValueError(_("'{name}:{setting}': the setting is a depth in plies, a whole "
                           "number >= 1 (e.g. {name}:4), or leave it out to search to the "
                           "end").format(name=name, setting=arg))
    return int(arg)


def _seconds(name: str, arg: str | None, default: float) -> float:
    """The seconds in "id:1.5" or "mcts:0.5s"."""
    if arg is None:
        return default
    if not SECONDS.fullmatch(arg) or not float(arg.rstrip("s")) > 0:
        raise ValueError(_("'{name}:{setting}': the setting is a time in seconds, a number "
                           "> 0 (e.g. {name}:1.5)").format(name=name, setting=arg))
    return float(arg.rstrip("s"))


def _minimax(arg: str | None, seed: int | None) -> MinimaxPlayer:
    """minimax[:depth]: minimax to the end of the game, or `depth` plies with an evaluation."""
    return MinimaxPlayer(depth=_depth("minimax", arg))


def _alphabeta(arg: str | None, seed: int | None) -> AlphaBetaPlayer:
    """alphabeta[:depth]: alpha-beta (centre-first order, transposition table)."""
    return AlphaBetaPlayer(depth=_depth("alphabeta", arg))


def _iterative(arg: str | None, seed: int | None) -> AlphaBetaPlayer:
    """id[:seconds]: iterative-deepening alpha-beta with a time limit per move (1 s)."""
    return AlphaBetaPlayer(time_limit=_seconds("id", arg, 1.0))


def _mcts(arg: str | None, seed: int | None, solver: bool = False) -> MCTSPlayer:
    """mcts[:iterations | :seconds s]: Monte Carlo Tree Search (1000 iterations)."""
    name = "mcts-solver" if solver else "mcts"
    if arg is None:
        return MCTSPlayer(iterations=1000, seed=seed, solver=solver)
    if arg.endswith("s"):
        return MCTSPlayer(time_limit=_seconds(name, arg, 1.0), seed=seed, solver=solver)
    if not WHOLE.fullmatch(arg) or int(arg) < 1:
        raise ValueError(_("'{name}:{setting}': the setting is a number of iterations >= 1 "
                           "({name}:2000) or seconds ({name}:0.5s)").format(name=name,
                                                                           setting=arg))
    return MCTSPlayer(iterations=int(arg), seed=seed, solver=solver)


def _mcts_solver(arg: str | None, seed: int | None) -> MCTSPlayer:
    """mcts-solver[:iterations | :seconds s]: MCTS that also proves wins, draws and
    losses (MCTS-Solver), plays proven wins and avoids proven losses."""
    return _mcts(arg, seed, solver=True)


def _perfect(arg: str | None, seed: int | None) -> Player:
    """perfect[:seconds]: the exact Connect Four solver (opening book, then at most
    `seconds` of solving per move, 30 by default)."""
    from gamelib.solver import PerfectPlayer  # imported on demand: it loads numba
    return PerfectPlayer(time_limit=_seconds("perfect", arg, 30.0))


def _td(arg: str | None, seed: int | None) -> Player:
    """td[:depth]: alpha-beta to `depth` plies (1) with the evaluation learned by
    self-play that ships with gamelib (7x6 Connect Four only), every column's value
    searched in full so that its explanation can give them all."""
    from gamelib.learning import LearnedPlayer, load_shipped
    if arg is not None and (not WHOLE.fullmatch(arg) or int(arg) < 1):
        raise ValueError(_("'td:{setting}': the setting is a depth in plies, a whole number "
                           ">= 1 (e.g. td:2), or leave it out for depth 1").format(setting=arg))
    return LearnedPlayer(load_shipped(), depth=1 if arg is None else int(arg), all_values=True)


FACTORIES: dict[str, PlayerFactory] = {"random": _random, "minimax": _minimax,
                                       "alphabeta": _alphabeta, "id": _iterative,
                                       "mcts": _mcts, "mcts-solver": _mcts_solver,
                                       "perfect": _perfect, "td": _td}
"""Every name `player_from_spec` knows, mapped to its factory."""

EXAMPLES = N_("e.g. random, alphabeta:4, id:1.5, mcts:2000, mcts:0.5s, td:2")


def player_from_spec(spec: str, seed: int | None = None) -> Player:
    """Build a player from "name" or "name:setting"; a bad spec says what is allowed."""
    if not isinstance(spec, str):
        raise TypeError(_("a player spec is a string such as 'alphabeta:4'; got {spec!r}")
                        .format(spec=spec))
    name, _colon, arg = spec.strip().partition(":")
    factory = FACTORIES.get(name.lower())
    if factory is None:
        raise ValueError(_("unknown player {name!r}; known players: {players} ({examples})")
                         .format(name=name, players=", ".join(FACTORIES),
                                 examples=_(EXAMPLES)))
    return factory(arg or None, seed)


def check_player(game: Game, player: Any, role: str = "the player") -> Any:
    """`player` if it is a player that can play `game`: a callable (game, state) -> move
    (boards and matches call this when they are given one, so a bad one fails at once)."""
    if not callable(player):
        raise TypeError(_("{role} must be a player, a function (game, state) -> move, or a "
                          "name ({players}; {examples}); got {player!r}").format(
                              role=role, players=", ".join(FACTORIES), examples=_(EXAMPLES),
                              player=player))
    check_plays(game, player, role)
    return player
