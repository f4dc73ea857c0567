# expect: pass
# No recursion: an explicit stack of frames, children values collected per frame.
import math


def my_minimax(game, state, depth, eval_fn):
    player = game.to_move(state)
    # a frame: [state, depth, is_max, moves, index, best_value, best_move]
    stack = [[state, depth, True, list(game.actions(state)), 0, -math.inf, None]]
    result = None
    while stack:
        frame = stack[-1]
        s, d, is_max, moves, i, best, best_move = frame
        if result is not None:                       # a child just finished
            v = result
            result = None
            m = moves[i - 1]
            if (is_max and v > best) or (not is_max and v < best):
                frame[5], frame[6] = v, m
            continue
        if i == len(moves):
            stack.pop()
            if not stack:
                return frame[5], frame[6]
            result = frame[5]
            continue
        frame[4] += 1
        child = game.result(s, moves[i])
        if game.is_terminal(child) or d - 1 == 0:
            result = eval_fn(child, player)
        else:
            stack.append([child, d - 1, not is_max, list(game.actions(child)), 0,
                          -math.inf if not is_max else math.inf, None])
