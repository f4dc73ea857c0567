"""Solution to lesson 05: the useful threats of a position (Allis 1988; a 2019 student report)."""

from gamelib import heuristics


def my_useful_threats(state):
    """Both players' threats, without those above another threat in the same column and
    those on a cell both players threaten."""
    every = heuristics.threats(state, "X") + heuristics.threats(state, "O")
    useful = []
    for t in every:
        below = [u for u in every if u.col == t.col and u.row < t.row]
        shared = [u for u in every if u.col == t.col and u.row == t.row and u != t]
        if not below and not shared:
            useful.append(t)
    return useful
