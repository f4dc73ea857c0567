# expect: pass
# Keeps the window in a small list and returns [value, move] lists.
INF = 10 ** 9


def my_alphabeta(game, state, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return [eval_fn(state, player), None]
        answer = [-INF - 1, None]
        for move in game.actions(state):
            value = min_value(game.result(state, move), alpha, beta, depth - 1)[0]
            if value > answer[0]:
                answer = [value, move]
            if answer[0] >= beta:
                return answer
            alpha = max(alpha, answer[0])
        return answer

    def min_value(state, alpha, beta, depth):
        if game.is_terminal(state) or depth == 0:
            return [eval_fn(state, player), None]
        answer = [INF + 1, None]
        for move in game.actions(state):
            value = max_value(game.result(state, move), alpha, beta, depth - 1)[0]
            if value < answer[0]:
                answer = [value, move]
            if answer[0] <= alpha:
                return answer
            beta = min(beta, answer[0])
        return answer

    return max_value(state, -INF, INF, depth)
