"""A Connect Four board with every threat marked, so a notebook can show them."""

from __future__ import annotations

from gamelib.games.connect4 import ConnectFourState
from gamelib.games.pictures import O_COLOUR, X_COLOUR, discs_svg
from gamelib.heuristics.parity import useful_threats
from gamelib.heuristics.threats import threats

CELL = 36


class ThreatPicture:
    """A board whose threat cells carry a ring in the threatening player's colour (X red,
    big; O yellow, small) and 'odd'/'even'; rows are numbered from the bottom on the left.
    Useless threats (an opponent threat lies below in the same column) are dashed."""

    def __init__(self, state: ConnectFourState, title: str = "") -> None:
        self.state = state
        self.title = title

    def _repr_svg_(self) -> str:
        return threat_svg(self.state, self.title)


def threat_svg(state: ConnectFourState, title: str = "") -> str:
    """The SVG of `state` with threats marked (see ThreatPicture)."""
    rows, cols = state.rows, state.cols
    board = discs_svg(rows, cols, state.board, cell=CELL)
    inner = board[board.index(">") + 1:board.rindex("</svg>")]
    margin, top = 18, 18 if title else 0
    width, height = cols * CELL + margin, rows * CELL + top + 16
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'class="gamelib-board threats" font-family="sans-serif" font-size="10">']
    if title:
        parts.append(f'<text x="{margin}" y="12" font-size="12">{title}</text>')
    for r in range(rows):
        parts.append(f'<text x="4" y="{top + r * CELL + CELL / 2 + 4}">{rows - r}</text>')
    for c in range(cols):
        parts.append(f'<text x="{margin + c * CELL + CELL / 2 - 3}" '
                     f'y="{top + rows * CELL + 12}">{c}</text>')
    parts.append(f'<g transform="translate({margin},{top})">{inner}')
    labelled = set()
    for player, colour, radius in (("X", X_COLOUR, 0.38), ("O", O_COLOUR, 0.28)):
        useful = set(useful_threats(state, player))
        for t in threats(state, player):
            r, c = t.cell(rows)
            cx, cy = c * CELL + CELL / 2, r * CELL + CELL / 2
            dash = "" if t in useful else ' stroke-dasharray="3,2"'
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL * radius}" fill="none" '
                         f'stroke="{colour}" stroke-width="3"{dash} class="threat {t.parity}"/>')
            if (r, c) not in labelled:
                labelled.add((r, c))
                parts.append(f'<text x="{cx}" y="{cy + 3}" fill="#333" '
                             f'text-anchor="middle">{t.parity}</text>')
    parts.append("</g></svg>")
    return "".join(parts)
