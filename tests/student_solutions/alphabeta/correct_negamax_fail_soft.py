# expect: pass
# Negamax with the window negated and swapped: (-beta, -alpha).
def my_alphabeta(game, state, depth, eval_fn):
    def negamax(s, alpha, beta, d):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, game.to_move(s)), None
        best, best_move = float("-inf"), None
        for move in game.actions(s):
            score = -negamax(game.result(s, move), -beta, -alpha, d - 1)[0]
            if score > best:
                best, best_move = score, move
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return best, best_move

    return negamax(state, float("-inf"), float("inf"), depth)
