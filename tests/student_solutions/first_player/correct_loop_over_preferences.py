# expect: pass
def centre_player(game, state):
    legal = game.actions(state)
    for column in [3, 0, 1, 2, 4, 5, 6]:
        if column in legal:
            return column
