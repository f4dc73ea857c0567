# expect: fail
# diagnosis: min only
# MIN raises beta with max() instead of lowering it: beta stays at +infinity, so no MAX
# node ever cuts off (the hint must mention the bound update, not only MAX's cut test).
import math


def my_alphabeta(game, state, depth, eval_fn):
    me = game.to_move(state)

    def maximise(node, lo, hi, plies):
        if plies == 0 or game.is_terminal(node):
            return eval_fn(node, me), None
        top, pick = -math.inf, None
        for action in game.actions(node):
            score = minimise(game.result(node, action), lo, hi, plies - 1)[0]
            if score > top:
                top, pick = score, action
            if top >= hi:
                break
            lo = max(lo, top)
        return top, pick

    def minimise(node, lo, hi, plies):
        if plies == 0 or game.is_terminal(node):
            return eval_fn(node, me), None
        bottom, pick = math.inf, None
        for action in game.actions(node):
            score = maximise(game.result(node, action), lo, hi, plies - 1)[0]
            if score < bottom:
                bottom, pick = score, action
            if bottom <= lo:
                break
            hi = max(hi, bottom)
        return bottom, pick

    return maximise(state, -math.inf, math.inf, depth)
