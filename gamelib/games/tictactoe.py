"""Tic-Tac-Toe and its m,n,k family: `rows` x `cols` board, `k` in a row wins."""

from __future__ import annotations

from typing import Any, NamedTuple

from gamelib.games.base import (GAME_OVER, NOT_A_MOVE, OCCUPIED, OFF_BOARD, BoardGame,
                                 IllegalMoveError, Side)
from gamelib.games.checks import (brief, check_board_size, line_but_no_winner, turn_problem,
                                  whole_number, winner_without_line)
from gamelib.games.pictures import board_description, grid_svg, svg_bundle
from gamelib.platform import N_, _

EMPTY = "."
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # row, column, two diagonals


class TicTacToeState(NamedTuple):
    """An m,n,k position: the board as a string, row by row ('.', 'X', 'O')."""

    board: str
    to_move: str
    winner: str | None
    rows: int
    cols: int
    k: int

    def cell(self, row: int, col: int) -> str:
        """The mark at (row, col): 'X', 'O' or '.'."""
        return self.board[row * self.cols + col]

    def __str__(self) -> str:
        return "\n".join(
            " ".join(self.board[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)
        )

    def __repr__(self) -> str:
        return f"TicTacToeState({self.board!r}, to_move={self.to_move!r}, winner={self.winner!r})"

    def _repr_svg_(self) -> str:
        return grid_svg(self.rows, self.cols, self.board, winning=winning_line(self))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """The picture with the board in words as its alt text."""
        return svg_bundle(self._repr_svg_(), board_description(
            "Tic-Tac-Toe", str(self), self.to_move, self.winner))


def winning_line(state: TicTacToeState) -> list[tuple[int, int]] | None:
    """The cells of a completed line of k marks, or None if nobody has one."""
    if state.winner is None:
        return None
    for r in range(state.rows):
        for c in range(state.cols):
            if state.cell(r, c) != state.winner:
                continue
            for dr, dc in DIRECTIONS:
                line = [(r + i * dr, c + i * dc) for i in range(state.k)]
                if all(_on_board(state, rr, cc) and state.cell(rr, cc) == state.winner
                       for rr, cc in line):
                    return line
    return None


def _on_board(state: TicTacToeState, row: int, col: int) -> bool:
    return 0 <= row < state.rows and 0 <= col < state.cols


def _segments_through_cells(rows: int, cols: int, k: int) -> list[list[tuple[int, int, int]]]:
    """For each cell index, the stretch of up to k-1 cells on either side of it along each
    direction (a row, a column, two diagonals), as a slice (start, stop, step) of the
    board string, where that stretch is long enough to hold a line of k; a new mark
    makes a line when k copies of it appear in one of its slices. Four slices a cell,
    whatever k (listing every line through every cell took minutes on long boards)."""
    segments: list[list[tuple[int, int, int]]] = []
    for r in range(rows):
        for c in range(cols):
            index, mine = r * cols + c, []
            for dr, dc in DIRECTIONS:
                back = min(k - 1, _room(r, c, -dr, -dc, rows, cols))
                ahead = min(k - 1, _room(r, c, dr, dc, rows, cols))
                if back + ahead + 1 < k:
                    continue
                if back + ahead == 0:
                    mine.append((index, index + 1, 1))
                    continue
                step = dr * cols + dc
                start = (r - back * dr) * cols + (c - back * dc)
                mine.append((start, start + (back + ahead) * step + 1, step))
            segments.append(mine)
    return segments


def _room(r: int, c: int, dr: int, dc: int, rows: int, cols: int) -> int:
    """How many steps (dr, dc) lead from (r, c) before the edge of the board."""
    steps = []
    if dr:
        steps.append(rows - 1 - r if dr > 0 else r)
    if dc:
        steps.append(cols - 1 - c if dc > 0 else c)
    return min(steps)


def _full_lines(rows: int, cols: int) -> list[tuple[int, int, int]]:
    """Every row, column and diagonal of the board, whole, as slices of the board string."""
    lines = [(r * cols, (r + 1) * cols, 1) for r in range(rows)]
    lines += [(c, c + (rows - 1) * cols + 1, cols) for c in range(cols)]
    for dr, dc in ((1, 1), (1, -1)):
        starts = [(0, c) for c in range(cols)] + [(r, 0 if dc > 0 else cols - 1)
                                                for r in range(1, rows)]
        for r, c in starts:
            length = 1 + _room(r, c, dr, dc, rows, cols)
            start = r * cols + c
            if length == 1:
                lines.append((start, start + 1, 1))
            else:
                step = dr * cols + dc
                lines.append((start, start + (length - 1) * step + 1, step))
    return lines


_new_state = tuple.__new__
"""Builds a TicTacToeState from a tuple of its fields, skipping NamedTuple's own
__new__ (faster in `result`, which search calls most)."""


class TicTacToe(BoardGame):
    """The m,n,k-game: players 'X' (first) and 'O' place marks; k in a row wins.

    Moves are (row, col) tuples, 0-based, row 0 at the top.
    """

    players = ("X", "O")

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3) -> None:
        rows, cols, k = check_board_size(rows, cols, k)
        self.rows, self.cols, self.k = rows, cols, k
        self._initial = TicTacToeState(EMPTY * (rows * cols), "X", None, rows, cols, k)
        self._cells = [divmod(i, cols) for i in range(rows * cols)]
        self._index = {cell: i for i, cell in enumerate(self._cells)}
        self._lines = _segments_through_cells(rows, cols, k)
        self._all_lines = _full_lines(rows, cols)

    def __repr__(self) -> str:
        return f"TicTacToe(rows={self.rows}, cols={self.cols}, k={self.k})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TicTacToe) and (self.rows, self.cols, self.k) == (
            other.rows, other.cols, other.k)

    def __hash__(self) -> int:
        return hash(("TicTacToe", self.rows, self.cols, self.k))

    @property
    def initial_state(self) -> TicTacToeState:
        return self._initial

    def to_move(self, state: TicTacToeState) -> Side:
        return state.to_move

    def actions(self, state: TicTacToeState) -> list[tuple[int, int]]:
        if state.winner is not None:
            return []
        cells = self._cells
        return [cells[i] for i, mark in enumerate(state.board) if mark == EMPTY]

    def result(self, state: TicTacToeState, move: tuple[int, int]) -> TicTacToeState:
        # The usual case, checked cheaply (search calls this most): a (row, col) pair of
        # ints on the board, the cell empty, the game not over.
        index = None
        if type(move) is tuple and len(move) == 2 and type(move[0]) is int \
                and type(move[1]) is int:
            index = self._index.get(move)
        if index is None or state.board[index] != EMPTY or state.winner is not None:
            row, col = self._validate(state, move)      # raises IllegalMoveError saying why
            index = row * self.cols + col
        mark = state.to_move
        board = state.board[:index] + mark + state.board[index + 1:]
        # A new line can only run through the new mark: look for k copies of the mark in
        # the stretch of board around it, in each direction (a slice of the board string).
        line, winner = mark * self.k, None
        for a, b, step in self._lines[index]:
            if line in board[a:b:step]:
                winner = mark
                break
        return _new_state(TicTacToeState, (board, "O" if mark == "X" else "X", winner,
                                           self.rows, self.cols, self.k))

    def _validate(self, state: TicTacToeState, move: object) -> tuple[int, int]:
        """Check `move` and return it as (row, col), or raise IllegalMoveError."""
        if (not isinstance(move, tuple) or len(move) != 2
                or any(whole_number(x) is None for x in move)):   # numpy integers are fine
            raise IllegalMoveError(_("move {move} is not a (row, col) pair of whole numbers, "
                                     "e.g. (0, 2)").format(move=brief(move)), NOT_A_MOVE)
        row, col = whole_number(move[0]), whole_number(move[1])
        assert row is not None and col is not None          # checked just above
        move = (row, col)
        if not _on_board(state, row, col):
            raise IllegalMoveError(_("move {move} is off the board: rows are 0..{last_row} "
                                     "and columns 0..{last_col}").format(
                move=brief(move), last_row=self.rows - 1, last_col=self.cols - 1), OFF_BOARD)
        if state.winner is not None or EMPTY not in state.board:
            raise IllegalMoveError(_("move {move} is not legal: the game is over").format(
                move=repr(move)), GAME_OVER)
        if state.cell(row, col) != EMPTY:
            raise IllegalMoveError(_("move {move!r} is not legal: that cell is taken by "
                                     "{mark!r}; legal moves: {legal}").format(
                move=move, mark=state.cell(row, col), legal=self.actions(state)), OCCUPIED)
        return row, col

    def state_problem(self, state: TicTacToeState) -> str | None:
        """What no game on this board could reach in `state`: a board string of the wrong
        length or with other marks than '.', 'X', 'O', mark counts that do not alternate
        (X moves first), the wrong player to move, a winner without a line, or a line
        the game went on after. None when the state is consistent."""
        board, to_move, winner = state.board, state.to_move, state.winner
        if type(board) is not str or len(board) != self.rows * self.cols:
            return _("board must be a string of {count} marks, got {board}").format(
                count=self.rows * self.cols, board=brief(board))
        xs, os = board.count("X"), board.count("O")
        if xs + os + board.count(EMPTY) != len(board):
            return _("board holds marks other than '.', 'X' and 'O': {board}").format(
                board=brief(board))
        problem = turn_problem(to_move, winner, xs, os, N_("marks"))
        if problem is not None:
            return problem
        if type(self).result is not TicTacToe.result or (xs < self.k and winner is None):
            return None         # a variant with rules of its own, or too few marks for a line
        x_line, o_line = "X" * self.k, "O" * self.k
        lines = [board[a:b:step] for a, b, step in self._all_lines]
        has_x = any(x_line in line for line in lines)
        has_o = any(o_line in line for line in lines)
        if winner is None and (has_x or has_o):
            return line_but_no_winner("X" if has_x else "O", self.k)
        if winner is not None:
            if not (has_x if winner == "X" else has_o):
                return winner_without_line(winner, self.k)
            if has_x and has_o:
                return _("both players have a line (the game ends with the first)")
            if (winner == "X") != (xs > os):
                return _("{winner} won, so {winner} made the last move; the mark counts say "
                         "otherwise").format(winner=winner)
        return None

    def plies_left(self, state: TicTacToeState) -> int:
        """The empty cells (0 once someone has won)."""
        return 0 if state.winner is not None else state.board.count(EMPTY)

    def is_terminal(self, state: TicTacToeState) -> bool:
        return state.winner is not None or EMPTY not in state.board

    def utility(self, state: TicTacToeState, player: Side) -> float:
        if state.winner is None:
            return 0
        return 1 if state.winner == player else -1

    def winner(self, state: TicTacToeState) -> Side | None:
        return state.winner

    def winning_line(self, state: TicTacToeState) -> list[tuple[int, int]] | None:
        """The cells of the winning line, for highlighting; None if nobody has won."""
        return winning_line(state)

    def render(self, state: TicTacToeState) -> str:
        header = "   " + " ".join(str(c) for c in range(self.cols))
        lines = [header]
        for r in range(self.rows):
            lines.append(f"{r:>2} " + " ".join(state.cell(r, c) for c in range(self.cols)))
        return "\n".join(lines)
