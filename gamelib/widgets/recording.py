"""Re-run an AI's search with a Trace, so its tree can be drawn on request.

Players search without recording (recording costs time and memory). When a student
asks to see the tree, the same search runs again from the same position with a
`Trace()`: minimax and alpha-beta are deterministic, so the tree is the one that chose
the move; iterative deepening is redrawn as alpha-beta at the depth it completed.
MCTS results carry the statistics tree that chose the move (`result.tree`); it is
turned into a trace with one "expand" and one "backprop" event per node, so the drawing
shows exactly that tree (random playouts could not be replayed).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gamelib.games.base import Game, State
from gamelib.search.result import SearchResult
from gamelib.search.scoring import MAX_PLY
from gamelib.search.trace import Trace


def recorded(player: Any, game: Game, state: State, result: SearchResult | None
             ) -> SearchResult | None:
    """`result` with a trace: itself if it has one, else the same search re-run."""
    if result is None or result.trace is not None:
        return result
    if result.visits is not None:
        root = result.tree
        return replace(result, trace=tree_trace(game, root)) if root is not None else result
    from gamelib.search import alphabeta, minimax
    from gamelib.search.tt import TranspositionTable

    depth = getattr(player, "depth", result.depth_limit)
    eval_fn = getattr(player, "eval_fn", None)
    scoring = getattr(player, "scoring", None) or result.scoring
    if result.algorithm == "minimax":
        return minimax(game, state, depth=depth, eval_fn=eval_fn, scoring=scoring,
                       trace=Trace())
    if result.algorithm == "iterative_deepening":
        depth = None if result.complete else result.stats.depth
    elif result.algorithm != "alphabeta":
        return result                   # e.g. the solver: nothing to replay
    table = TranspositionTable() if getattr(player, "tt", False) else None
    return alphabeta(game, state, depth=depth, eval_fn=eval_fn, scoring=scoring,
                     order=getattr(player, "order", None), tt=table, trace=Trace())


def tree_trace(game: Game, root: Any) -> Trace:
    """A trace of an MCTS statistics tree: every node expanded, then its final N and W."""
    trace = Trace(max_ply=MAX_PLY)          # bounded: MCTS then records its final tree
    trace.start("mcts", game, game.to_move(root.state))
    trace.finish(root)
    return trace
