"""A Connect Four position for the solver: two bitboards, Pascal Pons' layout.

Bit i of a bitboard is one cell; column c owns bits c*7 .. c*7+5 (bottom row first)
plus one sentinel bit on top that is always empty:

     6 13 20 27 34 41 48    <- sentinel row (never a stone)
     5 12 19 26 33 40 47    <- top row
     4 11 18 25 32 39 46
     3 10 17 24 31 38 45
     2  9 16 23 30 37 44
     1  8 15 22 29 36 43
     0  7 14 21 28 35 42    <- bottom row
     0  1  2  3  4  5  6    <- column

Shifting a bitboard by 1, 7, 6 or 8 moves every stone one step up a column, along a
row, or along either diagonal, and the sentinel row keeps columns from wrapping.

A position keeps only
- `current`: the stones of the player to move,
- `mask`: every stone on the board,
- `moves`: how many stones have been played.
The opponent's stones are `current ^ mask`; `current + mask` is a unique key (49 bits).

This module holds the solver's shared constants (board size, score range, the order
of columns) and the error codes of a bad position string, used by both engines.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from gamelib.games.base import IllegalMoveError
from gamelib.games.checks import brief
from gamelib.platform import N_, _

WIDTH = 7
HEIGHT = 6
H1 = HEIGHT + 1  # bits per column, with the sentinel
SIZE = WIDTH * HEIGHT
MIN_SCORE = -(SIZE // 2) + 3      # -18: the opponent wins with its 4th stone
MAX_SCORE = (SIZE + 1) // 2 - 3   # 18: you win with your 4th stone

BOTTOM = sum(1 << (c * H1) for c in range(WIDTH))   # the bottom cell of every column
BOARD = BOTTOM * ((1 << HEIGHT) - 1)                # every playable cell
ODD_ROWS = BOTTOM * 0b010101                        # rows 1, 3, 5 counted from 1 at the bottom
EVEN_ROWS = BOTTOM * 0b101010                       # rows 2, 4, 6
NO_BOUND = SIZE
"""What `claimeven_bound` answers when it proves nothing: above every score."""
THREAT_WEIGHTS = (2, 4, 1)
"""`threat_score`'s weights: for a useful threat on a cell the opponent can fill next, for
one right above such a cell, and for every useful threat (the fewest nodes of the weights
tried: benchmarks/README.md)."""
COLUMN_ORDER = tuple(WIDTH // 2 + (1 - 2 * (i % 2)) * (i + 1) // 2 for i in range(WIDTH))
"""Columns from the centre outwards: 3, 2, 4, 1, 5, 0, 6."""


NOT_A_COLUMN, COLUMN_FULL, GAME_OVER, BOARD_FULL = 1, 2, 3, 4
"""What is wrong with a position string (0: nothing), as both parsers report it."""
PROBLEMS = {NOT_A_COLUMN: N_("is not a column; use digits 0..{last}"),
            COLUMN_FULL: N_("is in a full column"),
            GAME_OVER: N_("ends the game; the solver needs an unfinished game")}


def bad_string(text: str, index: int, problem: int) -> IllegalMoveError:
    """The error for position string `text`, whose move at `index` (0-based) has `problem`."""
    if problem == BOARD_FULL:
        return IllegalMoveError(_("bad position string {text}: the board is full (the game "
                                  "is over)").format(text=brief(text)))
    return IllegalMoveError(_("bad position string {text}: character {char!r} at position "
                              "{position} {problem}").format(
        text=brief(text), char=text[index], position=index + 1,
        problem=_(PROBLEMS[problem]).format(last=WIDTH - 1)))


def column_mask(col: int) -> int:
    """Every cell of column `col`."""
    return ((1 << HEIGHT) - 1) << (col * H1)


def top_mask(col: int) -> int:
    """The top cell of column `col`."""
    return 1 << (HEIGHT - 1 + col * H1)


def bottom_mask(col: int) -> int:
    """The bottom cell of column `col`."""
    return 1 << (col * H1)


def winning_spots(position: int, mask: int) -> int:
    """The empty cells where one more stone would complete four for `position`'s owner."""
    # vertical: three stones right below
    r = (position << 1) & (position << 2) & (position << 3)
    for step in (H1, HEIGHT, HEIGHT + 2):  # horizontal and the two diagonals
        p = (position << step) & (position << 2 * step)
        r |= p & (position << 3 * step)    # three on one side
        r |= p & (position >> step)        # two on one side, one on the other
        p = (position >> step) & (position >> 2 * step)
        r |= p & (position << step)
        r |= p & (position >> 3 * step)
    return r & (BOARD ^ mask)


def has_four(bits: int) -> bool:
    """True if the cells of `bits` hold four in a row (column, row or either diagonal)."""
    for step in (1, H1, HEIGHT, HEIGHT + 2):
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


def claimeven_bound(current: int, mask: int) -> int:
    """An upper bound on the score of the player to move, from Allis' claimeven (NO_BOUND
    where it proves nothing): 0 (no win) or -1 (a loss).

    It applies when the first player is to move (an even number of stones). The other
    player, the follower, answers every move in the same column, right on top of it
    ("follow-up"); that needs a column with an even number of empty cells, so that a move
    leaves at least one. The columns with an odd number of empty cells come in pairs (the
    stones are even in number), and they are dealt with first: when the mover plays into
    one, the follower plays into another, and both are even again. Played to the end
    that way, the follower gets every empty cell on an even row (2, 4, 6 counted from 1
    at the bottom) except the next cell of each odd column (`paired`: those may go to the
    mover), and the mover at most every other empty cell.
    - If the mover's stones and the cells it may get hold no four in a row, the mover
      can never complete four (its stones stay among those cells): the game ends drawn
      or won by the follower, so the mover's score is at most 0.
    - If, besides, the follower's stones and the cells it gets hold four in a row, the
      game cannot end full without the follower's four (nobody else can win, so it ends at
      the follower's first four or on a full board): the mover loses, at most -1.
    The exact score is at most what the mover gets against any one strategy of the
    opponent, so both bounds hold for it: they are proofs, not estimates."""
    paired = (mask + BOTTOM) & BOARD & EVEN_ROWS    # the next cell of each odd column
    if popcount(paired) % 2:                        # an odd number of stones: not the
        return NO_BOUND                             # first player to move
    empty = BOARD ^ mask
    theirs = empty & EVEN_ROWS & ~paired
    if has_four(current | (empty ^ theirs)):
        return NO_BOUND
    if has_four((current ^ mask) | theirs):
        return -1
    return 0


def popcount(bits: int) -> int:
    """How many bits are set."""
    return bin(bits).count("1")


def threat_score(current: int, mask: int, move: int, their_spots: int) -> int:
    """How good `move` looks by the threats it leaves its player (ordering, "useful threats").

    Only useful threats count: the player's winning spots after the move, except those
    right above one of the opponent's (`their_spots`), which the player can never fill. A
    threat on a cell the opponent can fill next forces the answer there; one right above
    such a cell forbids the opponent that cell for good (playing it lets the player win),
    which shapes the rest of the game; so these count more (THREAT_WEIGHTS)."""
    now, above, every = THREAT_WEIGHTS
    useful = winning_spots(current | move, mask) & ~(their_spots << 1)
    playable = ((mask | move) + BOTTOM) & BOARD
    return (now * popcount(useful & playable)
            + above * popcount(useful & (playable << 1) & BOARD) + every * popcount(useful))


class Position(NamedTuple):
    """A position as the solver sees it (immutable: `play` returns a new one)."""

    current: int
    mask: int
    moves: int

    @classmethod
    def empty(cls) -> Position:
        """The empty board."""
        return cls(0, 0, 0)

    @classmethod
    def from_string(cls, text: str) -> Position:
        """The position after a string of 0-based columns ("3342"); raises IllegalMoveError
        if a character is not a column, a column is full, or the game ends before the end."""
        pos = cls.empty()
        for index, char in enumerate(text):
            if not ("0" <= char <= str(WIDTH - 1)):
                raise bad_string(text, index, NOT_A_COLUMN)
            col = int(char)
            if not pos.can_play(col):
                raise bad_string(text, index, COLUMN_FULL)
            if pos.is_winning_move(col):
                raise bad_string(text, index, GAME_OVER)
            pos = pos.play_col(col)
        if pos.moves == SIZE:
            raise bad_string(text, SIZE - 1, BOARD_FULL)
        return pos

    @classmethod
    def from_state(cls, state) -> Position:
        """The position of a 7x6, four-in-a-row `ConnectFour` state (same bit layout)."""
        if (state.rows, state.cols, state.k) != (HEIGHT, WIDTH, 4):
            raise ValueError(f"the solver plays 7 columns x 6 rows, four in a row; this state "
                             f"is {state.cols} x {state.rows}, k={state.k}")
        if state.winner is not None or (state.x | state.o) == BOARD:
            raise ValueError("the game is over in this state; the solver needs an unfinished game")
        mask = state.x | state.o
        current = state.x if state.to_move == "X" else state.o
        return cls(current, mask, popcount(mask))

    def can_play(self, col: int) -> bool:
        """True if column `col` is not full."""
        return not self.mask & top_mask(col)

    def play(self, move: int) -> Position:
        """The position after the stone `move` (a one-bit bitboard); the other side moves next."""
        return Position(self.current ^ self.mask, self.mask | move, self.moves + 1)

    def play_col(self, col: int) -> Position:
        """The position after a stone in column `col` (0-based)."""
        return self.play((self.mask + bottom_mask(col)) & column_mask(col))

    def possible(self) -> int:
        """The cell where a stone would land in each non-full column."""
        return (self.mask + BOTTOM) & BOARD

    def can_win_next(self) -> bool:
        """True if the player to move can complete four right now."""
        return bool(winning_spots(self.current, self.mask) & self.possible())

    def is_winning_move(self, col: int) -> bool:
        """True if a stone in column `col` completes four for the player to move."""
        return bool(winning_spots(self.current, self.mask) & self.possible() & column_mask(col))

    def opponent_winning_spots(self) -> int:
        """The cells that would complete four for the opponent."""
        return winning_spots(self.current ^ self.mask, self.mask)

    def non_losing_moves(self) -> int:
        """The moves (one bit each) that do not lose at once; call only if the player to move
        cannot win at once. Zero means every move loses."""
        possible = self.possible()
        threats = self.opponent_winning_spots()
        forced = possible & threats
        if forced:
            if forced & (forced - 1):   # two threats to block: lost
                return 0
            possible = forced           # one threat: we must block it
        return possible & ~(threats >> 1)   # never play right under an opponent's threat

    def move_score(self, move: int) -> int:
        """How many winning spots the player to move has after playing `move` (ordering)."""
        return popcount(winning_spots(self.current | move, self.mask))

    def key(self) -> int:
        """A unique number for this position: a bit for each stone of the player to move,
        plus the bit above the top of each column."""
        return self.current + self.mask

    def mirror(self) -> Position:
        """The left-right mirror image (same score)."""
        return Position(_mirror_bits(self.current), _mirror_bits(self.mask), self.moves)

    def shared_key(self) -> int:
        """The key this position shares with its mirror image, which has the same score:
        the smaller of their two keys."""
        return min(self.key(), self.mirror().key())

    def before(self) -> list[tuple[Position, int]]:
        """Every (position, column) this one can come from: one of the last mover's stones
        on top of a column taken back."""
        last_mover = self.current ^ self.mask
        found = []
        for col in range(WIDTH):
            stones = self.mask & column_mask(col)
            top = 1 << (stones.bit_length() - 1) if stones else 0
            if top & last_mover:
                found.append((Position(last_mover ^ top, self.mask ^ top, self.moves - 1), col))
        return found


def random_unfinished(ply: int, rng: random.Random) -> str:
    """The 0-based moves of a position after `ply` random moves in which nobody has won
    and the player to move cannot win at once (such positions are solved instantly)."""
    while True:
        pos, moves = Position.empty(), ""
        for _ in range(ply):
            playable = [c for c in range(WIDTH) if pos.can_play(c) and not pos.is_winning_move(c)]
            if not playable:
                break
            col = rng.choice(playable)
            pos, moves = pos.play_col(col), moves + str(col)
        if len(moves) == ply and not pos.can_win_next():
            return moves


def _mirror_bits(bits: int) -> int:
    """Swap columns c and WIDTH-1-c of a bitboard."""
    out = 0
    for col in range(WIDTH):
        out |= ((bits >> (col * H1)) & ((1 << H1) - 1)) << ((WIDTH - 1 - col) * H1)
    return out
