# expect: fail
# diagnosis: not finite
# A ratio of my discs in the centre to theirs: 0/0 is NaN when neither has any.
import numpy as np


def my_eval(state, player):
    other = "O" if player == "X" else "X"
    col = [state.cell(r, 3) for r in range(state.rows)]
    mine = np.float64(col.count(player))
    theirs = np.float64(col.count(other))
    with np.errstate(divide="ignore", invalid="ignore"):
        return (mine - theirs) / (mine + theirs)
