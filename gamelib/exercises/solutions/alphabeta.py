"""Solution to lesson 03: depth-limited alpha-beta in AIMA's max/min form."""

from __future__ import annotations

import math


def my_alphabeta(game, state, depth: int, eval_fn):
    """(value, move) as minimax gives, skipping moves that cannot change the result."""
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        """(value, move) at a MAX node searched with the window (alpha, beta)."""
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_value, best_move = -math.inf, None
        for move in game.actions(state):
            value, _ = min_value(game.result(state, move), alpha, beta, depth - 1)
            if value > best_value:
                best_value, best_move = value, move
                alpha = max(alpha, best_value)
            if best_value >= beta:
                return best_value, best_move       # MIN above will never allow this
        return best_value, best_move

    def min_value(state, alpha, beta, depth):
        """(value, move) at a MIN node searched with the window (alpha, beta)."""
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_value, best_move = math.inf, None
        for move in game.actions(state):
            value, _ = max_value(game.result(state, move), alpha, beta, depth - 1)
            if value < best_value:
                best_value, best_move = value, move
                beta = min(beta, best_value)
            if best_value <= alpha:
                return best_value, best_move       # MAX above already has better
        return best_value, best_move

    return max_value(state, -math.inf, math.inf, depth)
