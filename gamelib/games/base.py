"""The Game interface every algorithm in gamelib searches over (AIMA's method names)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Sequence

from gamelib.games.quoting import brief
from gamelib.platform import _

State = Any
"""A game state: immutable and hashable (usable as a dict key or a tree node)."""

Move = Any
"""A move: whatever `actions` returns (a column, a (row, col) tuple, a child index); it
must be hashable (moves are dict keys in search results)."""

Side = str
"""A player's name, e.g. 'X' / 'O', or 'MAX' / 'MIN' for abstract trees."""


NOT_A_MOVE, OFF_BOARD, GAME_OVER, OCCUPIED, FORBIDDEN, NOT_LEGAL = (
    "not a move", "off the board", "game over", "occupied", "forbidden by a rule",
    "not legal")
"""The reasons an `IllegalMoveError` gives, for programs (boards, checks) that act on them."""


class IllegalMoveError(ValueError):
    """Raised when a move is not legal; the message says which move, why, and what is legal.

    `reason` says why for programs: NOT_A_MOVE (wrong type), OFF_BOARD, GAME_OVER,
    OCCUPIED (a taken square, a full column), FORBIDDEN (an optional rule forbids it) or
    NOT_LEGAL (anything else).
    """

    def __init__(self, message: str, reason: str = NOT_LEGAL) -> None:
        super().__init__(message)
        self.reason = reason


class Game(ABC):
    """A two-player, zero-sum game of perfect information.

    Subclasses implement the rules only; search, drawing and playing live elsewhere.
    """

    players: tuple[Side, Side]

    @property
    @abstractmethod
    def initial_state(self) -> State:
        """The state before anyone has moved."""

    @abstractmethod
    def to_move(self, state: State) -> Side:
        """The player whose turn it is in `state`."""

    @abstractmethod
    def actions(self, state: State) -> list[Move]:
        """The legal moves in `state`, in a fixed order (empty at terminal states)."""

    @abstractmethod
    def result(self, state: State, move: Move) -> State:
        """The state after `move`; raises IllegalMoveError if `move` is not legal."""

    @abstractmethod
    def is_terminal(self, state: State) -> bool:
        """True when the game is over."""

    @abstractmethod
    def utility(self, state: State, player: Side) -> float:
        """The final score of a terminal `state` for `player`: +1 win, 0 draw, -1 loss."""

    @abstractmethod
    def render(self, state: State) -> str:
        """A plain-text picture of `state` for a terminal."""

    def opponent(self, player: Side) -> Side:
        """The other player."""
        first, second = self.players
        if player == first:
            return second
        if player == second:
            return first
        raise ValueError(_("unknown player {player!r}; the players are {first!r} and "
                           "{second!r}").format(player=player, first=first, second=second))

    def winner(self, state: State) -> Side | None:
        """The winner of a terminal `state`, or None for a draw or an unfinished game."""
        if not self.is_terminal(state):
            return None
        for player in self.players:
            if self.utility(state, player) > 0:
                return player
        return None

    def play(self, moves: Sequence[Move]) -> State:
        """The state after playing `moves` in order from the initial state."""
        state = self.initial_state
        for move in moves:
            state = self.result(state, move)
        return state

    def state_problem(self, state: State) -> str | None:
        """What makes `state` (already known to be of this game's state type) a position
        that play could never reach, in words, or None when nothing is wrong. Searches
        check their starting state with it once (`gamelib.games.checks.check_state`), so
        it must be cheap: a few microseconds. Games without their own checks trust every
        state."""
        return None

    def plies_left(self, state: State) -> int | None:
        """The most moves the game can still last from `state` (None: the game cannot
        say). A full search goes this deep, so searches make room for it up front."""
        return None

    def check_move(self, state: State, move: Move) -> None:
        """Raise IllegalMoveError unless `move` is legal in `state`."""
        if self.is_terminal(state):
            raise IllegalMoveError(_("move {move} is not legal: the game is over").format(
                move=brief(move)), GAME_OVER)
        legal = self.actions(state)
        if move not in legal:
            raise IllegalMoveError(_("move {move} is not legal; legal moves: {legal}").format(
                move=brief(move), legal=legal))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class BoardGame(Game):
    """A game on a grid of `rows` x `cols` cells, won by `k` in a row (Tic-Tac-Toe,
    Connect Four): what boards, pictures and move ordering need beyond `Game`."""

    rows: int
    cols: int
    k: int

    @abstractmethod
    def winning_line(self, state: State) -> list[tuple[int, int]] | None:
        """The (row, col) cells of the line that won the game, or None."""
