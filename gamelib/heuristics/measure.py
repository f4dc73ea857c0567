"""Rules of thumb measured against the exact solver: seeded samples of positions, the
ODD / EVEN / MIXED rule's hit rate, and how often a player keeps the solver's value."""

from __future__ import annotations

import random
from typing import Callable, NamedTuple

from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.heuristics.report import Verdict, odd_even_mixed, opponent_of, threat_map
from gamelib.heuristics.threats import winning_moves
from gamelib.solver import analyze, solve


def random_position(game: ConnectFour, plies: int, rng: random.Random) -> ConnectFourState | None:
    """The position after `plies` random moves, or None if the game ended before."""
    state = game.initial_state
    for _ in range(plies):
        if game.is_terminal(state):
            return None
        state = game.result(state, rng.choice(game.actions(state)))
    return None if game.is_terminal(state) else state


def random_positions(game: ConnectFour, count: int, seed: int,
                     plies: tuple[int, int] = (25, 35),
                     quiet: bool = False) -> list[ConnectFourState]:
    """`count` unfinished positions after a random number of random moves in `plies`
    (quiet=True: only positions where neither player can win with the next disc)."""
    rng, found = random.Random(seed), list[ConnectFourState]()
    while len(found) < count:
        state = random_position(game, rng.randint(*plies), rng)
        if state is not None and (is_quiet(state) or not quiet):
            found.append(state)
    return found


def is_quiet(state: ConnectFourState) -> bool:
    """True if neither player can win with the next disc (no tactics left to play out)."""
    return not winning_moves(state, "X") and not winning_moves(state, "O")


def solved_winner(state: ConnectFourState) -> str | None:
    """Who wins with perfect play ('X', 'O') or None for a draw, by the exact solver."""
    score = solve(state)
    if score == 0:
        return None
    return state.to_move if score > 0 else opponent_of(state.to_move)


class RuleCheck(NamedTuple):
    """One position: what the ODD / EVEN / MIXED rule says and what the solver says."""

    state: ConnectFourState
    verdict: Verdict
    truth: str | None

    @property
    def right(self) -> bool:
        """True when the rule names the solver's winner (or a draw, correctly)."""
        return self.verdict.winner == self.truth


def check_rule(states: list[ConnectFourState]) -> list[RuleCheck]:
    """The ODD / EVEN / MIXED verdict beside the solver's for each position."""
    return [RuleCheck(s, odd_even_mixed(s), solved_winner(s)) for s in states]


def share_right(checks: list[RuleCheck]) -> float:
    """The share of checks where the rule was right (0 for no checks)."""
    return sum(c.right for c in checks) / len(checks) if checks else 0.0


class ChoicePosition(NamedTuple):
    """A position where the move matters, with the solver's score of every move."""

    state: ConnectFourState
    scores: dict[int, int]

    def keeps_value(self, move: int) -> bool:
        """True if `move` keeps the position's value (a win stays a win, a draw a draw)."""
        return _sign(self.scores[move]) == _sign(max(self.scores.values()))


def _sign(score: int) -> int:
    """+1 win, 0 draw, -1 loss."""
    return (score > 0) - (score < 0)


def choice_positions(game: ConnectFour, count: int, seed: int,
                     plies: tuple[int, int] = (16, 22)) -> list[ChoicePosition]:
    """`count` random positions where some moves keep the solver's value and some don't."""
    rng, found = random.Random(seed), list[ChoicePosition]()
    while len(found) < count:
        state = random_position(game, rng.randint(*plies), rng)
        if state is None:
            continue
        scores = dict(analyze(state, weak=True))
        best = max(scores.values())
        if len({_sign(v) == _sign(best) for v in scores.values()}) == 2:
            found.append(ChoicePosition(state, scores))
    return found


def kept_share(game: ConnectFour, player: Callable[[ConnectFour, ConnectFourState], int],
               positions: list[ChoicePosition]) -> float:
    """The share of `positions` where `player`'s move keeps the solver's value."""
    return sum(p.keeps_value(player(game, p.state)) for p in positions) / len(positions)


PAIR_CLAIMS = {("odd", "even"): "X", ("even", "even"): "O",
               ("even", "odd"): None, ("odd", "odd"): "O"}
"""The report's pairwise cases: (X's threat, O's threat) -> the winner it states (None:
"a draw is possible")."""


def pairwise_case(state: ConnectFourState) -> tuple[str, str] | None:
    """(X's threat parity, O's) when each player has exactly one threat, in different
    columns, nobody can win at once and no threat is useless; else None."""
    found = threat_map(state)
    if found.useless or len(found.x) != 1 or len(found.o) != 1 or not is_quiet(state):
        return None
    x, o = found.x[0], found.o[0]
    return None if x.col == o.col else (x.parity, o.parity)


class PairCheck(NamedTuple):
    """One position of a pairwise case: the case, the report's claim, the solver's winner."""

    state: ConnectFourState
    case: tuple[str, str]
    truth: str | None

    @property
    def claim(self) -> str | None:
        """The winner the report states for this case (None: a draw)."""
        return PAIR_CLAIMS[self.case]

    @property
    def holds(self) -> bool:
        """True when the solver's outcome is the one the report states."""
        return self.truth == self.claim


def pairwise_checks(states: list[ConnectFourState]) -> list[PairCheck]:
    """Each position that is one of the four pairwise cases, solved exactly."""
    checks = []
    for state in states:
        case = pairwise_case(state)
        if case is not None:
            checks.append(PairCheck(state, case, solved_winner(state)))
    return checks
