"""Odd and even threats and the control of zugzwang (Allis 1988, ch. 3.3 and 4).

When the board fills up and no one may play into a column without handing the opponent
a win, the players are in *zugzwang*: someone must give way. Counting rows from the
bottom on the standard board (6 rows, an even number), the first player X naturally gets
the odd rows and the second player O the even rows: if O always answers in the column X
just played ("follow-up", Allis' *claimeven*), O owns every even cell. So X wants threats
on odd rows, O wants threats on even rows.

`zugzwang_outlook` applies Allis' simplest rules of thumb. They are rules of thumb, not
proofs: the exact solver (lesson 09) has the last word.
"""

from __future__ import annotations

from typing import NamedTuple

from gamelib.games.connect4 import ConnectFourState
from gamelib.heuristics.threats import Threat, is_double_threat, threats, winning_moves
from gamelib.platform import _


def good_parity(player: str) -> str:
    """The row parity that helps `player` on a board with an even number of rows."""
    return "odd" if player == "X" else "even"


def useful_threats(state: ConnectFourState, player: str) -> list[Threat]:
    """`player`'s threats with no opponent threat below or on them in the same column
    (a threat above the opponent's is never reached: Allis 3.1, useless threats)."""
    opponent = "O" if player == "X" else "X"
    lowest: dict[int, int] = {}
    for t in threats(state, opponent):
        lowest[t.col] = min(lowest.get(t.col, t.row), t.row)
    return [t for t in threats(state, player) if t.row < lowest.get(t.col, state.rows + 1)]


def parity_threats(state: ConnectFourState, player: str) -> list[Threat]:
    """`player`'s useful threats on the rows that favour them (X odd, O even)."""
    return [t for t in useful_threats(state, player) if t.parity == good_parity(player)]


class Outlook(NamedTuple):
    """Who the threats favour, and the rule that says so."""

    favours: str | None       # 'X', 'O', or None when the rules of thumb don't decide
    rule: str                 # the rule applied, in words (the language gamelib speaks)
    x_odd: list[Threat]
    o_even: list[Threat]

    def __str__(self) -> str:
        if self.favours is None:
            return _("favours nobody yet: {rule}").format(rule=self.rule)
        return _("favours {player}: {rule}").format(player=self.favours, rule=self.rule)


def zugzwang_outlook(state: ConnectFourState) -> Outlook:
    """Allis' rules of thumb for who wins the zugzwang fight, as an Outlook."""
    x_odd, o_even = parity_threats(state, "X"), parity_threats(state, "O")
    mover = state.to_move
    other = "O" if mover == "X" else "X"
    if state.winner is not None:
        return Outlook(state.winner, _("{player} has already won").format(player=state.winner),
                       x_odd, o_even)
    if winning_moves(state, mover):
        return Outlook(mover, _("{player} to move can win at once").format(player=mover),
                       x_odd, o_even)
    if is_double_threat(state, other):
        return Outlook(other, _("{other} has a double threat: {mover} can block only "
                                "one").format(other=other, mover=mover), x_odd, o_even)
    if state.rows % 2:
        return Outlook(None, _("the parity rules assume an even number of rows"), x_odd,
                       o_even)
    if x_odd and not o_even:
        return Outlook("X", _("X has an odd threat and O has no even threat: "
                              "zugzwang will force O to let X in"), x_odd, o_even)
    if o_even and not x_odd:
        return Outlook("O", _("O has an even threat and X has no odd threat: O answers "
                              "every X move in the same column (claimeven) and gets it"),
                       x_odd, o_even)
    if x_odd and o_even:
        return Outlook(None, _("X has odd and O has even threats: it depends on the "
                               "columns, search decides"), x_odd, o_even)
    return Outlook(None, _("no parity threats yet: O controls the zugzwang by "
                           "follow-up, so X must build an odd threat"), x_odd, o_even)
