"""One event stream for every search: what was visited, with what window, what was cut.

A search tells a `Recorder` what it does, one method call per event (`enter`, `leaf`,
`prune`, ... below). With `trace=None` the recorder is `NO_RECORDING`, whose methods do
nothing; with `trace=Trace()` the trace is the recorder and appends one `Event` per
call. Drawings, the step-by-step replay and the exercise checks all read those events.

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


class Recorder:
    """What a search tells whoever watches it, one method per event kind. This default
    records nothing, so a search without a trace pays one empty call per hook; `Trace` is
    the recorder that keeps the events. Node ids are None for nodes not recorded."""

    def start(self, algorithm: str, game: Any, player: Any) -> None:
        """A search of `game` begins; `player` is MAX (to move at the root)."""

    # -- minimax / alpha-beta ---------------------------------------------------------

    def enter(self, parent: int | None, move: Any, state: Any, depth: int,
              alpha: float | None = None, beta: float | None = None) -> int | None:
        """A node is entered; its id (None: not recorded)."""
        return None

    def leaf(self, node: int | None, value: float, note: str) -> None:
        """A leaf is scored (note: "terminal" or "depth limit"), and so left."""

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
            raise ValueError(f"max_ply must be None (keep every node) or a whole number of "
                             f"plies >= 0, got {max_ply!r}")
        self.max_ply = max_ply
        self.events: list[Event] = []
        self.algorithm: str = ""
        self.game: Any = None
        self.max_player: Any = None
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

    def start(self, algorithm: str, game: Any, player: Any) -> None:
        self.algorithm, self.game, self.max_player = algorithm, game, player

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
        self.record("enter", node, parent=parent, move=move, state=state, depth=depth,
                    player=player, maximizing=player == self.max_player, alpha=alpha,
                    beta=beta)
        return node

    def leaf(self, node: int | None, value: float, note: str) -> None:
        if node is not None:
            self.record("leaf", node, value=value, bound=EXACT, note=note)
            self.leave(node, value, EXACT)

    def prune(self, node: int | None, moves: Any, alpha: float, beta: float,
              value: float) -> None:
        if node is not None and moves:
            self.record("prune", node, moves=tuple(moves), alpha=alpha, beta=beta,
                        value=value, note="cutoff")

    def tt_hit(self, node: int | None, value: float, bound: str) -> None:
        if node is not None:
            self.record("tt_hit", node, value=value, bound=bound)
            self.leave(node, value, bound)

    def leave(self, node: int | None, value: float, bound: str = EXACT) -> None:
        """`node`'s value is settled (at the cut of a bounded trace, with how many nodes
        below it were searched but not recorded)."""
        if node is None:
            return
        before = self._skipped_before.pop(node, None)
        unrecorded = 0 if before is None else self._skipped - before
        self.record("leave", node, value=value, bound=bound, unrecorded=unrecorded)

    # -- MCTS: every step, or (bounded) the final tree --------------------------------

    def select(self, path: list[Any], c: float) -> None:
        if self.max_ply is None:
            self.record("select", path[-1].id, path=tuple(n.id for n in path),
                        moves=tuple(n.move for n in path[1:]),
                        ucb=tuple(n.ucb(c) for n in path[1:]))

    def expand(self, node: Any, player: Any) -> None:
        if self.max_ply is None:
            self._record_expand(node, player)

    def playout(self, node: Any, moves: list[Any], final: Any, value: float) -> None:
        if self.max_ply is None:
            winner = self.game.winner(final)
            self.record("playout", node.id, moves=tuple(moves), value=value, state=final,
                        note="draw" if winner is None else f"{winner} wins")

    def backprop(self, node: Any, value: float) -> None:
        if self.max_ply is None:
            self.record("backprop", node.id, value=value, visits=node.visits,
                        total=node.total)

    def prove(self, node: Any, value: float, note: str) -> None:
        if self.max_ply is None:
            self.record("prove", node.id, value=value, note=note)

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
            self.record("backprop", node.id, visits=node.visits, total=node.total)
        for node in nodes:
            if node.proven is not None:
                self.record("prove", node.id, value=node.proven, note=PROOF_NAMES[node.proven])

    def _record_expand(self, node: Any, player: Any) -> None:
        parent = None if node.parent is None else node.parent.id
        self.record("expand", node.id, parent=parent, move=node.move, state=node.state,
                    depth=node.depth, player=player)

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


PROOF_NAMES = {1.0: "proven win", 0.5: "proven draw", 0.0: "proven loss"}
"""How a proven MCTS reward reads, for the player who moved into the node."""


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
