# expect: pass
from gamelib.heuristics import winning_moves


def rule_move(game, state):
    wins = winning_moves(state, state.to_move)
    threats = winning_moves(state, {"X": "O", "O": "X"}[state.to_move])
    if len(wins) > 0:
        return max(wins)
    elif len(threats) > 0:
        return max(threats)
