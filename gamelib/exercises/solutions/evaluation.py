"""Solution to lesson 04: an evaluation function that beats the window count (Kopec, ch. 8)."""

from __future__ import annotations

from gamelib.heuristics import centre_eval, threat_eval, window_eval


def my_eval(state, player: str) -> float:
    """The window count (Kopec, ch. 8), plus 2 points per window through each of my discs (the
    centre lies in the most windows), plus 40 per threat (120 on my good rows, lesson 05),
    each minus the same for the opponent: all from `player`'s point of view."""
    return (window_eval(state, player) + 2 * centre_eval(state, player)
            + 40 * threat_eval(state, player))
