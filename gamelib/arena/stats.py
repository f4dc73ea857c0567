"""Statistics for game results: confidence intervals for scores and Elo ratings.

A player's *score* is (wins + draws / 2) / games: 1 means it won every game, 0.5 that it
was as strong as its opponents. With few games a score is noisy, so every score comes
with a 95% confidence interval: the range of true strengths that fit the results.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from gamelib.platform import _

Z95 = 1.959963984540054
"""How many standard errors a 95% two-sided normal interval spans on each side."""

ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of log-odds: a 400-point gap means 10:1 odds."""


@dataclass(frozen=True)
class Tally:
    """Wins, draws and losses of one player (over a match, a seat, or a tournament)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.wins + other.wins, self.draws + other.draws,
                     self.losses + other.losses)

    @property
    def games(self) -> int:
        """How many games were played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """(wins + draws / 2) / games; 0.5 when no game was played."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the score."""
        return score_interval(self.wins, self.draws, self.losses)

    @property
    def win_rate(self) -> float:
        """The fraction of games won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the win rate (Wilson)."""
        return wilson_interval(self.wins, self.games)

    def __str__(self) -> str:
        low, high = self.interval
        return _("+{wins} ={draws} -{losses}, score {score:.3f} (95% CI {low:.3f}-{high:.3f})"
                 ).format(wins=self.wins, draws=self.draws, losses=self.losses,
                          score=self.score, low=low, high=high)


def wilson_interval(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: `successes` out of `n` trials."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def score_interval(wins: int, draws: int, losses: int, z: float = Z95) -> tuple[float, float]:
    """A confidence interval for the score (wins + draws/2) / games.

    Draws make a score less noisy than a plain win rate, so we use the Wilson interval
    with an effective number of games n * p(1 - p) / variance; without draws this is
    exactly the Wilson interval.
    """
    n = wins + draws + losses
    if n == 0:
        return 0.0, 1.0
    p = (wins + draws / 2) / n
    variance = (wins + draws / 4) / n - p * p      # of one game's score (1, 1/2 or 0)
    n_effective = n * p * (1 - p) / variance if variance > 0 and 0 < p < 1 else n
    return wilson_interval(p * n_effective, n_effective, z)


def elo_difference(score: float) -> float:
    """The Elo gap that makes a player expect `score` against its opponent."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return ELO_SCALE * math.log(score / (1 - score))


def expected_score(rating: float, opponent: float) -> float:
    """The score a player rated `rating` expects against one rated `opponent`."""
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def elo_ratings(points: Sequence[Sequence[float]], games: Sequence[Sequence[float]],
                prior_draws: float = 1.0) -> tuple[list[float], list[float]]:
    """Elo ratings (mean 0) and their standard errors from pairwise results.

    `points[i][j]` is what player i scored against player j (a win 1, a draw 1/2) in
    `games[i][j]` games. This fits the Bradley-Terry model that Elo is built on, by
    maximum likelihood. `prior_draws` virtual draws between every pair keep ratings
    finite when a player wins every game. The standard errors come from the curvature
    of the likelihood at its peak; a 95% interval is rating +- 1.96 * error.
    Plain Python (a handful of players needs no numpy, and the browser course has none).
    """
    k = len(games)
    n = [[float(games[i][j]) + prior_draws if i != j else 0.0 for j in range(k)]
         for i in range(k)]
    wins = [[float(points[i][j]) + prior_draws / 2 if i != j else 0.0 for j in range(k)]
            for i in range(k)]
    theta = [math.log(g) for g in _bradley_terry(wins, n)]
    mean = sum(theta) / k if k else 0.0
    theta = [t - mean for t in theta]
    errors = _standard_errors(theta, n)
    return [ELO_SCALE * t for t in theta], [ELO_SCALE * e for e in errors]


def _bradley_terry(wins: list[list[float]], n: list[list[float]],
                   steps: int = 10_000) -> list[float]:
    """Strengths g with P(i beats j) = g_i / (g_i + g_j), by Hunter's MM iteration."""
    k = len(n)
    total = [sum(row) for row in wins]
    strength = [1.0] * k
    for _ in range(steps):
        new = [total[i] / sum(n[i][j] / (strength[i] + strength[j]) for j in range(k))
               for i in range(k)]
        scale = math.exp(sum(math.log(g) for g in new) / k)     # geometric mean 1
        new = [g / scale for g in new]
        if all(abs(a - b) <= 1e-12 * abs(b) for a, b in zip(new, strength)):
            return new
        strength = new
    return strength


def _standard_errors(theta: list[float], n: list[list[float]]) -> list[float]:
    """Standard errors of log-strengths (mean fixed at 0) from the Fisher information.

    The information matrix L has rows summing to 0 (ratings are only known up to a
    shift); with everyone connected by games, its pseudo-inverse, the covariance with
    the mean fixed, is inverse(L + J/k) - J/k, where J is all ones."""
    k = len(theta)
    weight = [[n[i][j] * _p(theta[i], theta[j]) * (1 - _p(theta[i], theta[j]))
               for j in range(k)] for i in range(k)]
    shifted = [[(sum(weight[i]) if i == j else -weight[i][j]) + 1 / k for j in range(k)]
               for i in range(k)]
    inverse = _inverse(shifted)
    return [math.sqrt(max(inverse[i][i] - 1 / k, 0.0)) for i in range(k)]


def _p(theta_i: float, theta_j: float) -> float:
    """The chance that strength exp(theta_i) beats exp(theta_j)."""
    return 1 / (1 + math.exp(theta_j - theta_i))


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix, by Gauss-Jordan elimination."""
    k = len(matrix)
    rows = [list(row) + [float(i == j) for j in range(k)] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(k):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
    return [row[k:] for row in rows]


def interval_verdict(player: str, low: float, high: float, opponent: str | None = None) -> str:
    """What a 95% interval of `player`'s score says, in words (for lessons to print);
    `opponent` defaults to "its opponent"."""
    opponent = _("its opponent") if opponent is None else opponent
    if low > 0.5:
        words = _("{player} scores between {low:.3f} and {high:.3f} (95% interval): above "
                  "0.5, so {player} is stronger than {opponent}.")
    elif high < 0.5:
        words = _("{player} scores between {low:.3f} and {high:.3f} (95% interval): below "
                  "0.5, so {player} is weaker than {opponent}.")
    else:
        words = _("{player} scores between {low:.3f} and {high:.3f} (95% interval): the "
                  "interval contains 0.5, so these games cannot tell which player is "
                  "stronger.")
    return words.format(player=player, low=low, high=high, opponent=opponent)
