# expect: fail
# diagnosis: never
# The state already knows who won, doesn't it?
def is_win(state, player):
    return state.winner == player
