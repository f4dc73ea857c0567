"""The clickable boards: a grid of buttons for Tic-Tac-Toe, discs in a blue frame for
Connect Four. They only draw and report clicks; PlayBoard decides what a click means.

An empty square is labelled with a no-break space, never "": the front end does not
redraw a button whose new label is empty, so an old X would stay on screen (a ghost).
A square or column that cannot be played is disabled, so it does not look clickable.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

import ipywidgets as widgets

from gamelib.games.base import BoardGame, Move, State
from gamelib.games.connect4 import ConnectFour
from gamelib.widgets.style import (COLOURS, HINT_BACKGROUND, LAST_BACKGROUND, MARK_COLOURS,
                                   WIN_BACKGROUND, with_classes)

Cell = tuple[int, int]
BLANK = "\u00a0"
"""The label of an empty square (see the module's docstring)."""
MARK_CLASSES = {"X": "gamelib-mark-x", "O": "gamelib-mark-o", ".": "gamelib-empty"}
DISC_CLASSES = {"X": "gamelib-disc-x", "O": "gamelib-disc-o", ".": "gamelib-empty"}
DISC_NAMES = {"X": "red", "O": "yellow", ".": "empty"}
"""What a screen reader says for a Connect Four cell (its tooltip is its accessible name)."""


def set_tooltip(button: widgets.Button, text: str) -> None:
    """Set a button's tooltip (its accessible name when it shows no text) if it changed."""
    if button.tooltip != text:
        button.tooltip = text


def cell_mark(state: State, row: int, col: int) -> str:
    """The mark at (row, col): 'X', 'O' or '.'."""
    return state.cell(row, col)


def board_button(width: int, height: int, tooltip: str, classes: list[str],
                 on_click: Callable[[], Any], description: str = "") -> widgets.Button:
    """One button of a board, `width` x `height` pixels, calling `on_click` when clicked."""
    button = widgets.Button(description=description, tooltip=tooltip,
                            layout=widgets.Layout(width=f"{width}px", height=f"{height}px"))
    with_classes(button, *classes)
    button.on_click(lambda _b: on_click())
    return button


def set_classes(button: widgets.Button, wanted: set[str], managed: set[str]) -> None:
    """Make `button`'s managed classes exactly `wanted` (one message only if they change)."""
    current = set(button._dom_classes)
    target = (current - managed) | wanted
    if target != current:
        button._dom_classes = tuple(sorted(target))


class GridCells:
    """A Tic-Tac-Toe (m,n,k) board: one button per cell; a click is the move (row, col)."""

    MANAGED = {"gamelib-mark-x", "gamelib-mark-o", "gamelib-empty", "gamelib-win",
               "gamelib-last", "gamelib-hint"}

    def __init__(self, game: BoardGame, on_move: Callable[[Move], Any]) -> None:
        self.rows, self.cols = game.rows, game.cols
        size = max(28, min(64, 420 // max(self.rows, self.cols)))
        self.buttons: dict[Cell, widgets.Button] = {}
        for r in range(self.rows):
            for c in range(self.cols):
                self.buttons[(r, c)] = board_button(
                    size, size, f"row {r}, col {c}",
                    ["gamelib-cell", f"gamelib-cell-{r}-{c}", "gamelib-empty"],
                    partial(on_move, (r, c)), description=BLANK)
        grid = widgets.GridBox(list(self.buttons.values()), layout=widgets.Layout(
            grid_template_columns=f"repeat({self.cols}, {size}px)"))
        self.widget = with_classes(grid, "gamelib-ttt-grid", "gamelib-cells")
        self.clickable = list(self.buttons.values())

    def show(self, state: State, winning: set[Cell], last: Cell | None,
             hint: Move | None, playable: set[Move],
             reasons: dict[Move, str] | None = None) -> None:
        """Draw `state`: marks, the winning line, the last move, a hinted cell; only the
        `playable` squares can be clicked (`reasons`: why a square cannot, said in its
        name)."""
        for (r, c), button in self.buttons.items():
            mark = cell_mark(state, r, c)
            wanted = {MARK_CLASSES[mark]}
            background = "white"
            if (r, c) in winning:
                wanted.add("gamelib-win")
                background = WIN_BACKGROUND
            elif (r, c) == last:
                wanted.add("gamelib-last")
                background = LAST_BACKGROUND
            elif (r, c) == hint:
                wanted.add("gamelib-hint")
                background = HINT_BACKGROUND
            text = BLANK if mark == "." else mark
            with button.hold_sync():
                if button.description != text:
                    button.description = text
                if button.disabled == ((r, c) in playable):
                    button.disabled = (r, c) not in playable
                if button.style.button_color != background:
                    button.style.button_color = background
                if button.style.text_color != MARK_COLOURS[mark]:
                    button.style.text_color = MARK_COLOURS[mark]
                name = f"row {r}, col {c}: {'empty' if mark == '.' else mark}"
                why = (reasons or {}).get((r, c)) if mark == "." else None
                set_tooltip(button, f"{name} ({why})" if why else name)
                set_classes(button, wanted, self.MANAGED)


class DiscCells:
    """A Connect Four board: a drop button above each column and round discs in a blue
    frame; a click on a drop button or on any disc of a column plays that column."""

    MANAGED = {"gamelib-disc-x", "gamelib-disc-o", "gamelib-empty", "gamelib-win",
               "gamelib-last"}

    def __init__(self, game: ConnectFour, on_move: Callable[[Move], Any]) -> None:
        self.rows, self.cols = game.rows, game.cols
        size = max(26, min(52, 400 // self.cols))
        self.drops = [self._drop_button(c, size, on_move) for c in range(self.cols)]
        self.buttons: dict[Cell, widgets.Button] = {}
        for r in range(self.rows):
            for c in range(self.cols):
                button = board_button(
                    size, size, f"drop in column {c}",
                    ["gamelib-cell", f"gamelib-cell-{r}-{c}", f"gamelib-col-{c}",
                     "gamelib-empty"],
                    partial(on_move, c))
                button.style.button_color = COLOURS["."]
                self.buttons[(r, c)] = button
        template = f"repeat({self.cols}, {size}px)"
        drops = with_classes(widgets.GridBox(self.drops, layout=widgets.Layout(
            grid_template_columns=template)), "gamelib-c4-drops")
        frame = with_classes(widgets.GridBox(list(self.buttons.values()), layout=widgets.Layout(
            grid_template_columns=template)), "gamelib-c4-frame", "gamelib-cells")
        self.widget = widgets.VBox([drops, frame])
        self.clickable = self.drops + list(self.buttons.values())

    @staticmethod
    def _drop_button(col: int, size: int, on_move: Callable[[Move], None]) -> widgets.Button:
        """The button above column `col`."""
        return board_button(size, 30, f"drop a disc in column {col}",
                            ["gamelib-drop", f"gamelib-drop-{col}"], lambda: on_move(col),
                            description=f"▼{col}")

    def show(self, state: State, winning: set[Cell], last: Cell | None,
             hint: Move | None, playable: set[Move],
             reasons: dict[Move, str] | None = None) -> None:
        """Draw `state`: discs, the winning four, the last disc, a hinted column; only the
        `playable` columns can be clicked (a full column's button is greyed out). Each
        cell is named for a screen reader ("column 3, row 2: red", rows counted from 1 at
        the bottom); a column that cannot be played says why (`reasons`)."""
        for (r, c), button in self.buttons.items():
            mark = cell_mark(state, r, c)
            wanted = {DISC_CLASSES[mark]}
            if (r, c) in winning:
                wanted.add("gamelib-win")
            elif (r, c) == last:
                wanted.add("gamelib-last")
            with button.hold_sync():
                if button.style.button_color != COLOURS[mark]:
                    button.style.button_color = COLOURS[mark]
                if button.disabled == (c in playable):
                    button.disabled = c not in playable
                set_tooltip(button, f"column {c}, row {self.rows - r}: {DISC_NAMES[mark]}")
                set_classes(button, wanted, self.MANAGED)
        for c, button in enumerate(self.drops):
            with button.hold_sync():
                if button.disabled == (c in playable):
                    button.disabled = c not in playable
                why = (reasons or {}).get(c)
                set_tooltip(button, f"drop a disc in column {c}" + (f" ({why})" if why else ""))
                set_classes(button, {"gamelib-hint"} if c == hint else set(), {"gamelib-hint"})
