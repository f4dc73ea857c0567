"""The n-tuple evaluation: values, mirror symmetry, files, and the TD update by hand."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from gamelib import ConnectFour, alphabeta
from gamelib.learning import SCALE, NTupleNetwork, SmallBoardSolver, random_tuples
from gamelib.learning.ntuple import EMPTY, O, PLAYABLE, X, tuple_index
from gamelib.learning.player import LearnedPlayer, pattern_weights
from gamelib.learning.td import (Trace, features, self_play_td0, self_play_td_lambda,
                                 td0_update)
from gamelib.search.scoring import EVAL_LIMIT

SMALL = ConnectFour(rows=4, cols=5)


def noisy_network(game: ConnectFour = SMALL, seed: int = 0, **options: int) -> NTupleNetwork:
    """A network with random table entries, so values differ from position to position
    (20 tuples of 6 cells unless told: files stay small)."""
    network = NTupleNetwork.random(game, seed=seed, **{"count": 20, "length": 6, **options})
    rng = np.random.default_rng(seed)
    network.weights[:] = rng.normal(0, 0.1, network.weights.shape)
    return network


def mirrored(game: ConnectFour, moves: str) -> str:
    """The move string of the left-right mirror image of `moves`."""
    return "".join(str(game.cols - 1 - int(c)) for c in moves)


def test_random_tuples_are_seeded_walks_of_distinct_neighbouring_cells() -> None:
    tuples = random_tuples(6, 7, count=30, length=8, seed=3)
    assert len(tuples) == 30 and {len(cells) for cells in tuples} == {8}
    assert tuples == random_tuples(6, 7, count=30, length=8, seed=3)
    assert tuples != random_tuples(6, 7, count=30, length=8, seed=4)
    for cells in tuples:
        assert len(set(cells)) == 8 and all(0 <= c < 42 for c in cells)
        # each cell after the first touches (8-neighbourhood) some cell met before it
        for i, cell in enumerate(cells[1:], start=1):
            assert any(max(abs(cell // 7 - c // 7), abs(cell % 7 - c % 7)) == 1
                       for c in cells[:i])
    with pytest.raises(ValueError, match="1 .. 20 cells"):
        random_tuples(4, 5, count=1, length=21, seed=0)


def test_encode_reads_each_cell_with_playable_empty_cells_apart() -> None:
    state = SMALL.play("2213")      # X at the bottom of 2 and 1, O on 2 and at the bottom of 3
    codes = NTupleNetwork.random(SMALL).encode(state).reshape(4, 5)
    assert codes.tolist() == [[EMPTY] * 5,
                              [EMPTY, EMPTY, PLAYABLE, EMPTY, EMPTY],
                              [EMPTY, PLAYABLE, O, PLAYABLE, EMPTY],
                              [PLAYABLE, X, X, O, PLAYABLE]]
    three = NTupleNetwork.random(SMALL, states=3).encode(state).reshape(4, 5)
    assert three.tolist()[3] == [EMPTY, X, X, O, EMPTY]


def test_a_board_wider_than_63_bits_is_read_the_same_way() -> None:
    big = ConnectFour(rows=8, cols=9)         # 81 bits: no int64 shortcut
    state = big.play("4433218")
    codes = NTupleNetwork.random(big).encode(state).reshape(8, 9)
    assert codes[7].tolist() == [PLAYABLE, O, X, X, X, PLAYABLE, PLAYABLE, PLAYABLE, X]
    assert codes[6].tolist() == [EMPTY, PLAYABLE, PLAYABLE, O, O, EMPTY, EMPTY, EMPTY, PLAYABLE]
    assert codes[:5].max() == EMPTY


def test_all_indices_at_once_are_each_tuples_index_read_cell_by_cell() -> None:
    for game, states in ((SMALL, 4), (SMALL, 3), (ConnectFour(), 4)):
        network = NTupleNetwork.random(game, count=15, length=8, states=states, seed=6)
        for moves in ("", "2213", "22130411", "0000111"):
            codes = network.encode(game.play(moves))
            own, mirror = network.indices(codes)
            assert own.tolist() == [tuple_index(codes, cells, states)
                                    for cells in network.tuples.tolist()]
            assert mirror.tolist() == [tuple_index(codes, cells, states)
                                       for cells in network.mirrors.tolist()]
    with pytest.raises(ValueError, match="distinct cells"):
        NTupleNetwork(4, 5, 4, np.array([[0, 1, 0]]))


def test_an_untrained_network_values_every_position_zero() -> None:
    network = NTupleNetwork.random(SMALL)
    for moves in ("", "2", "221304"):
        assert network.evaluate(SMALL.play(moves), "X") == 0.0


def test_evaluate_is_the_value_scaled_for_each_player_and_stays_below_win_scores() -> None:
    network = noisy_network()
    network.weights *= 100                    # saturate tanh: values close to +-1
    for moves in ("", "2", "2213", "22130411"):
        state = SMALL.play(moves)
        value = network.value(state)
        assert -1 <= value <= 1 and value != 0
        assert network.evaluate(state, "X") == pytest.approx(SCALE * value)
        assert network.evaluate(state, "O") == pytest.approx(-SCALE * value)
        assert abs(network.evaluate(state, "X")) <= SCALE < EVAL_LIMIT


def test_finished_games_score_their_result() -> None:
    network = noisy_network()
    won = SMALL.play("0101010")                # X's four in column 0
    assert won.winner == "X"
    assert network.evaluate(won, "X") == SCALE and network.evaluate(won, "O") == -SCALE


def test_a_forced_win_outranks_any_learned_value_in_alpha_beta() -> None:
    network = noisy_network()
    network.weights *= 100
    state = SMALL.play("010101")               # X to move wins in column 0
    result = alphabeta(SMALL, state, depth=3, eval_fn=network.evaluate)
    assert result.move == 0 and result.value > EVAL_LIMIT
    assert network.greedy_move(SMALL, state) == 0


def test_a_mirrored_position_has_the_same_value() -> None:
    for game in (SMALL, ConnectFour()):
        network = noisy_network(game, seed=2, count=12, length=5)
        rng = random.Random(5)
        for _ in range(20):
            moves = "".join(str(rng.randrange(game.cols)) for _ in range(rng.randrange(1, 9)))
            try:
                state = game.play(moves)
            except ValueError:
                continue
            twin = game.play(mirrored(game, moves))
            assert network.value(state) == pytest.approx(network.value(twin), abs=1e-6)
            assert network.value(state) != 0


def test_a_position_of_another_board_is_refused() -> None:
    with pytest.raises(ValueError, match=r"rows=4, cols=5.*got one with rows=6, cols=7"):
        NTupleNetwork.random(SMALL).evaluate(ConnectFour().initial_state, "X")


def test_save_and_load_give_the_same_network(tmp_path) -> None:
    network = noisy_network(states=3)
    network.info = {"games": 20, "alpha": 0.01}
    path = network.save(tmp_path / "net.npz")
    assert [p.name for p in tmp_path.iterdir()] == ["net.npz"]
    back = NTupleNetwork.load(path)
    assert back.info == {"games": 20, "alpha": 0.01}
    assert (back.rows, back.cols, back.k, back.states, back.sides) == (4, 5, 4, 3, 2)
    assert np.array_equal(back.tuples, network.tuples)
    for moves in ("", "2213", "22130411"):
        state = SMALL.play(moves)
        assert back.value(state) == network.value(state)


def test_loading_a_bad_file_names_the_file_and_the_problem(tmp_path) -> None:
    with pytest.raises(ValueError, match="nothing.npz: not an n-tuple network file"):
        NTupleNetwork.load(tmp_path / "nothing.npz")
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"not a zip file")
    with pytest.raises(ValueError, match="garbage.npz: not an n-tuple network file"):
        NTupleNetwork.load(garbage)
    network = noisy_network()
    fields = {"version": np.int64(1), "shape": np.array([4, 5, 4]), "tuples": network.tuples,
              "states": np.int64(4), "weights": network.weights}
    np.savez_compressed(tmp_path / "partial.npz", **{k: v for k, v in fields.items()
                                                     if k != "tuples"})
    with pytest.raises(ValueError, match="partial.npz: .*missing tuples"):
        NTupleNetwork.load(tmp_path / "partial.npz")
    np.savez_compressed(tmp_path / "future.npz", **{**fields, "version": np.int64(99)})
    with pytest.raises(ValueError, match="future.npz: .*version 99.*reads version 1"):
        NTupleNetwork.load(tmp_path / "future.npz")
    np.savez_compressed(tmp_path / "wrong.npz", **{**fields, "states": np.int64(3)})
    with pytest.raises(ValueError, match="wrong.npz: inconsistent.*weights must have shape"):
        NTupleNetwork.load(tmp_path / "wrong.npz")


def one_tuple_network(cells: list[int]) -> NTupleNetwork:
    """A 5x4 network of a single tuple, 3 states, one set of tables: small enough to
    follow by hand."""
    return NTupleNetwork(4, 5, 4, np.array([cells]), states=3, sides=1)


def test_the_td0_update_matches_the_formula_by_hand() -> None:
    # Bottom-left pair (row 3, columns 0 and 1); its mirror is (row 3, columns 4 and 3).
    network = one_tuple_network([15, 16])
    state = SMALL.play("0")                   # X in column 0: index X*1 + EMPTY*3 = 1
    table = network.weights[0, 0]
    table[0], table[1], table[5] = 0.2, 0.1, 7.0   # 5 is read by no one here
    value = math.tanh(0.1 + 0.2)               # entry 1 (the tuple) + entry 0 (its mirror)
    assert network.value(state) == pytest.approx(value, abs=1e-6)
    step = 0.5 * (1.0 - value) * (1 - value ** 2)
    delta = td0_update(network, state, target=1.0, alpha=0.5)
    assert delta == pytest.approx(1.0 - value, abs=1e-6)
    assert table[1] == pytest.approx(0.1 + step, abs=1e-6)
    assert table[0] == pytest.approx(0.2 + step, abs=1e-6)
    assert table[5] == 7.0 and np.count_nonzero(table) == 3


def test_an_entry_read_twice_moves_twice() -> None:
    network = one_tuple_network([15, 16])
    table = network.weights[0, 0]
    table[0] = 0.2                             # the empty board reads entry 0 twice
    value = math.tanh(0.4)
    td0_update(network, SMALL.initial_state, target=-1.0, alpha=0.1)
    assert table[0] == pytest.approx(0.2 + 2 * 0.1 * (-1 - value) * (1 - value ** 2), abs=1e-6)


def test_the_eligibility_trace_decays_by_lambda_and_adds_the_new_gradient() -> None:
    network = one_tuple_network([15, 16])
    trace = Trace(lam=0.5)
    first, second = features(network, SMALL.play("0")), features(network, SMALL.play("01"))
    trace.decay_and_add(first, 0.8)            # entries 1 and 0
    trace.decay_and_add(second, 0.6)           # X, O -> index 1 + 2*3 = 7; mirror 0
    assert trace.entries == {(0, 0, 1): pytest.approx(0.4), (0, 0, 0): pytest.approx(1.0),
                             (0, 0, 7): pytest.approx(0.6)}
    trace.apply(network, 0.1)
    assert network.weights[0, 0, [0, 1, 7]] == pytest.approx([0.1, 0.04, 0.06])


def test_td_lambda_with_lambda_zero_learns_exactly_what_td0_learns() -> None:
    one, two = (NTupleNetwork.random(SMALL, count=20, length=6, seed=4) for _ in range(2))
    rng_one, rng_two = random.Random(9), random.Random(9)
    for _ in range(5):
        self_play_td0(one, SMALL, rng_one, alpha=0.05, epsilon=0.2)
        self_play_td_lambda(two, SMALL, rng_two, alpha=0.05, epsilon=0.2, lam=0.0)
    assert np.abs(one.weights).max() > 0
    assert np.allclose(one.weights, two.weights, atol=1e-6)


def test_self_play_is_reproducible_with_a_seed() -> None:
    nets = [NTupleNetwork.random(SMALL, count=20, length=6, seed=1) for _ in range(3)]
    ends = [self_play_td_lambda(net, SMALL, random.Random(seed), lam=0.5)
            for net, seed in zip(nets, (7, 7, 8))]
    assert ends[0] == ends[1] and np.array_equal(nets[0].weights, nets[1].weights)
    assert not np.array_equal(nets[0].weights, nets[2].weights)


def test_the_small_board_solver_agrees_with_a_full_alpha_beta_search() -> None:
    solver = SmallBoardSolver(SMALL)
    for moves in ("22130411", "2213041", "0123401", "3210432"):
        state = SMALL.play(moves)
        exact = alphabeta(SMALL, state, all_values=True).move_values
        assert solver.move_values(state) == {m: (v > 0) - (v < 0) for m, v in exact.items()}


def test_the_learned_player_searches_with_the_network_and_explains_its_move() -> None:
    network = noisy_network()
    state = SMALL.play("2213")
    player = LearnedPlayer(network)
    result = player.explain(SMALL, state)
    values = network.move_values(SMALL, state)
    assert player.name == "td:1" and result.move in values
    assert result.move_values == pytest.approx({m: SCALE * v for m, v in values.items()},
                                               abs=1e-3)
    assert values[result.move] == max(values.values())
    deeper = LearnedPlayer(network, depth=3)
    assert deeper(SMALL, SMALL.play("010101")) == 0        # the win in one, whatever it learned


def test_the_pattern_weights_add_up_to_the_value_heaviest_first() -> None:
    network = noisy_network()
    state = SMALL.play("2213")
    patterns = pattern_weights(network, state)
    assert len(patterns) == len(network.tuples)
    assert math.tanh(sum(p.weight for p in patterns)) == pytest.approx(network.value(state))
    assert [abs(p.weight) for p in patterns] == sorted((abs(p.weight) for p in patterns),
                                                      reverse=True)
    first = network.tuples[0].tolist()
    assert any(p.cells == tuple(divmod(cell, SMALL.cols) for cell in first) for p in patterns)


def test_the_learned_players_result_keeps_what_the_network_saw() -> None:
    network = noisy_network()
    state = SMALL.play("2213")
    result = LearnedPlayer(network, depth=2, all_values=True).explain(SMALL, state)
    assert result.after == SMALL.result(state, result.move)
    assert result.patterns == pattern_weights(network, result.after)
    assert result.learned_values == pytest.approx(
        {move: value / SCALE for move, value in result.move_values.items()})
    won = LearnedPlayer(network, depth=2).explain(SMALL, SMALL.play("010101"))
    assert won.move == 0 and won.learned_values[0] == 1.0          # a win found: exactly +1
