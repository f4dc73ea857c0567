# expect: fail
# diagnosis: max min swapped
def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)

    def minimax(s, d, maximizing):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, player), None
        children = [(minimax(game.result(s, m), d - 1, not maximizing)[0], m)
                    for m in game.actions(s)]
        pick = min if maximizing else max          # oops
        return pick(children, key=lambda c: c[0])

    return minimax(state, depth, True)
