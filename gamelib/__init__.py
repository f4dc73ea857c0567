"""gamelib: how computers play two-player, zero-sum games of perfect information.

Notebooks start with one import line, e.g.
`from gamelib import TicTacToe, ConnectFour, GameTree, minimax, alphabeta, Trace`.
"""

from gamelib.arena import (AlphaBetaPlayer, GameRecord, HumanPlayer, MatchResult,
                           MCTSPlayer, MinimaxPlayer, RandomPlayer, TournamentResult, match,
                           play_game, tournament)
from gamelib.games import (ConnectFour, Game, GameTree, IllegalMoveError, TicTacToe,
                           from_standard, to_standard)
from gamelib.platform import in_browser
from gamelib.search import (NaiveCache, SearchResult, Trace, TranspositionTable, alphabeta,
                            iterative_deepening, mcts, minimax)

__version__ = "0.1.0"

__all__ = ["Game", "TicTacToe", "ConnectFour", "GameTree", "IllegalMoveError",
           "from_standard", "to_standard",
           "SearchResult", "Trace", "GameRecord", "play_game", "RandomPlayer",
           "HumanPlayer", "match", "MatchResult", "tournament", "TournamentResult",
           "minimax", "alphabeta", "iterative_deepening", "mcts", "TranspositionTable",
           "NaiveCache", "MinimaxPlayer", "AlphaBetaPlayer", "MCTSPlayer"]

_WIDGETS = ("PlayBoard", "SearchStepper", "MCTSStepper")
__all__ += list(_WIDGETS)

# Loaded on first use too, so lessons can import them in their one `from gamelib import` line
_LAZY = {"draw_tree": "gamelib.viz", "draw_mcts": "gamelib.viz",
         "draw_iteration": "gamelib.viz", "plot_nodes_vs_depth": "gamelib.viz",
         "count_nodes": "gamelib.viz", "plot_mcts_convergence": "gamelib.viz",
         "new_plot": "gamelib.viz", "table": "gamelib.viz", "plot_deepening": "gamelib.viz",
         "check_is_win": "gamelib.exercises", "check_minimax": "gamelib.exercises",
         "check_alphabeta": "gamelib.exercises", "check_eval_fn": "gamelib.exercises",
         "check_ucb": "gamelib.exercises", "check_backprop": "gamelib.exercises",
         "PerfectPlayer": "gamelib.solver"}
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
