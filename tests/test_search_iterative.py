"""Iterative deepening: anytime, deepest finished round, previous best move first, and
back within its budget plus a small measured margin."""

import random
import time

import pytest

from gamelib import ConnectFour, TicTacToe, Trace, alphabeta, iterative_deepening
from gamelib.search import TranspositionTable
from gamelib.search.iterative import OVERRUN_MARGIN


def test_returns_the_deepest_finished_round():
    game = ConnectFour()
    state = game.play("3342")
    result = iterative_deepening(game, state, time_limit=0.3, max_depth=6)
    rounds = result.rounds
    assert [r.depth for r in rounds] == list(range(1, len(rounds) + 1))
    assert result.stats.depth == rounds[-1].depth >= 4
    assert result.move == rounds[-1].move and result.value == rounds[-1].value
    assert result.stats.iterations == len(rounds)
    # Same answer as a plain alpha-beta search to that depth.
    assert result.value == alphabeta(game, state, depth=result.stats.depth,
                                     order="centre").value


def test_max_depth_and_solved_positions_stop_early():
    game = ConnectFour()
    result = iterative_deepening(game, game.play("3342"), time_limit=5, max_depth=3)
    assert result.stats.depth == 3 and result.overrun < 0
    # X wins at once here: round 1 proves it and the search stops.
    win = iterative_deepening(game, game.play("334455"), time_limit=5)
    assert win.move in (2, 6) and win.stats.depth == 1
    # Tic-Tac-Toe has no evaluation: rounds score unfinished positions 0 until the
    # whole tree is seen, then stop.
    ttt = TicTacToe()
    solved = iterative_deepening(ttt, ttt.initial_state, time_limit=10)
    assert solved.value == 0 and solved.complete and solved.overrun < 0


def test_previous_best_move_is_searched_first():
    game = ConnectFour()
    state = game.play("3342")
    trace = Trace()
    result = iterative_deepening(game, state, time_limit=5, max_depth=4, trace=trace)
    previous = result.rounds[-2].move
    nodes = trace.nodes()
    first_child = nodes[nodes[0].children[0]]
    assert first_child.move == previous
    assert trace.algorithm == "iterative_deepening" and result.trace is trace


def test_shared_table_is_used_across_rounds():
    game = ConnectFour()
    table = TranspositionTable()
    result = iterative_deepening(game, game.play("3342"), time_limit=5, max_depth=5, tt=table)
    assert len(table) > 0 and result.stats.tt_hits > 0


def positions(count, seed=0):
    game = ConnectFour()
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state
        for _ in range(rng.randrange(0, 16)):
            state = game.result(state, rng.choice(game.actions(state)))
            if game.is_terminal(state):
                break
        if not game.is_terminal(state):
            found.append(state)
    return found


@pytest.mark.slow
def test_fifty_calls_return_within_budget_plus_margin():
    game = ConnectFour()
    budget = 0.05
    overruns = []
    game.evaluate(game.initial_state, "X")      # compiled on first use: not the search's time
    for state in positions(50):
        started = time.perf_counter()
        result = iterative_deepening(game, state, time_limit=budget, order="centre")
        elapsed = time.perf_counter() - started
        overruns.append(elapsed - budget)
        assert result.move in game.actions(state)
    # Wall-clock time includes whatever else the machine runs: the typical call must stay
    # within the margin, and no call may run away (a search that ignored its clock would
    # take seconds here).
    overruns.sort()
    assert overruns[len(overruns) // 2] <= OVERRUN_MARGIN, overruns
    assert overruns[-1] <= 10 * OVERRUN_MARGIN, overruns


def test_bad_time_limit():
    game = ConnectFour()
    with pytest.raises(ValueError, match="time_limit"):
        iterative_deepening(game, game.initial_state, time_limit=0)


def test_every_round_keeps_its_trace_when_tracing():
    game = ConnectFour()
    state = game.play("3342")
    trace = Trace()
    result = iterative_deepening(game, state, time_limit=5, max_depth=3, trace=trace)
    rounds = result.rounds
    assert [r.depth for r in rounds] == [1, 2, 3]
    for r in rounds:
        tree = r.trace.nodes()
        assert max(node.depth for node in tree.values()) == r.depth
        assert len(tree) == r.nodes
    assert result.trace is trace and len(trace.nodes()) == rounds[-1].nodes
    untraced = iterative_deepening(game, state, time_limit=5, max_depth=2)
    assert all(r.trace is None for r in untraced.rounds)


def test_a_slow_evaluation_does_not_overrun_the_budget():
    # 2 ms per evaluation: reading the clock only every 256 nodes would overrun by about
    # half a second; the clock is read about every millisecond, so the unfinished round is
    # abandoned within one evaluation or two.
    game = ConnectFour()

    def slow(state, player):
        started = time.perf_counter()
        while time.perf_counter() - started < 0.002:
            pass
        return game.evaluate(state, player)

    overruns = []
    for moves in ("3342", "", "2233"):
        started = time.perf_counter()
        result = iterative_deepening(game, game.play(moves), time_limit=0.2, eval_fn=slow)
        overruns.append(time.perf_counter() - started - 0.2)
        assert result.stats.depth >= 1 and result.overrun is not None
    overruns.sort()         # the typical call within the margin, none far past it
    assert overruns[1] <= OVERRUN_MARGIN, overruns
    assert overruns[-1] <= 6 * OVERRUN_MARGIN, overruns
