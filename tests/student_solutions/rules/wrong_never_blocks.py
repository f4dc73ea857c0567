# expect: fail
# diagnosis: misses the block
from gamelib import heuristics


def rule_move(game, state):
    wins = heuristics.winning_moves(state, state.to_move)
    return wins[0] if wins else None
