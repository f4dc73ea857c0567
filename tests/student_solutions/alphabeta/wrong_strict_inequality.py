# expect: fail
# diagnosis: strict
import math


def my_alphabeta(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(s, alpha, beta, depth):
        if game.is_terminal(s) or depth == 0:
            return eval_fn(s, player), None
        best = (-math.inf, None)
        for m in game.actions(s):
            v = min_value(game.result(s, m), alpha, beta, depth - 1)[0]
            if v > best[0]:
                best = (v, m)
            if best[0] > beta:
                return best
            alpha = max(alpha, best[0])
        return best

    def min_value(s, alpha, beta, depth):
        if game.is_terminal(s) or depth == 0:
            return eval_fn(s, player), None
        best = (math.inf, None)
        for m in game.actions(s):
            v = max_value(game.result(s, m), alpha, beta, depth - 1)[0]
            if v < best[0]:
                best = (v, m)
            if best[0] < alpha:
                return best
            beta = min(beta, best[0])
        return best

    return max_value(state, -math.inf, math.inf, depth)
