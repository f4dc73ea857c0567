# expect: pass
# Searches the moves from last to first: minimax does not care about order.
import math


def my_minimax(game, state, depth, eval_fn):
    me = game.to_move(state)

    def max_value(s, d):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, me), None
        best, best_move = -math.inf, None
        for m in reversed(game.actions(s)):
            v, _ = min_value(game.result(s, m), d - 1)
            if v > best:
                best, best_move = v, m
        return best, best_move

    def min_value(s, d):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, me), None
        best, best_move = math.inf, None
        for m in reversed(game.actions(s)):
            v, _ = max_value(game.result(s, m), d - 1)
            if v < best:
                best, best_move = v, m
        return best, best_move

    return max_value(state, depth)
