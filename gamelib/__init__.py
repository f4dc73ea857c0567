"""gamelib: how computers play two-player, zero-sum games of perfect information.

Notebooks start with one import line, e.g.
`from gamelib import TicTacToe, ConnectFour, GameTree, minimax, alphabeta, Trace`.
"""

from gamelib.arena import (AlphaBetaPlayer, HumanPlayer, MCTSPlayer, MinimaxPlayer,
                           RandomPlayer, match, play_game, tournament)
from gamelib.games import ConnectFour, GameTree, IllegalMoveError, TicTacToe, from_standard
from gamelib.platform import in_browser, language, set_language
from gamelib.search import (NaiveCache, Trace, TranspositionTable, alphabeta,
                            iterative_deepening, mcts, minimax)

__version__ = "0.1.0"

# What the lessons and the README import from here (tests/test_public_names.py checks it),
# and the players, which a user expects beside the ones the lessons happen to use.
# `gamelib.set_language("ko")` and `gamelib.language()` are called on the package itself.
# Everything else is imported from its subpackage: gamelib.games, gamelib.search,
# gamelib.arena, gamelib.viz, gamelib.exercises, ...
__all__ = ["TicTacToe", "ConnectFour", "GameTree", "IllegalMoveError", "from_standard",
           "minimax", "alphabeta", "iterative_deepening", "mcts", "Trace",
           "TranspositionTable", "NaiveCache", "play_game", "match", "tournament",
           "RandomPlayer", "HumanPlayer", "MinimaxPlayer", "AlphaBetaPlayer", "MCTSPlayer"]

_WIDGETS = ("PlayBoard", "SearchStepper", "MCTSStepper")
__all__ += list(_WIDGETS)

# Loaded on first use too, so lessons can import them in their one `from gamelib import` line
_LAZY = {"draw_tree": "gamelib.viz", "draw_mcts": "gamelib.viz",
         "draw_iteration": "gamelib.viz", "plot_deepening": "gamelib.viz",
         "new_plot": "gamelib.viz",
         "check_eval_fn": "gamelib.exercises", "check_ucb": "gamelib.exercises",
         "check_backprop": "gamelib.exercises", "PerfectPlayer": "gamelib.solver"}
__all__ += list(_LAZY)


if in_browser():     # the course in a browser: start loading the drawing program now
    from gamelib.viz.rendering import start_browser_renderer
    start_browser_renderer()


def __getattr__(name: str):
    """The widgets load on first use (they import ipywidgets, which scripts don't need)."""
    if name in _WIDGETS:
        from gamelib import widgets
        return getattr(widgets, name)
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'gamelib' has no attribute {name!r}")
