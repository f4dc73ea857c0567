"""Score intervals and Elo ratings, checked against exact answers and by coverage."""

import math
from functools import lru_cache

import pytest

from gamelib import TicTacToe, match
from gamelib.arena.stats import (Tally, elo_difference, elo_ratings, expected_score,
                                 score_interval, wilson_interval)

GAME = TicTacToe()


@lru_cache(maxsize=None)
def outcome_probabilities(state) -> tuple[float, float, float]:
    """Exact (X wins, draw, O wins) probabilities when both players move at random."""
    if GAME.is_terminal(state):
        winner = GAME.winner(state)
        return (winner == "X") * 1.0, (winner is None) * 1.0, (winner == "O") * 1.0
    moves = GAME.actions(state)
    parts = [outcome_probabilities(GAME.result(state, m)) for m in moves]
    return tuple(sum(p[i] for p in parts) / len(moves) for i in range(3))


def test_random_tictactoe_truth_is_the_known_answer():
    x_wins, draws, o_wins = outcome_probabilities(GAME.initial_state)
    assert x_wins == pytest.approx(0.585, abs=0.001)
    assert draws == pytest.approx(0.127, abs=0.001)
    assert x_wins + draws + o_wins == pytest.approx(1)


def test_wilson_interval_matches_a_worked_example():
    low, high = wilson_interval(60, 100)
    assert (low, high) == pytest.approx((0.5020, 0.6906), abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0 and wilson_interval(10, 10)[1] == pytest.approx(1)


def test_score_interval_is_wilson_without_draws_and_narrower_with_them():
    assert score_interval(60, 0, 40) == pytest.approx(wilson_interval(60, 100))
    low, high = score_interval(40, 40, 20)          # score 0.6, with draws
    wide_low, wide_high = wilson_interval(60, 100)
    assert low < 0.6 < high and high - low < wide_high - wide_low


def test_tally_adds_up():
    total = Tally(3, 1, 0) + Tally(0, 1, 2)
    assert (total.wins, total.draws, total.losses, total.games) == (3, 2, 2, 7)
    assert total.score == pytest.approx(4 / 7)


def test_elo_of_a_two_player_result_is_the_logistic_gap():
    ratings, errors = elo_ratings([[0, 60], [40, 0]], [[0, 100], [100, 0]], prior_draws=0)
    assert ratings[0] == pytest.approx(-ratings[1])
    assert ratings[0] - ratings[1] == pytest.approx(elo_difference(0.6))
    assert expected_score(ratings[0], ratings[1]) == pytest.approx(0.6)
    # standard error of the gap: 1 / sqrt(n p (1 - p)) in log-odds
    gap_error = 400 / math.log(10) / math.sqrt(100 * 0.6 * 0.4)
    assert errors[0] == pytest.approx(gap_error / 2)


def test_elo_stays_finite_when_a_player_wins_everything():
    ratings, errors = elo_ratings([[0, 10, 10], [0, 0, 5], [0, 5, 0]],
                                  [[0, 10, 10], [10, 0, 10], [10, 10, 0]])
    assert all(math.isfinite(r) and math.isfinite(e) for r, e in zip(ratings, errors))
    assert ratings[0] > ratings[1] == pytest.approx(ratings[2])
    assert sum(ratings) == pytest.approx(0, abs=1e-9)


def test_interval_of_a_seeded_2000_game_match_contains_the_truth():
    x_wins, draws, _ = outcome_probabilities(GAME.initial_state)
    result = match(GAME, "random", "random", games=2000, seed=2026, progress=False,
                   executor="serial")
    first = result.by_seat()[0]
    assert first["seat"] == "X" and first["games"] == 2000
    assert first["win_low"] < x_wins < first["win_high"]
    assert first["ci_low"] < x_wins + draws / 2 < first["ci_high"]
    assert abs(first["win_rate"] - x_wins) < 0.03


@pytest.mark.heavy
def test_intervals_cover_the_truth_about_95_percent_of_the_time():
    x_wins, draws, _ = outcome_probabilities(GAME.initial_state)
    win_hits = score_hits = 0
    matches = 200
    for seed in range(matches):
        result = match(GAME, "random", "random", games=60, seed=seed, progress=False,
                       executor="serial")
        first = result.by_seat()[0]
        win_hits += first["win_low"] <= x_wins <= first["win_high"]
        score_hits += first["ci_low"] <= x_wins + draws / 2 <= first["ci_high"]
    # 95% coverage; with 200 matches the observed rate has a standard error of 1.5%
    assert 0.90 <= win_hits / matches <= 0.99
    assert 0.90 <= score_hits / matches <= 0.99


def test_interval_verdict_reads_the_interval():
    from gamelib.arena.stats import interval_verdict
    assert "stronger than B" in interval_verdict("A", 0.55, 0.8, "B")
    assert "weaker" in interval_verdict("A", 0.0, 0.49)
    assert "cannot tell" in interval_verdict("A", 0.3, 0.7)


def test_elo_errors_agree_with_the_pseudo_inverse_of_the_information() -> None:
    """The plain-Python errors equal numpy's pseudo-inverse on a lopsided 4-player table."""
    np = pytest.importorskip("numpy")
    points = [[0, 7, 9, 10], [3, 0, 6, 8], [1, 4, 0, 5.5], [0, 2, 4.5, 0]]
    games = [[0 if i == j else 10 for j in range(4)] for i in range(4)]
    ratings, errors = elo_ratings(points, games)
    theta = np.array(ratings) / (400 / math.log(10))
    n = np.array(games, dtype=float) + (1 - np.eye(4))          # one virtual draw per pair
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    weight = n * p * (1 - p)
    covariance = np.linalg.pinv(np.diag(weight.sum(axis=1)) - weight)
    expected = 400 / math.log(10) * np.sqrt(np.diag(covariance))
    assert errors == pytest.approx(list(expected), rel=1e-9)
    assert ratings == sorted(ratings, reverse=True)
