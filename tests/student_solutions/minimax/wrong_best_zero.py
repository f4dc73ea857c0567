# expect: fail
# diagnosis: initial value
def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_value = 0
        best_move = None
        for move in game.actions(state):
            value, _ = min_value(game.result(state, move), depth - 1)
            if value > best_value:
                best_value = value
                best_move = move
        return best_value, best_move

    def min_value(state, depth):
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player), None
        best_value = 0
        best_move = None
        for move in game.actions(state):
            value, _ = max_value(game.result(state, move), depth - 1)
            if value < best_value:
                best_value = value
                best_move = move
        return best_value, best_move

    return max_value(state, depth)
