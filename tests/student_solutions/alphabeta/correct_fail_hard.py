# expect: pass
# Fail-hard: returns beta / alpha at a cutoff instead of the value found.
import math


def my_alphabeta(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_move = None
        for move in game.actions(state):
            v, _ = min_value(game.result(state, move), alpha, beta, depth - 1)
            if v >= beta:
                return beta, move
            if v > alpha:
                alpha, best_move = v, move
        if best_move is None:
            best_move = game.actions(state)[0]
        return alpha, best_move

    def min_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_move = None
        for move in game.actions(state):
            v, _ = max_value(game.result(state, move), alpha, beta, depth - 1)
            if v <= alpha:
                return alpha, move
            if v < beta:
                beta, best_move = v, move
        return beta, best_move

    return max_value(state, -math.inf, math.inf, depth)
