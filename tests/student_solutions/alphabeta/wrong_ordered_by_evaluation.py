# expect: fail
# diagnosis: first difference
# A right alpha-beta that sorts the moves by a one-ply evaluation first: it prunes other
# leaves than the lesson's left-to-right order, and scores some positions twice (the check
# once said it "left the root without searching" a move it did search).
INFINITY = float("inf")


class Searcher:
    def __init__(self, game, eval_fn, player):
        self.game, self.eval_fn, self.player = game, eval_fn, player

    def ordered(self, pos, maximizing):
        score = lambda m: self.eval_fn(self.game.result(pos, m), self.player)
        return sorted(self.game.actions(pos), key=score, reverse=maximizing)

    def value(self, pos, alpha, beta, depth, maximizing):
        if depth == 0 or self.game.is_terminal(pos):
            return self.eval_fn(pos, self.player), None
        best, move = (-INFINITY if maximizing else INFINITY), None
        for m in self.ordered(pos, maximizing):
            v, _ = self.value(self.game.result(pos, m), alpha, beta, depth - 1,
                              not maximizing)
            if maximizing and v > best or not maximizing and v < best:
                best, move = v, m
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, move


def my_alphabeta(game, state, depth, eval_fn):
    return Searcher(game, eval_fn, game.to_move(state)).value(state, -INFINITY, INFINITY,
                                                              depth, True)
