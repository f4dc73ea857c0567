"""One event stream for every search: what was visited, with what window, what was cut.

A search tells a `Recorder` what it does, one method call per event (`enter`, `leaf`,
`prune`, ... below). With `trace=None` the recorder is `NO_RECORDING`, whose methods do
nothing; with `trace=Trace()` the trace is the recorder and appends one `Event` per
call. Drawings, the step-by-step replay and the exercise checks all read those events.

Events: one small frozen dataclass per kind; `event.kind` names it.
- minimax / alpha-beta: `Enter` ("enter": a node is entered, with its window), `Leaf`
  ("leaf": a terminal or depth-limit node is scored), `Prune` ("prune": the remaining
  moves of a node are skipped), `TTHit` ("tt_hit": a transposition table answered for
  the node), `Leave` ("leave": the node's value is final, with its bound: "exact",
  "lower" or "upper"). Every "enter" has one "leave", leaves and table answers
  included, so the open nodes are the call stack.
- MCTS: `Select` ("select": the path selection followed, with each UCB score; every
  iteration starts with one), `Expand` ("expand": a new node; the root is the first),
  `Playout` ("playout": its moves, the final state and the reward for the player who
  moved into the node: 1 win, 0.5 draw, 0 loss), `Backprop` ("backprop": one per node on
  the path, bottom up: the reward credited to it from the point of view of the player
  who moved into it, and its N and W after the update), `Prove` ("prove", MCTS-Solver
  only: the node's exact reward for the player who moved into it).
`Trace.nodes()` rebuilds the tree as `TraceNode`s; derived statistics (Q) are properties
of the data.
Node ids are numbers in visit order: the root is node 0.

A bounded trace, `Trace(max_ply=2)`, keeps only the nodes at most `max_ply` plies below
the root (the root is ply 0), with everything a drawing needs about them: windows,
values, bounds, cutoffs. Deeper nodes are not recorded (a node at the cut counts them
in `unrecorded`); the SearchResult's `pv` still gives the whole principal line. MCTS
with a bounded trace records only its final tree to `max_ply`: one "expand" and one
"backprop" event (final N and W) per node, plus "prove" for proven nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterator, Union

from gamelib.platform import N_, _

EXACT, LOWER, UPPER = "exact", "lower", "upper"
"""A node's value is exact, a lower bound (value >= v, a cut at MAX) or an upper bound."""


@dataclass(frozen=True, slots=True)
class Enter:
    """Minimax / alpha-beta: a node is entered, searched with the window (alpha, beta)."""

    kind: ClassVar[str] = "enter"
    node: int
    parent: int | None
    move: Any                         # the move into the node (None at the root)
    state: Any
    depth: int                        # plies below the root
    player: Any                       # the player to move at the node
    maximizing: bool                  # True at MAX nodes (the root player to move)
    alpha: float | None = None        # None for minimax (no window)
    beta: float | None = None


@dataclass(frozen=True, slots=True)
class Leaf:
    """A leaf is scored: the game is over there (note "terminal") or the depth limit is
    reached (note "depth limit"). Its value is exact."""

    kind: ClassVar[str] = "leaf"
    bound: ClassVar[str] = EXACT
    node: int
    value: float
    note: str

    @property
    def terminal(self) -> bool:
        """True when the game is over at the leaf (scored by its utility)."""
        return self.note == "terminal"


@dataclass(frozen=True, slots=True)
class Prune:
    """The remaining `moves` of a node are skipped: its value reached the other side's
    bound (alpha >= beta)."""

    kind: ClassVar[str] = "prune"
    node: int
    moves: tuple
    alpha: float | None = None
    beta: float | None = None
    value: float | None = None
    note: str = "cutoff"


@dataclass(frozen=True, slots=True)
class TTHit:
    """The transposition table settled the node: `value` with its `bound`."""

    kind: ClassVar[str] = "tt_hit"
    node: int
    value: float
    bound: str


@dataclass(frozen=True, slots=True)
class Leave:
    """A node's value is settled, exactly or as a bound. `unrecorded`: at the cut of a
    bounded trace, how many nodes below it were searched but not recorded."""

    kind: ClassVar[str] = "leave"
    node: int
    value: float
    bound: str = EXACT
    unrecorded: int = 0


@dataclass(frozen=True, slots=True)
class Select:
    """MCTS selection stopped at `node` after following `path` (node ids from the root)
    through `moves`; `ucb` holds the UCB1 score of each child chosen on the way."""

    kind: ClassVar[str] = "select"
    node: int
    path: tuple[int, ...]
    moves: tuple
    ucb: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Expand:
    """MCTS added `node` to the tree (the root is the first, with no parent)."""

    kind: ClassVar[str] = "expand"
    node: int
    parent: int | None
    move: Any
    state: Any
    depth: int
    player: Any                       # the player to move there (None when terminal)
    terminal: bool = False            # the game is over at the node


@dataclass(frozen=True, slots=True)
class Playout:
    """A playout from `node` played `moves` to the finished game `state`; `value` is its
    reward for the player who moved into `node` (1 win, 0.5 draw, 0 loss)."""

    kind: ClassVar[str] = "playout"
    node: int
    moves: tuple
    state: Any
    value: float
    note: str                         # who won: "X wins" or "draw"


@dataclass(frozen=True, slots=True)
class Backprop:
    """`node` was credited `value` (None in a final-tree record), from the point of view
    of the player who moved into it; `visits` and `total` are its N and W after."""

    kind: ClassVar[str] = "backprop"
    node: int
    value: float | None
    visits: int
    total: float

    @property
    def q(self) -> float:
        """Q = W / N after the update."""
        return mean_reward(self.total, self.visits)


@dataclass(frozen=True, slots=True)
class Prove:
    """MCTS-Solver proved `node`: `value` is the exact reward for the player who moved
    into it; note "proven win" / "proven draw" / "proven loss"."""

    kind: ClassVar[str] = "prove"
    node: int
    value: float
    note: str


Event = Union[Enter, Leaf, Prune, TTHit, Leave, Select, Expand, Playout, Backprop, Prove]
"""Any event of a trace; `event.kind` names its class ("enter", "leaf", ...)."""


def mean_reward(total: float, visits: int) -> float:
    """Q = W / N, the mean reward (0 before the first visit)."""
    return total / visits if visits else 0.0


@dataclass
class TraceNode:
    """A node of the tree rebuilt from a trace, with everything recorded about it."""

    id: int
    parent: int | None
    move: Any
    state: Any
    depth: int
    player: Any                       # the player to move (None where the game is over)
    maximizing: bool | None           # minimax / alpha-beta: a MAX node (None for MCTS)
    alpha: float | None = None
    beta: float | None = None
    value: float | None = None        # minimax / alpha-beta: its value (or bound)
    bound: str | None = None
    leaf: bool = False
    terminal: bool = False            # the game is over at the node
    tt_hit: bool = False
    pruned_moves: tuple = ()
    children: list[int] = field(default_factory=list)
    entered_at: int = 0               # index of its "enter"/"expand" event
    left_at: int | None = None        # index of its "leave" event
    visits: int = 0                   # MCTS: N
    total: float = 0.0                # MCTS: W
    proven: float | None = None       # MCTS-Solver: the proven reward (for its mover)
    unrecorded: int = 0               # nodes searched below it that a bounded trace skipped

    @property
    def q(self) -> float:
        """MCTS: Q = W / N, the mean reward for the player who moved into the node."""
        return mean_reward(self.total, self.visits)


class Recorder:
    """What a search tells whoever watches it, one method per event kind. This default
    records nothing, so a search without a trace pays one empty call per hook; `Trace` is
    the recorder that keeps the events. Node ids are None for nodes not recorded."""

    def start(self, algorithm: str, game: Any, player: Any, scoring: str | None = None) -> None:
        """A search of `game` begins; `player` is MAX (to move at the root); `scoring` is
        how minimax and alpha-beta score game ends (scoring.py; None for MCTS)."""

    # -- minimax / alpha-beta ---------------------------------------------------------

    def enter(self, parent: int | None, move: Any, state: Any, depth: int,
              alpha: float | None = None, beta: float | None = None) -> int | None:
        """A node is entered; its id (None: not recorded)."""
        return None

    def scored(self, node: int, value: float, note: str) -> None:
        """The entered `node` is a leaf, scored `value` (note: "terminal" or "depth limit"),
        and so left."""

    def prune(self, node: int | None, moves: Any, alpha: float, beta: float,
              value: float) -> None:
        """The remaining `moves` of `node` are skipped: alpha >= beta."""

    def tt_hit(self, node: int | None, value: float, bound: str) -> None:
        """The transposition table settled `node` (and so it is left)."""

    def leave(self, node: int | None, value: float, bound: str = EXACT) -> None:
        """`node`'s value is settled: exactly or as a bound."""

    # -- MCTS -------------------------------------------------------------------------

    def select(self, path: list[Any], c: float) -> None:
        """Selection followed `path` (tree nodes, root first) with exploration `c`."""

    def expand(self, node: Any, player: Any) -> None:
        """`node` was added to the tree; `player` is to move there (None: game over)."""

    def playout(self, node: Any, moves: list[Any], final: Any, value: float) -> None:
        """A playout from `node` played `moves` to `final`: `value` for its mover."""

    def backprop(self, node: Any, value: float) -> None:
        """`node` was credited `value` (its N and W are updated)."""

    def prove(self, node: Any, value: float, note: str) -> None:
        """MCTS-Solver proved `node`'s result."""

    def finish(self, root: Any) -> None:
        """MCTS is done; `root` is its tree."""


NO_RECORDING = Recorder()
"""The recorder a search uses when it is given no trace."""


class Trace(Recorder):
    """A recording of one search: a list of events plus helpers to read it.

    max_ply: keep only the nodes at most this many plies below the root (None: all).
    """

    def __init__(self, max_ply: int | None = None) -> None:
        if max_ply is not None and (not isinstance(max_ply, int) or isinstance(max_ply, bool)
                                    or max_ply < 0):
            raise ValueError(_("max_ply must be None (keep every node) or a whole number of "
                               "plies >= 0, got {max_ply!r}").format(max_ply=max_ply))
        self.max_ply = max_ply
        self.events: list[Event] = []
        self.algorithm: str = ""
        self.game: Any = None
        self.max_player: Any = None
        self.scoring: str | None = None          # minimax / alpha-beta: how game ends score
        self._next_id = 0
        self._skipped = 0                       # nodes not recorded so far (max_ply)
        self._skipped_before: dict[int, int] = {}   # node at the cut -> _skipped on entry

    def fresh(self) -> Trace:
        """An empty trace with the same bound (for one round of iterative deepening)."""
        return Trace(self.max_ply)

    def take(self, other: Trace, algorithm: str) -> None:
        """Hold `other`'s recording as `algorithm`'s (iterative deepening's trace takes
        its deepest round's)."""
        self.max_ply, self.events = other.max_ply, other.events
        self.algorithm, self.game, self.max_player = algorithm, other.game, other.max_player
        self.scoring = other.scoring
        self._next_id, self._skipped = other._next_id, other._skipped
        self._skipped_before = other._skipped_before

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __getitem__(self, index: int) -> Event:
        return self.events[index]

    def __repr__(self) -> str:
        counts: dict[str, int] = {}
        for event in self.events:
            counts[event.kind] = counts.get(event.kind, 0) + 1
        summary = ", ".join(f"{n} {kind}" for kind, n in counts.items())
        return f"Trace({self.algorithm or 'search'}: {len(self.events)} events: {summary})"

    def new_node(self) -> int:
        """A fresh node id (0 for the root, then 1, 2, ... in visit order)."""
        node = self._next_id
        self._next_id += 1
        return node

    def record(self, event: Event) -> Event:
        """Append an event and return it."""
        self.events.append(event)
        return event

    def keeps(self, depth: int) -> bool:
        """Whether a node `depth` plies below the root is recorded."""
        return self.max_ply is None or depth <= self.max_ply

    def start(self, algorithm: str, game: Any, player: Any, scoring: str | None = None) -> None:
        self.algorithm, self.game, self.max_player = algorithm, game, player
        self.scoring = scoring

    # -- minimax / alpha-beta ---------------------------------------------------------

    def enter(self, parent: int | None, move: Any, state: Any, depth: int,
              alpha: float | None = None, beta: float | None = None) -> int | None:
        if (parent is None and depth > 0) or not self.keeps(depth):
            self._skipped += 1                  # below a bounded trace's cut
            return None
        node = self.new_node()
        if depth == self.max_ply:
            self._skipped_before[node] = self._skipped
        player = self.game.to_move(state)
        self.record(Enter(node, parent, move, state, depth, player, player == self.max_player,
                          alpha, beta))
        return node

    def scored(self, node: int, value: float, note: str) -> None:
        self.record(Leaf(node, value, note))
        self.leave(node, value, EXACT)

    def prune(self, node: int | None, moves: Any, alpha: float, beta: float,
              value: float) -> None:
        if node is not None and moves:
            self.record(Prune(node, tuple(moves), alpha, beta, value))

    def tt_hit(self, node: int | None, value: float, bound: str) -> None:
        if node is not None:
            self.record(TTHit(node, value, bound))
            self.leave(node, value, bound)

    def leave(self, node: int | None, value: float, bound: str = EXACT) -> None:
        """`node`'s value is settled (at the cut of a bounded trace, with how many nodes
        below it were searched but not recorded)."""
        if node is None:
            return
        before = self._skipped_before.pop(node, None)
        unrecorded = 0 if before is None else self._skipped - before
        self.record(Leave(node, value, bound, unrecorded))

    # -- MCTS: every step, or (bounded) the final tree --------------------------------

    def select(self, path: list[Any], c: float) -> None:
        if self.max_ply is None:
            self.record(Select(path[-1].id, tuple(n.id for n in path),
                               tuple(n.move for n in path[1:]),
                               tuple(n.ucb(c) for n in path[1:])))

    def expand(self, node: Any, player: Any) -> None:
        if self.max_ply is None:
            self._record_expand(node, player)

    def playout(self, node: Any, moves: list[Any], final: Any, value: float) -> None:
        if self.max_ply is None:
            winner = self.game.winner(final)
            self.record(Playout(node.id, tuple(moves), final, value,
                                "draw" if winner is None else f"{winner} wins"))

    def backprop(self, node: Any, value: float) -> None:
        if self.max_ply is None:
            self.record(Backprop(node.id, value, node.visits, node.total))

    def prove(self, node: Any, value: float, note: str) -> None:
        if self.max_ply is None:
            self.record(Prove(node.id, value, note))

    def finish(self, root: Any) -> None:
        """A bounded trace records the final tree to `max_ply`: one "expand" per node (in
        id order), then one "backprop" with its final N and W, then "prove" for each
        proven node."""
        if self.max_ply is None:
            return
        nodes, stack = [], [root]
        while stack:
            node = stack.pop()
            nodes.append(node)
            if self.keeps(node.depth + 1):
                stack.extend(node.children)
        nodes.sort(key=lambda n: n.id)
        for node in nodes:
            terminal = self.game.is_terminal(node.state)
            self._record_expand(node, None if terminal else self.game.to_move(node.state))
        for node in nodes:
            self.record(Backprop(node.id, None, node.visits, node.total))
        for node in nodes:
            if node.proven is not None:
                self.record(Prove(node.id, node.proven, PROOF_NAMES[node.proven]))

    def _record_expand(self, node: Any, player: Any) -> None:
        parent = None if node.parent is None else node.parent.id
        self.record(Expand(node.id, parent, node.move, node.state, node.depth, player,
                           terminal=player is None))

    # -- reading ----------------------------------------------------------------------

    def nodes(self, upto: int | None = None) -> dict[int, TraceNode]:
        """The tree as recorded by the first `upto` events (all by default), by node id."""
        tree: dict[int, TraceNode] = {}
        for index, event in enumerate(self.events[:upto]):
            _apply(tree, index, event)
        return tree

    def count(self, kind: str) -> int:
        """How many events of `kind` were recorded."""
        return sum(1 for event in self.events if event.kind == kind)

    def leaves(self) -> list[Event]:
        """The "leaf" events, in the order the leaves were scored."""
        return [event for event in self.events if event.kind == "leaf"]

    def prunes(self) -> list[Event]:
        """The "prune" events, in order."""
        return [event for event in self.events if event.kind == "prune"]


PROOF_NAMES = {1.0: N_("proven win"), 0.5: N_("proven draw"), 0.0: N_("proven loss")}
"""How a proven MCTS reward reads, for the player who moved into the node (in English;
a picture translates it where it draws it)."""


def _apply(tree: dict[int, TraceNode], index: int, event: Event) -> None:
    """Update the rebuilt tree with one event."""
    if isinstance(event, (Enter, Expand)):
        new = TraceNode(event.node, event.parent, event.move, event.state, event.depth,
                        event.player, None, entered_at=index)
        if isinstance(event, Enter):
            new.maximizing, new.alpha, new.beta = event.maximizing, event.alpha, event.beta
        else:
            new.terminal = event.terminal
        tree[event.node] = new
        if event.parent is not None and event.parent in tree:
            tree[event.parent].children.append(event.node)
        return
    node = tree.get(event.node)
    if node is None:
        return
    if isinstance(event, Leaf):
        node.leaf, node.terminal, node.value, node.bound = True, event.terminal, event.value, EXACT
    elif isinstance(event, Prune):
        node.pruned_moves = node.pruned_moves + event.moves
    elif isinstance(event, TTHit):
        node.tt_hit, node.value, node.bound = True, event.value, event.bound
    elif isinstance(event, Leave):
        node.value, node.bound, node.left_at = event.value, event.bound, index
        node.unrecorded = event.unrecorded
    elif isinstance(event, Backprop):
        node.visits, node.total = event.visits, event.total
    elif isinstance(event, Prove):
        node.proven = event.value
