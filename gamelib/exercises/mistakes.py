"""The classic mistakes in minimax and alpha-beta, each replayed as a (wrong) search.

These are models of mistakes, not references: the correct search the checks compare
with is the library's own (`gamelib.search.minimax` / `alphabeta`). A check runs every
model on the same positions, in the same move order as the student's code, and names a
mistake only when one model does exactly what the student's code did (the same leaves
in the same order, the same value, the same move) on every position.

`MODELS` maps each mistake to its diagnosis (mistakes that always behave alike share
one), `HINTS` maps each diagnosis to what to fix.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from gamelib.platform import N_

INF = math.inf

BOTH = ("no switch", "leaf player", "max min swapped", "best starts at 0",
        "best starts at 1", "move from below", "return in loop", "no terminal test",
        "depth +1", "depth -1")
PRUNING = ("no pruning", "max only", "min only", "strict", "half window", "wrong bound",
           "swapped window")

DIAGNOSIS = {"best starts at 0": "initial value", "best starts at 1": "initial value",
             "depth +1": "depth", "depth -1": "depth"}
"""The diagnosis of each model whose name is not its diagnosis."""

HINTS = {
    "no switch": N_("your search matches one where MAX moves at every level: you forgot to "
                    "switch player. max_value must call min_value for the children, and "
                    "min_value must call max_value."),
    "leaf player": N_("you scored positions for the player to move there, and then took the "
                      "max and min as if every score were the root player's. Either call "
                      "eval_fn(state, player) with the root player at every leaf, or, in "
                      "negamax form, negate the value each level up."),
    "max min swapped": N_("your MAX nodes take the smallest child value and your MIN nodes the "
                          "largest: MAX (the root player) picks the largest, MIN the smallest."),
    "initial value": N_("your best value starts at a number a child can fail to beat (0 or "
                        "+-1), so when every move scores below it, that number is returned. "
                        "Start MAX at -math.inf and MIN at +math.inf."),
    "move from below": N_("returns the move of the wrong level: the move to return is the one "
                          "tried at this node (the loop variable), not the move that the child "
                          "search returned (a move one level further down)."),
    "return in loop": N_("you return after the first move: the `return` sits inside the loop "
                         "over game.actions(state). Move it after the loop, so every move is "
                         "searched."),
    "no terminal test": N_("you stop only when depth reaches 0, so a finished game (a win, a "
                           "loss, a full board) with depth left is treated as a position with "
                           "no moves: it gets -inf or +inf. Stop when game.is_terminal(state) "
                           "or depth == 0."),
    "depth": N_("depth off by one: depth counts plies, so depth=2 scores positions 2 moves "
                "ahead. Stop when depth == 0 and call the children with depth - 1."),
    "no pruning": N_("you never prune: you score every leaf minimax scores. Three things make "
                     "alpha-beta prune, check each: update the bound after each child (MAX: "
                     "alpha = max(alpha, value); MIN: beta = min(beta, value)); pass the "
                     "updated alpha and beta down to the next child; and return as soon as "
                     "value >= beta at MAX (value <= alpha at MIN)."),
    "max only": N_("only your MAX nodes cut off; your MIN nodes never do. Two mistakes do "
                   "exactly this, check both: MIN's cut test is missing (a MIN node must stop "
                   "as soon as its value is <= alpha), or alpha never goes up (MAX must raise "
                   "it: alpha = max(alpha, value); with alpha = min(...) it stays at minus "
                   "infinity and no MIN node can cut)."),
    "min only": N_("only your MIN nodes cut off; your MAX nodes never do. Two mistakes do "
                   "exactly this, check both: MAX's cut test is missing (a MAX node must stop "
                   "as soon as its value is >= beta), or beta never comes down (MIN must lower "
                   "it: beta = min(beta, value); with beta = max(...) it stays at plus "
                   "infinity and no MAX node can cut)."),
    "strict": N_("you search leaves that the reference prunes when the value equals the "
                 "bound: cut off when value >= beta at MAX (value <= alpha at MIN), not only "
                 "when value > beta. An equal value cannot change the result either."),
    "half window": N_("you prune only one level deep: pass both alpha and beta down, so a "
                      "node can be cut off by a bound set two or more levels above it "
                      "(a deep cutoff)."),
    "wrong bound": N_("you updated the wrong bound: MAX raises alpha (alpha = max(alpha, v)) "
                      "and MIN lowers beta (beta = min(beta, v)), never the other way round."),
    "first move only": N_("at every node you stop after the first move. Two mistakes do exactly "
                          "this: a `return` inside the loop over the moves (move it after the "
                          "loop), or updating the wrong bound (MAX must raise alpha, "
                          "alpha = max(alpha, value), and MIN lower beta, beta = min(beta, "
                          "value); MAX lowering beta closes its own window at once)."),
    "swapped window": N_("you pass the window down the wrong way round: in max/min form call "
                         "min_value(child, alpha, beta, depth - 1), not (child, beta, alpha, "
                         "...); in negamax form the child's window is (-beta, -alpha), not "
                         "(-alpha, -beta)."),
}


ALIKE = {frozenset({"return in loop", "wrong bound"}): "first move only"}
"""Mistakes that alpha-beta cannot tell apart by what they do, and their shared diagnosis:
updating the wrong bound closes a node's window after its first child, exactly as a
`return` inside the loop would stop it there."""


def diagnosis_of(mistake: str) -> str:
    """The diagnosis a model stands for."""
    return DIAGNOSIS.get(mistake, mistake)


def model(mistake: str, pruning: bool) -> Callable:
    """The search `fn(game, state, depth, eval_fn) -> (value, move)` with `mistake` in it."""
    if mistake not in BOTH + (PRUNING if pruning else ()):
        raise ValueError(f"unknown mistake {mistake!r}")

    def search(game: Any, state: Any, depth: int, eval_fn: Callable) -> tuple[Any, Any]:
        """Minimax or alpha-beta, max/min form, with the mistake."""
        root = game.to_move(state)
        stop_at = {"depth +1": -1, "depth -1": 1}.get(mistake, 0)
        start = {"best starts at 0": (0, 0), "best starts at 1": (-1, 1)}.get(mistake,
                                                                           (-INF, INF))

        def value(state: Any, alpha: float, beta: float, depth: int, is_max: bool):
            """(value, move) of `state`: MAX's node if `is_max`."""
            finished = game.is_terminal(state) and mistake != "no terminal test"
            if finished or depth == stop_at:
                who = game.to_move(state) if mistake == "leaf player" else root
                return eval_fn(state, who), None
            takes_max = is_max != (mistake == "max min swapped")
            best, best_move = (start[0] if takes_max else start[1]), None
            for move in game.actions(state):
                a, b = window(alpha, beta, is_max)
                child_max = True if mistake == "no switch" else not is_max
                v, below = value(game.result(state, move), a, b, depth - 1, child_max)
                if (v > best) if takes_max else (v < best):
                    from_below = mistake == "move from below" and below is not None
                    best, best_move = v, (below if from_below else move)
                if mistake == "return in loop":
                    return best, best_move
                if pruning:
                    alpha, beta = update(alpha, beta, best, is_max)
                    if cut(best, alpha, beta, is_max):
                        return best, best_move
            return best, best_move

        return value(state, -INF, INF, depth, True)

    def window(alpha: float, beta: float, is_max: bool) -> tuple[float, float]:
        """The window a child is searched with."""
        if not pruning or mistake == "no pruning":
            return -INF, INF
        if mistake == "half window":
            return (alpha, INF) if is_max else (-INF, beta)
        if mistake == "swapped window":
            return beta, alpha
        return alpha, beta

    def update(alpha: float, beta: float, best: float, is_max: bool) -> tuple[float, float]:
        """The window after a child's value is known."""
        if is_max != (mistake == "wrong bound"):
            return max(alpha, best), beta
        return alpha, min(beta, best)

    def cut(best: float, alpha: float, beta: float, is_max: bool) -> bool:
        """True when the node stops searching its remaining moves."""
        if (mistake == "max only" and not is_max) or (mistake == "min only" and is_max):
            return False
        if is_max:
            return best > beta if mistake == "strict" else best >= beta
        return best < alpha if mistake == "strict" else best <= alpha

    return search


def models(pruning: bool) -> dict[str, Callable]:
    """Every mistake model for minimax (pruning=False) or alpha-beta (True)."""
    return {name: model(name, pruning) for name in BOTH + (PRUNING if pruning else ())}
