# expect: fail
# diagnosis: return type
# AIMA's pseudo-code returns the move; this returns (move, value).
import math


def my_minimax(game, state, depth, eval_fn):
    me = game.to_move(state)

    def max_value(s, d):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, me)
        return max(min_value(game.result(s, a), d - 1) for a in game.actions(s))

    def min_value(s, d):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, me)
        return min(max_value(game.result(s, a), d - 1) for a in game.actions(s))

    best = max(game.actions(state), key=lambda a: min_value(game.result(state, a), depth - 1))
    return best, min_value(game.result(state, best), depth - 1)
