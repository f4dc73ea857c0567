"""The threat theory of a 2019 student report on Connect Four, as functions.

The report took its ideas from Allis (1988) and from an online summary of zugzwang play:

- a threat is *useless* when it sits above another threat (of either player) in the
  same column, because the lower one is decided first, or when both players threaten the
  same cell (whoever fills the cell below hands it to the other);
- threats are *odd* or *even* by their row, counted from 1 at the bottom; the first
  player (X) wants odd threats, the second (O) even ones;
- the ODD / EVEN / MIXED rule predicts the winner from three counts (`odd_even_mixed`);
- a *double threat* is two threats of one player directly above each other, even over
  odd or odd over even (`stacked_double_threats`);
- the *line evaluation* of a move counts the 4-cell lines through the cell it fills
  (`line_score`);
- the report's evaluation adds these up, each x100 (`report_eval`).

These are rules of thumb, not proofs: lesson 05 measures them against the exact solver.
"""

from __future__ import annotations

from typing import NamedTuple

from gamelib.games.connect4 import ConnectFourState
from gamelib.heuristics.evaluation import Parts
from gamelib.heuristics.threats import Threat, discs, playable_row, threats, windows
from gamelib.platform import N_, _

FIRST, SECOND = "X", "O"

LINE_WEIGHTS = {0: 1, 1: 3, 2: 4, 3: 4}
"""The report's weights for a line through the cell a move fills, by the mover's discs
already in it (0: all empty, 1, 2; 3 would complete the line: a win, scored like 2);
a line holding any opponent disc scores OPPONENT_LINE."""

OPPONENT_LINE = -1

POINTS = 100
"""What each threat, double threat and the rule's verdict is worth in `report_eval`."""


def opponent_of(player: str) -> str:
    """'O' for 'X' and 'X' for 'O'."""
    return SECOND if player == FIRST else FIRST


def useless_threats(state: ConnectFourState) -> dict[Threat, str]:
    """Every useless threat of either player, with the reason in words (the report's
    definition: above another threat in the same column, or on a cell both threaten)."""
    return find_useless(threats(state, FIRST) + threats(state, SECOND))


def find_useless(every: list[Threat]) -> dict[Threat, str]:
    """The useless ones among `every` threat of both players, with the reason."""
    players_at: dict[tuple[int, int], int] = {}
    lowest: dict[int, Threat] = {}
    for t in every:
        players_at[(t.col, t.row)] = players_at.get((t.col, t.row), 0) + 1
        if t.col not in lowest or t.row < lowest[t.col].row:
            lowest[t.col] = t
    reasons = {}
    for t in every:
        low = lowest[t.col]
        if players_at[(t.col, t.row)] == 2:
            reasons[t] = _("both players threaten row {row} of column {col}").format(
                row=t.row, col=t.col)
        elif low.row < t.row:
            reasons[t] = _("above {player}'s threat on row {row} of column {col}, which is "
                           "decided first").format(player=low.player, row=low.row, col=t.col)
    return reasons


class ThreatMap(NamedTuple):
    """Both players' threats and which are useless: computed once per position."""

    x: list[Threat]
    o: list[Threat]
    useless: dict[Threat, str]

    def of(self, player: str) -> list[Threat]:
        """Every threat of `player`."""
        return self.x if player == FIRST else self.o

    def useful(self, player: str) -> list[Threat]:
        """`player`'s threats that are not useless."""
        return [t for t in self.of(player) if t not in self.useless]


def threat_map(state: ConnectFourState) -> ThreatMap:
    """Both players' threats and the useless ones among them."""
    x, o = threats(state, FIRST), threats(state, SECOND)
    return ThreatMap(x, o, find_useless(x + o))


def useful_report_threats(state: ConnectFourState, player: str) -> list[Threat]:
    """`player`'s threats that are not useless in the report's sense."""
    return threat_map(state).useful(player)


class Counts(NamedTuple):
    """The three numbers of the ODD / EVEN / MIXED rule."""

    odd: int      # O's useful odd threats minus X's useful odd threats
    even: int     # O's useful even threats
    mixed: int    # columns where both players have an odd threat (useful or not)


class Verdict(NamedTuple):
    """What the ODD / EVEN / MIXED rule predicts: 'X', 'O' or None (a draw), and why."""

    winner: str | None
    counts: Counts
    reason: str         # in English (data); shown in the language gamelib speaks

    def __str__(self) -> str:
        outcome = _("a draw") if self.winner is None else _("{player} wins").format(
            player=self.winner)
        odd, even, mixed = self.counts
        return _("ODD = {odd}, EVEN = {even}, MIXED = {mixed}: {outcome} ({reason})").format(
            odd=odd, even=even, mixed=mixed, outcome=outcome, reason=_(self.reason))


def parity_counts(state: ConnectFourState, found: ThreatMap | None = None) -> Counts:
    """ODD, EVEN and MIXED for `state` (X moved first, O second): ODD and EVEN count useful
    threats; MIXED counts every odd threat, since two in one column make one useless."""
    found = found or threat_map(state)
    x_odd = [t for t in found.useful(FIRST) if t.odd]
    o_odd = [t for t in found.useful(SECOND) if t.odd]
    o_even = [t for t in found.useful(SECOND) if not t.odd]
    x_odd_cols = {t.col for t in found.x if t.odd}
    o_odd_cols = {t.col for t in found.o if t.odd}
    return Counts(len(o_odd) - len(x_odd), len(o_even), len(x_odd_cols & o_odd_cols))


def rule_verdict(counts: Counts) -> Verdict:
    """The report's ODD / EVEN / MIXED rule applied to three counts."""
    odd, even, mixed = counts
    if odd < 0:
        return Verdict(FIRST, counts, N_("ODD < 0: X has more odd threats"))
    if odd == 0:
        if mixed % 2 == 1:
            return Verdict(FIRST, counts, N_("ODD = 0 and MIXED is odd"))
        if mixed > 0:
            return Verdict(SECOND, counts, N_("ODD = 0 and MIXED is even but not 0"))
        if even == 0:
            return Verdict(None, counts, N_("ODD = 0, MIXED = 0 and EVEN = 0"))
        return Verdict(SECOND, counts, N_("ODD = 0, MIXED = 0 and EVEN > 0"))
    if odd == 1:
        if mixed % 2 == 1:
            return Verdict(SECOND, counts, N_("ODD = 1 and MIXED is odd"))
        return Verdict(FIRST, counts, N_("ODD = 1 and MIXED is even"))
    return Verdict(SECOND, counts, N_("ODD > 1: O has at least two more odd threats"))


def odd_even_mixed(state: ConnectFourState) -> Verdict:
    """The ODD / EVEN / MIXED rule's prediction for `state` (assumes 6 rows, X first)."""
    if state.rows % 2:
        raise ValueError(_("the ODD / EVEN / MIXED rule assumes an even number of rows (6 on "
                           "the standard board), got {rows}").format(rows=state.rows))
    return rule_verdict(parity_counts(state))


class DoubleThreat(NamedTuple):
    """Two threats of `player` directly above each other in column `col`."""

    player: str
    col: int
    lower: int      # the row of the lower threat, from 1 at the bottom
    upper: int

    @property
    def shape(self) -> str:
        """'even over odd' (lower threat on an odd row) or 'odd over even'."""
        return "even over odd" if self.lower % 2 == 1 else "odd over even"


def stacked_double_threats(state: ConnectFourState, player: str,
                           found: ThreatMap | None = None) -> list[DoubleThreat]:
    """`player`'s pairs of threats directly above each other, lowest first."""
    cells = {(t.col, t.row) for t in (found or threat_map(state)).of(player)}
    return [DoubleThreat(player, col, row, row + 1) for col, row in sorted(cells)
            if (col, row + 1) in cells]


def landing_cell(state: ConnectFourState, col: int) -> int:
    """The bit of the cell a disc dropped in `col` fills (Pons' layout)."""
    row = playable_row(state, col)
    if row is None:
        raise ValueError(_("column {col} is full: no disc can be dropped there").format(
            col=col))
    return 1 << (col * (state.rows + 1) + row - 1)


def line_score(state: ConnectFourState, col: int, player: str | None = None) -> int:
    """The report's line evaluation of `player` (default: the one to move) dropping a
    disc in `col`: every 4-cell line through that cell scores by LINE_WEIGHTS."""
    player = player or state.to_move
    mine, theirs = discs(state, player)
    cell = landing_cell(state, col)
    score = 0
    for window in windows(state.rows, state.cols, state.k):
        if window & cell:
            score += OPPONENT_LINE if window & theirs else LINE_WEIGHTS[(window & mine).bit_count()]
    return score


def open_lines(state: ConnectFourState, col: int, player: str | None = None) -> int:
    """How many k-cell lines through the cell `col` fills hold no opponent disc (the lines
    that dropping a disc there keeps possible for `player`)."""
    player = player or state.to_move
    _, theirs = discs(state, player)
    cell = landing_cell(state, col)
    return sum(1 for window in windows(state.rows, state.cols, state.k)
               if window & cell and not window & theirs)


def report_eval_parts(state: ConnectFourState, player: str) -> dict[str, float]:
    """Each part of the report's evaluation for `player`, already weighted (x100)."""
    opponent = opponent_of(player)
    found = threat_map(state)
    verdict = rule_verdict(parity_counts(state, found)).winner
    rule = 0 if verdict is None else (1 if verdict == player else -1)
    return Parts({N_("my threats"): POINTS * len(found.useful(player)),
                  N_("opponent threats"): -POINTS * len(found.useful(opponent)),
                  N_("opponent double threats"):
                      -POINTS * len(stacked_double_threats(state, opponent, found)),
                  N_("ODD/EVEN/MIXED verdict"): POINTS * rule})


def report_eval(state: ConnectFourState, player: str) -> float:
    """The report's evaluation of a position for `player`: own threats x100, opponent
    threats x100 against, opponent double threats x100 against, the rule's verdict x100
    (the line evaluation is added for the move at the root: see ReportPlayer)."""
    return sum(report_eval_parts(state, player).values())
