"""Solution to lesson 04: an evaluation function that beats the window count (Kopec, ch. 8)."""

from __future__ import annotations

from gamelib.heuristics import centre_eval, threat_eval, window_eval
from gamelib.heuristics.threats import is_double_threat, winning_moves

DECIDED = 10_000
"""Points for a position that is won one move past the search's horizon (far more than the
windows, centre and threats together add up to, and far less than a real win)."""


def my_eval(state, player: str) -> float:
    """The window count (Kopec, ch. 8), plus 2 points per window through each of my discs (the
    centre lies in the most windows), plus 40 per threat (120 on my good rows, lesson 05),
    each minus the same for the opponent; then what a depth-2 search cannot see at its
    leaves: a player to move who can complete four has won, and so has a player with two
    threats the other cannot both stop. All from `player`'s point of view."""
    score = (window_eval(state, player) + 2 * centre_eval(state, player)
             + 40 * threat_eval(state, player))
    mover = state.to_move
    waiting = "O" if mover == "X" else "X"
    sign = 1 if mover == player else -1
    if winning_moves(state, mover):
        return score + sign * DECIDED
    if is_double_threat(state, waiting):
        return score - sign * DECIDED
    return score
