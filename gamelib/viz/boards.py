"""Board thumbnails as Graphviz HTML-like tables, to put positions inside tree nodes."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.games.pictures import BOARD_BLUE, O_COLOUR, O_MARK, WIN_COLOUR, X_COLOUR
from gamelib.games.tictactoe import TicTacToeState, winning_line
from gamelib.platform import _

LAST_MOVE_FILL = "#fff2a8"   # the cell of the move that led to this position
WIN_FILL = "#b7e4b7"         # the cells of a winning line
EMPTY_HOLE = "#ffffff"


Thumbnail = Callable[[Any, Any, int], str]
"""Draws a state as an HTML-like <TABLE>: (state, last move, cell size in points) -> text."""

THUMBNAILS: dict[type, Thumbnail] = {}
"""How each kind of state is drawn inside a node, by the state's class (see
`register_thumbnail`); filled in below for Tic-Tac-Toe and Connect Four."""


def register_thumbnail(state_class: type, draw: Thumbnail) -> None:
    """Teach the tree drawings to put states of `state_class` inside their nodes."""
    THUMBNAILS[state_class] = draw


def thumbnail_for(state: Any) -> Thumbnail | None:
    """How `state` is drawn inside a node (its class's or a base class's way), or None."""
    return next((THUMBNAILS[cls] for cls in type(state).__mro__ if cls in THUMBNAILS), None)


def has_thumbnail(state: Any) -> bool:
    """True if `state` is a position we can draw inside a node."""
    return thumbnail_for(state) is not None


def board_table(state: Any, last: Any = None, cell: int = 14) -> str:
    """A thumbnail of `state` as an HTML-like <TABLE>; `last` is the move that led to it."""
    draw = thumbnail_for(state)
    if draw is None:
        raise TypeError(_("no board thumbnail for {kind}; use boards=False for plain "
                          "labels").format(kind=type(state).__name__))
    return draw(state, last, cell)


def _grid_table(state: TicTacToeState, last: Any, cell: int) -> str:
    """Tic-Tac-Toe: a grid of cells with a red X or a blue O, the last move shaded
    yellow, a winning line green."""
    won = set(winning_line(state) or ())
    rows = []
    for r in range(state.rows):
        cells = []
        for c in range(state.cols):
            mark = state.cell(r, c)
            background = (WIN_FILL if (r, c) in won else LAST_MOVE_FILL if last == (r, c)
                          else "white")
            fill = f' BGCOLOR="{background}"'
            text = ""
            if mark != ".":
                colour = X_COLOUR if mark == "X" else O_MARK
                text = f'<FONT COLOR="{colour}" POINT-SIZE="{cell - 4}"><B>{mark}</B></FONT>'
            cells.append(f'<TD WIDTH="{cell}" HEIGHT="{cell}" FIXEDSIZE="TRUE"{fill}>'
                         f'{text}</TD>')
        rows.append("<TR>" + "".join(cells) + "</TR>")
    width, height = state.cols * cell + 2, state.rows * cell + 2
    return (f'<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" '
            f'COLOR="#888888" FIXEDSIZE="TRUE" WIDTH="{width}" HEIGHT="{height}">'
            + "".join(rows) + "</TABLE>")


def _discs_table(state: ConnectFourState, last: Any, cell: int) -> str:
    """Connect Four: a blue board of red, yellow and empty holes; the last disc outlined
    black, a winning four green."""
    won = set(_connect_four(state.rows, state.cols, state.k).winning_line(state) or ())
    top_of_last = None
    if isinstance(last, int) and 0 <= last < state.cols and state.height(last) > 0:
        top_of_last = (state.rows - state.height(last), last)
    size = cell - 3
    rows = []
    for r in range(state.rows):
        cells = []
        for c in range(state.cols):
            fill = {"X": X_COLOUR, "O": O_COLOUR}.get(state.cell(r, c), EMPTY_HOLE)
            border = (f' BORDER="2" COLOR="{WIN_COLOUR}"' if (r, c) in won
                      else ' BORDER="1" COLOR="#1a1a1a"' if (r, c) == top_of_last else "")
            cells.append(f'<TD WIDTH="{size}" HEIGHT="{size}" FIXEDSIZE="TRUE" '
                         f'BGCOLOR="{fill}"{border}> </TD>')
        rows.append("<TR>" + "".join(cells) + "</TR>")
    width, height = state.cols * (size + 2) + 2, state.rows * (size + 2) + 2
    return (f'<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="0" '
            f'BGCOLOR="{BOARD_BLUE}" FIXEDSIZE="TRUE" WIDTH="{width}" HEIGHT="{height}">'
            + "".join(rows) + "</TABLE>")


@lru_cache(maxsize=8)
def _connect_four(rows: int, cols: int, k: int) -> ConnectFour:
    """A Connect Four game of this size (it knows where a winning line is)."""
    return ConnectFour(rows, cols, k)


register_thumbnail(TicTacToeState, _grid_table)
register_thumbnail(ConnectFourState, _discs_table)
