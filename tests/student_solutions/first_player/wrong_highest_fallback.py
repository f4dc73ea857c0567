# expect: fail
# diagnosis: wrong fallback
def centre_player(game, state):
    if 3 in game.actions(state):
        return 3
    return max(game.actions(state))
