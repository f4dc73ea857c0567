"""The clickable boards: a grid of squares for Tic-Tac-Toe, discs in a blue frame for
Connect Four. They only draw and report moves; PlayBoard decides what a move means.

The board is drawn in the browser by a small front end of its own (`static/board.js`,
an anywidget): it shows the student's mark the moment they click, before the kernel
answers, animates the AI's reply, and plays by keyboard as the ARIA grid pattern says
(one tab stop, arrow keys, Enter or Space). Plain ipywidgets buttons cannot do either:
every change waits for a round trip to the kernel (about 150 ms), and each button is a
tab stop. The kernel stays the referee: the front end sends the chosen move, draws what
the kernel sends back, and undoes its echo if the kernel refuses the move.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import anywidget
import traitlets

from gamelib.games.base import BoardGame, Move, State
from gamelib.games.pictures import BOARD_BLUE, O_COLOUR, O_MARK, WIN_COLOUR, X_COLOUR
from gamelib.platform import N_, _, language, speaking

Cell = tuple[int, int]
STATIC = Path(__file__).parent / "static"
DISC_NAMES = {"X": N_("red"), "O": N_("yellow"), ".": N_("empty")}
"""What a screen reader says for a Connect Four cell."""
GAME_NAMES = {"TicTacToe": N_("TicTacToe"), "ConnectFour": N_("ConnectFour")}
"""The games' names in a board's accessible name (a game's class name otherwise)."""


class BoardView(anywidget.AnyWidget):
    """The board in the browser: draws these traits, sends {"move": index, "seq": n,
    "clicks": k} for a click or a key (k: 2 or more for the second click of a double
    click), and gets {"ack": n, "refused": reason} back."""

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"
    kind = traitlets.Unicode("squares").tag(sync=True)
    """"squares" (a move is a cell) or "columns" (a move is a column: Connect Four)."""
    rows = traitlets.Int(3).tag(sync=True)
    cols = traitlets.Int(3).tag(sync=True)
    cells = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The board as rows of 'X', 'O', '.' (row 0 at the top)."""
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """Every cell's accessible name, row by row ("column 3, row 2: red")."""
    drop_names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """Connect Four: the name of each column's drop button, with why it cannot be played."""
    playable = traitlets.List(traitlets.Int()).tag(sync=True)
    """The moves that can be played now, as indices (a column, or row * cols + col)."""
    winning = traitlets.List(traitlets.Int()).tag(sync=True)
    last = traitlets.Int(-1).tag(sync=True)
    hint = traitlets.Int(-1).tag(sync=True)
    queued = traitlets.Int(-1).tag(sync=True)
    """The move clicked while the AI thinks, played once it has moved (-1: none)."""
    human = traitlets.Unicode("X").tag(sync=True)
    """The student's mark: the front end draws it at once when they play."""
    busy = traitlets.Bool(False).tag(sync=True)
    said = traitlets.Unicode("").tag(sync=True)
    """What the board's live region announces (moves, results, refusals)."""
    label = traitlets.Unicode("").tag(sync=True)
    palette = traitlets.Dict().tag(sync=True)
    """CSS colours by name: x, o, frame, win."""


class BoardCells:
    """A board of `game` that calls `on_move(move, clicks)` when the student chooses a
    move (`clicks`: 2 or more for the second click of a double click). It speaks the
    language spoken when it was made."""

    kind = "squares"

    def __init__(self, game: BoardGame, on_move: Callable[[Move, int], Any],
                 refused: Callable[[], str] = lambda: "") -> None:
        self.language = language()
        self.rows, self.cols = game.rows, game.cols
        self.on_move = on_move
        self.refused = refused
        self.view = BoardView(kind=self.kind, rows=self.rows, cols=self.cols,
                              palette=self.palette(), label=self.label(game))
        self.view.on_msg(self._message)
        self.widget = self.view

    def palette(self) -> dict[str, str]:
        """The colours of the marks, the frame and the winning line."""
        return {"x": X_COLOUR, "o": O_MARK, "frame": BOARD_BLUE, "win": WIN_COLOUR}

    def label(self, game: BoardGame) -> str:
        """The board's accessible name."""
        name = type(game).__name__
        return _("{game} board, {rows} rows by {cols} columns").format(
            game=_(GAME_NAMES.get(name, name)), rows=self.rows, cols=self.cols)

    def index(self, move: Move) -> int:
        """The front end's number for `move`."""
        row, col = move
        return row * self.cols + col

    def move(self, index: int) -> Move:
        """The move the front end's number `index` stands for."""
        if not 0 <= index < self.rows * self.cols:
            raise ValueError(_("there is no square {index} on a {rows}x{cols} board").format(
                index=index, rows=self.rows, cols=self.cols))
        return divmod(index, self.cols)

    def press(self, move: Move, clicks: int = 1) -> bool:
        """Choose `move` as a click (`clicks`: its count in a double click) or a key in
        the browser does; False if refused."""
        return self.on_move(move, clicks) is not False

    def _message(self, _view: Any, content: dict, _buffers: Any) -> None:
        """A move from the front end: hand it on, then tell the front end it was handled
        (with the reason when it was refused, so the echo is undone with a word)."""
        if not isinstance(content, dict) or "move" not in content:
            return
        with speaking(self.language):
            self._answer(content)

    def _answer(self, content: dict) -> None:
        """Hand on the move of a message from the front end and acknowledge it."""
        try:
            played = self.press(self.move(int(content["move"])), int(content.get("clicks", 1)))
            refused = "" if played else self.refused()
        except ValueError as error:         # not a move of this board
            refused = str(error)
        self.view.send({"ack": content.get("seq", 0), "refused": refused})

    def name(self, state: State, row: int, col: int, why: str) -> str:
        """The accessible name of a cell (`why`: why it cannot be played, or "")."""
        mark = state.cell(row, col)
        name = _("row {row}, col {col}: {mark}").format(
            row=row, col=col, mark=_("empty") if mark == "." else mark)
        return _("{name} ({why})").format(name=name, why=why) if why and mark == "." else name

    def show(self, state: State, winning: set[Cell], last: Cell | None, hint: Move | None,
             playable: set[Move], reasons: dict[Move, str] | None = None, *,
             human: str = "X", busy: bool = False, queued: Move | None = None) -> None:
        """Draw `state`: marks, the winning line, the last move, a hinted move; only the
        `playable` moves can be played now (`reasons`: why another cannot, by move)."""
        reasons = reasons or {}
        every = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        view = self.view
        with view.hold_sync():
            _set(view, "cells", ["".join(state.cell(r, c) for c in range(self.cols))
                                 for r in range(self.rows)])
            _set(view, "names", [self.name(state, r, c, reasons.get(self.move_at(r, c), ""))
                                 for r, c in every])
            _set(view, "drop_names", self.drop_names(reasons))
            _set(view, "playable", sorted(self.index(m) for m in playable))
            _set(view, "winning", sorted(r * self.cols + c for r, c in winning))
            _set(view, "last", -1 if last is None else last[0] * self.cols + last[1])
            _set(view, "hint", -1 if hint is None else self.index(hint))
            _set(view, "queued", -1 if queued is None else self.index(queued))
            _set(view, "human", human)
            _set(view, "busy", busy)

    def move_at(self, row: int, col: int) -> Move:
        """The move a click on the cell (row, col) plays."""
        return (row, col)

    def drop_names(self, reasons: dict[Move, str]) -> list[str]:
        """The names of the drop buttons (none on a board of squares)."""
        return []

    def announce(self, text: str) -> None:
        """Say `text` through the board's live region."""
        _set(self.view, "said", text)

    # -- what tests read ----------------------------------------------------------------------

    def mark(self, row: int, col: int) -> str:
        """The mark the front end is told to draw at (row, col): 'X', 'O' or '.'."""
        return self.view.cells[row][col]

    def can_play(self, move: Move) -> bool:
        """True if `move` is drawn as playable now."""
        return self.index(move) in self.view.playable

    def cell_name(self, row: int, col: int) -> str:
        """The accessible name of the cell (row, col)."""
        return self.view.names[row * self.cols + col]


class GridCells(BoardCells):
    """A Tic-Tac-Toe (m,n,k) board: a move is a square (row, col)."""


class DiscCells(BoardCells):
    """A Connect Four board: a drop button above each column and round discs in a blue
    frame; a click on a drop button or on any disc of a column plays that column."""

    kind = "columns"

    def palette(self) -> dict[str, str]:
        return {"x": X_COLOUR, "o": O_COLOUR, "frame": BOARD_BLUE, "win": WIN_COLOUR}

    def index(self, move: Move) -> int:
        return int(move)

    def move(self, index: int) -> Move:
        if not 0 <= index < self.cols:
            raise ValueError(_("there is no column {index}: the columns are 0 to {last}").format(
                index=index, last=self.cols - 1))
        return index

    def move_at(self, row: int, col: int) -> Move:
        return col

    def name(self, state: State, row: int, col: int, why: str) -> str:
        """Rows are counted from 1 at the bottom, as a player sees them."""
        name = _("column {col}, row {row}: {disc}").format(
            col=col, row=self.rows - row, disc=_(DISC_NAMES[state.cell(row, col)]))
        return _("{name} ({why})").format(name=name, why=why) if why else name

    def drop_names(self, reasons: dict[Move, str]) -> list[str]:
        names = [_("drop a disc in column {col}").format(col=c) for c in range(self.cols)]
        return [_("{name} ({why})").format(name=name, why=reasons[c]) if reasons.get(c)
                else name for c, name in enumerate(names)]


def _set(widget: Any, name: str, value: Any) -> None:
    """Set a trait only if it changes (no message otherwise)."""
    if getattr(widget, name) != value:
        setattr(widget, name, value)
