# expect: fail
# diagnosis: wrong fallback
def centre_player(game, state):
    return min(game.actions(state), key=lambda column: abs(column - 3))
