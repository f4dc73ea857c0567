# expect: fail
# diagnosis: blocks before winning
from gamelib import heuristics


def rule_move(game, state):
    other = "O" if state.to_move == "X" else "X"
    blocks = heuristics.winning_moves(state, other)
    if blocks:
        return blocks[0]
    wins = heuristics.winning_moves(state, state.to_move)
    return wins[0] if wins else None
