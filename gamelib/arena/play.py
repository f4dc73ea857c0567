"""Play one game between players and keep a record of it."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from gamelib.games.base import Game, IllegalMoveError, Move, Side, State
from gamelib.games.checks import check_state, plain_move
from gamelib.platform import N_, _

PlayerFn = Callable[[Game, State], Move]


class GameAbandoned(Exception):
    """Raised by a player who leaves the game (a human closing the input): play_game
    passes it on instead of recording a forfeit."""


@dataclass
class GameRecord:
    """What happened in one game: every move and state, the winner, and why it ended."""

    game: Game
    players: dict[Side, str]            # seat -> the player's description
    moves: list[Move] = field(default_factory=list)
    states: list[State] = field(default_factory=list)   # states[0] is the start
    winner: Side | None = None          # None for a draw
    reason: str = ""                      # "X made four in a row", "O forfeits: ..."
    forfeit: bool = False                 # True if a player raised or moved illegally
    seconds: list[float] = field(default_factory=list)  # how long each move took to choose

    @property
    def final_state(self) -> State:
        """The last state of the game."""
        return self.states[-1]

    @property
    def plies(self) -> int:
        """How many moves were played."""
        return len(self.moves)

    def utility(self, player: Side) -> float:
        """+1 if `player` won, -1 if it lost, 0 for a draw."""
        if self.winner is None:
            return 0
        return 1 if self.winner == player else -1

    def __str__(self) -> str:
        outcome = _("draw") if self.winner is None else _("{player} wins").format(
            player=self.winner)
        return _("{outcome} after {count} moves ({reason})").format(
            outcome=outcome, count=self.plies, reason=self.reason_words())

    def reason_words(self) -> str:
        """Why the game ended, in the language gamelib speaks (see `reason_words`)."""
        return reason_words(self.reason, self.winner)


FORFEITS = ((" forfeits with an illegal move: ",
             N_("{player} forfeits with an illegal move: {error}")),
            (" forfeits: ", N_("{player} forfeits: {error}")))
"""How a forfeit's reason begins after the player's seat, and its words to translate."""


def reason_words(reason: str, winner: Side | None) -> str:
    """Why a game ended, in the language gamelib speaks: `reason` is kept in English (it
    is data); the endings `play_game` writes are said again in words here, and a forfeit
    keeps the error it quotes as it was."""
    endings = {"board full": _("board full"),
               f"{winner} completed a line": _("{player} completed a line"),
               f"{winner} reached a winning leaf": _("{player} reached a winning leaf")}
    if reason in endings:
        return endings[reason].format(player=winner)
    for marker, words in FORFEITS:
        player, found, error = reason.partition(marker)
        if found and player and " " not in player:
            return _(words).format(player=player, error=error)
    stopped = reason.removeprefix("stopped after ").removesuffix(" moves")
    if reason.startswith("stopped after ") and stopped.isdigit():
        return _("stopped after {count} moves").format(count=stopped)
    return reason


def seat_players(game: Game, players: Sequence[PlayerFn] | Mapping[Side, PlayerFn]
                 ) -> dict[Side, PlayerFn]:
    """Map each seat ('X', 'O', ...) to its player; a sequence lists the first player first."""
    if isinstance(players, Mapping):
        seats = dict(players)
    else:
        players = list(players)
        if len(players) != len(game.players):
            raise ValueError(_("{game!r} needs {count} players, got {given}").format(
                game=game, count=len(game.players), given=len(players)))
        seats = dict(zip(game.players, players))
    if set(seats) != set(game.players):
        raise ValueError(_("players must be given for the seats {seats}, got {given}").format(
            seats=list(game.players), given=list(seats)))
    for seat, player in seats.items():
        if not callable(player):
            raise TypeError(_("the player for {seat!r} is not callable: {player!r}; a player "
                              "is a function (game, state) -> move").format(seat=seat,
                                                                           player=player))
        check_plays(game, player, _("the player for {seat!r}").format(seat=seat))
    return seats


def check_plays(game: Game, player: Any, role: str) -> None:
    """Raise a ValueError now, before any game starts, if `player` says it cannot play
    `game` (players that know, like the perfect player, have a `check_game` method)."""
    check = getattr(player, "check_game", None)
    if check is not None:
        try:
            check(game)
        except ValueError as error:
            raise ValueError(_("{role} ({player}) cannot play {game!r}: {error}").format(
                role=role, player=describe(player), game=game, error=error)) from None


def describe(player: Any) -> str:
    """A short name for a player, for records and tables."""
    return getattr(player, "name", None) or repr(player)


def play_game(game: Game, players: Sequence[PlayerFn] | Mapping[Side, PlayerFn],
              seed: int | None = None, verbose: bool = False,
              start: State | None = None, max_moves: int | None = None) -> GameRecord:
    """Play `players` against each other from `start` (default: the initial state).

    With a `seed`, every player that has `set_seed` is reseeded (seat i gets seed + i),
    so the same call plays the same game. A player that raises or returns an illegal
    move loses the game on the spot; the reason is recorded.
    """
    seats = seat_players(game, players)
    if seed is not None:
        for offset, seat in enumerate(game.players):
            reseed = getattr(seats[seat], "set_seed", None)
            if reseed is not None:
                reseed(seed + offset)
    state = game.initial_state if start is None else check_state(game, start, "start")
    record = GameRecord(game, {seat: describe(p) for seat, p in seats.items()}, states=[state])
    while not game.is_terminal(state):
        if max_moves is not None and record.plies >= max_moves:
            record.reason = f"stopped after {max_moves} moves"
            return record
        mover = game.to_move(state)
        started = time.perf_counter()
        try:
            move = plain_move(seats[mover](game, state))    # np.int64(3) is move 3
            state = game.result(state, move)
        except (EOFError, GameAbandoned):  # a human left: the game is abandoned, not lost
            raise
        except Exception as error:  # a broken player forfeits; the match goes on
            record.winner = game.opponent(mover)
            record.forfeit = True
            record.reason = forfeit_reason(mover, error)
            if verbose:
                print(record.reason)
            return record
        record.seconds.append(time.perf_counter() - started)
        record.moves.append(move)
        record.states.append(state)
        if verbose:
            print(f"{mover} plays {move!r}\n{game.render(state)}\n")
    record.winner = game.winner(state)
    record.reason = ("board full" if record.winner is None
                     else f"{record.winner} completed a line" if hasattr(game, "k")
                     else f"{record.winner} reached a winning leaf")
    if verbose:
        print(record)
    return record


def forfeit_reason(mover: Side, error: Exception) -> str:
    """Why `mover` forfeits, in words: an illegal move says what was wrong with it; any
    other error also names its kind (a student's crash shows which)."""
    if isinstance(error, IllegalMoveError):
        return f"{mover} forfeits with an illegal move: {error}"
    return f"{mover} forfeits: {type(error).__name__}: {error}"
