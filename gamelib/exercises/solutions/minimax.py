"""Solution to lesson 02: depth-limited minimax in AIMA's max/min form."""

from __future__ import annotations

import math


def my_minimax(game, state, depth: int, eval_fn):
    """(value, move): the minimax value of `state` for the player to move, and the best
    move; positions `depth` plies ahead (or finished games) are scored with
    eval_fn(position, player), always for that root player."""
    player = game.to_move(state)

    def max_value(state, depth):
        """(value, move) where MAX (`player`) moves: the largest child value."""
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_value, best_move = -math.inf, None
        for move in game.actions(state):
            value, _ = min_value(game.result(state, move), depth - 1)
            if value > best_value:
                best_value, best_move = value, move
        return best_value, best_move

    def min_value(state, depth):
        """(value, move) where MIN moves: the smallest child value."""
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_value, best_move = math.inf, None
        for move in game.actions(state):
            value, _ = max_value(game.result(state, move), depth - 1)
            if value < best_value:
                best_value, best_move = value, move
        return best_value, best_move

    return max_value(state, depth)
