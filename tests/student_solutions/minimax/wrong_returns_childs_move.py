# expect: fail
# diagnosis: move from below
import math


def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_v, best_m = -math.inf, None
        for move in game.actions(state):
            v, m = min_value(game.result(state, move), depth - 1)
            if v > best_v:
                best_v, best_m = v, m if m is not None else move
        return best_v, best_m

    def min_value(state, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_v, best_m = math.inf, None
        for move in game.actions(state):
            v, m = max_value(game.result(state, move), depth - 1)
            if v < best_v:
                best_v, best_m = v, m if m is not None else move
        return best_v, best_m

    return max_value(state, depth)
