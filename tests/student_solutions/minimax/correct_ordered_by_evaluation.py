# expect: pass
# Tries the moves best-first by a one-ply evaluation (harmless for minimax, which looks at
# every move anyway; it scores some positions twice). This once made the check crash.
def my_minimax(game, state, depth, eval_fn):
    me = game.to_move(state)

    def search(pos, plies, maximizing):
        if plies == 0 or game.is_terminal(pos):
            return eval_fn(pos, me), None
        moves = sorted(game.actions(pos), reverse=maximizing,
                       key=lambda m: eval_fn(game.result(pos, m), me))
        best_value, best_move = None, None
        for m in moves:
            v = search(game.result(pos, m), plies - 1, not maximizing)[0]
            if best_value is None or (v > best_value if maximizing else v < best_value):
                best_value, best_move = v, m
        return best_value, best_move

    return search(state, depth, True)
