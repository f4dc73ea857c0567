# expect: pass
# Collects the children's values in a numpy array and takes argmax / argmin.
import numpy as np


def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)

    def value(s, d, maximizing):
        if game.is_terminal(s) or d == 0:
            return np.float64(eval_fn(s, player)), None
        moves = game.actions(s)
        vals = np.array([value(game.result(s, m), d - 1, not maximizing)[0] for m in moves])
        i = int(np.argmax(vals)) if maximizing else int(np.argmin(vals))
        return vals[i], moves[i]

    return value(state, depth, True)
