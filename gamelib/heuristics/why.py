""""Why this move, and why not the runner-up?" in the terms of the 2019 Connect Four
report: the threats, double threats and lines each move makes or stops.

`compare_moves(state, move, runner_up)` gives one `MoveEffects` per move; a board's
"why" panel or a lesson prints them side by side (`MoveComparison.rows()`).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.heuristics.report import (DoubleThreat, line_score, opponent_of,
                                       stacked_double_threats, useful_report_threats)
from gamelib.heuristics.threats import Threat, winning_moves
from gamelib.platform import _, ngettext


@dataclass(frozen=True)
class MoveEffects:
    """What one move does, in the report's terms (threats as Threat tuples, rows from 1)."""

    move: int
    wins: bool                              # the move completes four
    threats_made: list[Threat]              # my useful threats after it, not there before
    threats_stopped: list[Threat]           # opponent's useful threats it removes
    doubles_made: list[DoubleThreat]        # my stacked double threats it creates
    doubles_stopped: list[DoubleThreat]     # opponent's stacked double threats it removes
    gives_win: list[int]                    # columns where the opponent then wins at once
    lines: int                              # the report's line evaluation of the move

    def summary(self) -> str:
        """One sentence: what the move makes and stops."""
        if self.wins:
            return _("column {col} completes four and wins").format(col=self.move)
        parts = [_("makes {made}, stops {stopped}").format(
            made=_threat_words(self.threats_made), stopped=_threat_words(self.threats_stopped))]
        if self.doubles_made:
            parts.append(_("makes {count} double threat(s)").format(
                count=len(self.doubles_made)))
        if self.doubles_stopped:
            parts.append(_("stops {count} double threat(s)").format(
                count=len(self.doubles_stopped)))
        if self.gives_win:
            parts.append(_("lets the opponent win at once in column {columns}").format(
                columns=", ".join(map(str, self.gives_win))))
        return _("column {col}: {effects}; line evaluation {lines}").format(
            col=self.move, effects=", ".join(parts), lines=self.lines)


def _threat_words(found: list[Threat]) -> str:
    """'no threat' or '2 threats (column 3 row 2, column 4 row 5)'."""
    if not found:
        return _("no threat")
    cells = ", ".join(_("column {col} row {row}").format(col=t.col, row=t.row) for t in found)
    return ngettext("{count} threat ({cells})", "{count} threats ({cells})",
                    len(found)).format(count=len(found), cells=cells)


@dataclass(frozen=True)
class MoveComparison:
    """The effects of the chosen move and of the runner-up, for a "why" table."""

    player: str
    chosen: MoveEffects
    runner_up: MoveEffects

    def rows(self) -> list[dict[str, object]]:
        """One dict per move, counts only (for a table): column, made/stopped counts, lines."""
        return [{"column": e.move, "wins now": e.wins,
                 "threats made": len(e.threats_made),
                 "threats stopped": len(e.threats_stopped),
                 "double threats made": len(e.doubles_made),
                 "double threats stopped": len(e.doubles_stopped),
                 "opponent wins next": len(e.gives_win) > 0,
                 "lines": e.lines} for e in (self.chosen, self.runner_up)]

    def __str__(self) -> str:
        return _("{player} to move.\nwhy {chosen}\nwhy not {runner_up}").format(
            player=self.player, chosen=self.chosen.summary(),
            runner_up=self.runner_up.summary())


def move_effects(state: ConnectFourState, move: int) -> MoveEffects:
    """What dropping a disc in `move` does for the player to move, in the report's terms."""
    game = ConnectFour(state.rows, state.cols, state.k)
    me, other = state.to_move, opponent_of(state.to_move)
    lines = line_score(state, move, me)
    child = game.result(state, move)
    if child.winner == me:
        return MoveEffects(move, True, [], [], [], [], [], lines)
    mine_before = set(useful_report_threats(state, me))
    theirs_before = useful_report_threats(state, other)
    theirs_after = set(useful_report_threats(child, other))
    my_doubles = set(stacked_double_threats(state, me))
    their_doubles_after = set(stacked_double_threats(child, other))
    return MoveEffects(
        move, False,
        [t for t in useful_report_threats(child, me) if t not in mine_before],
        [t for t in theirs_before if t not in theirs_after],
        [d for d in stacked_double_threats(child, me) if d not in my_doubles],
        [d for d in stacked_double_threats(state, other) if d not in their_doubles_after],
        winning_moves(child, other), lines)


def compare_moves(state: ConnectFourState, move: int, runner_up: int) -> MoveComparison:
    """Why `move` and why not `runner_up`: what each makes and stops (threats, double
    threats, immediate wins handed over) and its line evaluation."""
    return MoveComparison(state.to_move, move_effects(state, move),
                          move_effects(state, runner_up))
