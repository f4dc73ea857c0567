# expect: pass
# Remembers positions already scored (Tic-Tac-Toe reaches the same board by different
# move orders), so it scores each position once.
import math


def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)
    memo = {}

    def value(s, d, maximizing):
        key = (s, d)
        if key in memo:
            return memo[key]
        if game.is_terminal(s) or d == 0:
            answer = (eval_fn(s, player), None)
        else:
            best, best_move = (-math.inf, None) if maximizing else (math.inf, None)
            for move in game.actions(s):
                v = value(game.result(s, move), d - 1, not maximizing)[0]
                if (maximizing and v > best) or (not maximizing and v < best):
                    best, best_move = v, move
            answer = (best, best_move)
        memo[key] = answer
        return answer

    return value(state, depth, True)
