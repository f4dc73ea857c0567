# expect: pass
# A helper decides when to stop; the loop bodies are written with while loops.
import math


def my_alphabeta(game, state, depth, eval_fn):
    player = game.to_move(state)

    def stop(s, d):
        return d <= 0 or game.is_terminal(s)

    def max_value(s, alpha, beta, d):
        if stop(s, d):
            return eval_fn(s, player), None
        moves = game.actions(s)
        i, v, best = 0, -math.inf, None
        while i < len(moves):
            w, _ = min_value(game.result(s, moves[i]), alpha, beta, d - 1)
            if w > v:
                v, best = w, moves[i]
                alpha = max(alpha, v)
            if v >= beta:
                break
            i += 1
        return v, best

    def min_value(s, alpha, beta, d):
        if stop(s, d):
            return eval_fn(s, player), None
        moves = game.actions(s)
        i, v, best = 0, math.inf, None
        while i < len(moves):
            w, _ = max_value(game.result(s, moves[i]), alpha, beta, d - 1)
            if w < v:
                v, best = w, moves[i]
                beta = min(beta, v)
            if v <= alpha:
                break
            i += 1
        return v, best

    return max_value(state, -math.inf, math.inf, depth)
