"""Tic-Tac-Toe and its m,n,k family: `rows` x `cols` board, `k` in a row wins."""

from __future__ import annotations

from typing import NamedTuple

from gamelib.games.base import Game, IllegalMoveError, Player
from gamelib.games.pictures import grid_svg

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


def _line_length(state: TicTacToeState, row: int, col: int, dr: int, dc: int) -> int:
    """How many of the mover's marks run through (row, col) along one direction."""
    mark = state.cell(row, col)
    length = 1
    for sign in (1, -1):
        r, c = row + sign * dr, col + sign * dc
        while _on_board(state, r, c) and state.cell(r, c) == mark:
            length += 1
            r, c = r + sign * dr, c + sign * dc
    return length


class TicTacToe(Game):
    """The m,n,k-game: players 'X' (first) and 'O' place marks; k in a row wins.

    Moves are (row, col) tuples, 0-based, row 0 at the top.
    """

    players = ("X", "O")

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3) -> None:
        for name, value in (("rows", rows), ("cols", cols), ("k", k)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a positive whole number, got {value!r}")
        if k > max(rows, cols):
            raise ValueError(
                f"k={k} can never be reached on a {rows}x{cols} board: "
                f"k must be at most {max(rows, cols)}")
        self.rows, self.cols, self.k = rows, cols, k
        self._initial = TicTacToeState(EMPTY * (rows * cols), "X", None, rows, cols, k)

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

    def to_move(self, state: TicTacToeState) -> Player:
        return state.to_move

    def actions(self, state: TicTacToeState) -> list[tuple[int, int]]:
        if state.winner is not None:
            return []
        cols = self.cols
        return [divmod(i, cols) for i, mark in enumerate(state.board) if mark == EMPTY]

    def result(self, state: TicTacToeState, move: tuple[int, int]) -> TicTacToeState:
        row, col = self._validate(state, move)
        index = row * self.cols + col
        board = state.board[:index] + state.to_move + state.board[index + 1:]
        child = TicTacToeState(board, "O" if state.to_move == "X" else "X", None,
                               self.rows, self.cols, self.k)
        if any(_line_length(child, row, col, dr, dc) >= self.k for dr, dc in DIRECTIONS):
            child = child._replace(winner=state.to_move)
        return child

    def _validate(self, state: TicTacToeState, move: object) -> tuple[int, int]:
        """Check `move` and return it as (row, col), or raise IllegalMoveError."""
        if (not isinstance(move, tuple) or len(move) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in move)):
            raise IllegalMoveError(
                f"move {move!r} is not a (row, col) pair of whole numbers, e.g. (0, 2)")
        row, col = move
        if not _on_board(state, row, col):
            raise IllegalMoveError(
                f"move {move!r} is off the board: rows are 0..{self.rows - 1} "
                f"and columns 0..{self.cols - 1}")
        if state.winner is not None or EMPTY not in state.board:
            raise IllegalMoveError(f"move {move!r} is not legal: the game is over")
        if state.cell(row, col) != EMPTY:
            raise IllegalMoveError(
                f"move {move!r} is not legal: that cell is taken by {state.cell(row, col)!r}; "
                f"legal moves: {self.actions(state)}")
        return row, col

    def is_terminal(self, state: TicTacToeState) -> bool:
        return state.winner is not None or EMPTY not in state.board

    def utility(self, state: TicTacToeState, player: Player) -> float:
        if state.winner is None:
            return 0
        return 1 if state.winner == player else -1

    def winner(self, state: TicTacToeState) -> Player | None:
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
