# expect: fail
# diagnosis: leaf player
import math


def my_minimax(game, state, depth, eval_fn):
    def max_value(s, depth):
        if game.is_terminal(s) or depth == 0:
            return eval_fn(s, game.to_move(s)), None     # score for whoever is to move
        best = (-math.inf, None)
        for move in game.actions(s):
            v = min_value(game.result(s, move), depth - 1)[0]
            if v > best[0]:
                best = (v, move)
        return best

    def min_value(s, depth):
        if game.is_terminal(s) or depth == 0:
            return eval_fn(s, game.to_move(s)), None
        best = (math.inf, None)
        for move in game.actions(s):
            v = max_value(game.result(s, move), depth - 1)[0]
            if v < best[0]:
                best = (v, move)
        return best

    return max_value(state, depth)
