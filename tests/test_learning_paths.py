"""The n-tuple network's two paths, plain Python (the browser course, which has no numpy)
and numpy (the desktop): the same values and the same tables after the same seeded
games, up to the rounding of numpy's 32-bit sums (1e-6), and the same shipped network
read from its file."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamelib import ConnectFour
from gamelib.exercises import td_step
from gamelib.exercises.solutions import td as td_solution
from gamelib.learning import NTupleNetwork, load_shipped, shipped_path, train
from gamelib.learning import ntuple
from gamelib.learning.td import self_play_td_lambda

SMALL = ConnectFour(rows=4, cols=5)
ROUNDING = 1e-6
"""How far the paths may differ: numpy adds in 32-bit floats, plain Python in 64-bit ones."""
MOVES = ("", "2", "2213", "22130411", "0123401", "3210432")


def noisy_pair(states: int) -> tuple[NTupleNetwork, NTupleNetwork]:
    """A numpy network with seeded random entries, and its plain copy."""
    fast = NTupleNetwork.random(SMALL, count=12, length=5, states=states, seed=2, plain=False)
    fast.weights[:] = np.random.default_rng(2).normal(0, 0.3, fast.weights.shape)
    return fast, fast.copy(plain=True)


@pytest.mark.parametrize("states", [3, 4])
def test_both_paths_read_the_same_codes_and_give_the_same_values(states: int) -> None:
    fast, plain = noisy_pair(states)
    assert (fast.plain, plain.plain) == (False, True)
    assert isinstance(fast.weights, np.ndarray) and not isinstance(plain.weights, np.ndarray)
    for moves in MOVES:
        state = SMALL.play(moves)
        assert plain.encode(state) == fast.encode(state).tolist()
        assert plain.value(state) == pytest.approx(fast.value(state), abs=ROUNDING)
        assert abs(fast.value(state)) > 0.01
        assert plain.move_values(SMALL, state) == pytest.approx(
            fast.move_values(SMALL, state), abs=ROUNDING)


def test_both_paths_learn_the_same_tables_by_td0_and_td_lambda() -> None:
    fast, plain = (NTupleNetwork.random(SMALL, count=12, length=5, seed=4, plain=flag)
                   for flag in (False, True))
    for network in (fast, plain):
        train(network, SMALL, 20, seed=3, alpha=0.05)
        self_play_td_lambda(network, SMALL, random.Random(5), alpha=0.05, lam=0.5)
    entries = fast.flat_entries()
    assert max(map(abs, entries)) > 0.05
    assert plain.flat_entries() == pytest.approx(entries, abs=ROUNDING)


def test_the_shipped_network_reads_the_same_without_numpy() -> None:
    fast, plain = load_shipped(), NTupleNetwork.load(shipped_path(), plain=True)
    assert plain.plain and plain.info == fast.info and plain.walks == fast.tuples.tolist()
    assert plain.flat_entries() == fast.flat_entries()
    game = ConnectFour()
    for moves in ("", "3342", "33425116"):
        state = game.play(moves)
        assert plain.move_values(game, state) == pytest.approx(
            fast.move_values(game, state), abs=ROUNDING)


def test_bad_files_get_the_same_clear_errors_on_the_plain_path(tmp_path) -> None:
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"not a zip file")
    network, _ = noisy_pair(states=4)
    fields = {"version": np.int64(1), "shape": np.array([4, 5, 4]), "tuples": network.tuples,
              "states": np.int64(4), "weights": network.weights}
    np.savez_compressed(tmp_path / "future.npz", **{**fields, "version": np.int64(99)})
    np.savez_compressed(tmp_path / "wrong.npz", **{**fields, "states": np.int64(3)})
    np.savez_compressed(tmp_path / "flat.npz", **{**fields, "weights": np.float32(0)})
    for name, problem in [("garbage", "not an n-tuple network file"),
                          ("future", "version 99.*reads version 1"),
                          ("wrong", "inconsistent.*weights must have shape"),
                          ("flat", "inconsistent")]:
        for plain in (False, True):
            with pytest.raises(ValueError, match=f"{name}.npz: .*{problem}"):
                NTupleNetwork.load(tmp_path / f"{name}.npz", plain=plain)


def test_without_numpy_every_network_is_plain_and_the_exercise_still_checks(
        monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(ntuple, "np", None)
    td_step.start_network.cache_clear()
    try:
        network = NTupleNetwork.random(SMALL, count=4, length=3)
        assert network.plain and network.nbytes == 4 * network.entries == 4 * 2 * 4 * 4 ** 3
        with pytest.raises(ImportError, match="pip install numpy"):
            NTupleNetwork.random(SMALL, plain=False)
        with pytest.raises(ImportError, match="saving a network needs numpy"):
            network.save(tmp_path / "net.npz")
        assert td_step.check_td_step(td_solution.td_step).passed
        assert td_step.check_td_step(td_step.no_alpha).diagnosis == "no alpha"
    finally:
        td_step.start_network.cache_clear()
