"""scripts/train_ntuple.py: checkpoints, and a resumed run learns what an unbroken one does."""

from __future__ import annotations

import numpy as np
import pytest

import train_ntuple
from gamelib.learning import NTupleNetwork

SMALL = ["--rows", "4", "--cols", "5", "--tuples", "8", "--length", "4", "--every", "10"]


def test_a_resumed_run_learns_exactly_what_an_unbroken_run_learns(tmp_path, capsys) -> None:
    whole, parts = tmp_path / "whole.npz", tmp_path / "parts.npz"
    assert train_ntuple.main(SMALL + ["--games", "30", "--out", str(whole)]) == 0
    train_ntuple.main(SMALL + ["--games", "20", "--out", str(parts)])
    first = NTupleNetwork.load(parts)
    assert first.info["games"] == 20
    train_ntuple.main(SMALL + ["--games", "30", "--out", str(parts), "--alpha", "0.5"])
    out = capsys.readouterr().out
    assert "resuming" in out and "20 games played" in out and "games/s" in out
    one, two = NTupleNetwork.load(whole), NTupleNetwork.load(parts)
    assert two.info["games"] == 30 and two.info["alpha"] == 0.01   # the checkpoint's alpha
    assert np.array_equal(one.weights, two.weights)
    assert not np.array_equal(first.weights, two.weights)


def test_a_checkpoint_of_another_board_is_refused(tmp_path) -> None:
    path = tmp_path / "small.npz"
    train_ntuple.main(SMALL + ["--games", "10", "--out", str(path)])
    with pytest.raises(SystemExit, match="holds a 5x4 network, not 7x6"):
        train_ntuple.main(["--games", "20", "--out", str(path)])
