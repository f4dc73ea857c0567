"""Check for lesson 09's exercise: `alignment(bits)`, four in a row on a bitboard by shifts.

The check asks the student's function about hand-made bitboards (each line in each
direction and place, three in a row, four that would "wrap" from the top of one column
into the next) and random ones, and compares each answer with the model solution's.
When answers differ, it replays the usual mistakes (each a small wrong `alignment`) and
names one only when it gives exactly the student's answers on every board; otherwise it
shows the first board it got wrong, drawn as the lesson draws bitboards.
"""

from __future__ import annotations

import random
from typing import Callable

from gamelib.exercises.exercise import Exercise
from gamelib.exercises.common import never_raises
from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, not_yet, plain)
from gamelib.exercises.solutions.alignment import alignment as reference
from gamelib.platform import N_, _
from gamelib.solver.position import H1, HEIGHT, WIDTH

EXERCISE = "alignment"
DIRECTIONS = {1: N_("four in a column (shift 1)"), 7: N_("four in a row (shift 7)"),
              6: N_("four in a diagonal going down to the right (shift 6)"),
              8: N_("four in a diagonal going up to the right (shift 8)")}


def bit(col: int, row: int) -> int:
    """The bit of the cell (column, row from the bottom)."""
    return 1 << (col * H1 + row)


def lines() -> list[tuple[int, int]]:
    """Every four-in-a-row on the board, as (bitboard, shift)."""
    found = []
    steps = {1: (0, 1), 7: (1, 0), 6: (1, -1), 8: (1, 1)}
    for shift, (dc, dr) in steps.items():
        for col in range(WIDTH):
            for row in range(HEIGHT):
                cells = [(col + i * dc, row + i * dr) for i in range(4)]
                if all(0 <= c < WIDTH and 0 <= r < HEIGHT for c, r in cells):
                    found.append((sum(bit(c, r) for c, r in cells), shift))
    return found


def hand_made() -> list[int]:
    """Boards chosen to catch each usual mistake: every line, each less one stone, and
    stones that line up only across the top of a column."""
    boards = []
    for line, _ in lines():
        boards.append(line)
        boards.append(line & (line - 1))           # three of the four
    for col in range(WIDTH - 1):                    # top two of one column + bottom two
        boards.append(bit(col, 4) | bit(col, 5) | bit(col + 1, 0) | bit(col + 1, 1))
    boards.append(bit(0, 5) | bit(1, 5) | bit(2, 5) | bit(4, 5))       # a gap in the row
    boards.append(bit(0, 0) | bit(2, 0) | bit(4, 0) | bit(6, 0))       # every other column
    boards.append(0)
    return boards


def random_boards(count: int, seed: int = 8) -> list[int]:
    """Random sets of stones on the 42 cells (density 20-50%)."""
    rng = random.Random(seed)
    cells = [bit(c, r) for c in range(WIDTH) for r in range(HEIGHT)]
    return [sum(b for b in cells if rng.random() < rng.uniform(0.2, 0.5)) for _ in range(count)]


def picture(bits: int) -> str:
    """The board, top row first, '#' for a stone."""
    return "\n".join(" ".join("#" if bits & bit(c, r) else "." for c in range(WIDTH))
                     for r in range(HEIGHT - 1, -1, -1))


def _with_shifts(shifts: tuple[int, ...]) -> Callable[[int], bool]:
    """The model solution with other shifts."""
    def wrong(bits: int) -> bool:
        return any(bits & (bits >> s) & (bits >> 2 * s) & (bits >> 3 * s) for s in shifts)
    return wrong


def _pairs_of_one(bits: int) -> bool:
    """pairs & (pairs >> shift) instead of >> 2*shift: three in a row pass."""
    return any((bits & (bits >> s)) & ((bits & (bits >> s)) >> s) for s in (1, 7, 6, 8))


def _no_sentinel(bits: int) -> bool:
    """Six bits per column (no empty top bit): shifts 1, 6, 5, 7 on the same bitboard."""
    return _with_shifts((1, 6, 5, 7))(bits)


MISTAKES: dict[str, tuple[str, Callable[[int], bool]]] = {
    "no diagonals": (N_("only rows and columns are tested: add the two diagonals, shifts 6 "
                        "and 8"), _with_shifts((1, 7))),
    "no rows": (N_("rows are never found: a row is a shift of 7 (one column)"),
                _with_shifts((1, 6, 8))),
    "no columns": (N_("columns are never found: a column is a shift of 1 (one cell up)"),
                   _with_shifts((7, 6, 8))),
    "one diagonal": (N_("only one diagonal is tested: shift 6 and shift 8 are the two "
                        "diagonals"), _with_shifts((1, 7, 8))),
    "three in a row": (N_("three in a row already counts: the second step must shift by "
                          "2 * shift, so that two pairs cover four cells"), _pairs_of_one),
    "no sentinel": (N_("the shifts assume 6 bits per column, but each column has 7 (the "
                       "empty bit on top): use 1, 7, 6 and 8"), _no_sentinel),
}


@never_raises("alignment")
def check_alignment(fn: Callable[[int], bool]) -> CheckResult:
    """Check a student's `alignment(bits) -> bool` against the model solution."""
    boards = hand_made() + random_boards(300)
    answers = []
    for bits in boards:
        try:
            answer = plain(call(fn, bits))
        except StudentError as error:
            result = crashed(EXERCISE, error)
            result.details = [_("on this board (alignment({bits})):").format(bits=bits),
                              picture(bits)]
            return result
        if answer is None:
            return not_yet(EXERCISE, "alignment(bits)")
        answers.append(bool(answer))
    expected = [reference(bits) for bits in boards]
    if answers == expected:
        return CheckResult(EXERCISE, PASSED, _(
            "right on all {count} boards: every line in every direction, three in a row, "
            "stones that line up only across the top of a column, and random "
            "boards.").format(count=len(boards)))
    wrong = [i for i, (a, e) in enumerate(zip(answers, expected)) if a != e]
    smallest = min(wrong, key=lambda i: (bin(boards[i]).count("1"), i))
    bits = boards[smallest]
    why = next((_(DIRECTIONS[s]) for line, s in lines() if bits & line == line),
               _("no four in a row"))
    example = _("wrong on {wrong} of {count} boards; the one with the fewest stones: "
                "alignment({bits}) should be {expected} ({why}), you said {answer}.").format(
                    wrong=len(wrong), count=len(boards), bits=bits,
                    expected=expected[smallest], why=why, answer=answers[smallest])
    for key, (hint, mistake) in MISTAKES.items():
        if [mistake(bits) for bits in boards] == answers:
            return CheckResult(EXERCISE, FAILED, example, hint=_(hint), diagnosis=key,
                               details=[picture(bits)])
    return CheckResult(EXERCISE, FAILED, example, hint=_(
        "try your function on this board by hand: print bits & (bits >> shift) for each "
        "shift, as the lesson does."),
                       diagnosis="other", details=[picture(bits)])


alignment_exercise = Exercise("alignment", "alignment", check_alignment, [
    N_("Take one direction first, rows: a row is a shift of 7 (one column to the left). "
       "`bits & (bits >> 7)` keeps each stone whose right-hand neighbour is a stone too."),
    N_("Call that `pairs`. Two pairs two columns apart make four: `pairs & (pairs >> 14)` "
       "is not zero exactly when a row holds four in a row. In general: pairs & (pairs >> "
       "2 * shift)."),
    N_("Do the same for the shifts 1 (a column), 6 and 8 (the two diagonals), and return "
       "True as soon as one of them finds four; return False after the loop."),
], "alignment.py")
