"""Every figure the README and the lessons use, regenerated from scratch:
`python -m gamelib figures` (or `make figures`) writes them to figures/ as SVG.

Each figure is a small function from nothing to a picture, seeded, so generating twice
gives identical files (on the same Graphviz and matplotlib versions).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable

from gamelib.arena.tournament import tournament
from gamelib.games import ConnectFour, GameTree, TicTacToe
from gamelib.platform import _, clip, error_line
from gamelib.search import Trace, TranspositionTable, alphabeta, mcts, minimax
from gamelib.viz.iteration import draw_iteration
from gamelib.viz.mcts import draw_mcts
from gamelib.viz.plots import (count_nodes, plot_mcts_convergence, plot_nodes_vs_depth,
                               plot_tournament, save_figure)
from gamelib.viz.rendering import render_svg
from gamelib.viz.tree import draw_tree

TEXTBOOK = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
TICTACTOE_POSITION = [(0, 0), (1, 1), (2, 2), (0, 2), (2, 0)]   # X has a double threat
CONNECT_FOUR_POSITION = "3342"
CONNECT_FOUR_ENDGAME = "1651640611120165355522364563422"    # O to move wins in 3 plies
HORIZON_POSITION = "365231134243"   # depth 2 plays column 2; O wins 4 plies later
TRANSPOSITION_POSITION = [(1, 1), (0, 0), (1, 2), (0, 2), (2, 2)]   # O to move, 2 TT hits
SEED = 2024


def textbook_minimax() -> Any:
    """Minimax on the textbook tree: every leaf evaluated, value 3."""
    return draw_tree(minimax(TEXTBOOK, TEXTBOOK.initial_state, trace=Trace()))


def textbook_alphabeta() -> Any:
    """Alpha-beta on the textbook tree: leaves 4 and 6 pruned."""
    return draw_tree(alphabeta(TEXTBOOK, TEXTBOOK.initial_state, trace=Trace()))


def tictactoe_alphabeta() -> Any:
    """Alpha-beta on a Tic-Tac-Toe position with board thumbnails."""
    game = TicTacToe()
    return draw_tree(alphabeta(game, game.play(TICTACTOE_POSITION), trace=Trace()))


def connect4_alphabeta() -> Any:
    """Depth-3 alpha-beta (centre first) finds a Connect Four win in 3 plies."""
    game = ConnectFour()
    result = alphabeta(game, game.play(CONNECT_FOUR_ENDGAME), depth=3, order="centre",
                       trace=Trace())
    return draw_tree(result)


def _horizon_search(depth: int) -> Any:
    """Alpha-beta (centre first) to `depth` on the horizon-effect position."""
    game = ConnectFour()
    return alphabeta(game, game.play(HORIZON_POSITION), depth=depth, order="centre",
                     trace=Trace())


def horizon_depth_2() -> Any:
    """The horizon effect, depth 2: column 2 looks best at the search's edge."""
    return draw_tree(_horizon_search(2), boards=True, max_nodes=5)


def horizon_depth_4() -> Any:
    """The horizon effect, depth 4: under column 2, O completes four two plies later."""
    return draw_tree(_horizon_search(4), boards=True, max_nodes=9, follow=[2])


def transposition_table() -> Any:
    """Alpha-beta with a transposition table: each hit an edge into its position's node."""
    game = TicTacToe()
    result = alphabeta(game, game.play(TRANSPOSITION_POSITION), tt=TranspositionTable(),
                       trace=Trace())
    return draw_tree(result, merge=True, windows=False, pruned="group")


def _tictactoe_mcts() -> Any:
    """A seeded MCTS search on Tic-Tac-Toe after three moves."""
    game = TicTacToe()
    return mcts(game, game.play([(0, 0), (1, 1), (2, 2)]), iterations=300, seed=SEED,
                trace=Trace())


def tictactoe_mcts() -> Any:
    """The MCTS tree: N, Q and UCB per node, edge width by visits."""
    return draw_mcts(_tictactoe_mcts())


def mcts_iteration() -> Any:
    """One MCTS iteration: selection, expansion, playout, backpropagation."""
    return draw_iteration(_tictactoe_mcts(), 40)


def mcts_solver() -> Any:
    """MCTS-Solver on Tic-Tac-Toe: proven losses and the proven draw that solve the root."""
    game = TicTacToe()
    result = mcts(game, game.play([(0, 0), (1, 1), (0, 1)]), iterations=2000, seed=1,
                  solver=True, trace=Trace())
    return draw_mcts(result, top_k=3, max_depth=2)


def nodes_vs_depth() -> Any:
    """Nodes searched by minimax and alpha-beta variants on Connect Four, depths 1-5."""
    game = ConnectFour()
    counts = count_nodes(game, game.play(CONNECT_FOUR_POSITION), range(1, 6))
    return plot_nodes_vs_depth(counts, title=f"Connect Four, position {CONNECT_FOUR_POSITION}")


def mcts_convergence() -> Any:
    """MCTS on Connect Four: root visit shares and value estimate over 2000 iterations."""
    game = ConnectFour()
    result = mcts(game, game.play(CONNECT_FOUR_POSITION), iterations=2000, seed=SEED,
                  trace=Trace())
    return plot_mcts_convergence(result)


def tournament_results() -> Any:
    """A small seeded Connect Four round robin: random, alpha-beta depth 2, MCTS 200."""
    result = tournament(ConnectFour(), ["random", "alphabeta:2", "mcts:200"], games=10,
                        seed=SEED, progress=False, executor="serial")
    return plot_tournament(result, title="Connect Four round robin, 10 games per pair")


FIGURES: dict[str, Callable[[], Any]] = {
    "textbook-minimax": textbook_minimax,
    "textbook-alphabeta": textbook_alphabeta,
    "tictactoe-alphabeta": tictactoe_alphabeta,
    "connect4-alphabeta": connect4_alphabeta,
    "horizon-depth-2": horizon_depth_2,
    "horizon-depth-4": horizon_depth_4,
    "transposition-table": transposition_table,
    "tictactoe-mcts": tictactoe_mcts,
    "mcts-iteration": mcts_iteration,
    "mcts-solver": mcts_solver,
    "nodes-vs-depth": nodes_vs_depth,
    "mcts-convergence": mcts_convergence,
    "tournament": tournament_results,
}
"""Figure name (the file is figures/NAME.svg) -> the function that makes it."""


def write_figure(name: str, folder: Path) -> Path:
    """Make figure `name` and write it to folder/NAME.svg."""
    picture = FIGURES[name]()
    path = folder / f"{name}.svg"
    if hasattr(picture, "savefig"):
        save_figure(picture, path, format="svg")
    else:
        path.write_text(render_svg(picture), encoding="utf-8")
    return path


def generate(folder: str | Path = "figures", names: list[str] | None = None) -> list[Path]:
    """Write the figures `names` (all by default, with an index README.md) to `folder`;
    returns the paths of the files written."""
    unknown = sorted(set(names or ()) - set(FIGURES))
    if unknown:
        raise ValueError(_("unknown figures {unknown}; the figures are {names}").format(
            unknown=unknown, names=sorted(FIGURES)))
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = [write_figure(name, out) for name in (names or list(FIGURES))]
    if not names:
        paths.append(write_index(out))
    return paths


def write_index(folder: Path) -> Path:
    """figures/README.md: one line per figure, saying what it shows."""
    lines = ["# Figures", "",
             "Generated by `python -m gamelib figures` (or `make figures`); do not edit by "
             "hand. Each figure is made by its function in the FIGURES table of "
             "`gamelib/viz/figures.py`, seeded, so regenerating gives identical files.", ""]
    for name, make in FIGURES.items():
        lines.append(f"- `{name}.svg`: {(make.__doc__ or '').strip()}")
    path = folder / "README.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def add_parser(sub: Any) -> None:
    """Register `python -m gamelib figures [--out DIR] [NAME ...]`."""
    parser = sub.add_parser("figures", help=_("regenerate the figures of the README and "
                                              "lessons (SVG)"))
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=_("only these figures (default: all): {names}").format(
                            names=", ".join(FIGURES)))
    parser.add_argument("--out", default="figures",
                        help=_("output folder (default: figures)"))
    parser.set_defaults(run=run_cli)


def run_cli(args: argparse.Namespace) -> int:
    """Generate the figures and list the files written."""
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        print(error_line(_("--out {folder} is a file; give a folder for the figures (it is "
                           "created if missing)").format(folder=clip(str(out), 200))),
              file=sys.stderr)
        return 2
    try:
        paths = generate(out, args.names or None)
    except ValueError as error:
        print(error_line(clip(str(error))), file=sys.stderr)
        return 2
    except OSError as error:
        where = error.filename or out
        print(error_line(_("cannot write the figures to {folder}: {problem}").format(
            folder=clip(str(where), 200), problem=error.strerror or error)), file=sys.stderr)
        return 2
    for path in paths:
        print(path)
    return 0
