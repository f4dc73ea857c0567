# expect: fail
# diagnosis: first difference
# Remembers each position's value in a table, whatever window it was searched with: a
# bound stored from a cut-off search is later used as if it were exact.
import math


def my_alphabeta(game, state, depth, eval_fn):
    me = game.to_move(state)
    table = {}

    def search(s, alpha, beta, d, maximizing):
        if (s, d) in table:
            return table[(s, d)], None
        if d == 0 or game.is_terminal(s):
            return eval_fn(s, me), None
        best = -math.inf if maximizing else math.inf
        best_move = None
        for m in game.actions(s):
            v, _ = search(game.result(s, m), alpha, beta, d - 1, not maximizing)
            if maximizing and v > best or not maximizing and v < best:
                best, best_move = v, m
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        table[(s, d)] = best
        return best, best_move

    return search(state, -math.inf, math.inf, depth, True)
