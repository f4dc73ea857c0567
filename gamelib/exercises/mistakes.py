"""The classic mistakes in minimax and alpha-beta, each as a working (wrong) search.

A check runs these on the same positions as the student's code: when the student's
search scores exactly the leaves one of them scores, the check knows which mistake it
is and gives that mistake's hint. `search(..., mistake=None)` is the correct search.

Mistakes (keys of `HINTS`):
- "no switch": MAX at every level (max_value calls max_value), forgot to switch player.
- "leaf player": leaves scored for the player to move there, not for the root player.
- "strict": alpha-beta cuts off only when v > beta (or v < alpha) instead of >= (<=).
- "no window": alpha and beta are not passed down (every node starts at -inf, +inf),
  so nothing is ever pruned.
- "half window": only the bound a node updates is passed down (MAX passes alpha with
  beta = +inf, MIN passes beta with alpha = -inf), so deep cutoffs are missed.
- "wrong bound": MAX updates beta and MIN updates alpha.
"""

from __future__ import annotations

import math
from typing import Any, Callable

INF = math.inf

HINTS = {
    "no switch": ("your values match a search where MAX moves at every level: you forgot to "
                  "switch player. max_value must call min_value for the children, and "
                  "min_value must call max_value."),
    "leaf player": ("you scored leaves for the player to move at the leaf. Every value in "
                    "the search is for the root player: call eval_fn(state, player) with "
                    "the player to move at the root, at every leaf."),
    "strict": ("you search leaves that the reference prunes when the value equals the "
               "bound: cut off when v >= beta at MAX (v <= alpha at MIN), not only when "
               "v > beta. An equal value cannot change the result either."),
    "no window": ("you never prune. Pass the window down: call "
                  "min_value(child, alpha, beta, depth - 1) (not a fresh -inf, +inf), and "
                  "return as soon as v >= beta at MAX or v <= alpha at MIN."),
    "half window": ("you prune only one level deep: pass both alpha and beta down, so a "
                    "node can be cut off by a bound set two or more levels above it "
                    "(a deep cutoff)."),
    "wrong bound": ("you updated the wrong bound: MAX raises alpha (alpha = max(alpha, v)) "
                    "and MIN lowers beta (beta = min(beta, v)), never the other way round."),
}


def search(game: Any, state: Any, depth: int, eval_fn: Callable, pruning: bool,
           mistake: str | None = None) -> tuple[float, Any]:
    """Minimax (pruning=False) or alpha-beta (True), with `mistake` planted; (value, move)."""
    root = game.to_move(state)

    def leaf(state: Any) -> float:
        """The score of a position where the search stops."""
        who = game.to_move(state) if mistake == "leaf player" else root
        return eval_fn(state, who)

    def value(state: Any, alpha: float, beta: float, depth: int, is_max: bool):
        """(value, move) of `state`, MAX's node if `is_max`, with the window (alpha, beta)."""
        if game.is_terminal(state) or depth == 0:
            return leaf(state), None
        best, best_move = (-INF if is_max else INF), None
        child_max = True if mistake == "no switch" else not is_max
        for move in game.actions(state):
            if mistake == "no window":
                a, b = -INF, INF
            elif mistake == "half window":
                a, b = (alpha, INF) if is_max else (-INF, beta)
            else:
                a, b = alpha, beta
            v, _ = value(game.result(state, move), a, b, depth - 1, child_max)
            if (v > best) if is_max else (v < best):
                best, best_move = v, move
            if not pruning:
                continue
            if is_max:
                if mistake == "wrong bound":
                    beta = min(beta, best)
                else:
                    alpha = max(alpha, best)
                if (best > beta) if mistake == "strict" else (best >= beta):
                    return best, best_move
            else:
                if mistake == "wrong bound":
                    alpha = max(alpha, best)
                else:
                    beta = min(beta, best)
                if (best < alpha) if mistake == "strict" else (best <= alpha):
                    return best, best_move
        return best, best_move

    return value(state, -INF, INF, depth, True)
