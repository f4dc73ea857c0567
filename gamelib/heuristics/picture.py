"""A Connect Four board with every threat marked, and a legend, so a notebook can show them."""

from __future__ import annotations

from typing import Any

from gamelib.games.connect4 import ConnectFourState
from gamelib.games.pictures import O_COLOUR, X_COLOUR, board_description, discs_svg, svg_bundle
from gamelib.heuristics.report import useless_threats
from gamelib.heuristics.threats import Threat, threats
from gamelib.platform import N_, _, display_width

CELL = 44
RING = {"X": (X_COLOUR, 0.45), "O": ("#c9a400", 0.35)}
"""Ring colour and radius (a share of the cell) per player: X big red, O small dark yellow
(darker than O's discs, so the ring shows on a yellow disc's neighbour and on white)."""

PARITY_WORDS = {"odd": N_("odd"), "even": N_("even")}
"""A threat's row parity (Threat.parity, data) as a student reads it, marked for translation."""


class ThreatPicture:
    """A board whose threat cells carry a ring in the threatening player's colour (X red,
    big; O yellow, small), solid when useful, dashed when useless (the 2019 report's
    sense: above another threat in the column, or a cell both threaten), with the row
    parity written in the cell. Rows are numbered from 1 at the bottom on the left,
    columns 0..6 under the board; a legend under the board names every style."""

    def __init__(self, state: ConnectFourState, title: str = "") -> None:
        self.state = state
        self.title = title

    def _repr_svg_(self) -> str:
        return threat_svg(self.state, self.title)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """The picture with the board and its threats in words as alt text."""
        return svg_bundle(self._repr_svg_(), threat_description(self.state, self.title))


def threat_description(state: ConnectFourState, title: str = "") -> str:
    """The threat picture in words: the title, each player's threats (column, row from
    the bottom, parity, useless and why), then the board."""
    useless = useless_threats(state)
    lines = [title] if title else []
    for player in "XO":
        found = [threat_words(t, useless.get(t)) for t in threats(state, player)]
        lines.append(_("{player}'s threats: {threats}").format(
            player=player, threats="; ".join(found) if found else _("none")))
    lines.append(board_description("Connect Four", str(state), state.to_move, state.winner))
    return "\n".join(lines)


def threat_words(threat: Threat, useless: str | None) -> str:
    """"column 3 row 2 (even)", or "... (even, useless: why)" for a useless threat."""
    parity = _(PARITY_WORDS[threat.parity])
    if useless is None:
        return _("column {col} row {row} ({parity})").format(col=threat.col, row=threat.row,
                                                             parity=parity)
    return _("column {col} row {row} ({parity}, useless: {why})").format(
        col=threat.col, row=threat.row, parity=parity, why=useless)


def legend_svg(x: float, y: float) -> str:
    """The legend: one sample ring per style used in threat pictures."""
    items = [(_("X's threat"), RING["X"][0], ""), (_("O's threat"), RING["O"][0], ""),
             (_("useless threat (dashed)"), "#555", ' stroke-dasharray="4,3"')]
    parts, left = [], x
    for text, colour, dash in items:
        parts.append(f'<circle cx="{left + 8}" cy="{y}" r="7" fill="none" stroke="{colour}" '
                     f'stroke-width="3"{dash}/>')
        parts.append(f'<text x="{left + 20}" y="{y + 4}">{text}</text>')
        left += 26 + 7 * display_width(text)
    parity = _("odd / even: the row of the threat, counted from 1 at the bottom")
    parts.append(f'<text x="{x}" y="{y + 22}">{parity}</text>')
    return "".join(parts)


def threat_svg(state: ConnectFourState, title: str = "") -> str:
    """The SVG of `state` with threats marked and a legend (see ThreatPicture)."""
    rows, cols = state.rows, state.cols
    board = discs_svg(rows, cols, state.board, cell=CELL)
    inner = board[board.index(">") + 1:board.rindex("</svg>")]
    margin, top = 20, 22 if title else 4
    board_bottom = top + rows * CELL
    width = max(cols * CELL + margin, 480)
    height = board_bottom + 18 + 44
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'class="gamelib-board threats" font-family="sans-serif" font-size="12">']
    if title:
        parts.append(f'<text x="{margin}" y="15" font-size="14">{title}</text>')
    for r in range(rows):
        parts.append(f'<text x="5" y="{top + r * CELL + CELL / 2 + 4}">{rows - r}</text>')
    for c in range(cols):
        parts.append(f'<text x="{margin + c * CELL + CELL / 2}" y="{board_bottom + 14}" '
                     f'text-anchor="middle">{c}</text>')
    parts.append(f'<g transform="translate({margin},{top})">{inner}')
    useless = useless_threats(state)
    labels = {}
    for player in "XO":
        colour, radius = RING[player]
        for t in threats(state, player):
            r, c = t.cell(rows)
            cx, cy = c * CELL + CELL / 2, r * CELL + CELL / 2
            dash = ' stroke-dasharray="4,3"' if t in useless else ""
            kind = "useless" if t in useless else "useful"
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL * radius}" fill="none" '
                         f'stroke="{colour}" stroke-width="3"{dash} '
                         f'class="threat {player} {t.parity} {kind}"/>')
            labels[(cx, cy)] = _(PARITY_WORDS[t.parity])
    for (cx, cy), parity in labels.items():     # labels last, so no ring covers them
        parts.append(f'<text x="{cx}" y="{cy + 4}" fill="#222" font-size="10" '
                     f'text-anchor="middle">{parity}</text>')
    parts.append("</g>")
    parts.append(legend_svg(margin, board_bottom + 34))
    parts.append("</svg>")
    return "".join(parts)
