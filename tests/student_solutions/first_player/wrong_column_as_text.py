# expect: fail
# diagnosis: illegal move
def centre_player(game, state):
    return "3" if 3 in game.actions(state) else str(min(game.actions(state)))
