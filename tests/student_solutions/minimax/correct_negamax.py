# expect: pass
# Negamax: every node scores for the player to move there, and negates the child's value.
def my_minimax(game, state, depth, eval_fn):
    def negamax(s, d):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, game.to_move(s)), None
        best = float("-inf")
        best_move = None
        for move in game.actions(s):
            score = -negamax(game.result(s, move), d - 1)[0]
            if score > best:
                best = score
                best_move = move
        return best, best_move

    return negamax(state, depth)
