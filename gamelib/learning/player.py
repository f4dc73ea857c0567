"""A player that plays with a learned evaluation: alpha-beta with the network as eval_fn
(depth 1 plays the greedy move the network learned with), and explains its move like
every search player (each move's value, the line it expects). And a playout policy for
MCTS that plays the network's moves instead of random ones."""

from __future__ import annotations

import random
from typing import Any

from gamelib.games.base import Game
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.learning.ntuple import NTupleNetwork
from gamelib.search.mcts import PlayoutPolicy
from gamelib.search.players import AlphaBetaPlayer


class LearnedPlayer(AlphaBetaPlayer):
    """Alpha-beta to `depth` plies with `network.evaluate` at the leaves; proven wins
    and losses within the horizon still outrank any learned value."""

    def __init__(self, network: NTupleNetwork, depth: int = 1, **options: Any) -> None:
        super().__init__(depth=depth, eval_fn=network.evaluate, **options)
        self.network = network
        self.name = f"td:{self.depth}"

    def check_game(self, game: Game) -> None:
        """Refuse, before any game starts, a game the network was not trained for."""
        net = self.network
        if not isinstance(game, ConnectFour) or (game.rows, game.cols, game.k) != \
                (net.rows, net.cols, net.k):
            raise ValueError(f"the learned evaluation plays ConnectFour(rows={net.rows}, "
                             f"cols={net.cols}, k={net.k}) only, the board it was trained on (choose another player, e.g. alphabeta or mcts)")


def learned_playout(network: NTupleNetwork, epsilon: float = 0.1) -> PlayoutPolicy:
    """A playout policy for MCTS: the network's greedy move, or a random one with
    probability `epsilon` (so playouts from one position still differ); random moves
    only in a game that is not Connect Four."""

    def policy(game: Game, state: ConnectFourState, rng: random.Random) -> int:
        if rng.random() < epsilon or not isinstance(game, ConnectFour):
            return rng.choice(game.actions(state))
        return network.greedy_move(game, state)

    return policy
