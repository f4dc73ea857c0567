"""Connect Four's fast paths agree with the plain code they stand beside: the compiled
k-in-a-row test, the remembered open columns, and games that pickle after compiling."""

import pickle
import random

import pytest

from gamelib import ConnectFour
from gamelib.games.connect4 import has_line, line_test_for, window_masks

compiled = pytest.importorskip("gamelib.games.connect4_jit")

SHAPES = [(6, 7, 4), (4, 5, 3), (7, 8, 5), (5, 4, 4), (6, 9, 3)]


def random_bits(rows: int, cols: int, rng: random.Random, density: float) -> int:
    """Stones on a random set of board cells (any pattern, reachable or not)."""
    bits = 0
    for col in range(cols):
        for row in range(rows):
            if rng.random() < density:
                bits |= 1 << (col * (rows + 1) + row)
    return bits


def brute_force_line(bits: int, rows: int, cols: int, k: int) -> bool:
    """Some window of k cells is all stones."""
    return any(bits & window == window for window in window_masks(rows, cols, k))


@pytest.mark.parametrize("rows, cols, k", SHAPES)
def test_compiled_line_test_agrees_with_plain_and_brute_force(rows, cols, k):
    rng = random.Random(rows * 100 + cols * 10 + k)
    found = {True: 0, False: 0}
    for _ in range(3000):
        bits = random_bits(rows, cols, rng, density=rng.choice([0.2, 0.35, 0.5]))
        expected = brute_force_line(bits, rows, cols, k)
        assert has_line(bits, rows, k) == expected
        assert compiled.compiled_has_line(bits, rows, k) == expected
        found[expected] += 1
    assert min(found.values()) > 100            # both answers were really exercised


def test_big_boards_keep_the_plain_line_test():
    assert line_test_for(6, 7) is compiled.compiled_has_line
    assert line_test_for(9, 9) is has_line       # 90 bits: more than numba's 63
    game = ConnectFour(9, 9, 5)
    state = game.play("010203040")
    assert state.winner == "X"                   # five in the first column


@pytest.mark.parametrize("first_move_rule", [False, True])
def test_actions_are_the_open_columns_and_a_fresh_list(first_move_rule):
    game = ConnectFour(first_move_rule=first_move_rule)
    rng = random.Random(7)
    for _ in range(300):
        state = game.initial_state
        for _ in range(rng.randrange(42)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        moves = game.actions(state)
        if state.winner is not None:
            assert moves == []
            continue
        expected = [c for c in range(game.cols) if state.height(c) < game.rows]
        if first_move_rule and state.ply == 0:
            expected.remove(game.centre)
        assert moves == expected
        moves.clear()                            # a caller may change its own list
        assert game.actions(state) == expected


def test_a_game_that_has_evaluated_still_pickles():
    game = ConnectFour(5, 6, 4, first_move_rule=False)
    state = game.play("2233")
    score = game.evaluate(state, "X")
    copy = pickle.loads(pickle.dumps(game))
    assert copy == game and copy.evaluate(state, "X") == score
    assert copy.result(state, 2) == game.result(state, 2)
