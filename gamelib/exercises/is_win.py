"""Check for lesson 01's exercise: `is_win(state, player)` on m,n,k boards.

The check compares the student's answers with the library's on hand-made boards (one
line in each direction, lines touching the edges, near misses, lines that "wrap" from
the end of one row to the start of the next) and on random boards of several sizes,
then explains the first kind of mistake it sees.
"""

from __future__ import annotations

import random
from typing import Callable

from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, not_yet)
from gamelib.exercises.solutions.is_win import DIRECTIONS, is_win as reference
from gamelib.games.tictactoe import TicTacToeState

EXERCISE = "is_win"
DIRECTION_NAMES = {(0, 1): "horizontal (along a row)", (1, 0): "vertical (down a column)",
                   (1, 1): "diagonal going down-right", (1, -1): "diagonal going down-left"}
ALL_CASES: list[tuple[TicTacToeState, str]] = []   # the boards of the latest check
SIZES = ((3, 3, 3), (4, 4, 3), (3, 5, 3), (4, 4, 4), (5, 4, 4), (6, 7, 4), (5, 5, 3))


def board(rows: int, cols: int, k: int, cells: dict[tuple[int, int], str]) -> TicTacToeState:
    """A board with the given marks (the `winner` field is left empty on purpose)."""
    marks = ["."] * (rows * cols)
    for (r, c), mark in cells.items():
        marks[r * cols + c] = mark
    return TicTacToeState("".join(marks), "X", None, rows, cols, k)


def lines_of(state: TicTacToeState, player: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every (start cell, direction) of a line of k of `player`'s marks."""
    found = []
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in DIRECTIONS:
                cells = [(r + i * dr, c + i * dc) for i in range(state.k)]
                if all(0 <= rr < state.rows and 0 <= cc < state.cols
                       and state.cell(rr, cc) == player for rr, cc in cells):
                    found.append(((r, c), (dr, dc)))
    return found


def wraps(state: TicTacToeState, player: str) -> bool:
    """True if k of `player`'s marks sit in a row of the flat board string, or along a
    flat stride of cols-1 / cols+1, crossing a row end (a line that isn't one)."""
    n, k = len(state.board), state.k
    for stride in (1, state.cols - 1, state.cols + 1):
        for start in range(n):
            idx = [start + i * stride for i in range(k)]
            if idx[-1] < n and stride > 0 and all(state.board[i] == player for i in idx):
                return True
    return False


def longest_run(state: TicTacToeState, player: str) -> int:
    """The longest straight run of `player`'s marks on the board."""
    best = 0
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in DIRECTIONS:
                length, rr, cc = 0, r, c
                while 0 <= rr < state.rows and 0 <= cc < state.cols and state.cell(rr, cc) == player:
                    length, rr, cc = length + 1, rr + dr, cc + dc
                best = max(best, length)
    return best


def hand_made() -> list[tuple[TicTacToeState, str]]:
    """Boards chosen to catch each usual mistake, with the player to ask about."""
    cases = []
    for rows, cols, k in ((3, 3, 3), (4, 5, 3), (6, 7, 4)):
        for dr, dc in DIRECTIONS:
            for r in range(rows):
                for c in range(cols):
                    cells = [(r + i * dr, c + i * dc) for i in range(k)]
                    if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                        cases.append((board(rows, cols, k, {cell: "X" for cell in cells}), "X"))
                        cases.append((board(rows, cols, k, {cell: "O" for cell in cells}), "O"))
                        cases.append((board(rows, cols, k, {cell: "O" for cell in cells}), "X"))
                        near = {cell: "X" for cell in cells[:-1]}
                        cases.append((board(rows, cols, k, near), "X"))
    for rows, cols, k in ((3, 3, 3), (4, 4, 3), (5, 4, 4)):
        # wrap-around: the end of one row and the start of the next
        marks = {(0, cols - 2): "X", (0, cols - 1): "X", (1, 0): "X"}
        if k == 4:
            marks[(1, 1)] = "X"
        cases.append((board(rows, cols, k, marks), "X"))
        # a diagonal that wraps from the right edge to the left edge
        marks = {(0, cols - 1): "X", (1, 0): "X", (2, 1): "X"}
        if k == 4:
            marks[(3, 2)] = "X"
        cases.append((board(rows, cols, k, marks), "X"))
    return cases


def random_boards(count: int, seed: int = 6) -> list[tuple[TicTacToeState, str]]:
    """Random fillings of several m,n,k boards (not necessarily reachable in play)."""
    rng = random.Random(seed)
    cases = []
    for i in range(count):
        rows, cols, k = SIZES[i % len(SIZES)]
        density = rng.uniform(0.2, 0.8)
        cells = {(r, c): rng.choice("XO") for r in range(rows) for c in range(cols)
                 if rng.random() < density}
        cases.append((board(rows, cols, k, cells), rng.choice("XO")))
    return cases


def diagnose(misses: list[tuple[TicTacToeState, str]],
             extras: list[tuple[TicTacToeState, str]]) -> tuple[str, str]:
    """(diagnosis, hint) for the boards answered False that should be True (`misses`)
    and True that should be False (`extras`)."""
    if extras:
        reasons = [_false_win_reasons(state, player) for state, player in extras]
        for reason in ("wrap", "k", "other player"):
            if all(reason in found for found in reasons):
                return reason, FALSE_WIN_HINTS[reason]
        for reason in ("wrap", "k", "other player"):
            if any(reason in found for found in reasons):
                return reason, FALSE_WIN_HINTS[reason]
        return "false win", "you said 'win' on a board with no line: print it and look."
    if misses and all((s.rows, s.cols) != (3, 3) and all(
            any(r >= 3 or c >= 3 for r, c in _cells(s, start, d)) for start, d in lines_of(s, p))
            for s, p in misses):
        return "size", ("you miss lines outside the top-left 3x3 corner: loop over "
                        "range(state.rows) and range(state.cols), not range(3).")
    only = [d for d in DIRECTIONS
            if all(any(dd == d for _, dd in lines_of(s, p)) for s, p in misses)]
    if only:
        name = DIRECTION_NAMES[only[0]]
        return "direction", (f"you miss lines that are {name}. There are four directions: "
                             "right (0, 1), down (1, 0), down-right (1, 1) and down-left (1, -1).")
    positives = sum(1 for state, player in ALL_CASES if reference(state, player))
    if len(misses) == positives:
        return "never", ("your function never says True. Note that `state.winner` is not set "
                         "on these test boards: look at the marks with state.cell(row, col).")
    edge = all(any(_late_start(state, start) for start, d in lines_of(state, player))
               for state, player in misses)
    if edge:
        return "edge", ("you miss lines that start near the bottom or right edge: a line of k "
                        "may start at row rows - k or column cols - k, so a start loop is "
                        "range(rows - k + 1), not range(rows - k). Or loop over every cell "
                        "and check that the line stays on the board.")
    return "missed", "you said 'no win' on a board with a line: print it and look."


FALSE_WIN_HINTS = {
    "wrap": ("you counted a 'line' that runs off one edge and continues on the next row. "
             "Work with (row, col) and check that every cell of the line is on the board "
             "(0 <= row < rows, 0 <= col < cols)."),
    "k": ("you said 'win' with fewer than k marks in a row: use state.k for the length of "
          "a line (k is 4 on some boards), and check all k cells."),
    "other player": ("you said a player wins when only the other player has a line: compare "
                     "each cell with `player`, not with 'any mark'."),
}


def _false_win_reasons(state: TicTacToeState, player: str) -> set[str]:
    """The usual mistakes that would make `is_win(state, player)` wrongly True."""
    other = "O" if player == "X" else "X"
    found = set()
    if wraps(state, player):
        found.add("wrap")
    if 3 <= longest_run(state, player) < state.k or longest_run(state, player) == state.k - 1:
        found.add("k")
    if lines_of(state, other):
        found.add("other player")
    return found


def _cells(state: TicTacToeState, start: tuple[int, int], d: tuple[int, int]
           ) -> list[tuple[int, int]]:
    """The k cells of the line from `start` in direction `d`."""
    return [(start[0] + i * d[0], start[1] + i * d[1]) for i in range(state.k)]


def _late_start(state: TicTacToeState, start: tuple[int, int]) -> bool:
    """True if a line starts at row rows - k or below, or at column cols - k or right of it."""
    return start[0] >= state.rows - state.k or start[1] >= state.cols - state.k


def check_is_win(is_win: Callable[[TicTacToeState, str], bool], random_count: int = 300
                 ) -> CheckResult:
    """Check `is_win(state, player)` against the library on hand-made and random boards."""
    cases = hand_made() + random_boards(random_count)
    ALL_CASES[:] = cases
    misses: list[tuple[TicTacToeState, str]] = []
    extras: list[tuple[TicTacToeState, str]] = []
    for state, player in cases:
        try:
            answer = call(is_win, state, player)
        except StudentError as error:
            return crashed(EXERCISE, error)
        if answer is None:
            return not_yet(EXERCISE, "is_win")
        if not isinstance(answer, bool):
            return CheckResult(EXERCISE, FAILED, f"is_win returned {answer!r}; it should "
                               "return True or False.", hint="return a bool: True if the "
                               "player has a line, else False.", diagnosis="type")
        expected = reference(state, player)
        if answer != expected:
            (misses if expected else extras).append((state, player))
    if not misses and not extras:
        return CheckResult(EXERCISE, PASSED, f"right on all {len(cases)} boards "
                           f"(sizes {', '.join(f'{r}x{c} k={k}' for r, c, k in SIZES)}).")
    diagnosis, hint = diagnose(misses, extras)
    example_state, example_player = (extras or misses)[0]
    said = bool(extras)
    details = [f"For example, is_win(state, {example_player!r}) should be {not said}, "
               f"you said {said}, on this {example_state.rows}x{example_state.cols} "
               f"board with k={example_state.k}:", str(example_state)]
    return CheckResult(EXERCISE, FAILED, f"wrong on {len(misses) + len(extras)} of "
                       f"{len(cases)} boards ({len(misses)} lines missed, {len(extras)} "
                       "wins that aren't).", hint=hint, diagnosis=diagnosis, details=details)
