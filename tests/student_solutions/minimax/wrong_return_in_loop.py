# expect: fail
# diagnosis: return in loop
import math


def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best, move_best = -math.inf, None
        for move in game.actions(state):
            val, _ = min_value(game.result(state, move), depth - 1)
            if val > best:
                best, move_best = val, move
            return best, move_best

    def min_value(state, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best, move_best = math.inf, None
        for move in game.actions(state):
            val, _ = max_value(game.result(state, move), depth - 1)
            if val < best:
                best, move_best = val, move
            return best, move_best

    return max_value(state, depth)
