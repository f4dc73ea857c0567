# expect: pass
from gamelib.learning.td import add_to_entries, features, result_for_x, value_of


def td_step(network, game, state, after, alpha):
    target = result_for_x(after) if game.is_terminal(after) else network.value(after)
    found = features(network, state)
    value = value_of(network, found)
    delta = target - value
    add_to_entries(network, found, alpha * delta * (1 - value ** 2))
    return delta
