"""Search algorithms over any Game; each returns a SearchResult and can record a Trace.

- `minimax` and `alphabeta` (AIMA's max/min form), full depth or depth-limited with an
  evaluation function; `alphabeta` adds move ordering and a transposition table;
- `iterative_deepening`: alpha-beta at depth 1, 2, 3, ... until a time limit: anytime;
- `mcts`: Monte Carlo Tree Search (UCT) with random playouts.

Values are from the point of view of the player to move at the root; see scoring.py
for how wins, losses and the depth limit are scored.
"""

from gamelib.search.alphabeta import alphabeta
from gamelib.search.iterative import iterative_deepening
from gamelib.search.mcts import mcts, random_playout
from gamelib.search.minimax import minimax
from gamelib.search.ordering import by_evaluation, centre_first
from gamelib.search.players import AlphaBetaPlayer, MCTSPlayer, MinimaxPlayer
from gamelib.search.result import Round, SearchResult, SearchStats
from gamelib.search.scoring import DEPTH, PLAIN, WIN, describe_value
from gamelib.search.trace import (EXACT, LOWER, UPPER, Backprop, Enter, Event, Expand, Leaf,
                                   Leave, Playout, Prove, Prune, Recorder, Select, Trace,
                                   TraceNode, TTHit)
from gamelib.search.tt import NaiveCache, TranspositionTable

__all__ = ["minimax", "alphabeta", "iterative_deepening", "mcts", "SearchResult", "SearchStats",
           "Round", "Trace", "TranspositionTable", "NaiveCache", "MinimaxPlayer",
           "AlphaBetaPlayer", "MCTSPlayer", "describe_value", "random_playout", "centre_first",
           "by_evaluation", "EXACT", "LOWER", "UPPER", "WIN", "PLAIN", "DEPTH"]
"""What lessons and users call. The trace's event classes (`Enter`, `Leaf`, ... for code
that reads a trace), `Recorder` and `TraceNode` stay importable from here too, and live
in gamelib.search.trace."""
