"""MCTS drawings: visit counts from the result, top-k, edge widths, one iteration."""

from __future__ import annotations

import re

import pytest

from gamelib import GameTree, TicTacToe
from gamelib.search import Trace, alphabeta, mcts
from gamelib.viz import draw_iteration, draw_mcts, iteration_events, render_svg
from test_viz_tree import edges, nodes, svg_classes, with_class


@pytest.fixture(scope="module")
def result():
    game = TicTacToe()
    return mcts(game, game.play([(0, 0), (1, 1), (2, 2)]), iterations=200, seed=3,
                trace=Trace())


def node_of_move(graph, tree, move) -> str:
    """The DOT name of the root child reached by `move`."""
    return next(f"n{n}" for n in tree[0].children if tree[n].move == move)


def visits_in(label: str) -> int:
    return int(re.search(r"N=(\d+)", label).group(1))


def test_root_children_show_the_result_visit_counts(result):
    tree = result.trace.nodes()
    graph = draw_mcts(result, top_k=10, max_depth=1)
    drawn = nodes(graph)
    assert visits_in(drawn["n0"]["label"]) == 200
    for move, visits in result.visits.items():
        assert visits_in(drawn[node_of_move(graph, tree, move)]["label"]) == visits
    chosen = node_of_move(graph, tree, result.move)
    assert with_class(graph, "chosen") == [chosen]
    assert [b for a, b, e in edges(graph) if "chosen" in e["class"]] == [chosen]


def test_q_is_stated_for_the_player_who_moved(result):
    tree = result.trace.nodes()
    graph = draw_mcts(result, top_k=10, max_depth=1)
    label = nodes(graph)[node_of_move(graph, tree, result.move)]["label"]
    assert f"Q={result.q[result.move]:.2f}" in label and "for O" in label
    assert "player who moved into the node" in nodes(graph)["legend"]["label"]


def test_top_k_and_more_stubs(result):
    graph = draw_mcts(result, top_k=2, max_depth=1)
    root_children = [b for a, b, e in edges(graph) if a == "n0" and b.startswith("n")]
    assert len(root_children) == 2
    ranked = sorted(result.visits.values(), reverse=True)
    assert sorted(visits_in(nodes(graph)[c]["label"]) for c in root_children) == ranked[1::-1]
    more = nodes(graph)["m0"]["label"]
    assert f"+{len(result.visits) - 2} more" in more
    assert f"N={sum(ranked[2:])}" in more


def test_edge_width_grows_with_visits(result):
    graph = draw_mcts(result, top_k=10, max_depth=1)
    widths = {b: float(e["penwidth"]) for a, b, e in edges(graph) if a == "n0" and e["penwidth"]}
    counts = {b: visits_in(nodes(graph)[b]["label"]) for b in widths}
    by_visits = sorted(widths, key=lambda b: counts[b])
    assert [widths[b] for b in by_visits] == sorted(widths.values())
    assert widths[by_visits[-1]] > widths[by_visits[0]]


def test_depth_limit_and_ucb(result):
    tree = result.trace.nodes()
    graph = draw_mcts(result, max_depth=2)
    assert all(tree[int(n[1:])].depth <= 2 for n in nodes(graph) if n.startswith("n"))
    assert "UCB=" in graph.source and "children below" in graph.source
    classes = svg_classes(render_svg(graph))
    assert {"node", "chosen"} <= classes["node" + node_of_move(graph, tree, result.move)[1:]]


def test_iteration_drawing_shows_the_four_steps(result):
    trace = result.trace
    it = iteration_events(trace, 50)
    graph = draw_iteration(result, 50)
    path = [f"n{n}" for n in it.select.path] + [f"n{it.expand.node}"]
    assert sorted(with_class(graph, "selected")) == sorted(path)
    assert with_class(graph, "expanded") == [f"n{it.expand.node}"]
    assert with_class(graph, "playout") == ["playout"]
    assert it.playout.note in nodes(graph)["playout"]["label"]
    before, after = trace.nodes(it.start), trace.nodes(it.end)
    root_label = nodes(graph)["n0"]["label"]
    assert f"N: {before[0].visits} → {after[0].visits}" in root_label
    selection = [b for a, b, e in edges(graph) if "selection" in e["class"]]
    assert selection == path[1:]
    assert render_svg(graph).count('class="node') >= len(path)
    assert "iteration 50" in graph.source


def test_first_and_last_iteration_and_errors(result):
    first = draw_iteration(result, 1)
    assert with_class(first, "expanded")
    last = draw_iteration(result)
    assert "iteration 200" in last.source
    with pytest.raises(ValueError, match="between 1 and 200"):
        draw_iteration(result, 201)
    game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    ab = alphabeta(game, game.initial_state, trace=Trace())
    with pytest.raises(ValueError, match="draw_tree"):
        draw_mcts(ab)
    with pytest.raises(ValueError, match="top_k"):
        draw_mcts(result, top_k=0)


def test_replay_upto_and_game_tree_mcts():
    game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = mcts(game, game.initial_state, iterations=30, seed=1, trace=Trace())
    graph = draw_mcts(result.trace, upto=20)
    assert "MCTS: " in graph.source and "BGCOLOR" not in nodes(graph)["n0"]["label"]
    assert draw_mcts(result).outline.startswith("root: N=30")


def test_solver_proofs_are_drawn_and_explained():
    game = TicTacToe()
    solved = mcts(game, game.play([(0, 0), (1, 1), (0, 1)]), iterations=2000, seed=1,
                  solver=True, trace=Trace())
    tree = solved.trace.nodes()
    graph = draw_mcts(solved, top_k=10, max_depth=1)
    drawn = nodes(graph)
    assert "proven draw" in drawn["n0"]["label"] and "for O" in drawn["n0"]["label"]
    for move, proven in solved.proven.items():
        label = drawn[node_of_move(graph, tree, move)]["label"]
        expected = {1.0: "proven win", 0.5: "proven draw", 0.0: "proven loss"}[proven]
        assert expected in label and "for O" in label
    assert "MCTS-Solver" in graph.source
    assert "(0,2): " in graph.outline and "proven draw" in graph.outline
    plain = draw_mcts(mcts(game, game.initial_state, iterations=100, seed=1, trace=Trace()))
    assert "proven" not in plain.source
