"""Rules of thumb measured against the exact solver: seeded samples of positions, the
ODD / EVEN / MIXED rule's hit rate, and how often a player keeps the solver's value."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Callable, NamedTuple

from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.heuristics.report import Verdict, odd_even_mixed, opponent_of, threat_map
from gamelib.heuristics.threats import winning_moves
from gamelib.solver import analyze, solve


def random_position(game: ConnectFour, plies: int, rng: random.Random) -> ConnectFourState | None:
    """The position after `plies` random moves, or None if the game ended before."""
    moves = random_moves(game, plies, rng)
    return None if moves is None else game.play(moves)


def random_moves(game: ConnectFour, plies: int, rng: random.Random) -> list[int] | None:
    """`plies` random moves from the empty board, or None if the game ended before (or
    with) the last one."""
    state, moves = game.initial_state, list[int]()
    for _ in range(plies):
        if game.is_terminal(state):
            return None
        moves.append(rng.choice(game.actions(state)))
        state = game.result(state, moves[-1])
    return None if game.is_terminal(state) else moves


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
    """`count` random positions where some moves keep the solver's value and some don't,
    drawn with `seed` (lesson 06's sample is read already solved: STORED_CHOICES)."""
    stored = stored_choices(game, seed, plies)
    if count <= len(stored):
        return [ChoicePosition(game.play(moves), scores) for moves, scores in stored[:count]]
    return [ChoicePosition(game.play(moves), scores)
            for moves, scores in solve_choices(game, count, seed, plies)]


def solve_choices(game: ConnectFour, count: int, seed: int,
                  plies: tuple[int, int]) -> list[tuple[list[int], dict[int, int]]]:
    """(moves, the solver's weak score of every column) of the first `count` random
    positions drawn with `seed` where some moves keep the value and some don't."""
    rng, found = random.Random(seed), list[tuple[list[int], dict[int, int]]]()
    while len(found) < count:
        moves = random_moves(game, rng.randint(*plies), rng)
        if moves is None:
            continue
        scores = dict(analyze(game.play(moves), weak=True))
        best = max(scores.values())
        if len({_sign(v) == _sign(best) for v in scores.values()}) == 2:
            found.append((moves, scores))
    return found


class StoredSample(NamedTuple):
    """A sample of choice positions stored solved: the file in gamelib/data/, and what
    drew it."""

    file: str
    seed: int
    plies: tuple[int, int]
    size: int


STORED_CHOICES = StoredSample("choice_positions.json", seed=8, plies=(16, 22), size=200)
"""Lesson 06's sample of positions where the move matters, solved once and stored in
gamelib/data/ (in the browser, where the solver runs in plain Python, solving them again
would take minutes); tests/test_heuristics_report.py solves them again and compares."""


def stored_choices(game: ConnectFour, seed: int,
                   plies: tuple[int, int]) -> list[tuple[list[int], dict[int, int]]]:
    """The stored sample if it is the one asked for (the standard game, the same seed and
    plies), else none."""
    if game != ConnectFour() or seed != STORED_CHOICES.seed or tuple(plies) != STORED_CHOICES.plies:
        return []
    text = (resources.files("gamelib") / "data" / STORED_CHOICES.file).read_text("ascii")
    return [([int(c) for c in moves], {int(col): s for col, s in scores.items()})
            for moves, scores in json.loads(text)["positions"]]


def write_stored_choices() -> None:
    """Solve lesson 06's sample again and store it (python -m gamelib.heuristics.measure)."""
    game = ConnectFour()
    solved = solve_choices(game, STORED_CHOICES.size, STORED_CHOICES.seed, STORED_CHOICES.plies)
    lines = [json.dumps(["".join(map(str, moves)), scores]) for moves, scores in solved]
    text = ('{"positions": [\n' + ",\n".join(lines) + "\n]}\n")
    (Path(__file__).parent.parent / "data" / STORED_CHOICES.file).write_text(text, "ascii")


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


if __name__ == "__main__":
    write_stored_choices()
