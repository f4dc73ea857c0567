"""Iterative deepening: alpha-beta at depth 1, then 2, then 3, ... until time runs out.

An *anytime* search: whenever the clock stops it, it answers with the deepest search
it finished. Each round starts with the previous round's best move, and all rounds
share one transposition table, so the early rounds pay for themselves in better move
ordering for the later ones.

The clock is read about every millisecond of search (every 256 nodes when nodes are
fast, at every node when the evaluation is slow), and a round that runs out of time is
abandoned, so the search returns a little after its budget; `result.overrun` says by how
much (benchmarks/ and the tests measure it).
"""

from __future__ import annotations

import time
from typing import Callable

from gamelib.games.base import Game, State
from gamelib.search.alphabeta import AlphaBeta
from gamelib.search.checks import check_depth, check_time_limit
from gamelib.search.result import DeepeningResult, MinimaxResult, Round, SearchStats
from gamelib.search.root import check_root
from gamelib.search.scoring import DEPTH, MAX_PLY, EvalFn, eval_or_no_idea, is_win_score
from gamelib.search.timing import SearchTimeout, garbage_collector_paused
from gamelib.search.trace import Trace
from gamelib.search.tt import TranspositionTable


OVERRUN_MARGIN = 0.05
"""Seconds past its time limit that iterative deepening may return. The clock is read
about every millisecond of search (at most every 256 nodes; typical overruns are about
1 ms, see benchmarks/README.md); the rest is slack for a machine busy with other work.
tests/test_search_iterative.py holds 50 calls to this margin."""


def iterative_deepening(game: Game, state: State, time_limit: float = 1.0,
                        eval_fn: EvalFn | None = None, max_depth: int | None = None,
                        order: str | Callable | None = None,
                        tt: TranspositionTable | None = None, trace: Trace | None = None,
                        scoring: str | None = None) -> DeepeningResult:
    """Alpha-beta to depth 1, 2, 3, ... within `time_limit` seconds; the deepest finished
    round's answer.

    Stops early when a round proves a win or a loss, or searched every line to the end
    of the game (deeper rounds could not change the answer), or reaches `max_depth`.
    Round 1 always finishes, so there is always a move. `result.stats.depth` is the
    depth of the answer, `result.rounds` lists every finished round (a `Round`: depth,
    move, value, nodes, seconds), and `result.overrun` is how many seconds past
    `time_limit` the search returned (negative when it stopped early).

    eval_fn: scores the positions at each round's depth limit; by default the game's
        `evaluate`, or, for games without one, 0 for every unfinished position. Its
        values must lie strictly between -EVAL_LIMIT and +EVAL_LIMIT (999,000): scores
        beyond are proven wins and losses, which end the deepening.
    max_depth: the deepest round, a whole number of plies >= 1 (None: no limit).
    order, scoring: as for `alphabeta`. tt: the table the rounds share (a new
    one by default). trace: receives the events of the deepest finished round; each
    round in `result.rounds` then also keeps its own (`.trace`), so every round can be
    drawn: `draw_tree(result.rounds[0].trace)`.
    """
    seconds, max_depth = check_time_limit(time_limit), check_depth(max_depth, "max_depth")
    assert seconds is not None                  # not optional here: None was refused
    check_root(game, state, MAX_PLY if max_depth is None else max_depth)  # rounds stop there
    eval_fn = eval_or_no_idea(game, eval_fn)
    # One evaluation before the clock starts: the first call may compile it (numba).
    eval_fn(state, game.to_move(state))
    with garbage_collector_paused():
        return _deepen(game, state, seconds, eval_fn, max_depth, order, tt, trace, scoring)


def _deepen(game: Game, state: State, time_limit: float, eval_fn: EvalFn,
            max_depth: int | None, order: str | Callable | None,
            tt: TranspositionTable | None, trace: Trace | None,
            scoring: str | None) -> DeepeningResult:
    """The rounds of `iterative_deepening`."""
    started = time.perf_counter()
    deadline = started + time_limit
    tt = TranspositionTable() if tt is None else tt
    best: MinimaxResult | None = None
    rounds: list[Round] = []
    nodes = leaves = cutoffs = tt_hits = 0
    depth = 1
    while depth <= (max_depth if max_depth is not None else MAX_PLY):
        round_trace = None if trace is None else trace.fresh()
        search = AlphaBeta(game, state, depth, eval_fn, scoring, round_trace, order=order,
                           tt=tt, deadline=None if depth == 1 else deadline,
                           first_move=None if best is None else best.move)
        try:
            result: MinimaxResult | None = search.run()
        except SearchTimeout:
            result = None       # this round ran out of time: its partial answer is unsafe
        nodes, leaves = nodes + search.nodes, leaves + search.leaves
        cutoffs, tt_hits = cutoffs + search.cutoffs, tt_hits + search.table_hits()
        if result is None:
            break
        best = result
        rounds.append(Round(depth, result.move, result.value, result.stats.nodes,
                            result.stats.seconds, round_trace))
        if not search.depth_cut or (search.scoring == DEPTH and is_win_score(result.value)):
            break               # the whole game tree was seen, or a win / loss is proven
        if time.perf_counter() >= deadline:
            break
        depth += 1
    assert best is not None
    seconds = time.perf_counter() - started
    if trace is not None and best.trace is not None:
        trace.take(best.trace, "iterative_deepening")
        best.trace = trace
    stats = SearchStats(nodes=nodes, leaves=leaves, cutoffs=cutoffs, tt_hits=tt_hits,
                        depth=rounds[-1].depth, seconds=seconds, iterations=len(rounds))
    answer = vars(best) | {"algorithm": "iterative_deepening", "stats": stats}
    return DeepeningResult(**answer, rounds=rounds, time_limit=time_limit,
                           overrun=seconds - time_limit)
