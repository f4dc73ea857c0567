"""What minimax and alpha-beta share: the root player, the depth limit, scoring the
positions where the search stops, counting, the deadline, and the recorder.

The algorithms themselves live in minimax.py and alphabeta.py, written in AIMA's
max/min form: MAX is the player to move at the root, MIN the opponent, and every value
is MAX's score. (Negamax, the other common form, folds the two into one function by
negating values; we keep the two so the code reads like the textbook.)
"""

from __future__ import annotations

import math
import time

from gamelib.games.base import Game, State
from gamelib.platform import _
from gamelib.search.checks import check_depth, check_evaluation
from gamelib.search.result import MinimaxResult, SearchStats
from gamelib.search.scoring import EVAL_LIMIT, EvalFn, check_scoring, find_eval_fn, terminal_value
from gamelib.search.timing import CLOCK_EVERY, CLOCK_QUANTUM, SearchTimeout
from gamelib.search.trace import NO_RECORDING, Recorder, Trace


class DepthFirstSearch:
    """One depth-first search from `state`: its settings, counters and recorder."""

    algorithm = "search"

    def __init__(self, game: Game, state: State, depth: int | None, eval_fn: EvalFn | None,
                 scoring: str | None, trace: Trace | None,
                 deadline: float | None = None) -> None:
        self.game = game
        self.root = state
        self.player = game.to_move(state)             # MAX: the player to move at the root
        self.limit = check_depth(depth)               # None: search to the end of the game
        self.eval_fn = find_eval_fn(game, self.limit, eval_fn)
        self.scoring = check_scoring(game, scoring)
        self.trace = trace
        self.record: Recorder = NO_RECORDING if trace is None else trace
        self.record.start(self.algorithm, game, self.player, self.scoring)
        self.deadline = deadline                      # a time.perf_counter() value, or None
        self.next_clock = math.inf if deadline is None else 0   # nodes at the next reading
        self.clock_every = 1
        self.last_clock = time.perf_counter()
        self.layer = trace is not None or deadline is not None   # see `visit`
        self.nodes = self.leaves = self.cutoffs = 0
        self.depth_cut = False      # True once a leaf was scored because of the depth limit
        self.deepest = 0            # the deepest ply a leaf was scored at
        self.started = time.perf_counter()

    def check_not_over(self) -> None:
        """A clear error for a search from a finished game."""
        if self.game.is_terminal(self.root):
            raise ValueError(_("nothing to search: the game is over in this state") + "\n"
                             + self.game.render(self.root))

    def check_clock(self) -> None:
        """Stop the search once its deadline has passed; plan the next reading about
        CLOCK_QUANTUM seconds of search later (between 1 and CLOCK_EVERY nodes)."""
        assert self.deadline is not None
        now = time.perf_counter()
        if now > self.deadline:
            raise SearchTimeout
        if now - self.last_clock > CLOCK_QUANTUM:
            self.clock_every = max(1, self.clock_every // 2)
        else:
            self.clock_every = min(CLOCK_EVERY, self.clock_every * 2)
        self.last_clock = now
        self.next_clock = self.nodes + self.clock_every

    # -- the scores where the search stops --------------------------------------------

    def utility(self, state: State, ply: int, node: int | None) -> float:
        """UTILITY: a finished game's score for MAX, found `ply` plies below the root
        (depth-aware unless scoring="plain", see scoring.py)."""
        value = terminal_value(self.game, state, self.player, ply, self.scoring)
        self.scored(node, ply, value, "terminal")
        return value

    def evaluation(self, state: State, ply: int, node: int | None) -> float:
        """EVAL: the evaluation function's score for MAX of a position at the depth limit."""
        evaluate = self.eval_fn
        assert evaluate is not None             # find_eval_fn gives every depth limit one
        value = evaluate(state, self.player)
        if not -EVAL_LIMIT < value < EVAL_LIMIT:    # the win band is not for heuristics
            check_evaluation(value, state)
        self.depth_cut = True
        self.scored(node, ply, value, "depth limit")
        return value

    def scored(self, node: int | None, ply: int, value: float, note: str) -> None:
        """Count a leaf scored at `ply` (and record it: `note` says how it was scored)."""
        self.leaves += 1
        if ply > self.deepest:
            self.deepest = ply
        if node is not None:
            self.record.scored(node, value, note)

    # -- the answer -----------------------------------------------------------------------

    def table_hits(self) -> int:
        """Transposition-table answers this search used (none without a table)."""
        return 0

    def result(self, value: float, line: tuple, move_values: dict,
               move_bounds: dict) -> MinimaxResult:
        """The result of this search."""
        stats = SearchStats(nodes=self.nodes, leaves=self.leaves, cutoffs=self.cutoffs,
                            tt_hits=self.table_hits(), depth=self.deepest,
                            seconds=time.perf_counter() - self.started)
        move = line[0] if line else None
        return MinimaxResult(self.algorithm, self.game, self.root, move, value,
                             move_values=move_values, move_bounds=move_bounds, pv=list(line),
                             stats=stats, trace=self.trace, scoring=self.scoring,
                             depth_limit=self.limit, complete=not self.depth_cut)
