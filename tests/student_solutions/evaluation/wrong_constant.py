# expect: fail
# diagnosis: constant
def my_eval(state, player):
    # TODO: something smarter; a draw-ish guess for now
    return 0.0
