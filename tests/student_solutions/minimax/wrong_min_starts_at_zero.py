# expect: fail
# diagnosis: value
# Only MIN's running best starts at 0 (MAX's is right): any MIN node whose replies are all
# above 0 comes out as 0.
import math


def my_minimax(game, state, depth, eval_fn):
    me = game.to_move(state)

    def go(s, d, mine):
        if d == 0 or game.is_terminal(s):
            return eval_fn(s, me), None
        best, choice = (-math.inf if mine else 0), None
        for m in game.actions(s):
            v = go(game.result(s, m), d - 1, not mine)[0]
            if (mine and v > best) or (not mine and v < best):
                best, choice = v, m
        return best, choice

    return go(state, depth, True)
