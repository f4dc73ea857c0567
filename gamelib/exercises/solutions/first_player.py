"""Solution to lesson 00: a player that takes the centre column while it can."""


def centre_player(game, state):
    """Column 3 while it has room, else the lowest-numbered legal column."""
    return 3 if 3 in game.actions(state) else min(game.actions(state))
