"""What every search returns: the move, its value, and how the search got there."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gamelib.search.scoring import describe_value
from gamelib.search.trace import Trace

if TYPE_CHECKING:
    from gamelib.search.mcts import MCTSNode


@dataclass
class SearchStats:
    """Counters a search keeps as it runs."""

    nodes: int = 0          # nodes entered (the root included)
    leaves: int = 0         # leaves scored (terminal or at the depth limit)
    cutoffs: int = 0        # times the rest of a node's moves were pruned
    tt_hits: int = 0        # transposition-table answers used
    depth: int = 0          # deepest completed depth (plies)
    seconds: float = 0.0    # wall-clock time
    iterations: int = 0     # MCTS iterations, or iterative-deepening rounds


@dataclass
class Round:
    """One finished round of iterative deepening."""

    depth: int
    move: Any
    value: float
    nodes: int
    seconds: float
    trace: Trace | None = None        # its own trace, when the search was traced


@dataclass
class SearchResult:
    """The outcome of one search from `state`, values from the point of view of the player
    to move there.

    `move_values` holds every root move's value (or bound, see `move_bounds`); MCTS
    results also fill `visits` and `q` (mean reward for the player to move at the root).
    The fields after `q` belong to some searches only and keep their defaults elsewhere.
    """

    algorithm: str
    game: Any
    state: Any
    move: Any
    value: float
    move_values: dict[Any, float] = field(default_factory=dict)
    move_bounds: dict[Any, str] = field(default_factory=dict)
    pv: list[Any] = field(default_factory=list)
    stats: SearchStats = field(default_factory=SearchStats)
    trace: Trace | None = None
    visits: dict[Any, int] | None = None
    q: dict[Any, float] | None = None
    # minimax, alpha-beta, iterative deepening
    scoring: str | None = None        # "plain" or "depth" (see scoring.py)
    depth_limit: int | None = None    # None: searched to the end of the game
    complete: bool = False            # every line was searched to the end of the game
    # iterative deepening
    rounds: list[Round] = field(default_factory=list)
    time_limit: float | None = None
    overrun: float | None = None      # seconds past time_limit it returned (< 0: early)
    # MCTS
    tree: MCTSNode | None = None      # the search tree (its root)
    c: float | None = None            # the exploration constant
    unvisited: list[Any] = field(default_factory=list)   # root moves never tried
    proven: dict[Any, float] | None = None   # MCTS-Solver: proven root moves' rewards
    solved: float | None = None       # MCTS-Solver: the root's proven reward, if proven
    # the exact solver (PerfectPlayer)
    source: str = ""                  # "book", "solver" or "heuristic"
    note: str = ""                    # how the answer was found, in words

    def ranked(self) -> list[tuple[Any, float]]:
        """Root moves from best to worst (by visits for MCTS, by value otherwise)."""
        if self.visits is not None:
            return sorted(self.visits.items(), key=lambda item: -item[1])
        return sorted(self.move_values.items(), key=lambda item: -item[1])

    def report(self) -> str:
        """Every root move's value (or bound) or visits, the expected line and the
        counters, as text for a terminal."""
        s = self.stats
        lines = [f"{self.algorithm}: plays {self.move!r}"]
        for move, score in self.ranked():
            mark = "*" if move == self.move else " "
            if self.visits is not None:
                q = (self.q or {}).get(move, 0.0)
                lines.append(f" {mark} {move!r:>8}  {score:>7} visits  Q {q:.3f}")
            else:
                sign = {"lower": ">= ", "upper": "<= "}.get(self.move_bounds.get(move, ""), "")
                lines.append(f" {mark} {move!r:>8}  {sign}{describe_value(score)}")
        lines.append(f"expected line: {' '.join(repr(m) for m in self.pv) or '(none)'}")
        counts = f"{s.nodes:,} nodes, {s.leaves:,} leaves"
        if s.cutoffs or s.tt_hits:
            counts += f", {s.cutoffs:,} cutoffs, {s.tt_hits:,} table hits"
        if s.iterations:
            counts += f", {s.iterations:,} {'iterations' if self.visits else 'rounds'}"
        lines.append(f"{counts}, depth {s.depth}, {s.seconds:.3f} s")
        return "\n".join(lines)

    def __str__(self) -> str:
        s = self.stats
        return (f"{self.algorithm}: move {self.move!r}, value {self.value:g}, "
                f"pv {self.pv}, {s.nodes} nodes, {s.seconds * 1000:.1f} ms")
