"""A player that plays with a learned evaluation: alpha-beta with the network as eval_fn
(depth 1 plays the greedy move the network learned with), and explains its move like
every search player (each move's value, the line it expects) plus what the network saw:
the n-tuples that weighed most in the position its move leads to. And a playout policy
for MCTS that plays the network's moves instead of random ones."""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any

from gamelib.games.base import Game, State
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.learning.ntuple import SCALE, NTupleNetwork
from gamelib.learning.td import features
from gamelib.platform import _
from gamelib.search.mcts import PlayoutPolicy
from gamelib.search.players import AlphaBetaPlayer
from gamelib.search.result import MinimaxResult
from gamelib.search.scoring import is_win_score
from gamelib.search.trace import Trace


@dataclass(frozen=True)
class PatternWeight:
    """One n-tuple's part in a position's value: its cells as (row, col), row 0 at the
    top, and the sum of the two entries it reads (the position and its mirror image),
    from X's point of view (the network's value is tanh of all of them added up)."""

    cells: tuple[tuple[int, int], ...]
    weight: float


def pattern_weights(network: NTupleNetwork, state: ConnectFourState) -> list[PatternWeight]:
    """What each n-tuple of `network` adds to the value of `state`, heaviest first."""
    found = features(network, state)
    table = network.weights[found.side]
    weights = [PatternWeight(tuple(divmod(int(cell), network.cols) for cell in cells),
                             float(table[i][int(found.own[i])] + table[i][int(found.mirror[i])]))
               for i, cells in enumerate(network.tuples)]
    return sorted(weights, key=lambda pattern: -abs(pattern.weight))


def learned_value(score: float) -> float:
    """A search score on the network's scale, for the player to move: within [-1, 1], and
    exactly +1 or -1 for a win or loss the search found."""
    if is_win_score(score):
        return 1.0 if score > 0 else -1.0
    return score / SCALE


@dataclass(kw_only=True)
class LearnedResult(MinimaxResult):
    """An alpha-beta result with a learned evaluation: each root move's value on the
    network's scale (`learned_values`, bounds as in `move_bounds`), and what the network
    saw in the position the chosen move leads to (every n-tuple's weight, heaviest first)."""

    learned_values: dict[int, float]
    after: ConnectFourState
    patterns: list[PatternWeight]


class LearnedPlayer(AlphaBetaPlayer):
    """Alpha-beta to `depth` plies with `network.evaluate` at the leaves; proven wins
    and losses within the horizon still outrank any learned value."""

    def __init__(self, network: NTupleNetwork, depth: int = 1, **options: Any) -> None:
        super().__init__(depth=depth, eval_fn=network.evaluate, **options)
        self.network = network
        self.name = f"td:{self.depth}"

    def explain(self, game: Game, state: State, trace: Trace | None = None) -> LearnedResult:
        """The search's result, with the n-tuples' weights after the chosen move."""
        result = super().explain(game, state, trace)
        after = game.result(state, result.move)
        found = {field.name: getattr(result, field.name) for field in fields(MinimaxResult)}
        values = {move: learned_value(score) for move, score in result.move_values.items()}
        self.last_result = LearnedResult(**found, learned_values=values, after=after,
                                         patterns=pattern_weights(self.network, after))
        return self.last_result

    def check_game(self, game: Game) -> None:
        """Refuse, before any game starts, a game the network was not trained for."""
        net = self.network
        if not isinstance(game, ConnectFour) or (game.rows, game.cols, game.k) != \
                (net.rows, net.cols, net.k):
            raise ValueError(_("the learned evaluation plays ConnectFour(rows={rows}, "
                               "cols={cols}, k={k}) only, the board it was trained on (choose "
                               "another player, e.g. alphabeta or mcts)").format(
                rows=net.rows, cols=net.cols, k=net.k))


def learned_playout(network: NTupleNetwork, epsilon: float = 0.1) -> PlayoutPolicy:
    """A playout policy for MCTS: the network's greedy move, or a random one with
    probability `epsilon` (so playouts from one position still differ); random moves
    only in a game that is not Connect Four."""

    def policy(game: Game, state: ConnectFourState, rng: random.Random) -> int:
        if rng.random() < epsilon or not isinstance(game, ConnectFour):
            return rng.choice(game.actions(state))
        return network.greedy_move(game, state)

    return policy
