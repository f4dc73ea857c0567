"""The textbook tree [[3, 12, 8], [2, 4, 6], [14, 5, 2]]: values, leaves, prunes, trace."""

import math

import pytest

from gamelib import GameTree, Trace, alphabeta, minimax
from gamelib.search import TranspositionTable
from gamelib.search.trace import EXACT, LOWER, UPPER

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture
def tree():
    return GameTree(TEXTBOOK)


def test_minimax_value_is_3(tree):
    result = minimax(tree, tree.initial_state)
    assert result.value == 3
    assert result.move == 0
    assert result.move_values == {0: 3, 1: 2, 2: 2}
    assert result.pv == [0, 0]
    assert result.stats.leaves == 9
    assert result.stats.nodes == 13


def test_alphabeta_evaluates_7_leaves_and_prunes_4_and_6(tree):
    trace = Trace()
    result = alphabeta(tree, tree.initial_state, trace=trace)
    assert result.value == 3 and result.move == 0
    assert result.stats.leaves == 7
    assert result.stats.cutoffs == 1
    scored = [(event.value) for event in trace.leaves()]
    assert scored == [3, 12, 8, 2, 14, 5, 2]
    nodes = trace.nodes()
    scored_paths = [nodes[event.node].state for event in trace.leaves()]
    assert (1, 1) not in scored_paths and (1, 2) not in scored_paths   # the 4 and the 6

    [prune] = trace.prunes()
    pruned_node = nodes[prune.node]
    assert pruned_node.state == (1,)             # the second MIN node
    assert prune.moves == (1, 2)                 # its 4 and its 6
    assert prune.alpha == 3 and prune.beta == 2  # alpha >= beta: MAX already has 3
    assert prune.value == 2
    assert pruned_node.pruned_moves == (1, 2)
    assert pruned_node.bound == UPPER and pruned_node.value == 2   # "<= 2"


def test_alphabeta_trace_windows_and_bounds(tree):
    trace = Trace()
    alphabeta(tree, tree.initial_state, trace=trace)
    nodes = trace.nodes()
    by_state = {node.state: node for node in nodes.values()}
    root = by_state[()]
    assert (root.alpha, root.beta) == (-math.inf, math.inf)
    assert root.value == 3 and root.bound == EXACT and root.maximizing
    # The first MIN node is searched with the full window and its value is exact.
    assert (by_state[(0,)].alpha, by_state[(0,)].beta) == (-math.inf, math.inf)
    assert by_state[(0,)].bound == EXACT and not by_state[(0,)].maximizing
    # The next two with alpha = 3: MAX already has 3.
    assert by_state[(1,)].alpha == 3 and by_state[(2,)].alpha == 3
    assert by_state[(2,)].value == 2 and by_state[(2,)].bound == UPPER
    # Every entered node is left exactly once, after it was entered.
    entered = [e.node for e in trace if e.kind == "enter"]
    left = [e.node for e in trace if e.kind == "leave"]
    assert sorted(entered) == sorted(left) == list(range(len(entered)))
    for node in nodes.values():
        assert node.left_at is not None and node.left_at > node.entered_at
    # Children hang under their parents in visit order.
    assert [nodes[c].move for c in root.children] == [0, 1, 2]


def test_minimax_trace_has_every_node(tree):
    trace = Trace()
    minimax(tree, tree.initial_state, trace=trace)
    assert trace.count("enter") == 13 and trace.count("leaf") == 9
    assert trace.count("prune") == 0
    assert trace.algorithm == "minimax"


def test_bounds_at_a_max_cut():
    # MIN at the root's child: after the first MAX grandchild scores 5, MAX nodes below
    # the second MIN child are cut once they reach 5 (>= beta): a lower bound.
    tree = GameTree([[[5], [7, 1]], [[3], [9, 2]]])
    trace = Trace()
    result = alphabeta(tree, tree.initial_state, trace=trace)
    assert result.value == minimax(tree, tree.initial_state).value
    bounds = {n.state: n.bound for n in trace.nodes().values() if not n.leaf}
    assert LOWER in bounds.values()


def test_textbook_tree_with_transposition_table(tree):
    result = alphabeta(tree, tree.initial_state, tt=TranspositionTable())
    assert result.value == 3 and result.stats.leaves == 7


def test_root_move_bounds(tree):
    result = alphabeta(tree, tree.initial_state)
    assert result.move_bounds == {0: EXACT, 1: UPPER, 2: UPPER}
    exact = alphabeta(tree, tree.initial_state, all_values=True)
    assert exact.move_values == {0: 3, 1: 2, 2: 2}
    assert set(exact.move_bounds.values()) == {EXACT}


def test_depth_limited_tree_needs_an_evaluation(tree):
    with pytest.raises(ValueError, match="evaluation function"):
        minimax(tree, tree.initial_state, depth=1)
    result = minimax(tree, tree.initial_state, depth=1, eval_fn=lambda s, p: -s[0])
    assert result.move == 0 and result.value == 0
    assert result.stats.depth == 1


def test_bad_depth_and_terminal_state(tree):
    with pytest.raises(ValueError, match="depth"):
        alphabeta(tree, tree.initial_state, depth=-1)
    with pytest.raises(ValueError, match="game is over"):
        minimax(tree, (0, 0))
