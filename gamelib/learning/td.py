"""Temporal difference learning from self-play: the network plays itself and nudges the
value of each position it met towards the value of the position that followed.

One game of TD(0), with V the network's value from X's point of view:

    s = the empty board
    until the game is over:
        with probability epsilon play a random move (explore),
        else the greedy move: the one whose position after it is worth most to the mover
        s' = the position after the move
        target = the result for X (+1 / 0 / -1) if s' ends the game, else V(s')
        if the move was greedy:                      (a random move teaches nothing
            delta = target - V(s)                     about how good s was)
            for each table entry w that V(s) read:   (two per tuple: it and its mirror)
                w <- w + alpha * delta * (1 - V(s)**2)
        s = s'

(1 - V(s)**2) is the derivative of tanh: the gradient of V(s) with respect to each entry
it read. TD(lambda) also updates the positions before s, each by lambda**(steps back) as
much, through an eligibility trace e (one number per table entry):

        e <- lambda * e + (1 - V(s)**2) * [the entries V(s) read]
        w <- w + alpha * delta * e

and starts the trace afresh after a random move. lambda = 0 is TD(0).
"""

from __future__ import annotations

import random
from typing import NamedTuple, Sequence

from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.learning.ntuple import NTupleNetwork


class Features(NamedTuple):
    """The table entries one position reads: its side's tables, and per tuple the index
    in the position and in its mirror image."""

    side: int
    own: Sequence[int]
    mirror: Sequence[int]


def features(network: NTupleNetwork, state: ConnectFourState) -> Features:
    """Which table entries `network` reads to value `state`."""
    index, mirror = network.indices(network.encode(state))
    return Features(network.side(state) % network.sides, index, mirror)


def value_of(network: NTupleNetwork, found: Features) -> float:
    """V of the position whose entries are `found`: tanh of the sum of those entries."""
    return network.value_of_entries(*found)


def add_to_entries(network: NTupleNetwork, found: Features, amount: float) -> None:
    """Add `amount` to every entry `found` names (twice to an entry read twice: a tuple
    that is its own mirror image)."""
    network.add_to_entries(*found, amount)


def result_for_x(state: ConnectFourState) -> float:
    """The result of a finished game for X: +1 win, 0 draw, -1 loss."""
    return 0.0 if state.winner is None else 1.0 if state.winner == "X" else -1.0


def td_target(network: NTupleNetwork, game: ConnectFour, after: ConnectFourState) -> float:
    """What V(s) should have been: the result if the game is over, else V(s')."""
    return result_for_x(after) if game.is_terminal(after) else network.value(after)


def td0_update(network: NTupleNetwork, state: ConnectFourState, target: float,
               alpha: float) -> float:
    """One TD(0) step: every entry V(state) read moves by alpha * delta * (1 - V**2),
    delta = target - V(state). Returns delta."""
    found = features(network, state)
    value = value_of(network, found)
    delta = target - value
    add_to_entries(network, found, alpha * delta * (1 - value * value))
    return delta


def choose_move(network: NTupleNetwork, game: ConnectFour, state: ConnectFourState,
                epsilon: float, rng: random.Random) -> tuple[int, bool]:
    """epsilon-greedy: (a random move, True) with probability epsilon, else (the greedy
    move, False)."""
    if rng.random() < epsilon:
        return rng.choice(game.actions(state)), True
    return network.greedy_move(game, state), False


def self_play_td0(network: NTupleNetwork, game: ConnectFour, rng: random.Random,
                  alpha: float = 0.01, epsilon: float = 0.1) -> ConnectFourState:
    """Play one game of the network against itself, learning by TD(0); the last state."""
    state = game.initial_state
    while not game.is_terminal(state):
        move, explored = choose_move(network, game, state, epsilon, rng)
        after = game.result(state, move)
        if not explored:
            td0_update(network, state, td_target(network, game, after), alpha)
        state = after
    return state


class Trace:
    """Eligibility traces: how much each table entry is to blame for the current error,
    decaying by lambda per move (only entries that were read have one)."""

    def __init__(self, lam: float) -> None:
        self.lam = lam
        self.entries: dict[tuple[int, int, int], float] = {}

    def decay_and_add(self, found: Features, gradient: float) -> None:
        """e <- lambda * e + gradient for each entry `found` names (the rest decay only)."""
        for key in list(self.entries):
            self.entries[key] *= self.lam
            if abs(self.entries[key]) < 1e-6:
                del self.entries[key]
        for column in (found.own, found.mirror):
            for tuple_number, entry in enumerate(column):
                key = (found.side, tuple_number, int(entry))
                self.entries[key] = self.entries.get(key, 0.0) + gradient

    def apply(self, network: NTupleNetwork, step: float) -> None:
        """w <- w + step * e for every entry with a trace (step = alpha * delta)."""
        for (side, tuple_number, entry), trace in self.entries.items():
            network.add_to_entry(side, tuple_number, entry, step * trace)

    def clear(self) -> None:
        """Forget every trace (after a random move)."""
        self.entries.clear()


def self_play_td_lambda(network: NTupleNetwork, game: ConnectFour, rng: random.Random,
                        alpha: float = 0.01, epsilon: float = 0.1,
                        lam: float = 0.5) -> ConnectFourState:
    """Play one game of the network against itself, learning by TD(lambda); the last
    state. lam=0 makes the same updates as `self_play_td0`."""
    trace, state = Trace(lam), game.initial_state
    while not game.is_terminal(state):
        move, explored = choose_move(network, game, state, epsilon, rng)
        after = game.result(state, move)
        if explored:
            trace.clear()
        else:
            found = features(network, state)
            value = value_of(network, found)
            trace.decay_and_add(found, 1 - value * value)
            trace.apply(network, alpha * (td_target(network, game, after) - value))
        state = after
    return state
