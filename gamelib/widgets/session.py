"""The game session behind a board: positions, moves, whose turn, undo and the result.

No widgets here: a session is plain data that a board (or a test) drives. The human
plays one side, the AI the other; `undo` takes back the human's last move together
with the AI's reply to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gamelib.games.base import BoardGame, Game, IllegalMoveError, Move, Side, State
from gamelib.platform import _


@dataclass
class GameSession:
    """One game from `start`, with the human playing `human`."""

    game: BoardGame
    start: State
    human: Side
    history: list[State] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.human = check_side(self.game, self.human)
        self.restart()

    @property
    def state(self) -> State:
        """The current position."""
        return self.history[-1]

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.game.is_terminal(self.state)

    @property
    def ai(self) -> Side:
        """The side the AI plays."""
        return self.game.opponent(self.human)

    def human_to_move(self) -> bool:
        """True when it is the human's turn in an unfinished game."""
        return not self.over and self.game.to_move(self.state) == self.human

    def ai_to_move(self) -> bool:
        """True when it is the AI's turn in an unfinished game."""
        return not self.over and self.game.to_move(self.state) != self.human

    def restart(self, human: Side | None = None) -> None:
        """Back to the start position (optionally with the human on the other side)."""
        if human is not None:
            self.human = check_side(self.game, human)
        self.history = [self.start]
        self.moves = []

    def problem(self, move: Move) -> IllegalMoveError | None:
        """Why `move` is illegal now (the game's own error), or None if it is legal."""
        try:
            self.game.result(self.state, move)
        except IllegalMoveError as error:
            return error
        return None

    def play(self, move: Move) -> State:
        """Play a move for whoever is to move (IllegalMoveError if it is illegal)."""
        state = self.game.result(self.state, move)
        self.history.append(state)
        self.moves.append(move)
        return state

    def undo_point(self) -> int | None:
        """How many positions to keep to take back the human's last move, or None."""
        for index in range(len(self.history) - 2, -1, -1):
            if self.game.to_move(self.history[index]) == self.human:
                return index + 1
        return None

    def undo(self) -> bool:
        """Take back the human's last move and everything after it; False if none."""
        keep = self.undo_point()
        if keep is None:
            return False
        del self.history[keep:]
        del self.moves[keep - 1:]
        return True

    def outcome(self) -> str | None:
        """"win", "loss" or "draw" for the human once the game is over, else None."""
        if not self.over:
            return None
        winner = self.game.winner(self.state)
        if winner is None:
            return "draw"
        return "win" if winner == self.human else "loss"

    def last_move_by(self, player: Side) -> int | None:
        """The index (in `moves`) of `player`'s latest move, or None."""
        for index in range(len(self.moves) - 1, -1, -1):
            if self.game.to_move(self.history[index]) == player:
                return index
        return None


def check_side(game: Game, side: Side) -> Side:
    """`side` if it is one of the game's players ('first'/'second' accepted too)."""
    aliases = {"first": game.players[0], "second": game.players[1]}
    side = aliases.get(str(side).lower(), side)
    if side not in game.players:
        raise ValueError(_("human_plays must be one of {players} (or 'first' / 'second'), "
                           "got {side}").format(players=list(game.players), side=repr(side)))
    return side
