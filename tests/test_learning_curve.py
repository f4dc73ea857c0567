"""Learning from self-play: the learning curve's measures, and that learning improves them."""

from __future__ import annotations

import pytest

from gamelib import ConnectFour
from gamelib.learning import NTupleNetwork, SmallBoardSolver
from gamelib.learning.curve import (choice_positions, kept_share, learning_curve,
                                    random_chooser, score_against, train,
                                    window_count_chooser)

SMALL = ConnectFour(rows=4, cols=5)


@pytest.fixture(scope="module")
def positions() -> list:
    """A fixed sample of 5x4 positions where the move matters, with exact values."""
    return choice_positions(SMALL, 80, seed=1, plies=(8, 12))


def test_sample_positions_have_good_and_bad_moves_graded_exactly(positions: list) -> None:
    assert len(positions) == 80
    assert len({(p.state.x, p.state.o) for p in positions}) == 80
    solver = SmallBoardSolver(SMALL)
    for position in positions[:10]:
        values = position.values
        assert values == solver.move_values(position.state)
        best = max(values.values())
        assert [position.keeps_value(m) for m in values] == [v == best for v in values.values()]
        assert not all(position.keeps_value(m) for m in values)


def test_kept_share_counts_the_moves_that_keep_the_value(positions: list) -> None:
    def perfect(game: ConnectFour, state: object) -> int:
        position = next(p for p in positions if p.state == state)
        return max(position.values, key=lambda m: position.values[m])

    def worst(game: ConnectFour, state: object) -> int:
        position = next(p for p in positions if p.state == state)
        return min(position.values, key=lambda m: position.values[m])

    assert kept_share(SMALL, perfect, positions) == 1.0
    assert kept_share(SMALL, worst, positions) == 0.0
    assert 0.2 < kept_share(SMALL, random_chooser(0), positions) < 0.7


def test_score_against_counts_wins_and_draws_from_both_seats() -> None:
    def column_zero_first(game: ConnectFour, state: object) -> int:
        return game.actions(state)[0]

    assert score_against(SMALL, column_zero_first, column_zero_first, 10, seed=1,
                         opening=0) == 0.5     # the first player wins every game
    same = score_against(SMALL, random_chooser(1), random_chooser(2), 20, seed=3)
    assert same == score_against(SMALL, random_chooser(1), random_chooser(2), 20, seed=3)
    assert score_against(SMALL, window_count_chooser, random_chooser(2), 20, seed=3) > 0.8


def test_training_is_reproducible_and_reports_progress() -> None:
    calls: list[tuple[int, int]] = []
    one, two = NTupleNetwork.random(SMALL, seed=2), NTupleNetwork.random(SMALL, seed=2)
    train(one, SMALL, 20, seed=5, progress=lambda done, total: calls.append((done, total)))
    train(two, SMALL, 20, seed=5)
    assert calls == [(n, 20) for n in range(1, 21)]
    assert (one.weights == two.weights).all() and abs(one.weights).max() > 0


@pytest.mark.slow
def test_self_play_learns_to_keep_the_exact_value_and_to_beat_random_play(
        positions: list) -> None:
    network = NTupleNetwork.random(SMALL, count=20, length=6, seed=1)
    random_share = kept_share(SMALL, random_chooser(0), positions)
    curve = learning_curve(network, SMALL, blocks=2, games_per_block=1000, positions=positions,
                           opponents={"random": random_chooser(5)}, match_games=40, seed=0,
                           alpha=0.03)
    untrained, trained = curve[0], curve[-1]
    assert [point.games for point in curve] == [0, 1000, 2000]
    assert trained.kept > untrained.kept + 0.15
    assert trained.kept > random_share + 0.15
    assert trained.scores["random"] > untrained.scores["random"] + 0.1
    assert trained.scores["random"] > 0.75
