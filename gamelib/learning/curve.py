"""Training with a learning curve: after each block of self-play games, how good is the
learned evaluation? Two measures, both seeded so a curve can be rerun:

- kept: the share of sample positions where the network's greedy move keeps the exact
  value (a win stays a win, a draw a draw), graded by `SmallBoardSolver`. Only positions
  where some move throws the value away and some don't are sampled: elsewhere every
  move is right.
- scores: the network's greedy player against fixed opponents (random play, the window
  count at depth 1), both seats in turn, from short random openings:
  (wins + draws / 2) / games.
"""

from __future__ import annotations

import random
import time
from typing import Callable, NamedTuple

from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.heuristics.measure import random_position
from gamelib.learning.exact import SmallBoardSolver
from gamelib.learning.ntuple import NTupleNetwork
from gamelib.learning.td import self_play_td0, self_play_td_lambda
from gamelib.platform import _, progress_bar_class
from gamelib.search.alphabeta import alphabeta

Chooser = Callable[[ConnectFour, ConnectFourState], int]


class ChoicePosition(NamedTuple):
    """A position where the move matters, with each move's exact value (+1 / 0 / -1)."""

    state: ConnectFourState
    values: dict[int, int]

    def keeps_value(self, move: int) -> bool:
        """True if `move` is worth as much as the best move."""
        return self.values[move] == max(self.values.values())


def choice_positions(game: ConnectFour, count: int, seed: int,
                     plies: tuple[int, int] = (4, 12),
                     solver: SmallBoardSolver | None = None) -> list[ChoicePosition]:
    """`count` distinct random positions where some moves keep the exact value and some
    do not (reached by a random number of random moves in `plies`)."""
    solver = solver or SmallBoardSolver(game)
    rng, found, seen = random.Random(seed), list[ChoicePosition](), set()
    while len(found) < count:
        state = random_position(game, rng.randint(*plies), rng)
        if state is None or (state.x, state.o) in seen:
            continue
        seen.add((state.x, state.o))
        values = solver.move_values(state)
        if len(set(values.values())) > 1:
            found.append(ChoicePosition(state, values))
    return found


def kept_share(game: ConnectFour, choose: Chooser, positions: list[ChoicePosition]) -> float:
    """The share of `positions` where `choose`'s move keeps the exact value."""
    return sum(p.keeps_value(choose(game, p.state)) for p in positions) / len(positions)


def random_chooser(seed: int) -> Chooser:
    """A player that picks uniformly among the legal moves (seeded)."""
    rng = random.Random(seed)
    return lambda game, state: rng.choice(game.actions(state))


def play(game: ConnectFour, x: Chooser, o: Chooser, start: ConnectFourState) -> str | None:
    """Play from `start` to the end; the winner ('X', 'O') or None for a draw."""
    state = start
    while not game.is_terminal(state):
        state = game.result(state, (x if state.to_move == "X" else o)(game, state))
    return state.winner


def score_against(game: ConnectFour, player: Chooser, opponent: Chooser, games: int,
                  seed: int, opening: int = 2) -> float:
    """`player`'s score against `opponent`: (wins + draws / 2) / games, seats taken in
    turn, each pair of games from the same `opening` random moves."""
    rng, points = random.Random(seed), 0.0
    for number in range(games):
        if number % 2 == 0:
            start = random_position(game, opening, rng) or game.initial_state
        seat = "X" if number % 2 == 0 else "O"
        x, o = (player, opponent) if seat == "X" else (opponent, player)
        winner = play(game, x, o, start)
        points += 1.0 if winner == seat else 0.5 if winner is None else 0.0
    return points / games


def window_count_chooser(game: ConnectFour, state: ConnectFourState) -> int:
    """The window count's greedy move (alpha-beta to depth 1 with the game's `evaluate`):
    a fixed opponent that already knows something about Connect Four."""
    return alphabeta(game, state, depth=1, order="centre").move


class CurvePoint(NamedTuple):
    """The measures after `games` games of training (`seconds` of it): the kept share,
    and the score against each fixed opponent, by name."""

    games: int
    seconds: float
    kept: float
    scores: dict[str, float]


def measure(network: NTupleNetwork, game: ConnectFour, positions: list[ChoicePosition],
            opponents: dict[str, Chooser], games: int, seed: int, trained: int,
            seconds: float) -> CurvePoint:
    """Both measures of `network`'s greedy player, as a point of the learning curve."""
    scores = {name: score_against(game, network.greedy_move, opponent, games, seed)
              for name, opponent in opponents.items()}
    return CurvePoint(trained, seconds, kept_share(game, network.greedy_move, positions),
                      scores)


def train(network: NTupleNetwork, game: ConnectFour, games: int, seed: int = 0,
          alpha: float = 0.01, epsilon: float = 0.1, lam: float = 0.0,
          progress: Callable[[int, int], None] | None = None) -> float:
    """Train by `games` games of self-play TD(lambda) (TD(0) if lam is 0); returns the
    seconds it took. `progress(done, games)` is called after every game."""
    rng, started = random.Random(seed), time.perf_counter()
    for done in range(1, games + 1):
        if lam == 0:
            self_play_td0(network, game, rng, alpha, epsilon)
        else:
            self_play_td_lambda(network, game, rng, alpha, epsilon, lam)
        if progress is not None:
            progress(done, games)
    return time.perf_counter() - started


def progress_bar(games: int, desc: str | None = None) -> Callable[[int, int], None]:
    """A `progress` callback for `train` and `learning_curve`: a bar over `games` games
    (named "self-play" unless `desc` says otherwise)."""
    bar = progress_bar_class()(total=games, desc=_("self-play") if desc is None else desc,
                               unit=_("game"))

    def update(done: int, total: int) -> None:
        bar.update(done - bar.n)
        if done == total:
            bar.close()
    return update


def learning_curve(network: NTupleNetwork, game: ConnectFour, blocks: int,
                   games_per_block: int, positions: list[ChoicePosition],
                   opponents: dict[str, Chooser], match_games: int = 40, seed: int = 0,
                   alpha: float = 0.01, epsilon: float = 0.1, lam: float = 0.0,
                   progress: Callable[[int, int], None] | None = None) -> list[CurvePoint]:
    """Measure, then train `blocks` blocks of `games_per_block` games, measuring after
    each: blocks + 1 points. Training time only is counted in `seconds`."""
    seconds, total = 0.0, blocks * games_per_block
    curve = [measure(network, game, positions, opponents, match_games, seed, 0, 0.0)]
    for block in range(blocks):
        done = block * games_per_block

        def report(games: int, _total: int) -> None:
            if progress is not None:
                progress(done + games, total)

        seconds += train(network, game, games_per_block, seed + 1 + block, alpha, epsilon,
                         lam, report)
        curve.append(measure(network, game, positions, opponents, match_games, seed,
                             done + games_per_block, seconds))
    return curve
