# expect: fail
# diagnosis: keeps a threat above another
from gamelib import heuristics


def my_useful_threats(state):
    # only the player's own lower threats are looked at
    found = []
    for player in "XO":
        mine = heuristics.threats(state, player)
        found += [t for t in mine if not any(u.col == t.col and u.row < t.row for u in mine)]
    return found
