"""The typed trace and result: one small dataclass per event kind, derived statistics on
the data, explicit "terminal" and "proven", and typed result fields instead of a dict."""

from __future__ import annotations

import dataclasses

import pytest

from gamelib import ConnectFour, GameTree, TicTacToe
from gamelib.search import (Trace, TranspositionTable, alphabeta, iterative_deepening, mcts,
                            minimax)
from gamelib.search.result import (DeepeningResult, MCTSResult, MinimaxResult, Round,
                                   SearchResult)
from gamelib.search.trace import (Backprop, Enter, Expand, Leaf, Leave, Playout, Prove, Prune,
                                  Select, TTHit)

KINDS = {Enter: "enter", Leaf: "leaf", Prune: "prune", TTHit: "tt_hit", Leave: "leave",
         Select: "select", Expand: "expand", Playout: "playout", Backprop: "backprop",
         Prove: "prove"}


def test_each_event_kind_is_its_own_frozen_class():
    game = TicTacToe()
    state = game.play([(0, 0), (1, 1)])
    depth_first, monte_carlo = Trace(), Trace()
    alphabeta(game, state, tt=TranspositionTable(), trace=depth_first)
    mcts(game, state, iterations=400, seed=0, solver=True, trace=monte_carlo)
    seen = set()
    for event in list(depth_first) + list(monte_carlo):
        assert event.kind == KINDS[type(event)]
        seen.add(type(event))
        with pytest.raises(dataclasses.FrozenInstanceError):
            event.node = 99
    assert seen == set(KINDS)
    # Fields that do not belong to a kind are not there at all.
    leaf = depth_first.leaves()[0]
    assert not hasattr(leaf, "visits") and not hasattr(leaf, "alpha")


def test_terminal_is_said_explicitly():
    game = TicTacToe()
    state = game.play([(0, 0), (1, 1), (0, 1)])
    trace = Trace()
    minimax(game, state, trace=trace)
    tree = trace.nodes()
    for event in trace.leaves():
        assert tree[event.node].terminal == game.is_terminal(tree[event.node].state)
    assert not any(node.terminal for node in tree.values() if not node.leaf)
    mc = Trace()
    mcts(game, state, iterations=300, seed=1, trace=mc)
    mc_tree = mc.nodes()
    assert any(node.terminal for node in mc_tree.values())
    for node in mc_tree.values():
        assert node.terminal == game.is_terminal(node.state)


def test_mcts_statistics_live_on_the_data():
    game = ConnectFour()
    trace = Trace()
    result = mcts(game, game.play("3342"), iterations=300, seed=2, trace=trace)
    tree = trace.nodes()
    for child_id in tree[0].children:
        child = tree[child_id]
        assert child.q == pytest.approx(result.q[child.move])
        assert child.value is None and child.proven is None   # no minimax value here
    last = [e for e in trace if isinstance(e, Backprop)][-1]
    assert last.q == pytest.approx(last.total / last.visits)


def test_solver_proofs_are_not_values():
    game = TicTacToe()
    state = game.play([(0, 0), (1, 1), (0, 1)])
    trace = Trace()
    result = mcts(game, state, iterations=5000, seed=1, solver=True, trace=trace)
    tree = trace.nodes()
    assert result.solved is not None and tree[0].proven == 1.0 - result.solved
    assert all(node.value is None for node in tree.values())


def test_results_have_typed_fields():
    game = TicTacToe()
    state = game.play([(0, 0), (1, 1)])
    full = alphabeta(game, state)
    assert full.complete and full.depth_limit is None and full.scoring == "depth"
    shallow = alphabeta(ConnectFour(), ConnectFour().play("33"), depth=2)
    assert not shallow.complete and shallow.depth_limit == 2
    deepening = iterative_deepening(ConnectFour(), ConnectFour().play("33"), time_limit=5,
                                    max_depth=3)
    assert [type(r) for r in deepening.rounds] == [Round] * 3
    assert [r.depth for r in deepening.rounds] == [1, 2, 3]
    assert deepening.time_limit == 5 and deepening.overrun < 0
    tree_search = mcts(game, state, iterations=100, seed=0)
    assert tree_search.tree is not None and tree_search.tree.visits == 100
    assert tree_search.proven is None and tree_search.c == pytest.approx(2 ** 0.5)
    assert not hasattr(tree_search, "info")
    textbook = minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
                       GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).initial_state)
    assert textbook.scoring == "plain" and textbook.value == 3


def field_names(result_type: type) -> set[str]:
    return {f.name for f in dataclasses.fields(result_type)}


def test_each_family_returns_its_own_result_with_only_its_parts():
    game = TicTacToe()
    state = game.play([(0, 0), (1, 1)])
    assert type(minimax(game, state)) is MinimaxResult
    assert type(alphabeta(game, state)) is MinimaxResult
    assert type(iterative_deepening(game, state, time_limit=5, max_depth=2)) is DeepeningResult
    assert type(mcts(game, state, iterations=50, seed=0)) is MCTSResult
    core = field_names(SearchResult)
    assert core == {"algorithm", "game", "state", "move", "value", "move_values",
                    "move_bounds", "pv", "stats", "trace", "note"}
    assert field_names(MinimaxResult) - core == {"scoring", "depth_limit", "complete"}
    assert (field_names(DeepeningResult) - field_names(MinimaxResult)
            == {"rounds", "time_limit", "overrun"})
    assert field_names(MCTSResult) - core == {"visits", "q", "tree", "c", "unvisited",
                                              "proven", "solved"}
    assert not hasattr(mcts(game, state, iterations=50, seed=0), "rounds")
    assert not hasattr(alphabeta(game, state), "visits")


def test_deepening_counts_every_round_in_its_stats():
    game = ConnectFour()
    result = iterative_deepening(game, game.play("33"), time_limit=5, max_depth=3)
    assert result.algorithm == "iterative_deepening" and result.stats.iterations == 3
    assert result.stats.nodes > sum(r.nodes for r in result.rounds[:-1])
    assert result.stats.depth == result.depth_limit == 3
    assert "3 rounds" in result.report()
