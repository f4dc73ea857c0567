# expect: fail
# diagnosis: first difference
# The depth limit is tested only in the MAX helper, so MIN nodes at the limit search on
# one level deeper. (This once made the check itself crash.)
import math


def my_minimax(game, state, depth, eval_fn):
    side = game.to_move(state)

    def high(pos, left):
        if game.is_terminal(pos) or left <= 0:
            return eval_fn(pos, side), None
        result = (-math.inf, None)
        for mv in game.actions(pos):
            got = low(game.result(pos, mv), left - 1)[0]
            if got > result[0]:
                result = (got, mv)
        return result

    def low(pos, left):
        if game.is_terminal(pos):
            return eval_fn(pos, side), None
        result = (math.inf, None)
        for mv in game.actions(pos):
            got = high(game.result(pos, mv), left - 1)[0]
            if got < result[0]:
                result = (got, mv)
        return result

    return high(state, depth)
