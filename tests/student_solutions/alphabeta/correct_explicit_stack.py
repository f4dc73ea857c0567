# expect: pass
# Alpha-beta without recursion: an explicit stack of frames, each with its own window,
# its remaining moves and its best so far.
import math


def my_alphabeta(game, state, depth, eval_fn):
    me = game.to_move(state)
    root = {"state": state, "depth": depth, "max": True, "alpha": -math.inf,
            "beta": math.inf, "moves": None, "best": None, "best_move": None, "move": None}
    stack = [root]
    answer = None
    while stack:
        frame = stack[-1]
        if frame["moves"] is None:
            s = frame["state"]
            if frame["depth"] == 0 or game.is_terminal(s):
                answer = eval_fn(s, me)
                stack.pop()
                if stack:
                    _child_done(stack[-1], frame["move"], answer)
                continue
            frame["moves"] = list(game.actions(s))
            frame["best"] = -math.inf if frame["max"] else math.inf
        cut = (frame["max"] and frame["best"] >= frame["beta"]) or \
              (not frame["max"] and frame["best"] <= frame["alpha"])
        if cut or not frame["moves"]:
            stack.pop()
            answer = frame["best"]
            if stack:
                _child_done(stack[-1], frame["move"], answer)
            continue
        move = frame["moves"].pop(0)
        stack.append({"state": game.result(frame["state"], move), "depth": frame["depth"] - 1,
                      "max": not frame["max"], "alpha": frame["alpha"],
                      "beta": frame["beta"], "moves": None, "best": None,
                      "best_move": None, "move": move})
    return root["best"], root["best_move"]


def _child_done(frame, move, value):
    if (frame["max"] and value > frame["best"]) or (not frame["max"] and value < frame["best"]):
        frame["best"], frame["best_move"] = value, move
    if frame["max"]:
        frame["alpha"] = max(frame["alpha"], frame["best"])
    else:
        frame["beta"] = min(frame["beta"], frame["best"])
