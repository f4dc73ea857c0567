"""Re-run an AI's search with a Trace, so its tree can be drawn on request.

Players search without recording (recording costs time and memory). When a student
asks to see the tree, the same search runs again from the same position with a
`Trace()`: minimax and alpha-beta are deterministic, so the tree is the one that chose
the move; iterative deepening is redrawn as alpha-beta at the depth it completed.
MCTS results already carry their statistics tree, so they are drawn as they are.
"""

from __future__ import annotations

from typing import Any

from gamelib.games.base import Game, State
from gamelib.search.result import SearchResult
from gamelib.search.trace import Trace


def recorded(player: Any, game: Game, state: State, result: SearchResult | None
             ) -> SearchResult | None:
    """`result` with a trace: itself if it has one, else the same search re-run."""
    if result is None or result.trace is not None or result.visits is not None:
        return result
    from gamelib.search import alphabeta, minimax
    from gamelib.search.tt import TranspositionTable

    depth = getattr(player, "depth", result.info.get("depth_limit"))
    eval_fn = getattr(player, "eval_fn", None)
    scoring = getattr(player, "scoring", None) or result.info.get("scoring")
    if result.algorithm == "minimax":
        return minimax(game, state, depth=depth, eval_fn=eval_fn, scoring=scoring,
                       trace=Trace())
    if getattr(player, "time_limit", None) is not None:
        depth = None if result.info.get("complete") else result.stats.depth
    elif result.algorithm != "alphabeta":
        return result                   # e.g. the solver: nothing to replay
    table = TranspositionTable() if getattr(player, "tt", False) else None
    return alphabeta(game, state, depth=depth, eval_fn=eval_fn, scoring=scoring,
                     order=getattr(player, "order", None), tt=table, trace=Trace())
