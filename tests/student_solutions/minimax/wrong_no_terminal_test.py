# expect: fail
# diagnosis: no terminal test
import math


def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, depth):
        if depth == 0:
            return eval_fn(state, player), None
        v = -math.inf
        best = None
        for m in game.actions(state):
            child_v = min_value(game.result(state, m), depth - 1)[0]
            if child_v > v:
                v, best = child_v, m
        return v, best

    def min_value(state, depth):
        if depth == 0:
            return eval_fn(state, player), None
        v = math.inf
        best = None
        for m in game.actions(state):
            child_v = max_value(game.result(state, m), depth - 1)[0]
            if child_v < v:
                v, best = child_v, m
        return v, best

    return max_value(state, depth)
