# expect: fail
# diagnosis: first difference
# Keeps alpha and beta in one list that every call shares and changes in place, so a
# child's updates leak back up into its parent and its siblings.
import math


def my_alphabeta(game, state, depth, eval_fn):
    me = game.to_move(state)
    window = [-math.inf, math.inf]

    def max_value(s, d):
        if d == 0 or game.is_terminal(s):
            return eval_fn(s, me), None
        v, best = -math.inf, None
        for m in game.actions(s):
            w = min_value(game.result(s, m), d - 1)[0]
            if w > v:
                v, best = w, m
            if v >= window[1]:
                return v, best
            window[0] = max(window[0], v)
        return v, best

    def min_value(s, d):
        if d == 0 or game.is_terminal(s):
            return eval_fn(s, me), None
        v, best = math.inf, None
        for m in game.actions(s):
            w = max_value(game.result(s, m), d - 1)[0]
            if w < v:
                v, best = w, m
            if v <= window[0]:
                return v, best
            window[1] = min(window[1], v)
        return v, best

    return max_value(state, depth)
