"""What every search returns: the move, its value, and how the search got there."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gamelib.platform import N_, _
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
    """What every search returns from `state`, values from the point of view of the
    player to move there: the move, its value, every root move's value (or bound, see
    `move_bounds`), the expected line, the counters and the trace (when recorded).

    Each family of searches returns a subclass with its own parts: `MinimaxResult`
    (minimax and alpha-beta), `DeepeningResult` (iterative deepening), `MCTSResult`,
    and the exact solver's `gamelib.solver.player.SolverResult`.
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
    note: str = ""                    # how the answer was found, in words (when it matters)

    iterations_words = N_("{count:,} rounds")   # what `stats.iterations` counts, in `report`

    def ranked(self) -> list[tuple[Any, float]]:
        """Root moves from best to worst, each with its value."""
        return sorted(self.move_values.items(), key=lambda item: -item[1])

    def move_line(self, move: Any, score: float) -> str:
        """One root move's line of `report` (without the mark of the chosen move)."""
        sign = {"lower": ">= ", "upper": "<= "}.get(self.move_bounds.get(move, ""), "")
        return f"{move!r:>8}  {sign}{describe_value(score)}"

    def report(self) -> str:
        """Every root move's value (or bound) or visits, the expected line and the
        counters, as text for a terminal."""
        s = self.stats
        lines = [_("{algorithm}: plays {move!r}").format(algorithm=self.algorithm,
                                                          move=self.move)]
        for move, score in self.ranked():
            mark = "*" if move == self.move else " "
            lines.append(f" {mark} {self.move_line(move, score)}")
        lines.append(_("expected line: {moves}").format(
            moves=" ".join(repr(m) for m in self.pv) or _("(none)")))
        counts = _("{nodes:,} nodes, {leaves:,} leaves").format(nodes=s.nodes, leaves=s.leaves)
        if s.cutoffs or s.tt_hits:
            counts += _(", {cutoffs:,} cutoffs, {hits:,} table hits").format(
                cutoffs=s.cutoffs, hits=s.tt_hits)
        if s.iterations:
            counts += ", " + _(self.iterations_words).format(count=s.iterations)
        lines.append(_("{counts}, depth {depth}, {seconds:.3f} s").format(
            counts=counts, depth=s.depth, seconds=s.seconds))
        return "\n".join(lines)

    def __str__(self) -> str:
        s = self.stats
        return _("{algorithm}: move {move!r}, value {value:g}, pv {pv}, {nodes} nodes, "
                 "{ms:.1f} ms").format(algorithm=self.algorithm, move=self.move,
                                       value=self.value, pv=self.pv, nodes=s.nodes,
                                       ms=s.seconds * 1000)


@dataclass(kw_only=True)
class MinimaxResult(SearchResult):
    """The result of minimax or alpha-beta: how it scored and how deep it looked."""

    scoring: str                      # "plain" or "depth" (see scoring.py)
    depth_limit: int | None           # None: searched to the end of the game
    complete: bool                    # every line was searched to the end of the game


@dataclass(kw_only=True)
class DeepeningResult(MinimaxResult):
    """The result of iterative deepening: the deepest finished round's answer, and the
    rounds that led to it."""

    rounds: list[Round]
    time_limit: float
    overrun: float                    # seconds past time_limit it returned (< 0: early)


@dataclass(kw_only=True)
class MCTSResult(SearchResult):
    """The result of MCTS: the tree and each root move's visits (N) and mean reward (Q,
    for the player to move at the root; `move_values` holds the same numbers)."""

    visits: dict[Any, int]
    q: dict[Any, float]
    tree: MCTSNode                    # the search tree (its root)
    c: float                          # the exploration constant
    unvisited: list[Any] = field(default_factory=list)   # root moves never tried
    proven: dict[Any, float] | None = None   # MCTS-Solver: proven root moves' rewards
    solved: float | None = None       # MCTS-Solver: the root's proven reward, if proven

    iterations_words = N_("{count:,} iterations")  # what `stats.iterations` counts, in `report`

    def ranked(self) -> list[tuple[Any, float]]:
        """Root moves from most to least visited, each with its visits."""
        return sorted(self.visits.items(), key=lambda item: -item[1])

    def move_line(self, move: Any, score: float) -> str:
        """One root move's line of `report`: its visits and Q."""
        return f"{move!r:>8}  " + _("{visits:>7} visits  Q {q:.3f}").format(
            visits=score, q=self.q.get(move, 0.0))
