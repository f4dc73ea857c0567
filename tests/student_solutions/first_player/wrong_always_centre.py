# expect: fail
# diagnosis: illegal move
def centre_player(game, state):
    return 3
