"""Connect Four on bitboards: drop discs into columns; k in a row (any direction) wins.

Bit layout (as in Pons' solver): column c owns bits c*(rows+1) .. c*(rows+1)+rows-1,
bottom row first, plus one always-empty sentinel bit on top, so shifting a bitboard by
1, rows, rows+1 or rows+2 moves every stone one step vertically or along a diagonal /
row without wrapping into the next column.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, NamedTuple, Sequence

from gamelib.games.base import (FORBIDDEN, GAME_OVER, NOT_A_MOVE, OCCUPIED, OFF_BOARD, BoardGame,
                                 IllegalMoveError, Side)
from gamelib.games.checks import (brief, check_board_size, line_but_no_winner, turn_problem,
                                  whole_number, winner_without_line)
from gamelib.games.connect4_windows import WindowCounter, make_counter
from gamelib.games.pictures import board_description, discs_svg, svg_bundle
from gamelib.platform import N_, _

WIN_SCORE = 1_000_000
"""What `evaluate` gives a completed line: more than any sum of unfinished windows."""


class ConnectFourState(NamedTuple):
    """A Connect Four position: one bitboard per player (see the module docstring)."""

    x: int
    o: int
    to_move: str
    winner: str | None
    rows: int
    cols: int
    k: int

    @property
    def mask(self) -> int:
        """A bitboard of every occupied cell."""
        return self.x | self.o

    @property
    def ply(self) -> int:
        """How many discs have been played."""
        return (self.x | self.o).bit_count()

    def cell(self, row: int, col: int) -> str:
        """The disc at (row, col), row 0 at the top: 'X', 'O' or '.'."""
        bit = 1 << (col * (self.rows + 1) + (self.rows - 1 - row))
        return "X" if self.x & bit else "O" if self.o & bit else "."

    def height(self, col: int) -> int:
        """How many discs column `col` holds."""
        column = ((1 << self.rows) - 1) << (col * (self.rows + 1))
        return (self.mask & column).bit_count()

    @property
    def board(self) -> str:
        """The board as a string, row by row from the top ('.', 'X', 'O')."""
        return "".join(self.cell(r, c) for r in range(self.rows) for c in range(self.cols))

    def __str__(self) -> str:
        board = self.board
        return "\n".join(" ".join(board[r * self.cols:(r + 1) * self.cols])
                         for r in range(self.rows))

    def __repr__(self) -> str:
        return f"ConnectFourState(ply={self.ply}, to_move={self.to_move!r}, winner={self.winner!r})"

    def _repr_svg_(self) -> str:
        return discs_svg(self.rows, self.cols, self.board, winning=_winning_cells(self))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """The picture with the board in words as its alt text."""
        return svg_bundle(self._repr_svg_(), board_description(
            "Connect Four", str(self), self.to_move, self.winner))


def has_line(bits: int, rows: int, k: int) -> bool:
    """True if `bits` holds k stones in a row in any direction (shift-and-mask test)."""
    if k == 4:   # the usual game: pairs of pairs, two shifts per direction
        for step in (1, rows + 1, rows, rows + 2):
            pairs = bits & (bits >> step)
            if pairs & (pairs >> (2 * step)):
                return True
        return False
    for step in (1, rows + 1, rows, rows + 2):  # vertical, horizontal, two diagonals
        # run: a bit where `length` stones in a row start; doubled while it fits, then the
        # last stretch overlapping (log k shifts, not k: tall boards may ask for k=1000)
        run, length = bits, 1
        while run and 2 * length <= k:
            run &= run >> (length * step)
            length *= 2
        if run and length < k:
            run &= run >> ((k - length) * step)
        if run:
            return True
    return False


def line_test_for(rows: int, cols: int) -> Callable[[int, int, int], bool]:
    """`has_line` compiled with numba when it is installed and the board fits in 63 bits
    (`result` runs it after every move, so it is worth compiling), else `has_line`."""
    if (rows + 1) * cols <= 63:
        try:
            from gamelib.games.connect4_jit import compiled_has_line
        except ImportError:
            return has_line
        return compiled_has_line
    return has_line


_new_state = tuple.__new__
"""Builds a ConnectFourState from a tuple of its fields without NamedTuple's own
__new__: the same object, made faster in `result`, which search calls most."""


def _winning_cells(state: ConnectFourState) -> list[tuple[int, int]] | None:
    """The (row, col) cells of a completed line, row 0 at the top, or None."""
    if state.winner is None:
        return None
    bits = state.x if state.winner == "X" else state.o
    height = state.rows + 1
    for step in (1, height, state.rows, state.rows + 2):
        run = bits
        for i in range(1, state.k):
            run &= bits >> (i * step)
        if run:
            start = (run & -run).bit_length() - 1
            cells = []
            for i in range(state.k):
                index = start + i * step
                col, row_from_bottom = divmod(index, height)
                cells.append((state.rows - 1 - row_from_bottom, col))
            return cells
    return None


class ConnectFour(BoardGame):
    """Connect Four: players 'X' (first, red) and 'O' (yellow); a move is a column, 0-based.

    `first_move_rule=True` is the variant of a 2019 student report on Connect Four, in which the first player may not open
    in the centre column (the move that wins the standard game).
    """

    players = ("X", "O")

    def __init__(self, rows: int = 6, cols: int = 7, k: int = 4,
                 first_move_rule: bool = False) -> None:
        if whole_number(cols) is not None and cols > 9:
            raise ValueError(_("cols must be at most 9 (position strings use one digit "
                               "per move), got {cols}").format(cols=cols))
        rows, cols, k = check_board_size(rows, cols, k)
        if first_move_rule and cols % 2 == 0:
            raise ValueError(_("first_move_rule needs an odd number of columns "
                               "(a single centre column), got cols={cols}").format(cols=cols))
        self.rows, self.cols, self.k = rows, cols, k
        self.first_move_rule = first_move_rule
        height = rows + 1
        self._bottom = [1 << (c * height) for c in range(cols)]
        self._top = [1 << (c * height + rows - 1) for c in range(cols)]
        self._column = [((1 << rows) - 1) << (c * height) for c in range(cols)]
        self._top_row = sum(self._top)
        self._open_columns: dict[int, tuple[int, ...]] = {}   # top-row discs -> open columns
        self._has_line = line_test_for(rows, cols)
        self._board = sum(self._column)                 # every cell of the board
        self._bottom_row = sum(self._bottom)
        self._shape = (rows, cols, k)
        self._count: WindowCounter | None = None      # made by `evaluate` on first use
        self._initial = ConnectFourState(0, 0, "X", None, rows, cols, k)

    def __repr__(self) -> str:
        rule = ", first_move_rule=True" if self.first_move_rule else ""
        return f"ConnectFour(rows={self.rows}, cols={self.cols}, k={self.k}{rule})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ConnectFour) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple:
        """Pickle a game as its settings (process pools send games to their workers; the
        compiled helpers are found again on the other side)."""
        return ConnectFour, (self.rows, self.cols, self.k, self.first_move_rule)

    def _key(self) -> tuple:
        return ("ConnectFour", self.rows, self.cols, self.k, self.first_move_rule)

    @property
    def centre(self) -> int:
        """The centre column (the left one of the two middle columns on an even board)."""
        return (self.cols - 1) // 2

    @property
    def initial_state(self) -> ConnectFourState:
        return self._initial

    def to_move(self, state: ConnectFourState) -> Side:
        return state.to_move

    def actions(self, state: ConnectFourState) -> list[int]:
        if state.winner is not None:
            return []
        mask = state.x | state.o
        if self.first_move_rule and mask == 0:
            return [c for c in range(self.cols) if c != self.centre]
        return list(self._columns_open(mask & self._top_row))

    def _columns_open(self, top_discs: int) -> tuple[int, ...]:
        """The columns whose top cell is empty, given the discs in the top row (remembered:
        a board has at most 2**cols top rows, and search asks at every node)."""
        columns = self._open_columns.get(top_discs)
        if columns is None:
            columns = tuple(c for c, top in enumerate(self._top) if not top_discs & top)
            self._open_columns[top_discs] = columns
        return columns

    def result(self, state: ConnectFourState, move: int) -> ConnectFourState:
        mask = state.x | state.o
        # The usual case, checked cheaply (search calls this millions of times): a column
        # on the board, not full, the game not over, no first-move rule to apply.
        if not (type(move) is int and 0 <= move < self.cols and not mask & self._top[move]
                and state.winner is None and (mask or not self.first_move_rule)):
            move = self._validate(state, move)  # raises IllegalMoveError saying why
        stone = (mask + self._bottom[move]) & self._column[move]
        if state.to_move == "X":
            mover_bits = state.x | stone
            x, o, nxt = mover_bits, state.o, "O"
        else:
            mover_bits = state.o | stone
            x, o, nxt = state.x, mover_bits, "X"
        winner = state.to_move if self._has_line(mover_bits, self.rows, self.k) else None
        return _new_state(ConnectFourState, (x, o, nxt, winner, self.rows, self.cols, self.k))

    def _validate(self, state: ConnectFourState, move: object) -> int:
        """Check `move` and return it as a column, or raise IllegalMoveError."""
        column = whole_number(move)     # numpy integers are columns too
        if column is None:
            raise IllegalMoveError(_("move {move} is not a column number; columns are whole "
                                     "numbers 0..{last} (0-based)").format(
                move=brief(move), last=self.cols - 1), NOT_A_MOVE)
        move = column
        if not 0 <= move < self.cols:
            raise IllegalMoveError(_("move {move} is off the board: columns are 0..{last} "
                                     "(0-based)").format(move=brief(move), last=self.cols - 1),
                                   OFF_BOARD)
        if self.is_terminal(state):
            raise IllegalMoveError(_("move {move} is not legal: the game is over").format(
                move=move), GAME_OVER)
        if (state.x | state.o) & self._top[move]:
            raise IllegalMoveError(_("move {move} is not legal: column {move} is full; "
                                     "legal moves: {legal}").format(
                move=move, legal=self.actions(state)), OCCUPIED)
        if self.first_move_rule and not (state.x | state.o) and move == self.centre:
            raise IllegalMoveError(_("move {move} is not legal: the first player may not "
                                     "open in the centre column; legal moves: {legal}").format(
                move=move, legal=self.actions(state)), FORBIDDEN)
        return move

    def state_problem(self, state: ConnectFourState) -> str | None:
        """What no game of Connect Four on this board could reach in `state`: discs off
        the board or on top of each other, a disc with a hole below it, disc counts that
        do not alternate (X moves first), the wrong player to move, a winner without a
        line, a line the game went on after, or (with the first-move rule) an opening in
        the centre. None when the state is consistent (a few microseconds)."""
        x, o, to_move, winner = state.x, state.o, state.to_move, state.winner
        if type(x) is not int or type(o) is not int or x < 0 or o < 0:
            return _("x and o must be bitboards (whole numbers >= 0), got {x} and {o}").format(
                x=brief(x), o=brief(o))
        if x & o:
            return _("X and O have a disc on the same cell")
        mask = x | o
        if mask & ~self._board:
            return _("a disc lies outside the board")
        if (mask + self._bottom_row) & mask:
            return _("a disc floats above an empty cell (discs drop to the bottom)")
        xs, os = x.bit_count(), o.bit_count()
        problem = turn_problem(to_move, winner, xs, os, N_("discs"))
        if problem is not None:
            return problem
        if self.first_move_rule and xs + os == 1 and x & self._column[self.centre]:
            return _("X opened in the centre column, which the first-move rule forbids")
        if type(self).result is not ConnectFour.result or (xs < self.k and winner is None):
            return None         # a variant with rules of its own, or too few discs for a line
        has = self._has_line
        x_line, o_line = has(x, self.rows, self.k), has(o, self.rows, self.k)
        if winner is None and (x_line or o_line):
            return line_but_no_winner("X" if x_line else "O", self.k)
        if winner is not None:
            loser_line = o_line if winner == "X" else x_line
            if not (x_line if winner == "X" else o_line):
                return winner_without_line(winner, self.k)
            if loser_line:
                return _("both players have a line (the game ends with the first)")
            if (winner == "X") != (xs > os):
                return _("{winner} won, so {winner} made the last move; the disc counts say "
                         "otherwise").format(winner=winner)
            mine = x if winner == "X" else o
            tops = ((mask + self._bottom_row) >> 1) & mine     # its discs on top of a column
            while tops:
                last = tops & -tops
                if not has(mine ^ last, self.rows, self.k):
                    return None                 # this disc may have been the winning move
                tops ^= last
            return _("{winner} already had {k} in a row before its last move (no disc on top "
                     "of a column completes the line), so the game would have ended "
                     "sooner").format(winner=winner, k=self.k)
        return None

    def plies_left(self, state: ConnectFourState) -> int:
        """The empty cells (0 once someone has won)."""
        if state.winner is not None:
            return 0
        return self.rows * self.cols - (state.x | state.o).bit_count()

    def is_terminal(self, state: ConnectFourState) -> bool:
        return state.winner is not None or (state.x | state.o).bit_count() == self.rows * self.cols

    def utility(self, state: ConnectFourState, player: Side) -> float:
        if state.winner is None:
            return 0
        return 1 if state.winner == player else -1

    def winner(self, state: ConnectFourState) -> Side | None:
        return state.winner

    def winning_line(self, state: ConnectFourState) -> list[tuple[int, int]] | None:
        """The (row, col) cells of the winning line, row 0 at the top; None if no winner."""
        return _winning_cells(state)

    def play(self, moves: str | Sequence[int]) -> ConnectFourState:
        """The state after a position string of column digits ("3342": columns 3, 3, 4, 2,
        0-based like every column in gamelib; surrounding whitespace is ignored, as by the
        solver), or a sequence of columns. Positions written in the standard sets' 1-based
        digits go through `from_standard` first."""
        if isinstance(moves, (bytes, bytearray)) or whole_number(moves) is not None \
                or not hasattr(moves, "__iter__"):
            raise TypeError(_("play() takes a position string of 0-based column digits "
                              "(e.g. '3342') or a list of columns (e.g. [3, 3, 4, 2]); got "
                              "{moves}").format(moves=brief(moves))
                            + (_(" (a number: write it as a string)")
                               if whole_number(moves) is not None else ""))
        if not isinstance(moves, str):
            return super().play(moves)
        moves = moves.strip()
        state = self.initial_state
        for position, char in enumerate(moves, start=1):
            if not ("0" <= char <= "9") or int(char) >= self.cols:
                raise IllegalMoveError(_(
                    "bad position string {text}: character {char!r} at position {position} "
                    "is not a column; use digits 0..{last}").format(
                        text=brief(moves), char=char, position=position, last=self.cols - 1))
            try:
                state = self.result(state, int(char))
            except IllegalMoveError as error:
                raise IllegalMoveError(_(
                    "bad position string {text}: character {char!r} at position {position} "
                    "is illegal ({problem})").format(text=brief(moves), char=char,
                                                     position=position, problem=error),
                    error.reason) from None
        return state

    def evaluate(self, state: ConnectFourState, player: Side) -> float:
        """The window count of Kopec's book (ch. 8) for `player`: each k-cell window holding only one
        player's discs scores 1 for k-2 of them, 100 for k-1, WIN_SCORE for k; the
        opponent's windows count against (see connect4_windows.py; compiled when numba
        is installed, since search calls it at every leaf)."""
        count = self._count or self._make_count()
        return count(state.x, state.o) if player == "X" else count(state.o, state.x)

    def _make_count(self) -> WindowCounter:
        """This board's window counter, made (and compiled) on first use, shared by every
        game of the same shape."""
        count = _COUNTERS.get(self._shape)
        if count is None:
            points = [_WINDOW_POINTS[self.k - discs] for discs in range(self.k + 1)]
            windows = list(window_masks(self.rows, self.cols, self.k))
            count = make_counter(windows, points, (self.rows + 1) * self.cols)
            _COUNTERS[self._shape] = count
        self._count = count
        return count

    def render(self, state: ConnectFourState) -> str:
        board = state.board
        lines = [" ".join(board[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]
        lines.append(" ".join(str(c) for c in range(self.cols)))
        return "\n".join(lines)


_COUNTERS: dict[tuple, WindowCounter] = {}
"""The window counter of each board shape, made on first use by `evaluate`."""

_WINDOW_POINTS = {0: WIN_SCORE, 1: 100, 2: 1}
_WINDOW_POINTS.update({missing: 0 for missing in range(3, 10)})


@lru_cache(maxsize=None)
def window_masks(rows: int, cols: int, k: int) -> tuple[int, ...]:
    """Every line of k cells on a rows x cols board, as a bitboard (the layout above)."""
    height = rows + 1
    masks = []
    for col in range(cols):
        for row in range(rows):
            for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_col, end_row = col + (k - 1) * dc, row + (k - 1) * dr
                if 0 <= end_col < cols and 0 <= end_row < rows:
                    mask = 0
                    for i in range(k):
                        mask |= 1 << ((col + i * dc) * height + row + i * dr)
                    masks.append(mask)
    return tuple(masks)


_STANDARD_TO_OURS = str.maketrans("123456789", "012345678")
_OURS_TO_STANDARD = str.maketrans("012345678", "123456789")


def from_standard(text: str) -> str:
    """A position in the standard sets' notation (1-based column digits, "4453", as in
    Pons' solver and the test sets) written in gamelib's 0-based digits ("3342")."""
    for position, char in enumerate(text, start=1):
        if not "1" <= char <= "9":
            raise ValueError(_("bad standard position {text!r}: character {char!r} at "
                               "position {position} is not a column; the standard notation "
                               "uses 1-based digits 1..7").format(text=text, char=char,
                                                                   position=position))
    return text.translate(_STANDARD_TO_OURS)


def to_standard(moves: str | Sequence[int]) -> str:
    """gamelib's 0-based columns ("3342" or [3, 3, 4, 2]) in the standard sets' 1-based
    notation ("4453"), to compare with other solvers and published tables."""
    text = moves if isinstance(moves, str) else "".join(str(col) for col in moves)
    for position, char in enumerate(text, start=1):
        if not "0" <= char <= "8":
            raise ValueError(_("bad position {text!r}: character {char!r} at position "
                               "{position} is not a 0-based column digit").format(
                text=text, char=char, position=position))
    return text.translate(_OURS_TO_STANDARD)
