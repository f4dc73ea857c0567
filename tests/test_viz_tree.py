"""Search-tree drawings: structural checks on the DOT source and on the rendered SVG."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from gamelib import ConnectFour, GameTree, TicTacToe
from gamelib.search import Trace, TranspositionTable, alphabeta, minimax, mcts
from gamelib.viz import draw_tree, render_svg
from gamelib.viz.style import TREE_MAX_NODES

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
NODE = re.compile(r"^\t(\w+) \[(.*)\]$")
EDGE = re.compile(r"^\t(\w+) -> (\w+) \[(.*)\]$")
SVG = "{http://www.w3.org/2000/svg}"


def attr(attrs: str, name: str) -> str | None:
    """One attribute's value from a DOT attribute list (quoted or not)."""
    found = re.search(rf'(?:^| ){name}=("(?:[^"\\]|\\.)*"|<<.*?>>|\S+)', attrs)
    if not found:
        return None
    value = found.group(1)
    return value[1:-1] if value.startswith('"') else value


def nodes(graph) -> dict[str, dict[str, str]]:
    """DOT node name -> {"class": ..., "label": ..., ...} for every node statement."""
    found = {}
    for line in graph.body:
        match = NODE.match(line.rstrip("\n"))
        if match and " -> " not in line and match.group(1) not in ("node", "edge", "graph"):
            found[match.group(1)] = {key: attr(match.group(2), key) or ""
                                     for key in ("class", "label", "penwidth", "color")}
    return found


def edges(graph) -> list[tuple[str, str, dict[str, str]]]:
    """(tail, head, attributes) for every edge statement."""
    found = []
    for line in graph.body:
        match = EDGE.match(line.rstrip("\n"))
        if match:
            found.append((match.group(1), match.group(2),
                          {key: attr(match.group(3), key) or ""
                           for key in ("class", "label", "penwidth", "color", "style")}))
    return found


def text(label: str) -> str:
    """The plain text of a (possibly HTML-like) label."""
    inner = label[1:-1] if label.startswith("<<") else label
    return re.sub(r"<[^>]*>", "", inner).strip()


def with_class(graph, cls: str) -> list[str]:
    """Names of the nodes whose class list holds `cls`."""
    return [name for name, a in nodes(graph).items() if cls in a["class"].split()]


def search_nodes(graph) -> list[str]:
    """The drawn search nodes (not stubs, not the legend)."""
    return [n for n, a in nodes(graph).items()
            if {"max", "min", "leaf"} & set(a["class"].split())]


def svg_classes(svg: str) -> dict[str, set[str]]:
    """SVG group id -> its classes, for every node and edge group."""
    root = ET.fromstring(svg)
    return {g.get("id"): set(g.get("class", "").split())
            for g in root.iter(f"{SVG}g") if {"node", "edge"} & set(g.get("class", "").split())}


@pytest.fixture(scope="module")
def textbook():
    game = GameTree(TEXTBOOK)
    return game, alphabeta(game, game.initial_state, trace=Trace())


def test_textbook_root_value_pv_and_chosen_move(textbook):
    _, result = textbook
    graph = draw_tree(result)
    assert "<B>3</B>" in nodes(graph)["n0"]["label"]
    pv = [(a, b) for a, b, e in edges(graph) if "pv" in e["class"].split()]
    assert pv == [("n0", "n1"), ("n1", "n2")]
    assert all(e["penwidth"] == "3" for a, b, e in edges(graph) if (a, b) in pv)
    chosen = [(a, b) for a, b, e in edges(graph) if "chosen" in e["class"].split()]
    assert chosen == [("n0", "n1")]
    assert with_class(graph, "chosen") == ["n1"]


def test_textbook_exactly_the_pruned_leaves_are_stubs(textbook):
    game, result = textbook
    tree = result.trace.nodes()
    graph = draw_tree(result)
    stubs = with_class(graph, "pruned")
    assert len(stubs) == 2
    into = {b: (a, e) for a, b, e in edges(graph)}
    parents = {into[s][0] for s in stubs}
    assert parents == {"n5"} and tree[5].state == (1,)
    skipped = sorted(game.node(tree[5].state + (int(text(into[s][1]["label"])),))
                     for s in stubs)
    assert skipped == [4, 6]                          # the leaves alpha-beta never looks at
    assert all(into[s][1]["style"] == "dashed" and "pruned" in into[s][1]["class"]
               for s in stubs)
    assert "cut" in nodes(graph)["n5"]["class"] and "&lt;= 2" in nodes(graph)["n5"]["label"]
    assert len(search_nodes(graph)) == len(tree) == result.stats.nodes


def test_textbook_windows_numbers_and_shapes(textbook):
    _, result = textbook
    graph = draw_tree(result)
    label = nodes(graph)["n5"]["label"]
    assert "#5" in label and "α=3 β=+∞" in label and "cut: 2 &lt;= α=3" in label
    assert 'shape=triangle' in graph.source and 'shape=invtriangle' in graph.source
    assert len(with_class(graph, "max")) == 1 and len(with_class(graph, "min")) == 3
    assert len(with_class(graph, "leaf")) == 7        # 7 of the 9 leaves were evaluated
    grouped = draw_tree(result, pruned="group")
    assert len(with_class(grouped, "pruned")) == 1
    assert "2 pruned" in nodes(grouped)["p5_0"]["label"]


def test_minimax_tree_has_no_cuts_and_no_windows():
    game = GameTree(TEXTBOOK)
    graph = draw_tree(minimax(game, game.initial_state, trace=Trace()))
    assert len(search_nodes(graph)) == 13
    assert not with_class(graph, "pruned") and not with_class(graph, "cut")
    assert "α=" not in graph.source


def test_every_class_reaches_the_svg(textbook):
    _, result = textbook
    svg = render_svg(draw_tree(result))
    classes = svg_classes(svg)
    assert {"node", "max"} <= classes["node0"]
    assert {"node", "min", "cut"} <= classes["node5"]
    assert {"node", "min", "chosen"} <= classes["node1"]
    assert sum("pruned" in c and "node" in c for c in classes.values()) == 2
    assert sum("pruned" in c and "edge" in c for c in classes.values()) == 2
    assert sum("pv" in c for c in classes.values()) == 2


@pytest.fixture(scope="module")
def tictactoe():
    game = TicTacToe()
    state = game.play([(0, 0), (1, 1), (2, 2), (0, 2)])
    return game, alphabeta(game, state, trace=Trace())


def test_tictactoe_draws_every_node_and_one_stub_per_cutoff(tictactoe):
    _, result = tictactoe
    trace = result.trace
    assert result.stats.nodes < 200 and result.stats.cutoffs > 0
    graph = draw_tree(result, max_nodes=500, pruned="group")
    assert len(search_nodes(graph)) == len(trace.nodes()) == result.stats.nodes
    assert len(with_class(graph, "pruned")) == trace.count("prune") == result.stats.cutoffs
    each = draw_tree(result, max_nodes=500, pruned="each")
    assert len(with_class(each, "pruned")) == sum(len(e.moves) for e in trace.prunes())
    assert not with_class(graph, "collapsed")


def test_tictactoe_thumbnails_and_plain_labels(tictactoe):
    _, result = tictactoe
    small = draw_tree(result, max_depth=1)
    board = 'FIXEDSIZE="TRUE" WIDTH='
    assert small.source.count(board) == len(search_nodes(small)) and "MAX" in small.source
    plain = draw_tree(result, max_depth=1, boards=False)
    assert board not in plain.source
    assert "shape=triangle" not in plain.source and "▲ MAX" in plain.source  # long values
    assert render_svg(small).count("<g id=\"node") >= 2


def test_size_limits_collapse_into_stubs(tictactoe):
    _, result = tictactoe
    tree = result.trace.nodes()
    graph = draw_tree(result, max_nodes=20)
    drawn = search_nodes(graph)
    assert len(drawn) == 20
    hidden = sum(int(re.search(r"\+(\d+) node", nodes(graph)[c]["label"]).group(1))
                 for c in with_class(graph, "collapsed"))
    assert hidden + len(drawn) == len(tree)
    pv = [b for a, b, e in edges(graph) if "pv" in e["class"].split()]
    assert len(pv) == len(result.pv)                  # the PV is always kept
    shallow = draw_tree(result, max_depth=1)
    assert all(tree[int(n[1:])].depth <= 1 for n in search_nodes(shallow))


def test_big_trees_drop_edge_labels():
    game = TicTacToe()
    result = alphabeta(game, game.play([(1, 1)]), trace=Trace())
    graph = draw_tree(result)
    assert len(search_nodes(graph)) == TREE_MAX_NODES < result.stats.nodes
    assert not any(e["label"] for a, b, e in edges(graph) if "collapsed" not in e["class"])
    small = draw_tree(result, max_nodes=30)
    assert all(e["label"] for a, b, e in edges(small) if b.startswith("n"))


def test_big_trees_show_the_main_line_and_its_alternatives():
    game = TicTacToe()
    result = alphabeta(game, game.initial_state, trace=Trace())
    tree = result.trace.nodes()
    graph = draw_tree(result, max_nodes=60)
    drawn = {int(n[1:]) for n in search_nodes(graph)}
    pv = [0]
    for move in result.pv:
        pv.append(next(c for c in tree[pv[-1]].children if tree[c].move == move))
    assert set(pv) <= drawn and len(pv) == len(result.pv) + 1
    assert set(tree[0].children) <= drawn             # every root move is drawn
    assert set(tree[pv[1]].children) <= drawn         # and every reply to the chosen one


def test_stepper_view_upto_and_current(tictactoe):
    _, result = tictactoe
    trace = result.trace
    k = len(trace) // 2
    partial = trace.nodes(k)
    current = max(partial)
    graph = draw_tree(trace, upto=k, current=current)
    assert len(search_nodes(graph)) == len(partial)
    assert with_class(graph, "current") == [f"n{current}"]
    stack = [b for a, b, e in edges(graph) if "stack" in e["class"].split()]
    assert f"n{current}" in stack
    assert "after" in graph.source
    empty = draw_tree(trace, upto=0)
    assert "nothing searched yet" in empty.source


def test_transposition_hits_are_marked():
    game = TicTacToe()
    result = alphabeta(game, game.play([(1, 1), (0, 0)]), tt=TranspositionTable(),
                       trace=Trace())
    assert result.stats.tt_hits > 0
    graph = draw_tree(result, max_nodes=10_000, boards=False)
    assert len(with_class(graph, "tt-hit")) == result.stats.tt_hits
    assert "TT hit" in graph.source


def test_connect_four_tree_renders_with_discs():
    game = ConnectFour()
    result = alphabeta(game, game.play("3342"), depth=2, order="centre", trace=Trace())
    graph = draw_tree(result)
    assert len(search_nodes(graph)) == result.stats.nodes
    assert "#d62728" in graph.source and "#f2c80f" in graph.source
    classes = svg_classes(render_svg(graph))
    assert sum("cut" in c for c in classes.values()) >= 1


def test_bad_input_gets_clear_errors(tictactoe):
    game, result = tictactoe
    no_trace = alphabeta(game, result.state)
    with pytest.raises(ValueError, match="trace=Trace"):
        draw_tree(no_trace)
    with pytest.raises(TypeError, match="SearchResult or a Trace"):
        draw_tree([1, 2, 3])
    with pytest.raises(ValueError, match="rankdir"):
        draw_tree(result, rankdir="sideways")
    with pytest.raises(ValueError, match="max_nodes"):
        draw_tree(result, max_nodes=0)


def test_outline_is_the_tree_as_text(textbook):
    _, result = textbook
    text = draw_tree(result).outline
    assert text.splitlines()[0].startswith("#0 MAX 3")
    assert "pruned: 1, 2" in text and "#5 MIN <= 2" in text


def test_mcts_trace_is_refused_by_draw_tree():
    game = TicTacToe()
    result = mcts(game, game.play([(1, 1)]), iterations=20, seed=0, trace=Trace())
    with pytest.raises(ValueError, match="draw_mcts"):
        draw_tree(result)


def test_leaves_say_how_they_were_scored_and_wins_are_green(tictactoe):
    _, result = tictactoe
    graph = draw_tree(result, max_depth=2)
    leaves = [nodes(graph)[n]["label"] for n in with_class(graph, "leaf")]
    assert leaves and all("game over" in label for label in leaves)
    won = [label for label in leaves if "#b7e4b7" in label]   # the winning line's cells
    tree = result.trace.nodes()
    winners = [n for n in with_class(graph, "leaf") if tree[int(n[1:])].state.winner]
    assert len(won) == len(winners) > 0
    game = ConnectFour()
    shallow = alphabeta(game, game.play("3342"), depth=1, trace=Trace())
    evaluated = draw_tree(shallow)
    assert all("evaluated" in nodes(evaluated)[n]["label"]
               for n in with_class(evaluated, "leaf"))


def test_each_value_shows_where_it_came_from(textbook):
    _, result = textbook
    graph = draw_tree(result)
    best = sorted((a, b) for a, b, e in edges(graph) if "best" in e["class"].split())
    # root <- #1 (3), #1 <- #2 (3), #5 <- #6 (2, then cut), #7 <- #10 (2)
    assert best == [("n0", "n1"), ("n1", "n2"), ("n5", "n6"), ("n7", "n10")]


def test_collapse_folds_the_subtrees_an_instructor_names():
    game = GameTree(TEXTBOOK)
    result = alphabeta(game, game.initial_state, trace=Trace())
    whole = nodes(draw_tree(result))
    assert {"n2", "n3", "n4"} <= set(whole)
    graph = draw_tree(result, collapse=[1])
    drawn = nodes(graph)
    assert "n1" in drawn and not {"n2", "n3", "n4"} & set(drawn)
    assert "+3 nodes" in drawn["c1"]["label"]
    assert {"n5", "n6", "n7", "n8", "n9", "n10"} <= set(drawn)
    assert "... 3 more moves not drawn" in graph.outline
    both = nodes(draw_tree(result, collapse=[1, 7]))
    assert "n8" not in both and "c7" in both
    assert nodes(draw_tree(result, collapse=[])) == whole


@pytest.mark.parametrize("bad", [[99], ["a"], [-1]])
def test_collapse_names_a_node_that_exists(bad):
    game = GameTree(TEXTBOOK)
    result = alphabeta(game, game.initial_state, trace=Trace())
    with pytest.raises(ValueError, match=r"collapse: no node .* numbered #0\.\.#10"):
        draw_tree(result, collapse=bad)


def test_follow_draws_the_line_that_refuted_a_move():
    game = ConnectFour()
    horizon = game.play("365231134243")          # depth 4 rejects column 2: O wins
    result = alphabeta(game, horizon, depth=4, order="centre", trace=Trace())
    tree = result.trace.nodes()
    graph = draw_tree(result, boards=False, max_nodes=9, follow=[2])
    drawn = {int(n[1:]) for n in search_nodes(graph)}
    line = [next(c for c in tree[0].children if tree[c].move == 2)]
    while tree[line[-1]].children:
        node = tree[line[-1]]
        line.append(next(c for c in node.children if tree[c].value == node.value))
    assert set(line) <= drawn                        # column 2, then O's win to the end
    assert tree[line[-1]].terminal and result.move != 2
    assert len(drawn) == 9                           # the PV and that line, nothing else
    without = {int(n[1:]) for n in search_nodes(draw_tree(result, boards=False, max_nodes=9))}
    assert not set(line[1:]) <= without


def test_follow_names_a_line_the_search_has():
    game = GameTree(TEXTBOOK)
    result = alphabeta(game, game.initial_state, trace=Trace())
    with pytest.raises(ValueError, match=r"follow: the search has no line \[1, 2\]"):
        draw_tree(result, follow=[1, 2])             # move 1's second leaf was pruned
    assert "n2" in nodes(draw_tree(result, max_nodes=4, follow=[1, 0]))


def test_merge_draws_the_table_hits_as_edges_into_their_positions():
    game = TicTacToe()
    result = alphabeta(game, game.play([(1, 1), (0, 0), (1, 2), (0, 2), (2, 2)]),
                       tt=TranspositionTable(), trace=Trace())
    tree = result.trace.nodes()
    graph = draw_tree(result, merge=True)
    drawn = [tree[int(n[1:])] for n in search_nodes(graph)]
    assert not with_class(graph, "tt-hit")            # no node of their own
    hits = [(a, b) for a, b, e in edges(graph) if e["class"] == "tt-hit"]
    assert len(hits) == result.stats.tt_hits == 2
    for tail, head in hits:                           # into the earlier node of that position
        hit = next(n for n in tree.values() if n.tt_hit and f"n{n.parent}" == tail
                   and tree[int(head[1:])].state == n.state)
        assert int(head[1:]) < hit.id
    assert "the same position again" in graph.source
    assert len(search_nodes(draw_tree(result))) == len(drawn) + 2
