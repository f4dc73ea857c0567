"""Bounded traces (`Trace(max_ply=...)`) and `SearchPlayer.explain(..., trace=...)`: what a
board's "show the tree" draws is what the search that chose the move recorded, kept small."""

from __future__ import annotations

import pytest

from gamelib import AlphaBetaPlayer, ConnectFour, MCTSPlayer, MinimaxPlayer, TicTacToe
from gamelib.search import Trace, alphabeta, mcts
from gamelib.viz import draw_mcts, draw_tree


@pytest.fixture
def connect4():
    game = ConnectFour()
    return game, game.play("3342")


def nodes_up_to(game, state, max_ply):
    """How many positions a full-width search meets at ply <= max_ply (an upper bound
    on what a bounded trace may hold for one search)."""
    layer, total = [state], 1
    for _ in range(max_ply):
        layer = [game.result(s, m) for s in layer if not game.is_terminal(s)
                 for m in game.actions(s)]
        total += len(layer)
    return total


def test_bounded_alphabeta_trace_keeps_the_top_of_the_tree(connect4):
    game, state = connect4
    untraced = alphabeta(game, state, depth=4, order="centre")
    trace = Trace(max_ply=2)
    result = alphabeta(game, state, depth=4, order="centre", trace=trace)
    tree = trace.nodes()
    assert max(node.depth for node in tree.values()) == 2
    assert result.value == untraced.value and result.move == untraced.move
    assert tree[0].value == untraced.value
    assert result.pv == untraced.pv and len(result.pv) == 4    # the line goes below the cut
    # Every kept node is settled, and every node at the cut says what it left out.
    assert all(node.left_at is not None for node in tree.values())
    cut = [node for node in tree.values() if node.depth == 2 and not node.leaf]
    assert cut and all(node.unrecorded > 0 for node in cut)
    # Kept plus unrecorded nodes are every node the search entered.
    assert len(tree) + sum(node.unrecorded for node in cut) == result.stats.nodes
    # Cutoffs at kept nodes are recorded as in the full trace.
    full = Trace()
    alphabeta(game, state, depth=4, order="centre", trace=full)
    full_tree = full.nodes()
    kept_prunes = sorted((n.move, n.depth, n.pruned_moves) for n in full_tree.values()
                         if n.depth <= 2 and n.pruned_moves)
    assert sorted((n.move, n.depth, n.pruned_moves) for n in tree.values()
                  if n.pruned_moves) == kept_prunes
    assert len(trace) < len(full) / 5


def test_bounded_trace_draws_with_stubs_for_what_it_left_out(connect4):
    game, state = connect4
    result = alphabeta(game, state, depth=4, order="centre", trace=Trace(max_ply=1))
    drawing = draw_tree(result, boards=False)
    stubs = drawing.source.count("nodes\\nnot recorded")
    assert stubs == sum(1 for node in result.trace.nodes().values() if node.unrecorded) > 0
    assert "class=collapsed" in drawing.source
    assert "nodes searched, not recorded" in drawing.outline


def test_max_ply_zero_keeps_only_the_root():
    game = TicTacToe()
    trace = Trace(max_ply=0)
    result = alphabeta(game, game.initial_state, trace=trace)
    tree = trace.nodes()
    assert list(tree) == [0] and tree[0].value == result.value == 0
    assert tree[0].unrecorded == result.stats.nodes - 1


@pytest.mark.parametrize("bad", [-1, 1.5, "2", True])
def test_max_ply_must_be_a_whole_number(bad):
    with pytest.raises(ValueError, match="max_ply"):
        Trace(max_ply=bad)


def test_explain_records_the_search_that_chose_the_move(connect4):
    game, state = connect4
    player = AlphaBetaPlayer(depth=4)
    trace = Trace(max_ply=2)
    result = player.explain(game, state, trace=trace)
    assert result.trace is trace and player.last_result is result
    assert max(node.depth for node in trace.nodes().values()) == 2
    assert result.move == player(game, state)
    assert player.last_result.trace is None               # playing records nothing
    minimax_player = MinimaxPlayer(depth=2)
    traced = minimax_player.explain(game, state, trace=Trace(max_ply=1))
    assert traced.trace is not None and traced.value == minimax_player.explain(
        game, state).value


def test_iterative_deepening_keeps_the_deepest_round_bounded(connect4):
    game, state = connect4
    player = AlphaBetaPlayer(time_limit=0.2)
    trace = Trace(max_ply=2)
    result = player.explain(game, state, trace=trace)
    rounds = result.rounds
    assert result.trace is trace and trace.algorithm == "iterative_deepening"
    tree = trace.nodes()
    assert max(node.depth for node in tree.values()) <= 2
    assert tree[0].value == result.value == rounds[-1].value
    # What is kept grows with the rounds and the top of the tree, not the nodes searched.
    per_round = nodes_up_to(game, state, 2)
    kept = sum(len(r.trace) for r in rounds)
    assert kept <= 4 * per_round * len(rounds)             # <= 4 events per kept node
    assert all(max(n.depth for n in r.trace.nodes().values()) <= 2 for r in rounds)
    draw_tree(result, boards=False)


def test_bounded_mcts_trace_is_the_final_tree_to_max_ply(connect4):
    game, state = connect4
    trace = Trace(max_ply=2)
    result = mcts(game, state, iterations=2000, seed=1, trace=trace)
    untraced = mcts(game, state, iterations=2000, seed=1)
    assert result.move == untraced.move and result.visits == untraced.visits
    tree = trace.nodes()
    assert max(node.depth for node in tree.values()) <= 2
    assert tree[0].visits == 2000
    for move, child in ((tree[c].move, tree[c]) for c in tree[0].children):
        assert child.visits == result.visits[move]
    assert {e.kind for e in trace} <= {"expand", "backprop", "prove"}
    assert len(trace) <= 3 * nodes_up_to(game, state, 2)
    draw_mcts(result)


def test_mcts_player_explains_with_a_bounded_trace(connect4):
    game, state = connect4
    player = MCTSPlayer(iterations=300, seed=3, solver=True)
    result = player.explain(game, state, trace=Trace(max_ply=1))
    assert result.trace is not None and result.trace.algorithm == "mcts"
    assert len(result.trace.nodes()) == 1 + len(result.visits)
