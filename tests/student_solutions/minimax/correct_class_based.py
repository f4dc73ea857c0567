# expect: pass
# A class whose methods are the two helpers; the root player is an attribute.
import math


class Minimax:
    def __init__(self, game, eval_fn):
        self.game, self.eval_fn = game, eval_fn

    def leaf(self, state, depth):
        return depth <= 0 or self.game.is_terminal(state)

    def max_node(self, state, depth):
        if self.leaf(state, depth):
            return self.eval_fn(state, self.me), None
        options = [(self.min_node(self.game.result(state, m), depth - 1)[0], m)
                   for m in self.game.actions(state)]
        return max(options, key=lambda pair: pair[0])

    def min_node(self, state, depth):
        if self.leaf(state, depth):
            return self.eval_fn(state, self.me), None
        options = [(self.max_node(self.game.result(state, m), depth - 1)[0], m)
                   for m in self.game.actions(state)]
        return min(options, key=lambda pair: pair[0])

    def __call__(self, state, depth):
        self.me = self.game.to_move(state)
        return self.max_node(state, depth)


def my_minimax(game, state, depth, eval_fn):
    return Minimax(game, eval_fn)(state, depth)
