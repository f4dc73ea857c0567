# expect: fail
# diagnosis: max only
import math


def my_alphabeta(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        value, move_out = -math.inf, None
        for move in game.actions(state):
            child, _ = min_value(game.result(state, move), alpha, beta, depth - 1)
            if child > value:
                value, move_out = child, move
            if value >= beta:
                return value, move_out
            alpha = max(alpha, value)
        return value, move_out

    def min_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        value, move_out = math.inf, None
        for move in game.actions(state):
            child, _ = max_value(game.result(state, move), alpha, beta, depth - 1)
            if child < value:
                value, move_out = child, move
            beta = min(beta, value)
        return value, move_out

    return max_value(state, -math.inf, math.inf, depth)
