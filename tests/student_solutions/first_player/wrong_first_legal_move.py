# expect: fail
# diagnosis: misses the centre
def centre_player(game, state):
    return game.actions(state)[0]
