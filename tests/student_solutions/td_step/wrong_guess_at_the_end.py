# expect: fail
# diagnosis: guess at the end
from gamelib.learning.td import add_to_entries, features, value_of


def td_step(network, game, state, after, alpha):
    found = features(network, state)
    value = value_of(network, found)
    delta = network.value(after) - value
    add_to_entries(network, found, alpha * delta * (1 - value * value))
    return delta
