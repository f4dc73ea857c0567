# expect: fail
# diagnosis: no move
# Computes the value right, but never remembers which move gave it.
import math


def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(s, d):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, player)
        return max(min_value(game.result(s, a), d - 1) for a in game.actions(s))

    def min_value(s, d):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, player)
        return min(max_value(game.result(s, a), d - 1) for a in game.actions(s))

    return max_value(state, depth), None
