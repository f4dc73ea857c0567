"""Solution to lesson 06: win if you can, block if you must (a 2019 student report)."""

from gamelib import heuristics


def rule_move(game, state):
    """A column that wins now; else one that blocks the opponent's win; else None."""
    me = state.to_move
    opponent = "O" if me == "X" else "X"
    wins = heuristics.winning_moves(state, me)
    if wins:
        return wins[0]
    blocks = heuristics.winning_moves(state, opponent)
    if blocks:
        return blocks[0]
    return None
