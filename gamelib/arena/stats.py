"""Statistics for game results: confidence intervals for scores and Elo ratings.

A player's *score* is (wins + draws / 2) / games: 1 means it won every game, 0.5 that it
was as strong as its opponents. With few games a score is noisy, so every score comes
with a 95% confidence interval: the range of true strengths that fit the results.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from gamelib.platform import need

if TYPE_CHECKING:
    import numpy as np

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
        return (f"+{self.wins} ={self.draws} -{self.losses}, score {self.score:.3f} "
                f"(95% CI {low:.3f}-{high:.3f})")


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
    """
    np = need("numpy", "Elo ratings")
    wins = np.asarray(points, dtype=float)
    n = np.asarray(games, dtype=float)
    k = len(n)
    off_diagonal = 1 - np.eye(k)
    n = (n + prior_draws * off_diagonal) * off_diagonal
    wins = (wins + prior_draws / 2 * off_diagonal) * off_diagonal
    strength = _bradley_terry(wins, n)
    theta = np.log(strength)
    theta -= theta.mean()
    errors = _standard_errors(theta, n)
    return [float(ELO_SCALE * t) for t in theta], [float(ELO_SCALE * e) for e in errors]


def _bradley_terry(wins: np.ndarray, n: np.ndarray, steps: int = 10_000) -> np.ndarray:
    """Strengths g with P(i beats j) = g_i / (g_i + g_j), by Hunter's MM iteration."""
    np = need("numpy", "Elo ratings")
    total = wins.sum(axis=1)
    strength = np.ones(len(n))
    for _ in range(steps):
        pair_sum = strength[:, None] + strength[None, :]
        new = total / (n / pair_sum).sum(axis=1)
        new /= np.exp(np.log(new).mean())
        if np.allclose(new, strength, rtol=1e-12, atol=0):
            return new
        strength = new
    return strength


def _standard_errors(theta: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Standard errors of log-strengths (mean fixed at 0) from the Fisher information."""
    np = need("numpy", "Elo ratings")
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    weight = n * p * (1 - p)
    information = np.diag(weight.sum(axis=1)) - weight
    covariance = np.linalg.pinv(information)
    return np.sqrt(np.clip(np.diag(covariance), 0, None))


def interval_verdict(player: str, low: float, high: float, opponent: str = "its opponent") -> str:
    """What a 95% interval of `player`'s score says, in words (for lessons to print)."""
    span = f"{player} scores between {low:.3f} and {high:.3f} (95% interval)"
    if low > 0.5:
        return f"{span}: above 0.5, so {player} is stronger than {opponent}."
    if high < 0.5:
        return f"{span}: below 0.5, so {player} is weaker than {opponent}."
    return (f"{span}: the interval contains 0.5, so these games cannot tell which "
            "player is stronger.")
