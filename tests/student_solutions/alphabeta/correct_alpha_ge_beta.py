# expect: pass
# The textbook test written as "if alpha >= beta: break" after updating the bound.
import math


def my_alphabeta(game, state, depth, eval_fn):
    me = game.to_move(state)

    def ab(node, d, a, b, maximizing):
        if d == 0 or game.is_terminal(node):
            return eval_fn(node, me), None
        chosen = None
        if maximizing:
            value = -math.inf
            for mv in game.actions(node):
                child_value = ab(game.result(node, mv), d - 1, a, b, False)[0]
                if child_value > value:
                    value, chosen = child_value, mv
                a = max(a, value)
                if a >= b:
                    break          # beta cut-off
        else:
            value = math.inf
            for mv in game.actions(node):
                child_value = ab(game.result(node, mv), d - 1, a, b, True)[0]
                if child_value < value:
                    value, chosen = child_value, mv
                b = min(b, value)
                if b <= a:
                    break          # alpha cut-off
        return value, chosen

    return ab(state, depth, -math.inf, math.inf, True)
