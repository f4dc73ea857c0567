# expect: fail
# diagnosis: depth
# Stops when depth goes below zero: one ply too deep.
import math


def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, depth):
        if game.is_terminal(state) or depth < 0:
            return eval_fn(state, player), None
        best = -math.inf, None
        for move in game.actions(state):
            v, _ = min_value(game.result(state, move), depth - 1)
            if v > best[0]:
                best = v, move
        return best

    def min_value(state, depth):
        if game.is_terminal(state) or depth < 0:
            return eval_fn(state, player), None
        best = math.inf, None
        for move in game.actions(state):
            v, _ = max_value(game.result(state, move), depth - 1)
            if v < best[0]:
                best = v, move
        return best

    return max_value(state, depth)
