# expect: fail
# diagnosis: no switch
import math


def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        v, best = -math.inf, None
        for a in game.actions(state):
            v2, _ = max_value(game.result(state, a), depth - 1)   # max again...
            if v2 > v:
                v, best = v2, a
        return v, best

    return max_value(state, depth)
