"""A player that plays with a learned evaluation: alpha-beta with the network as eval_fn
(depth 1 plays the greedy move the network learned with), and explains its move like
every search player (each move's value, the line it expects)."""

from __future__ import annotations

from typing import Any

from gamelib.learning.ntuple import NTupleNetwork
from gamelib.search.players import AlphaBetaPlayer


class LearnedPlayer(AlphaBetaPlayer):
    """Alpha-beta to `depth` plies with `network.evaluate` at the leaves; proven wins
    and losses within the horizon still outrank any learned value."""

    def __init__(self, network: NTupleNetwork, depth: int = 1, **options: Any) -> None:
        super().__init__(depth=depth, eval_fn=network.evaluate, **options)
        self.network = network
        self.name = f"td:{self.depth}"
