"""Game wrappers for the search checks: one records what a search does, one reorders moves.

`RecordingGame(game)` behaves exactly like `game`, but notes every `result(state, move)`
call and every score given (through `recording.eval_fn(...)` or `utility`). From these
notes a check reads the search as paths (tuples of moves from the root):
- the leaves, in the order they were scored, with the player asked about;
- the nodes that were searched (every prefix of a scored leaf);
- the order in which each node's children were first searched.

`ReorderedGame(game, orders)` is `game` with the moves of some positions in another
order, so the library's own search can be replayed in the order a student used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gamelib.games.base import Game, Move, Side, State

Path = tuple


@dataclass(frozen=True)
class Leaf:
    """One scored position: where (path of moves), for whom, and the score given."""

    path: Path
    player: Side
    value: Any

    @property
    def ply(self) -> int:
        """How many moves below the root."""
        return len(self.path)


class PassThrough(Game):
    """`game` itself, every method and attribute passed through (a base for wrappers)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players

    @property
    def initial_state(self) -> State:
        return self.game.initial_state

    def to_move(self, state: State) -> Side:
        return self.game.to_move(state)

    def actions(self, state: State) -> list[Move]:
        return self.game.actions(state)

    def result(self, state: State, move: Move) -> State:
        return self.game.result(state, move)

    def is_terminal(self, state: State) -> bool:
        return self.game.is_terminal(state)

    def utility(self, state: State, player: Side) -> float:
        return self.game.utility(state, player)

    def winner(self, state: State) -> Side | None:
        return self.game.winner(state)

    def render(self, state: State) -> str:
        return self.game.render(state)

    def __getattr__(self, name: str) -> Any:
        """Anything else the game has (e.g. TicTacToe's `rows`), read from the game."""
        if name == "game":
            raise AttributeError(name)
        return getattr(self.game, name)

    def __repr__(self) -> str:
        return repr(self.game)


class ReorderedGame(PassThrough):
    """`game`, with the legal moves of the states in `orders` listed in that order."""

    def __init__(self, game: Game, orders: dict[State, list[Move]]) -> None:
        super().__init__(game)
        self.orders = orders

    def actions(self, state: State) -> list[Move]:
        return list(self.orders.get(state) or self.game.actions(state))


class RecordingGame(PassThrough):
    """`game`, plus a record of the positions a search generated and scored."""

    def __init__(self, game: Game, root: State | None = None) -> None:
        super().__init__(game)
        self.root = game.initial_state if root is None else root
        self.leaves: list[Leaf] = []
        self._path_of: dict[Any, Path] = {self.root: ()}
        self._state_at: dict[Path, State] = {(): self.root}

    def result(self, state: State, move: Move) -> State:
        child = self.game.result(state, move)
        parent = self._path_of.get(state)
        if parent is not None:
            path = parent + (move,)
            self._path_of[child] = path
            self._state_at[path] = child
        return child

    def utility(self, state: State, player: Side) -> float:
        value = self.game.utility(state, player)
        self._note_leaf(state, player, value)
        return value

    def eval_fn(self, evaluate: Callable[[State, Side], float]) -> Callable[[State, Side], float]:
        """`evaluate`, wrapped so that every call is recorded as a scored leaf."""
        def recorded(state: State, player: Side) -> float:
            """`evaluate`, recorded."""
            value = evaluate(state, player)
            self._note_leaf(state, player, value)
            return value
        recorded.__doc__ = evaluate.__doc__
        return recorded

    def _note_leaf(self, state: State, player: Side, value: Any) -> None:
        """Record a scored position (a second score of the same position right after the
        first, e.g. utility inside an evaluation, counts once)."""
        path = self._path_of.get(state)
        if path is None or (self.leaves and self.leaves[-1].path == path):
            return
        self.leaves.append(Leaf(path, player, value))

    # -- reading the record --------------------------------------------------------------
    def scored(self) -> list[Leaf]:
        """The scored positions the search did not go on below, in the order they were
        scored (an evaluation used to order moves is not a leaf)."""
        inner = {leaf.path[:i] for leaf in self.leaves for i in range(len(leaf.path))}
        return [leaf for leaf in self.leaves if leaf.path not in inner]

    def leaf_paths(self) -> list[Path]:
        """The leaves' paths, in the order they were scored."""
        return [leaf.path for leaf in self.scored()]

    def state_at(self, path: Path) -> State:
        """The position at the end of `path` (one the search generated)."""
        return self._state_at[path]

    def child_orders(self) -> dict[State, list[Move]]:
        """For each searched inner node, its children in the order the search first went
        below them (children it never scored below follow, in the game's order)."""
        seen: dict[Path, list[Move]] = {}
        for path in self.leaf_paths():
            for i in range(len(path)):
                moves = seen.setdefault(path[:i], [])
                if path[i] not in moves:
                    moves.append(path[i])
        orders = {}
        for path, moves in seen.items():
            state = self._state_at.get(path)
            if state is not None:
                orders[state] = moves + [m for m in self.game.actions(state) if m not in moves]
        return orders
