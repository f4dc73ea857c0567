# expect: fail
# diagnosis: depth
# Stops one ply early (depth == 1).
import math


def my_alphabeta(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth <= 1:
            return eval_fn(state, player), None
        v, best = -math.inf, None
        for move in game.actions(state):
            w, _ = min_value(game.result(state, move), alpha, beta, depth - 1)
            if w > v:
                v, best = w, move
            if v >= beta:
                return v, best
            alpha = max(alpha, v)
        return v, best

    def min_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth <= 1:
            return eval_fn(state, player), None
        v, best = math.inf, None
        for move in game.actions(state):
            w, _ = max_value(game.result(state, move), alpha, beta, depth - 1)
            if w < v:
                v, best = w, move
            if v <= alpha:
                return v, best
            beta = min(beta, v)
        return v, best

    return max_value(state, -math.inf, math.inf, depth)
