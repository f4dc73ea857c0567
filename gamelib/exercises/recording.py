"""A game wrapper that records what a search does, so a check can compare two searches.

`RecordingGame(game)` behaves exactly like `game`, but notes every `result(state, move)`
call and every evaluation (through `recording.eval_fn(...)` or `utility`). From these
notes it rebuilds the search as the paths (tuples of moves from the root) of:
- the leaves, in the order they were scored, with the ply and the player asked about;
- the nodes that were searched (every prefix of a scored leaf);
- the moves that were pruned: legal moves of a searched node that were never searched.
`to_trace()` turns the same notes into a `Trace` (enter / leaf / prune events), the event
stream every search in gamelib records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gamelib.games.base import Game, Move, Player, State
from gamelib.search.trace import Prune, Trace

Path = tuple


@dataclass(frozen=True)
class Leaf:
    """One scored position: where (path of moves), for whom, and the score given."""

    path: Path
    player: Player
    value: float

    @property
    def ply(self) -> int:
        """How many moves below the root."""
        return len(self.path)


class RecordingGame(Game):
    """`game`, plus a record of the positions a search generated and scored."""

    def __init__(self, game: Game, root: State | None = None) -> None:
        self.game = game
        self.players = game.players
        self.root = game.initial_state if root is None else root
        self.leaves: list[Leaf] = []
        self.generated: list[Path] = []             # every result() call, in order
        self._path_of: dict[Any, Path] = {self.root: ()}
        self._state_at: dict[Path, State] = {(): self.root}

    # -- the Game API, passed through --------------------------------------------------
    @property
    def initial_state(self) -> State:
        return self.game.initial_state

    def to_move(self, state: State) -> Player:
        return self.game.to_move(state)

    def actions(self, state: State) -> list[Move]:
        return self.game.actions(state)

    def result(self, state: State, move: Move) -> State:
        child = self.game.result(state, move)
        parent = self._path_of.get(state)
        if parent is not None:
            path = parent + (move,)
            self._path_of[child] = path
            self._state_at[path] = child
            self.generated.append(path)
        return child

    def is_terminal(self, state: State) -> bool:
        return self.game.is_terminal(state)

    def utility(self, state: State, player: Player) -> float:
        value = self.game.utility(state, player)
        self._note_leaf(state, player, value)
        return value

    def render(self, state: State) -> str:
        return self.game.render(state)

    def __repr__(self) -> str:
        return f"RecordingGame({self.game!r})"

    # -- recording ----------------------------------------------------------------------
    def eval_fn(self, evaluate: Callable[[State, Player], float]) -> Callable[[State, Player], float]:
        """`evaluate`, wrapped so that every call is recorded as a scored leaf."""
        def recorded(state: State, player: Player) -> float:
            """`evaluate`, recorded."""
            value = evaluate(state, player)
            self._note_leaf(state, player, value)
            return value
        recorded.__doc__ = evaluate.__doc__
        return recorded

    def _note_leaf(self, state: State, player: Player, value: float) -> None:
        """Record a scored position (a second score of the same position right after the
        first, e.g. utility inside an evaluation, counts once)."""
        path = self._path_of.get(state)
        if path is None:
            return
        leaf = Leaf(path, player, value)
        if self.leaves and self.leaves[-1].path == path:
            return
        self.leaves.append(leaf)

    # -- reading the record --------------------------------------------------------------
    def leaf_paths(self) -> list[Path]:
        """The scored positions' paths, in the order they were scored."""
        return [leaf.path for leaf in self.leaves]

    def searched(self) -> set[Path]:
        """Every node on the way to a scored leaf (the root included)."""
        found: set[Path] = set()
        for path in self.leaf_paths():
            for i in range(len(path) + 1):
                found.add(path[:i])
        return found

    def pruned(self) -> dict[Path, list[Move]]:
        """For each searched inner node, the legal moves that were never searched."""
        searched = self.searched()
        result: dict[Path, list[Move]] = {}
        for path in sorted(searched, key=lambda p: (len(p), str(p))):
            state = self._state_at.get(path)
            if state is None or self.game.is_terminal(state):
                continue
            if not any(len(p) == len(path) + 1 and p[:len(path)] == path for p in searched):
                continue                         # scored here (a depth-limit leaf)
            skipped = [m for m in self.game.actions(state) if path + (m,) not in searched]
            if skipped:
                result[path] = skipped
        return result

    def to_trace(self) -> Trace:
        """The recorded search as a Trace: nodes entered in the order their first leaf was
        scored, each leaf with its score, and a prune event for every skipped move list."""
        trace = Trace()
        trace.start("recorded", self.game, self.game.to_move(self.root))
        ids: dict[Path, int] = {}
        pruned = self.pruned()

        def enter(path: Path) -> None:
            """Record entering `path` (and its ancestors first)."""
            if path in ids:
                return
            if path:
                enter(path[:-1])
            node = trace.enter(ids.get(path[:-1]) if path else None,
                               path[-1] if path else None, self._state_at[path], len(path))
            assert node is not None
            ids[path] = node

        for leaf in self.leaves:
            enter(leaf.path)
            trace.leaf(ids[leaf.path], leaf.value, "recorded")
        for path, moves in pruned.items():
            trace.record(Prune(ids[path], tuple(moves), note="never searched"))
        return trace
