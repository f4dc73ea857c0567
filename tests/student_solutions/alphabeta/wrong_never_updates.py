# expect: fail
# diagnosis: no pruning
# Passes the window down and tests it, but never updates alpha or beta.
import math


def my_alphabeta(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        v, best = -math.inf, None
        for a in game.actions(state):
            v2, _ = min_value(game.result(state, a), alpha, beta, depth - 1)
            if v2 > v:
                v, best = v2, a
            if v >= beta:
                return v, best
        return v, best

    def min_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        v, best = math.inf, None
        for a in game.actions(state):
            v2, _ = max_value(game.result(state, a), alpha, beta, depth - 1)
            if v2 < v:
                v, best = v2, a
            if v <= alpha:
                return v, best
        return v, best

    return max_value(state, -math.inf, math.inf, depth)
