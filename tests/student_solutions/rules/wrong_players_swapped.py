# expect: fail
# diagnosis: blocks before winning
from gamelib import heuristics


def rule_move(game, state):
    me = "O" if state.to_move == "X" else "X"      # mixed up: this is the opponent
    other = state.to_move
    if heuristics.winning_moves(state, me):
        return heuristics.winning_moves(state, me)[0]
    if heuristics.winning_moves(state, other):
        return heuristics.winning_moves(state, other)[0]
    return None
