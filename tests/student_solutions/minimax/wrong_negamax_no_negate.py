# expect: fail
# diagnosis: value
# Negamax form, but forgets to negate the child's value.
def my_minimax(game, state, depth, eval_fn):
    def negamax(s, d):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, game.to_move(s)), None
        best, best_move = float("-inf"), None
        for move in game.actions(s):
            score, _ = negamax(game.result(s, move), d - 1)
            if score > best:
                best, best_move = score, move
        return best, best_move

    return negamax(state, depth)
