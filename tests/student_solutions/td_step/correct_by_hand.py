# expect: pass
import numpy as np

from gamelib.learning.td import features


def td_step(network, game, state, after, alpha):
    if game.is_terminal(after):
        target = 0.0 if after.winner is None else (1.0 if after.winner == "X" else -1.0)
    else:
        target = network.value(after)
    found = features(network, state)
    table = network.weights[found.side]
    rows = np.arange(len(found.own))
    value = np.tanh(table[rows, found.own].sum() + table[rows, found.mirror].sum())
    delta = target - value
    step = alpha * delta * (1 - value * value)
    table[rows, found.own] += step
    table[rows, found.mirror] += step
    return float(delta)
