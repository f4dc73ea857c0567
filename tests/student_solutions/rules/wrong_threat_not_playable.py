# expect: fail
# diagnosis: answers with no rule
from gamelib import heuristics


def rule_move(game, state):
    me = state.to_move
    other = "O" if me == "X" else "X"
    mine = [t.col for t in heuristics.threats(state, me)]        # also threats in the air
    theirs = [t.col for t in heuristics.threats(state, other)]
    wins = heuristics.winning_moves(state, me)
    if wins:
        return wins[0]
    return theirs[0] if theirs else None
