"""One event stream for every search: what was visited, with what window, what was cut.

A search given `trace=Trace()` appends one `Event` per thing that happens; with
`trace=None` it records nothing and pays nothing. Drawings, the step-by-step replay and
the exercise checks all read the same events.

Event kinds:
- minimax / alpha-beta: "enter" (a node is entered, with its window), "leaf" (a terminal
  or depth-limit node is scored), "prune" (the remaining moves of a node are skipped),
  "tt_hit" (a transposition table answered for the node), "leave" (the node's value is
  final, with its bound: "exact", "lower" or "upper"). Every "enter" has one "leave",
  leaves and table answers included, so the open nodes are the call stack.
- MCTS: "select" (node = where selection stopped; path = node ids from the root; moves =
  the moves along the path; ucb = the UCB score of each child chosen), "expand" (a new
  node: parent, move, state, depth, player to move there; the root is the first
  "expand", with no parent), "playout" (node = where the
  playout started; moves = the playout's moves; value = reward for the player who moved
  into that node: 1 win, 0.5 draw, 0 loss; note = who won), "backprop" (one event per
  node on the path, bottom up: value = the reward credited to it, from the point of
  view of the player who moved into it; visits and total = its N and summed reward
  after the update), "prove" (MCTS-Solver only: the node's result is proven; value =
  the exact reward for the player who moved into it; note = "proven win" / "proven
  draw" / "proven loss"). Every MCTS iteration starts with a "select" event.
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
from typing import Any, Iterator

EXACT, LOWER, UPPER = "exact", "lower", "upper"
"""A node's value is exact, a lower bound (value >= v, a cut at MAX) or an upper bound."""


@dataclass(frozen=True)
class Event:
    """One step of a search. Fields that do not apply to a kind are left as None / ()."""

    kind: str
    node: int
    parent: int | None = None
    move: Any = None
    state: Any = None
    depth: int = 0                    # plies below the root
    player: str | None = None         # the player to move at the node
    maximizing: bool | None = None    # True at MAX nodes (the root player to move)
    alpha: float | None = None
    beta: float | None = None
    value: float | None = None
    bound: str | None = None          # EXACT, LOWER or UPPER
    moves: tuple = ()                 # prune: the moves skipped
    path: tuple[int, ...] = ()        # MCTS: node ids from the root
    visits: int | None = None         # MCTS: N after the update
    total: float | None = None        # MCTS: summed reward after the update
    ucb: tuple[float, ...] = ()       # MCTS select: the UCB score of each child chosen on the path
    note: str = ""                    # e.g. "terminal", "depth limit", "cutoff"
    unrecorded: int = 0               # leave: nodes searched below, not kept (max_ply)


@dataclass
class TraceNode:
    """A node of the tree rebuilt from a trace, with everything recorded about it."""

    id: int
    parent: int | None
    move: Any
    state: Any
    depth: int
    player: str | None
    maximizing: bool | None
    alpha: float | None = None
    beta: float | None = None
    value: float | None = None
    bound: str | None = None
    leaf: bool = False
    tt_hit: bool = False
    pruned_moves: tuple = ()
    children: list[int] = field(default_factory=list)
    entered_at: int = 0               # index of its "enter"/"expand" event
    left_at: int | None = None        # index of its "leave" event
    visits: int = 0                   # MCTS
    total: float = 0.0                # MCTS
    unrecorded: int = 0               # nodes searched below it that a bounded trace skipped


class Trace:
    """A recording of one search: a list of events plus helpers to read it.

    max_ply: keep only the nodes at most this many plies below the root (None: all).
    """

    def __init__(self, max_ply: int | None = None) -> None:
        if max_ply is not None and (not isinstance(max_ply, int) or isinstance(max_ply, bool)
                                    or max_ply < 0):
            raise ValueError(f"max_ply must be None (keep every node) or a whole number of "
                             f"plies >= 0, got {max_ply!r}")
        self.max_ply = max_ply
        self.events: list[Event] = []
        self.algorithm: str = ""
        self.game: Any = None
        self._next_id = 0
        self._skipped = 0                       # nodes not recorded so far (max_ply)
        self._skipped_before: dict[int, int] = {}   # node at the cut -> _skipped on entry

    def fresh(self) -> Trace:
        """An empty trace with the same bound (for one round of iterative deepening)."""
        return Trace(self.max_ply)

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

    def record(self, kind: str, node: int, **fields: Any) -> Event:
        """Append an event and return it."""
        event = Event(kind, node, **fields)
        self.events.append(event)
        return event

    def keeps(self, depth: int) -> bool:
        """Whether a node `depth` plies below the root is recorded."""
        return self.max_ply is None or depth <= self.max_ply

    def skip(self) -> None:
        """Count a node that is not recorded (below `max_ply`)."""
        self._skipped += 1

    def enter(self, parent: int | None, move: Any, state: Any, depth: int, player: str,
              maximizing: bool | None, alpha: float | None = None,
              beta: float | None = None) -> int:
        """Record entering a new node; returns its id."""
        node = self.new_node()
        if depth == self.max_ply:
            self._skipped_before[node] = self._skipped
        self.record("enter", node, parent=parent, move=move, state=state, depth=depth,
                    player=player, maximizing=maximizing, alpha=alpha, beta=beta)
        return node

    def leaf(self, node: int | None, value: float, note: str) -> None:
        """Record scoring a leaf (note: "terminal" or "depth limit")."""
        if node is not None:
            self.record("leaf", node, value=value, bound=EXACT, note=note)

    def prune(self, node: int | None, moves: tuple, alpha: float, beta: float,
              value: float) -> None:
        """Record skipping `moves` at `node` because alpha >= beta."""
        if node is not None:
            self.record("prune", node, moves=tuple(moves), alpha=alpha, beta=beta,
                        value=value, note="cutoff")

    def tt_hit(self, node: int | None, value: float, bound: str) -> None:
        """Record a transposition-table answer for `node`."""
        if node is not None:
            self.record("tt_hit", node, value=value, bound=bound)

    def leave(self, node: int | None, value: float, bound: str = EXACT) -> None:
        """Record that `node`'s value is settled (with, at the cut of a bounded trace, how
        many nodes below it were searched but not recorded)."""
        if node is None:
            return
        before = self._skipped_before.pop(node, None)
        unrecorded = 0 if before is None else self._skipped - before
        self.record("leave", node, value=value, bound=bound, unrecorded=unrecorded)

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


def _apply(tree: dict[int, TraceNode], index: int, event: Event) -> None:
    """Update the rebuilt tree with one event."""
    kind = event.kind
    if kind in ("enter", "expand"):
        tree[event.node] = TraceNode(event.node, event.parent, event.move, event.state,
                                     event.depth, event.player, event.maximizing,
                                     alpha=event.alpha, beta=event.beta, entered_at=index)
        if event.parent is not None and event.parent in tree:
            tree[event.parent].children.append(event.node)
        return
    node = tree.get(event.node)
    if node is None:
        return
    if kind == "leaf":
        node.leaf, node.value, node.bound = True, event.value, EXACT
    elif kind == "prune":
        node.pruned_moves = node.pruned_moves + event.moves
    elif kind == "tt_hit":
        node.tt_hit, node.value, node.bound = True, event.value, event.bound
    elif kind == "leave":
        node.value, node.bound, node.left_at = event.value, event.bound, index
        node.unrecorded = event.unrecorded
    elif kind == "backprop":
        node.visits = event.visits or 0
        node.total = event.total or 0.0
    elif kind == "prove":
        node.value, node.bound = event.value, EXACT
