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
from gamelib.search.mcts import mcts
from gamelib.search.minimax import minimax
from gamelib.search.players import AlphaBetaPlayer, MCTSPlayer, MinimaxPlayer
from gamelib.search.result import SearchResult
from gamelib.search.trace import Trace
from gamelib.search.tt import NaiveCache, TranspositionTable

__all__ = ["minimax", "alphabeta", "iterative_deepening", "mcts", "Trace", "SearchResult",
           "TranspositionTable", "NaiveCache", "MinimaxPlayer", "AlphaBetaPlayer",
           "MCTSPlayer"]
"""What lessons and users call. The rest lives in its module: the result types
(`MinimaxResult`, `DeepeningResult`, `MCTSResult`, `SearchStats`, `Round`) in
gamelib.search.result, the trace's event classes (`Enter`, `Leaf`, ...) and EXACT / LOWER
/ UPPER in gamelib.search.trace, the scoring constants and `describe_value` in
gamelib.search.scoring, the move orderings in gamelib.search.ordering."""
