"""Small SVG pictures of boards, so states show themselves in a notebook."""

from __future__ import annotations

from typing import Iterable

X_COLOUR = "#d62728"   # red: the first player
O_COLOUR = "#f2c80f"   # yellow (Connect Four) ...
O_MARK = "#1f4e9c"     # ... and blue noughts (Tic-Tac-Toe)
BOARD_BLUE = "#1f5fbf"
WIN_COLOUR = "#2ca02c"


def svg_bundle(svg: str, alt: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """A notebook output (data, metadata) of an SVG picture with its alt text: readers
    who cannot see the picture, and the HTML export, get the words."""
    return {"image/svg+xml": svg}, {"image/svg+xml": {"alt": alt}}


def board_description(name: str, rows_text: str, to_move: str, winner: str | None) -> str:
    """A board in words: whose turn (or who won), then its rows from the top as the
    state prints them (`str(state)`)."""
    if winner is not None:
        status = f"{winner} has won"
    elif "." not in rows_text:
        status = "full: a draw"
    else:
        status = f"{to_move} to move"
    return f"{name} board, {status}; rows from the top, '.' empty:\n{rows_text}"


def grid_svg(rows: int, cols: int, board: str, cell: int = 28,
             winning: Iterable[tuple[int, int]] | None = None) -> str:
    """A Tic-Tac-Toe style grid: X as a red cross, O as a blue ring, a winning line in green."""
    width, height = cols * cell, rows * cell
    winning = set(winning or ())
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2}" height="{height + 2}" '
             f'viewBox="-1 -1 {width + 2} {height + 2}" class="gamelib-board">',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="white" stroke="#444"/>']
    for r in range(rows):
        for c in range(cols):
            x, y = c * cell, r * cell
            if (r, c) in winning:
                parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                             f'fill="{WIN_COLOUR}" fill-opacity="0.35"/>')
            parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                         f'fill="none" stroke="#888"/>')
            mark = board[r * cols + c]
            m = cell * 0.22
            if mark == "X":
                parts.append(f'<path d="M{x + m} {y + m}L{x + cell - m} {y + cell - m}'
                             f'M{x + cell - m} {y + m}L{x + m} {y + cell - m}" '
                             f'stroke="{X_COLOUR}" stroke-width="3"/>')
            elif mark == "O":
                parts.append(f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell / 2 - m}" '
                             f'fill="none" stroke="{O_MARK}" stroke-width="3"/>')
    parts.append("</svg>")
    return "".join(parts)


def discs_svg(rows: int, cols: int, board: str, cell: int = 24,
              winning: Iterable[tuple[int, int]] | None = None,
              last: tuple[int, int] | None = None) -> str:
    """A Connect Four board: blue frame, red and yellow discs, the winning four ringed."""
    width, height = cols * cell, rows * cell
    winning = set(winning or ())
    radius = cell * 0.4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'class="gamelib-board">',
             f'<rect x="0" y="0" width="{width}" height="{height}" rx="4" fill="{BOARD_BLUE}"/>']
    for r in range(rows):
        for c in range(cols):
            cx, cy = c * cell + cell / 2, r * cell + cell / 2
            mark = board[r * cols + c]
            fill = {"X": X_COLOUR, "O": O_COLOUR}.get(mark, "white")
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{fill}"/>')
            if (r, c) in winning:
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="none" '
                             f'stroke="{WIN_COLOUR}" stroke-width="3"/>')
            elif (r, c) == last:
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="{radius / 3}" fill="white" '
                             f'fill-opacity="0.8"/>')
    parts.append("</svg>")
    return "".join(parts)
