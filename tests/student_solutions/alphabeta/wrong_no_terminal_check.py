# expect: fail
# diagnosis: no terminal test
import math


def my_alphabeta(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        if depth == 0:
            return eval_fn(state, player), None
        v, best = -math.inf, None
        for move in game.actions(state):
            w, _ = min_value(game.result(state, move), alpha, beta, depth - 1)
            if w > v:
                v, best = w, move
                alpha = max(alpha, v)
            if v >= beta:
                break
        return v, best

    def min_value(state, alpha, beta, depth):
        if depth == 0:
            return eval_fn(state, player), None
        v, best = math.inf, None
        for move in game.actions(state):
            w, _ = max_value(game.result(state, move), alpha, beta, depth - 1)
            if w < v:
                v, best = w, move
                beta = min(beta, v)
            if v <= alpha:
                break
        return v, best

    return max_value(state, -math.inf, math.inf, depth)
