"""Alpha-beta, with and without move ordering and a transposition table, returns the
minimax value: on hundreds of Tic-Tac-Toe positions, on shallow Connect Four searches and
on random game trees."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import ConnectFour, GameTree, TicTacToe, alphabeta, minimax
from gamelib.search import TranspositionTable
from gamelib.search.ordering import centre_first


def random_positions(game, count, seed, max_plies, min_plies=0):
    """`count` distinct non-terminal positions reached by seeded random play."""
    rng = random.Random(seed)
    found, seen = [], set()
    while len(found) < count:
        state = game.initial_state
        for _ in range(rng.randrange(min_plies, max_plies + 1)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state) and state not in seen:
            seen.add(state)
            found.append(state)
    return found


VARIANTS = {
    "plain": {},
    "centre": {"order": "centre"},
    "order function": {"order": centre_first},
    "tt": {"tt": "new"},
    "centre + tt": {"order": "centre", "tt": "new"},
}


def run(game, state, variant, **kwargs):
    options = dict(VARIANTS[variant])
    if options.get("tt") == "new":
        options["tt"] = TranspositionTable()
    return alphabeta(game, state, **options, **kwargs)


TTT_POSITIONS = random_positions(TicTacToe(), 300, seed=1, max_plies=7, min_plies=2)
_MINIMAX = {}


def ttt_minimax(state, scoring="depth"):
    """minimax on a Tic-Tac-Toe position, computed once per test session."""
    key = (state, scoring)
    if key not in _MINIMAX:
        _MINIMAX[key] = minimax(TicTacToe(), state, scoring=scoring)
    return _MINIMAX[key]


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_tictactoe_alphabeta_equals_minimax(variant):
    game = TicTacToe()
    for scoring in ("depth", "plain"):
        for state in TTT_POSITIONS:
            expected = ttt_minimax(state, scoring)
            got = run(game, state, variant, scoring=scoring)
            assert got.value == expected.value, (variant, scoring, state)
            # the chosen move really has the best value
            assert expected.move_values[got.move] == expected.value
            assert got.stats.nodes <= expected.stats.nodes


def test_tictactoe_exact_root_values_with_all_values():
    game = TicTacToe()
    for state in TTT_POSITIONS[:60]:
        expected = ttt_minimax(state).move_values
        got = alphabeta(game, state, all_values=True, tt=TranspositionTable())
        assert got.move_values == expected


def test_root_bounds_hold():
    game = TicTacToe()
    for state in TTT_POSITIONS[:100]:
        exact = ttt_minimax(state).move_values
        got = alphabeta(game, state, order="centre")
        for move, value in got.move_values.items():
            if got.move_bounds[move] == "exact":
                assert value == exact[move]
            else:
                assert exact[move] <= value


C4_POSITIONS = random_positions(ConnectFour(), 25, seed=2, max_plies=20)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_connect_four_depth_limited_alphabeta_equals_minimax(variant):
    game = ConnectFour()
    for state in C4_POSITIONS:
        expected = minimax(game, state, depth=3)
        got = run(game, state, variant, depth=3)
        assert got.value == expected.value, (variant, state.board)
        assert expected.move_values[got.move] == expected.value


def test_connect_four_eval_ordering_and_small_board():
    game = ConnectFour(rows=4, cols=4, k=3)
    for state in random_positions(game, 30, seed=3, max_plies=8):
        expected = minimax(game, state, depth=4)
        assert alphabeta(game, state, depth=4, order="eval").value == expected.value
        assert alphabeta(game, state, depth=4, order="eval",
                         tt=TranspositionTable()).value == expected.value


trees = st.recursive(st.integers(-9, 9),
                     lambda children: st.lists(children, min_size=1, max_size=4),
                     max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(trees.filter(lambda t: isinstance(t, list)))
def test_random_trees(tree):
    game = GameTree(tree)
    expected = minimax(game, game.initial_state)
    assert alphabeta(game, game.initial_state).value == expected.value
    assert alphabeta(game, game.initial_state, tt=TranspositionTable()).value == expected.value
    assert alphabeta(game, game.initial_state, all_values=True).move_values == \
        expected.move_values
