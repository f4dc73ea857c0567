"""Evaluation functions for Connect Four: a score for a position where the search stops.

Every function here has the signature `eval_fn(state, player) -> float`, higher = better
for `player`, so any of them can be passed to `minimax(..., eval_fn=...)` or
`alphabeta(..., eval_fn=...)`.

- `window_eval`: the window count of Kopec's book (Classic Computer Science Problems in Python, ch. 8; a window is any k cells in a line): a window
  holding only your discs scores 1 for k-2 of them, 100 for k-1, a win for k; the
  opponent's windows count against you. Same numbers as `ConnectFour.evaluate`.
- `centre_eval`: discs near the centre take part in more windows.
- `threat_eval`: useful threats, with threats on your good rows (X odd, O even) worth more.
- `combined_eval`: this course's own mix: windows + centre + parity threats.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from gamelib.games.connect4 import WIN_SCORE, ConnectFourState
from gamelib.heuristics.parity import good_parity, useful_threats
from gamelib.heuristics.threats import discs, windows
from gamelib.platform import N_, _


def window_eval(state: ConnectFourState, player: str) -> float:
    """Kopec's window count for `player` (k-2 of mine: 1, k-1: 100, k: a win)."""
    mine, theirs = discs(state, player)
    k = state.k
    points = {0: WIN_SCORE, 1: 100, 2: 1}
    score = 0
    for window in windows(state.rows, state.cols, state.k):
        a, b = mine & window, theirs & window
        if a and not b:
            score += points.get(k - a.bit_count(), 0)
        elif b and not a:
            score -= points.get(k - b.bit_count(), 0)
    return score


def cell_weights(rows: int, cols: int, k: int) -> list[list[int]]:
    """How many windows pass through each cell (row 0 at the top): the centre is worth most."""
    height = rows + 1
    weights = [[0] * cols for _ in range(rows)]
    for window in windows(rows, cols, k):
        for index in range(window.bit_length()):
            if window >> index & 1:
                col, row = divmod(index, height)
                weights[rows - 1 - row][col] += 1
    return weights


def centre_eval(state: ConnectFourState, player: str) -> float:
    """Sum of cell weights (windows through the cell) of my discs minus the opponent's."""
    mine, theirs = discs(state, player)
    return sum(weight * ((mine & cells).bit_count() - (theirs & cells).bit_count())
               for weight, cells in weight_masks(state.rows, state.cols, state.k))


@lru_cache(maxsize=None)
def weight_masks(rows: int, cols: int, k: int) -> tuple[tuple[int, int], ...]:
    """(weight, bitboard of the cells with that weight) for each weight in `cell_weights`:
    `centre_eval` counts discs per weight with two bit counts instead of a loop over cells."""
    weights = cell_weights(rows, cols, k)
    masks: dict[int, int] = {}
    for r in range(rows):
        for c in range(cols):
            bit = 1 << (c * (rows + 1) + rows - 1 - r)
            masks[weights[r][c]] = masks.get(weights[r][c], 0) | bit
    return tuple(sorted(masks.items()))


def threat_eval(state: ConnectFourState, player: str) -> float:
    """Useful threats: 1 each, 3 if on `player`'s good rows; the opponent's count against."""
    opponent = "O" if player == "X" else "X"

    def worth(who: str) -> int:
        """`who`'s useful threats, weighted by row parity."""
        return sum(3 if t.parity == good_parity(who) else 1 for t in useful_threats(state, who))

    return worth(player) - worth(opponent)


class Weights(NamedTuple):
    """How much each part counts in `combined_eval`."""

    windows: float = 1.0
    centre: float = 2.0
    threats: float = 40.0


class Parts(dict[str, float]):
    """An evaluation's parts by name: the names are data (English keys), shown by print or
    repr in the language gamelib speaks, the same as a plain dict's repr in English."""

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{_(name)!r}: {value!r}" for name, value in self.items()) + "}"


def eval_parts(state: ConnectFourState, player: str,
               weights: Weights = Weights()) -> dict[str, float]:
    """Each weighted part of `combined_eval` for `player`, by name (for "why" tables)."""
    return Parts({N_("windows"): weights.windows * window_eval(state, player),
                  N_("centre"): weights.centre * centre_eval(state, player),
                  N_("threats"): weights.threats * threat_eval(state, player)})


def combined_eval(state: ConnectFourState, player: str, weights: Weights = Weights()) -> float:
    """This course's own mix of heuristics: windows + centre + parity threats."""
    return sum(eval_parts(state, player, weights).values())
