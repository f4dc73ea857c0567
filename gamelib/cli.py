"""The command line: `python -m gamelib play connect4`, and more subcommands."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from gamelib.arena import GameAbandoned, HumanPlayer, Player, play_game
from gamelib.arena.specs import check_player, player_from_spec
from gamelib.arena.tournament import add_parser as add_tournament_parser
from gamelib.exercises.grade import add_parser as add_grade_parser
from gamelib.lessons import add_parser as add_lessons_parser
from gamelib.viz.figures import add_parser as add_figures_parser
from gamelib.games import BoardGame, ConnectFour, Game, State, TicTacToe
from gamelib.platform import DEFAULT_LANGUAGE, N_, _, clip, error_line, language, ngettext

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""

GAMES: dict[str, type[BoardGame]] = {"tictactoe": TicTacToe, "connect4": ConnectFour}

DEFAULT_OPPONENT = {"tictactoe": "alphabeta", "connect4": "id:1"}
"""Perfect play at Tic-Tac-Toe; one second of iterative deepening per Connect Four move."""


def make_game(name: str) -> BoardGame:
    """The game called `name` (tictactoe or connect4)."""
    return GAMES[name]()


def cmd_play(args: argparse.Namespace) -> int:
    """Play a game against the computer at the terminal."""
    game = make_game(args.game)
    try:
        ai = check_player(game, player_from_spec(args.opponent or DEFAULT_OPPONENT[args.game],
                                                 seed=args.seed), "--opponent")
    except (ValueError, TypeError) as error:
        print(error_line(clip(str(error))), file=sys.stderr)
        return 2
    human = HumanPlayer()
    players: list[Player] = [human, ai] if args.first == "human" else [ai, human]
    try:
        record = play_game(game, players, verbose=False)
    except (EOFError, KeyboardInterrupt, GameAbandoned):
        print("\n" + _("game abandoned"))
        return 1
    print(game.render(record.final_state))
    print(record)
    return 0


def parse_position(game: BoardGame, text: str | None) -> State:
    """The state `text` names: Connect Four column digits, 0-based ("3342"), or a Tic-Tac-Toe
    board row by row ("X...O...." with '.' for empty cells); None: the start."""
    if not text:
        return game.initial_state
    if isinstance(game, ConnectFour):
        return game.play(text)
    board = text.replace("/", "").replace("-", ".").upper()
    if len(board) != game.rows * game.cols or set(board) - set("XO."):
        raise ValueError(_("a Tic-Tac-Toe position is {cells} characters of X, O and '.', "
                           "row by row, e.g. X...O....; got {text!r}").format(
                               cells=game.rows * game.cols, text=text))
    xs, os_ = board.count("X"), board.count("O")
    if xs - os_ not in (0, 1):
        raise ValueError(_("{text!r} cannot happen: X moves first, so X has as many marks "
                           "as O or one more").format(text=text))
    state = game.initial_state
    cells = [(i // game.cols, i % game.cols) for i, mark in enumerate(board)]
    x_cells = [cell for cell, mark in zip(cells, board) if mark == "X"]
    o_cells = [cell for cell, mark in zip(cells, board) if mark == "O"]
    for i, cell in enumerate(x_cells):
        state = game.result(state, cell)
        if i < len(o_cells):
            state = game.result(state, o_cells[i])
    return state


def cmd_analyse(args: argparse.Namespace) -> int:
    """Search one position and print every move's value, the expected line and the cost."""
    game = make_game(args.game)
    try:
        state = parse_position(game, args.position)
        player = check_player(game, player_from_spec(args.player or DEFAULT_OPPONENT[args.game],
                                                     seed=args.seed), "--player")
    except ValueError as error:
        print(error_line(clip(str(error))), file=sys.stderr)
        return 2
    if game.is_terminal(state):
        print(game.render(state))
        print(_("the game is over in this position: nothing to search"))
        return 1
    explain = getattr(player, "explain", None)
    if explain is None:
        print(error_line(_("{player!r} does not search, so it has nothing to explain")
                         .format(player=args.player)), file=sys.stderr)
        return 2
    print(game.render(state))
    print(_("{player} to move").format(player=game.to_move(state)), flush=True)
    from gamelib.solver.cli import Status
    status = Status()
    status.say(_("searching with {player}").format(
        player=clip(args.player or DEFAULT_OPPONENT[args.game], 40)))
    try:
        report = explain(game, state).report()
    finally:
        status.done()
    print(report)
    return 0


def parse_moves(game: Game, text: str) -> list:
    """The moves of a game: Connect Four column digits ("3342"), or Tic-Tac-Toe squares
    as row,col pairs separated by spaces ("1,1 0,0 2,2")."""
    if not text.strip():
        raise ValueError(_("there are no moves to review: give the game's moves, e.g. 3342 "
                           "(Connect Four) or '1,1 0,0 2,2' (Tic-Tac-Toe)"))
    if isinstance(game, ConnectFour):
        game.play(text.strip())           # raises a clear error for a bad string
        return [int(char) for char in text.strip()]
    moves = []
    for word in text.replace(";", " ").split():
        row, _comma, col = word.partition(",")
        if not (row.isdigit() and col.isdigit()):
            raise ValueError(_("a Tic-Tac-Toe game is squares as row,col separated by "
                               "spaces, e.g. '1,1 0,0 2,2'; {word!r} is not one").format(
                                   word=word))
        moves.append((int(row), int(col)))
    game.play(moves)                      # raises a clear error for an illegal move
    return moves


def cmd_review(args: argparse.Namespace) -> int:
    """Mark each move of a game best, fine, mistake or blunder (perfect play)."""
    from gamelib.arena.review import review_game, review_text
    game = make_game(args.game)
    try:
        moves = parse_moves(game, args.moves)
        reviews = review_game(game, moves, side=args.side)
    except ValueError as error:
        print(error_line(clip(str(error))), file=sys.stderr)
        return 2
    name = (lambda m: _("column {column}").format(column=m)) if isinstance(game, ConnectFour) \
        else (lambda m: _("row {row}, col {col}").format(row=m[0], col=m[1]))
    print(review_text(game, reviews, name))
    return 0


def add_solver_commands(sub: argparse._SubParsersAction) -> None:
    """The solver's `solve` and `book` subcommands (imported here: numba loads lazily)."""
    from gamelib.solver.cli import add_commands
    add_commands(sub)


def program_name(argv0: str | None = None) -> str:
    """How the user started us, for usage lines: "gamelib" (the installed script) or
    "python -m gamelib"."""
    name = os.path.basename(sys.argv[0] if argv0 is None else argv0)
    return "python -m gamelib" if name in ("__main__.py", "", "-c") else name


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    from gamelib import __version__
    parser = argparse.ArgumentParser(prog=program_name(),
                                     description=_("Play, search and solve two-player games."))
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {__version__} (gamelib-course)",
                        help=_("show program's version number and exit"))
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help=_("play against the computer in this terminal"))
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--first", choices=["human", "ai"], default="human",
                      help=_("who moves first (default: human)"))
    play.add_argument("--opponent", default=None,
                      help=_("the computer player, e.g. random, alphabeta:4, mcts:2000"))
    play.add_argument("--seed", type=int, default=None, help=_("seed for a random opponent"))
    play.set_defaults(run=cmd_play)
    analyse = sub.add_parser("analyse", aliases=["analyze"],
                             help=_("search a position and explain the best move"))
    analyse.add_argument("game", choices=sorted(GAMES))
    analyse.add_argument("position", nargs="?", default="",
                         help=_("Connect Four: 0-based column digits, e.g. 3342; Tic-Tac-Toe: "
                                "the board row by row, e.g. X...O.... (default: the start)"))
    analyse.add_argument("--player", default=None,
                         help=_("the search: minimax[:depth], alphabeta[:depth], "
                                "id[:seconds], mcts[:iterations] (default: alphabeta for "
                                "Tic-Tac-Toe, id:1 for Connect Four)"))
    analyse.add_argument("--seed", type=int, default=None, help=_("seed for MCTS"))
    analyse.set_defaults(run=cmd_analyse)
    review = sub.add_parser("review", help=_("mark each move of a game best, fine, mistake "
                                             "or blunder, with perfect play"))
    review.add_argument("game", choices=sorted(GAMES))
    review.add_argument("moves", help=_("Connect Four: column digits, e.g. 3342; "
                                        "Tic-Tac-Toe: squares as row,col, e.g. '1,1 0,0 2,2'"))
    review.add_argument("--side", choices=["X", "O"], default=None,
                        help=_("review only this side's moves (default: both)"))
    review.set_defaults(run=cmd_review)
    add_tournament_parser(sub, GAMES)
    add_figures_parser(sub)
    add_solver_commands(sub)
    add_grade_parser(sub)
    add_lessons_parser(sub)
    return parser


ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"), N_("expected one argument"),
    N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"))
"""The words argparse itself writes (Python 3.11's), so that they have translations here:
Python ships no Korean catalog for them. A word argparse adds later stays English, and so
does one Python 3.10 writes without gettext ("argument --lang: ...")."""


def speak_in_argparse() -> None:
    """Have argparse write its own words (usage:, error:, invalid choice...) in gamelib's
    language: it looks each one up with gettext when it writes it, by the module's names
    `_` and `ngettext`, which are pointed at gamelib's catalog (English is unchanged)."""
    if language() != DEFAULT_LANGUAGE:
        setattr(argparse, "_", _)
        setattr(argparse, "ngettext", ngettext)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status. Ctrl-C ends any command with one
    line and the status 130, never a traceback."""
    try:
        speak_in_argparse()
        args = build_parser().parse_args(argv)
        status = args.run(args)
        sys.stdout.flush()                  # a closed pipe says so here, not at exit
        return status
    except KeyboardInterrupt:
        print("\n" + _("interrupted"), file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:                 # the reader went away (`... | head -1`)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())   # so that the exit's flush says nothing
        return 1
