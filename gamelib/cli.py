"""The command line: `python -m gamelib play connect4`, and more subcommands."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from gamelib.arena import HumanPlayer, play_game
from gamelib.arena.specs import player_from_spec
from gamelib.arena.tournament import add_parser as add_tournament_parser
from gamelib.viz.figures import add_parser as add_figures_parser
from gamelib.games import ConnectFour, Game, TicTacToe

GAMES = {"tictactoe": TicTacToe, "connect4": ConnectFour}

DEFAULT_OPPONENT = {"tictactoe": "random", "connect4": "random"}


def make_game(name: str) -> Game:
    """The game called `name` (tictactoe or connect4)."""
    return GAMES[name]()


def cmd_play(args: argparse.Namespace) -> int:
    """Play a game against the computer at the terminal."""
    game = make_game(args.game)
    try:
        ai = player_from_spec(args.opponent or DEFAULT_OPPONENT[args.game], seed=args.seed)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    human = HumanPlayer()
    players = [human, ai] if args.first == "human" else [ai, human]
    try:
        record = play_game(game, players, verbose=False)
    except (EOFError, KeyboardInterrupt):
        print("\ngame abandoned")
        return 1
    print(game.render(record.final_state))
    print(record)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="python -m gamelib",
                                     description="Play, search and solve two-player games.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play against the computer in this terminal")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--first", choices=["human", "ai"], default="human",
                      help="who moves first (default: human)")
    play.add_argument("--opponent", default=None,
                      help="the computer player, e.g. random, alphabeta:4, mcts:2000")
    play.add_argument("--seed", type=int, default=None, help="seed for a random opponent")
    play.set_defaults(run=cmd_play)
    add_tournament_parser(sub, GAMES)
    add_figures_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    return args.run(args)
