"""Threats in Connect Four: the empty cells where one more disc would complete a line.

Vocabulary from Allis (1988), "A Knowledge-based Approach of Connect-Four", ch. 3:
a *threat* of a player is an empty cell that completes k in a row for that player. Rows
are counted from the bottom, starting at 1, so a threat is *odd* (rows 1, 3, 5) or
*even* (rows 2, 4, 6). A threat you can play right now is an *immediate* win; two
immediate wins at once (or two threats stacked on top of each other) is a *double
threat*, which the opponent cannot stop.
"""

from __future__ import annotations

from typing import NamedTuple

from gamelib.games.connect4 import ConnectFourState, window_masks
from gamelib.platform import _


class Threat(NamedTuple):
    """An empty cell where `player` would complete a line; `row` counts from the bottom, from 1."""

    player: str
    col: int
    row: int

    @property
    def odd(self) -> bool:
        """True on rows 1, 3, 5 (good for the first player, Allis 3.3)."""
        return self.row % 2 == 1

    @property
    def parity(self) -> str:
        """'odd' or 'even'."""
        return "odd" if self.odd else "even"

    def cell(self, rows: int) -> tuple[int, int]:
        """The (row, col) of the threat as `state.cell` counts it (row 0 at the top)."""
        return rows - self.row, self.col


def windows(rows: int, cols: int, k: int) -> tuple[int, ...]:
    """Every line of k cells on a rows x cols board, as a bitboard (Pons' layout)."""
    return window_masks(rows, cols, k)


def discs(state: ConnectFourState, player: str) -> tuple[int, int]:
    """The bitboards (player's discs, opponent's discs)."""
    return (state.x, state.o) if player == "X" else (state.o, state.x)


def threat_bits(state: ConnectFourState, player: str) -> int:
    """A bitboard of every empty cell that would complete a line for `player`."""
    mine, theirs = discs(state, player)
    found = 0
    for window in windows(state.rows, state.cols, state.k):
        if not theirs & window and (mine & window).bit_count() == state.k - 1:
            found |= window & ~mine
    return found


def threats(state: ConnectFourState, player: str) -> list[Threat]:
    """Every threat of `player`, column by column, bottom up."""
    bits = threat_bits(state, player)
    height = state.rows + 1
    found = []
    for index in range(bits.bit_length()):
        if bits >> index & 1:
            col, row = divmod(index, height)
            found.append(Threat(player, col, row + 1))
    return found


def playable_row(state: ConnectFourState, col: int) -> int | None:
    """The row (from the bottom, from 1) the next disc in `col` lands on; None if full."""
    height = state.height(col)
    return height + 1 if height < state.rows else None


def winning_moves(state: ConnectFourState, player: str) -> list[int]:
    """The columns where `player` would complete a line with the next disc (immediate wins)."""
    if state.winner is not None:
        return []
    return sorted({t.col for t in threats(state, player)
                   if playable_row(state, t.col) == t.row})


def is_double_threat(state: ConnectFourState, player: str) -> bool:
    """True if `player` has two wins the opponent cannot both stop (two immediate wins,
    or an immediate win with a second threat straight on top of it)."""
    wins = winning_moves(state, player)
    if len(wins) >= 2:
        return True
    own = {(t.col, t.row) for t in threats(state, player)}
    rows = {col: playable_row(state, col) for col in wins}
    return any(row is not None and (col, row + 1) in own for col, row in rows.items())


def double_threat_moves(game, state: ConnectFourState) -> list[int]:
    """The moves for the player to move that create a double threat (and don't lose at once)."""
    player = state.to_move
    found = []
    for move in game.actions(state):
        child = game.result(state, move)
        if child.winner == player:
            continue                                  # that's a plain win, not a set-up
        if winning_moves(child, game.opponent(player)):
            continue                                  # the opponent wins first
        if is_double_threat(child, player):
            found.append(move)
    return found


def from_picture(picture: str, k: int = 4) -> ConnectFourState:
    """A position drawn as text, top row first ('X', 'O', '.'), for hand-built examples.

    Discs must rest on discs or the floor; X moves next if both have as many discs,
    else O (X always starts). Nobody may have won yet.
    """
    lines = [line.split() if " " in line.strip() else list(line.strip())
             for line in picture.strip().splitlines()]
    rows, cols = len(lines), len(lines[0])
    height = rows + 1
    x = o = 0
    for r, line in enumerate(lines):
        if len(line) != cols:
            raise ValueError(_("row {row} of the picture has {count} cells, expected {cols}"
                               ).format(row=r, count=len(line), cols=cols))
        for c, mark in enumerate(line):
            if mark not in "XO.":
                raise ValueError(_("unknown mark {mark!r} at row {row}, column {col}").format(
                    mark=mark, row=r, col=c))
            below = lines[r + 1][c] if r + 1 < rows else "#"
            if mark != "." and below == ".":
                raise ValueError(_("the disc at row {row}, column {col} floats: nothing below "
                                   "it").format(row=r, col=c))
            bit = 1 << (c * height + rows - 1 - r)
            if mark == "X":
                x |= bit
            elif mark == "O":
                o |= bit
    nx, no = x.bit_count(), o.bit_count()
    if nx not in (no, no + 1):
        raise ValueError(_("X has {x} discs and O {o}: X starts, so X has as many or one "
                           "more").format(x=nx, o=no))
    return ConnectFourState(x, o, "X" if nx == no else "O", None, rows, cols, k)
