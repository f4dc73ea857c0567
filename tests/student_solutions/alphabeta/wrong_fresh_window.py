# expect: fail
# diagnosis: no pruning
# Updates alpha/beta locally but starts every child with a fresh (-inf, inf).
import math


def my_alphabeta(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        v, move_best = -math.inf, None
        for move in game.actions(state):
            child_v, _ = min_value(game.result(state, move), -math.inf, math.inf, depth - 1)
            if child_v > v:
                v, move_best = child_v, move
            alpha = max(alpha, v)
            if v >= beta:
                break
        return v, move_best

    def min_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        v, move_best = math.inf, None
        for move in game.actions(state):
            child_v, _ = max_value(game.result(state, move), -math.inf, math.inf, depth - 1)
            if child_v < v:
                v, move_best = child_v, move
            beta = min(beta, v)
            if v <= alpha:
                break
        return v, move_best

    return max_value(state, -math.inf, math.inf, depth)
