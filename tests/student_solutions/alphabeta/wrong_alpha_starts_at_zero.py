# expect: fail
# diagnosis: first difference
# The root window starts at (0, +inf): a position whose value is below 0 is cut as if MAX
# already had 0.
import math


def my_alphabeta(game, state, depth, eval_fn):
    me = game.to_move(state)

    def max_value(s, a, b, d):
        if d == 0 or game.is_terminal(s):
            return eval_fn(s, me), None
        v, best = -math.inf, None
        for m in game.actions(s):
            w = min_value(game.result(s, m), a, b, d - 1)[0]
            if w > v:
                v, best = w, m
            if v >= b:
                return v, best
            a = max(a, v)
        return v, best

    def min_value(s, a, b, d):
        if d == 0 or game.is_terminal(s):
            return eval_fn(s, me), None
        v, best = math.inf, None
        for m in game.actions(s):
            w = max_value(game.result(s, m), a, b, d - 1)[0]
            if w < v:
                v, best = w, m
            if v <= a:
                return v, best
            b = min(b, v)
        return v, best

    return max_value(state, 0, math.inf, depth)
