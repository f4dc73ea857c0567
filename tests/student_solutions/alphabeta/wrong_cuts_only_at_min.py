# expect: fail
# diagnosis: min only
import math


def my_alphabeta(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_v, best_m = -math.inf, None
        for move in game.actions(state):
            v, _ = min_value(game.result(state, move), alpha, beta, depth - 1)
            if v > best_v:
                best_v, best_m = v, move
            alpha = max(alpha, best_v)
        return best_v, best_m

    def min_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_v, best_m = math.inf, None
        for move in game.actions(state):
            v, _ = max_value(game.result(state, move), alpha, beta, depth - 1)
            if v < best_v:
                best_v, best_m = v, move
            beta = min(beta, best_v)
            if best_v <= alpha:
                return best_v, best_m
        return best_v, best_m

    return max_value(state, -math.inf, math.inf, depth)
