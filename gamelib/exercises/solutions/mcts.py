"""Solution to lesson 07: the UCB1 score and backpropagation of MCTS."""

from __future__ import annotations

import math


def ucb_score(total: float, visits: int, parent_visits: int, c: float) -> float:
    """UCB1 (Kocsis & Szepesvari 2006): mean reward + c * sqrt(ln N / n); unvisited: inf."""
    if visits == 0:
        return math.inf
    return total / visits + c * math.sqrt(math.log(parent_visits) / visits)


def backpropagate(node, winner) -> None:
    """Credit one playout's result to `node` and every ancestor: 1 to nodes whose mover
    won, 0.5 to everyone for a draw (winner None), 0 to the loser's nodes."""
    while node is not None:
        node.visits += 1
        if winner is None:
            node.total += 0.5
        elif winner == node.mover:
            node.total += 1
        node = node.parent
