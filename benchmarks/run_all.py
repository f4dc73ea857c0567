"""Search benchmarks: gamelib against the textbook-style baseline (benchmarks/baseline_textbook.py)
and OpenSpiel, in one run. A script, not a test: `make bench` or
`python benchmarks/run_all.py [--quick]`. Figures are recorded in benchmarks/README.md.

Measured:
1. alpha-beta nodes/s on Connect Four at a fixed depth from a few positions (same
   algorithm on both sides: no move ordering, no table, Kopec's window count);
2. full Tic-Tac-Toe minimax: time and node count;
3. Tic-Tac-Toe best move from the empty board with alpha-beta + transposition table;
4. MCTS iterations/s on Connect Four and Tic-Tac-Toe, against the baseline and
   OpenSpiel's Python MCTSBot with one random rollout;
5. what recording costs: `alphabeta` with no trace, a bounded and a full trace, against
   the bare textbook alpha-beta over the same game (the measuring stick);
6. iterative deepening's overrun past its time limit over 50 calls.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import baseline_textbook as seed  # noqa: E402

from gamelib import ConnectFour, TicTacToe  # noqa: E402
from gamelib.games.connect4 import to_standard  # noqa: E402
from gamelib.search import TranspositionTable, alphabeta, iterative_deepening, mcts, minimax  # noqa: E402,E501
from gamelib.search.scoring import INF, terminal_value  # noqa: E402

C4_POSITIONS = ["", "3342", "33425", "2233444", "3333221"]
"""Connect Four positions as 0-based column digits (the baseline reads them 1-based, via
`to_standard`)."""


def best_of(repeats: int, run) -> float:
    """The fastest of `repeats` timings of run() (seconds): the least disturbed one."""
    times = []
    for _ in range(repeats):
        gc.collect()
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def best_of_each(repeats: int, runs: list) -> list[float]:
    """The least CPU time of each of `runs` (this process's, so other programs on a busy
    machine count less), timed in turn `repeats` times (interleaved: a burst of load
    hits them all alike)."""
    best = [float("inf")] * len(runs)
    for _ in range(repeats):
        for i, run in enumerate(runs):
            gc.collect()
            started = time.process_time()
            run()
            best[i] = min(best[i], time.process_time() - started)
    return best


def line(label: str, ours: str, theirs: str = "", ratio: str = "") -> None:
    print(f"  {label:<44} {ours:>16} {theirs:>16} {ratio:>9}")


# --- 1. alpha-beta on Connect Four ---------------------------------------------------------

def bench_alphabeta(depth: int, repeats: int) -> dict:
    game = ConnectFour()
    game.evaluate(game.initial_state, "X")          # compile the window count first
    print(f"\n1. Alpha-beta on Connect Four, depth {depth}, no ordering, no table "
          f"(nodes/s: gamelib, baseline, ratio)")
    totals = {"ours_nodes": 0, "ours_s": 0.0, "base_nodes": 0, "base_s": 0.0}
    for moves in C4_POSITIONS:
        state = game.play(moves)
        result = alphabeta(game, state, depth=depth)
        ours = best_of(repeats, lambda: alphabeta(game, state, depth=depth))
        board, piece = seed.board_from_string(to_standard(moves))
        searcher = seed.AlphaBetaC4()
        theirs = best_of(repeats, lambda: searcher.search(board, depth, piece))
        ours_rate, base_rate = result.stats.nodes / ours, searcher.nodes / theirs
        line(f"position '{moves}' ({result.stats.nodes} vs {searcher.nodes} nodes)",
             f"{ours_rate:,.0f}", f"{base_rate:,.0f}", f"{ours_rate / base_rate:.1f}x")
        totals["ours_nodes"] += result.stats.nodes
        totals["ours_s"] += ours
        totals["base_nodes"] += searcher.nodes
        totals["base_s"] += theirs
    ours_rate = totals["ours_nodes"] / totals["ours_s"]
    base_rate = totals["base_nodes"] / totals["base_s"]
    line("all positions", f"{ours_rate:,.0f}", f"{base_rate:,.0f}",
         f"{ours_rate / base_rate:.1f}x")
    # What the generic search costs by itself: the same search with a free evaluation.
    state = game.play("3342")
    free = alphabeta(game, state, depth=depth, eval_fn=lambda s, p: 0)
    seconds = best_of(repeats, lambda: alphabeta(game, state, depth=depth,
                                                 eval_fn=lambda s, p: 0))
    line("(generic search alone: evaluation = 0)", f"{free.stats.nodes / seconds:,.0f}", "",
         f"{free.stats.nodes / seconds / base_rate:.1f}x")
    # The ceiling of any search through the Game API: the textbook's bare alpha-beta.
    for label, eval_fn in (("(bare textbook alpha-beta, same game)", game.evaluate),
                           ("(bare textbook alpha-beta, evaluation = 0)", lambda s, p: 0)):
        nodes = sum(TextbookAlphaBeta(game, game.play(moves), depth, eval_fn).run()[1]
                    for moves in C4_POSITIONS)
        seconds = sum(best_of(repeats, TextbookAlphaBeta(game, game.play(moves), depth,
                                                         eval_fn).run)
                      for moves in C4_POSITIONS)
        line(label, f"{nodes / seconds:,.0f}", "", f"{nodes / seconds / base_rate:.1f}x")
    # With the lesson's improvements: centre-first order and a table.
    seconds = best_of(repeats, lambda: alphabeta(game, state, depth=depth, order="centre",
                                                 tt=TranspositionTable()))
    better = alphabeta(game, state, depth=depth, order="centre", tt=TranspositionTable())
    plain = alphabeta(game, state, depth=depth)
    print(f"  '3342' with order='centre' and a table: {better.stats.nodes} nodes instead of "
          f"{plain.stats.nodes}, {seconds * 1000:.1f} ms")
    return {"ratio": ours_rate / base_rate, "ours": ours_rate, "baseline": base_rate}


class TextbookAlphaBeta:
    """A measuring stick, not gamelib: AIMA's alpha-beta pseudocode with a depth limit and
    nothing else (no principal variation, no bounds, no statistics but a node count, no
    trace or table hooks). No search that goes through the `Game` methods can be much
    cheaper per node, so its rate is the ceiling for gamelib's `alphabeta`."""

    def __init__(self, game, state, depth, eval_fn) -> None:
        self.game, self.state, self.depth, self.eval_fn = game, state, depth, eval_fn
        self.player = game.to_move(state)
        self.nodes = 0

    def run(self) -> tuple[float, int]:
        self.nodes = 0
        return self.max_value(self.state, -INF, INF, 0), self.nodes

    def stop_value(self, state, ply):
        """The score where the search stops (game over or depth limit), else None."""
        self.nodes += 1
        if self.game.is_terminal(state):
            return terminal_value(self.game, state, self.player, ply, "depth")
        if ply == self.depth:
            return self.eval_fn(state, self.player)
        return None

    def max_value(self, state, alpha, beta, ply):
        value = self.stop_value(state, ply)
        if value is not None:
            return value
        value = -INF
        for move in self.game.actions(state):
            value = max(value, self.min_value(self.game.result(state, move), alpha, beta,
                                              ply + 1))
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return value

    def min_value(self, state, alpha, beta, ply):
        value = self.stop_value(state, ply)
        if value is not None:
            return value
        value = INF
        for move in self.game.actions(state):
            value = min(value, self.max_value(self.game.result(state, move), alpha, beta,
                                              ply + 1))
            if value <= alpha:
                return value
            beta = min(beta, value)
        return value


# --- 2. and 3. Tic-Tac-Toe ---------------------------------------------------------------

def bench_tictactoe(repeats: int) -> dict:
    game = TicTacToe()
    print("\n2. Full Tic-Tac-Toe minimax from the empty board (time, nodes)")
    result = minimax(game, game.initial_state)
    ours = best_of(max(1, repeats // 2), lambda: minimax(game, game.initial_state))
    searcher = seed.MinimaxTTT()
    theirs = best_of(max(1, repeats // 2), lambda: searcher.search([seed.EMPTY] * 9, "X"))
    line("time (gamelib, baseline, baseline/gamelib)", f"{ours:.3f} s", f"{theirs:.3f} s",
         f"{theirs / ours:.2f}x")
    line("nodes", f"{result.stats.nodes:,}", f"{searcher.nodes:,}")
    print("\n3. Tic-Tac-Toe best move from the empty board: alpha-beta + table "
          "(target < 50 ms)")
    fastest = best_of(repeats, lambda: alphabeta(game, game.initial_state, order="centre",
                                                 tt=TranspositionTable()))
    with_tt = alphabeta(game, game.initial_state, order="centre", tt=TranspositionTable())
    line(f"order='centre', new table each time ({with_tt.stats.nodes:,} nodes)",
         f"{fastest * 1000:.1f} ms")
    plain_tt = best_of(repeats, lambda: alphabeta(game, game.initial_state,
                                                  tt=TranspositionTable()))
    line("no ordering, new table each time", f"{plain_tt * 1000:.1f} ms")
    return {"ttt_ms": fastest * 1000, "minimax_ratio": theirs / ours}


# --- 4. MCTS -----------------------------------------------------------------------------

def openspiel_rate(name: str, iterations: int) -> float | None:
    """Iterations/s of OpenSpiel's Python MCTSBot with one random rollout, or None."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts as os_mcts
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1,
                                               random_state=np.random.RandomState(0))
    bot = os_mcts.MCTSBot(game, uct_c=1.4, max_simulations=iterations, evaluator=evaluator,
                          random_state=np.random.RandomState(0), solve=False)
    seconds = best_of(2, lambda: bot.step(game.new_initial_state()))
    return iterations / seconds


def bench_mcts(iterations: int) -> dict:
    print(f"\n4. MCTS from the empty board, {iterations} iterations (iterations/s: gamelib, "
          f"other, gamelib/other)")
    out = {}
    for label, game, spiel in (("Connect Four", ConnectFour(), "connect_four"),
                               ("Tic-Tac-Toe", TicTacToe(), "tic_tac_toe")):
        ours = iterations / best_of(2, lambda: mcts(game, game.initial_state,
                                                    iterations=iterations, seed=0))
        rival = openspiel_rate(spiel, iterations)
        if rival is not None:
            line(f"{label} vs OpenSpiel MCTSBot (1 rollout)", f"{ours:,.0f}", f"{rival:,.0f}",
                 f"{ours / rival:.2f}x")
        if label == "Connect Four":
            board = seed.new_board()
            theirs = iterations / best_of(2, lambda: seed.mcts_c4(board, "X", iterations))
            line(f"{label} vs the baseline", f"{ours:,.0f}", f"{theirs:,.0f}",
                 f"{ours / theirs:.2f}x")
        out[label] = (ours, rival)
    return out


# --- 5. what recording costs ---------------------------------------------------------------

def bench_trace(depth: int, repeats: int) -> dict:
    from gamelib.search import Trace
    from gamelib.search.trace import NO_RECORDING
    game = ConnectFour()
    state = game.play("3342")
    print(f"\n5. What recording costs: alpha-beta on Connect Four '3342', depth {depth}, no "
          f"ordering, no table (CPU time, best of {3 * repeats}, interleaved; ratio to the bare "
          f"textbook)")
    textbook = TextbookAlphaBeta(game, state, depth, game.evaluate)
    value, textbook_nodes = textbook.run()
    result = alphabeta(game, state, depth=depth)
    assert result.value == value and result.stats.nodes == textbook_nodes
    bare, real, bounded = best_of_each(3 * repeats, [
        textbook.run, lambda: alphabeta(game, state, depth=depth),
        lambda: alphabeta(game, state, depth=depth, trace=Trace(max_ply=2))])
    traced = best_of(max(1, repeats // 2), lambda: alphabeta(game, state, depth=depth,
                                                             trace=Trace()))
    # The recorder calls a search without a trace makes: one per leaf (`leaf`), two per
    # inner node (`enter`, `leave`), one per cutoff (`prune`); each an empty method call.
    calls = 2 * result.stats.nodes - result.stats.leaves + result.stats.cutoffs
    empty = best_of_each(repeats, [lambda: [NO_RECORDING.enter(None, None, None, 1, 0, 0)
                                            for _ in range(calls)]])[0]
    line("bare textbook alpha-beta (no hooks, no line)", f"{bare * 1000:.1f} ms", "", "1.00")
    line("gamelib alphabeta, trace=None", f"{real * 1000:.1f} ms", "", f"{real / bare:.2f}")
    line(f"  of which the {calls:,} empty recorder calls", f"{empty * 1000:.1f} ms", "",
         f"{empty / bare:.2f}")
    line("trace=Trace(max_ply=2) (the top of the tree)", f"{bounded * 1000:.1f} ms", "",
         f"{bounded / bare:.2f}")
    line("trace=Trace() (every event)", f"{traced * 1000:.1f} ms", "", f"{traced / bare:.2f}")
    return {"vs_textbook": real / bare - 1, "hooks": empty / real}


# --- 6. iterative deepening's overrun ----------------------------------------------------

def bench_overrun(calls: int, budget: float) -> dict:
    game = ConnectFour()
    game.evaluate(game.initial_state, "X")          # compile the window count first
    rng = random.Random(0)
    overruns, depths, early = [], [], 0
    for _ in range(calls):
        state = game.initial_state
        for _ in range(rng.randrange(0, 16)):
            state = game.result(state, rng.choice(game.actions(state)))
            if game.is_terminal(state):
                state = game.initial_state
        started = time.perf_counter()
        result = iterative_deepening(game, state, time_limit=budget, order="centre")
        overrun = time.perf_counter() - started - budget
        depths.append(result.stats.depth)
        if overrun < 0:             # the search proved a result and stopped early
            early += 1
        else:
            overruns.append(overrun)
    print(f"\n6. Iterative deepening on Connect Four: {calls} calls, time_limit={budget} s "
          f"(overrun = returned this long after the limit)")
    line(f"calls that stopped early (a proven result)", f"{early}")
    line(f"overrun of the other {len(overruns)}: median / 90th pct / max",
         f"{statistics.median(overruns) * 1000:.1f} ms",
         f"{sorted(overruns)[int(0.9 * len(overruns))] * 1000:.1f} ms",
         f"{max(overruns) * 1000:.1f} ms")
    line("depth reached median (min-max)",
         f"{statistics.median(depths):g} ({min(depths)}-{max(depths)})")
    return {"max_overrun": max(overruns)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats (about 30 s)")
    args = parser.parse_args(argv)
    repeats = 2 if args.quick else 5
    print(f"gamelib search benchmarks (Python {sys.version.split()[0]}; best of "
          f"{repeats} runs each)")
    ab = bench_alphabeta(depth=5, repeats=repeats)
    ttt = bench_tictactoe(repeats)
    mc = bench_mcts(iterations=2000 if args.quick else 5000)
    tr = bench_trace(depth=6, repeats=repeats)
    ov = bench_overrun(calls=50, budget=0.1)
    c4_ours, c4_spiel = mc["Connect Four"]
    print("\nTargets")
    print(f"  alpha-beta nodes/s on Connect Four >= 50x the baseline: {ab['ratio']:.1f}x "
          f"({'met' if ab['ratio'] >= 50 else 'NOT met'})")
    print(f"  Tic-Tac-Toe best move with alpha-beta + table < 50 ms: {ttt['ttt_ms']:.1f} ms "
          f"({'met' if ttt['ttt_ms'] < 50 else 'NOT met'})")
    if c4_spiel is not None:
        print(f"  MCTS iterations/s on Connect Four >= OpenSpiel MCTSBot: {c4_ours:,.0f} vs "
              f"{c4_spiel:,.0f} ({'met' if c4_ours >= c4_spiel else 'NOT met'})")
    print(f"  alphabeta (no trace) within 15% of the bare textbook alpha-beta: "
          f"{tr['vs_textbook'] * 100:+.1f}% ({'met' if tr['vs_textbook'] <= 0.15 else 'NOT met'});"
          f" empty recorder calls: {tr['hooks'] * 100:.1f}% of its time")
    print(f"  iterative deepening's worst overrun: {ov['max_overrun'] * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
