"""Solution to lesson 10: one step of TD(0) (Sutton 1988) on an n-tuple network."""

from gamelib.learning.td import add_to_entries, features, result_for_x, value_of


def td_step(network, game, state, after, alpha):
    """Move V(state) towards its target: the result for X if `after` ends the game,
    else V(after). Returns delta = target - V(state)."""
    if game.is_terminal(after):
        target = result_for_x(after)
    else:
        target = network.value(after)
    found = features(network, state)
    value = value_of(network, found)
    delta = target - value
    add_to_entries(network, found, alpha * delta * (1 - value * value))
    return delta
