# expect: pass
# One function with an is_max flag; returns a list [value, move] and uses max() with a key.
def my_minimax(game, state, depth, eval_fn):
    root_player = game.to_move(state)

    def search(node, depth_left, is_max):
        if depth_left == 0 or game.is_terminal(node):
            return [eval_fn(node, root_player), None]
        scored = []
        for move in game.actions(node):
            value = search(game.result(node, move), depth_left - 1, not is_max)[0]
            scored.append((value, move))
        if is_max:
            value, move = max(scored, key=lambda pair: pair[0])
        else:
            value, move = min(scored, key=lambda pair: pair[0])
        return [value, move]

    return search(state, depth, True)
