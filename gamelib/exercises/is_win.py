"""Check for lesson 01's exercise: `is_win(state, player)` on m,n,k boards.

The check asks the student's function about hand-made boards (every line in every
direction, near misses, marks that "wrap" round an edge) and random boards of several
sizes, and compares each answer with the model solution's. When answers differ, it
replays the usual mistakes (each a small wrong `is_win`) on the same boards and names a
mistake only when one gives exactly the student's answers on every board; otherwise it
shows the first board it got wrong and says what is on it.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from gamelib.exercises.common import never_raises
from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      not_yet, plain)
from gamelib.exercises.solutions.is_win import DIRECTIONS, is_win as reference
from gamelib.games.tictactoe import TicTacToeState
from gamelib.platform import N_, _

EXERCISE = "is_win"
DIRECTION_NAMES = {(0, 1): N_("across a row"), (1, 0): N_("down a column"),
                   (1, 1): N_("diagonal going down-right"),
                   (1, -1): N_("diagonal going down-left")}
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
    for rows, cols, k in ((3, 3, 3), (4, 5, 3), (6, 7, 4), (5, 4, 4)):
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
    for rows, cols, k in ((3, 3, 3), (4, 4, 3), (5, 4, 4), (4, 6, 4)):
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
        # k marks in one row, not next to each other
        spread = {(1, c): "X" for c in range(0, cols, 2)}
        spread.update({(1, c): "O" for c in range(1, cols, 2)})
        cases.append((board(rows, cols, k, spread), "X"))
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


# -- the usual mistakes, each as a wrong is_win ------------------------------------------


def _scan(state: Any, player: str, directions=DIRECTIONS, k: int | None = None,
          rows: int | None = None, cols: int | None = None,
          cell: Callable | None = None, mine: Callable | None = None) -> bool:
    """The model solution with one thing changed (the default is no change)."""
    rows = state.rows if rows is None else rows
    cols = state.cols if cols is None else cols
    k = state.k if k is None else k
    cell = cell or (lambda r, c: state.cell(r, c))
    mine = mine or (lambda mark: mark == player)
    for r in range(rows):
        for c in range(cols):
            for dr, dc in directions:
                end_r, end_c = r + (k - 1) * dr, c + (k - 1) * dc
                if not (0 <= end_r < rows and 0 <= end_c < cols):
                    continue
                if all(mine(cell(r + i * dr, c + i * dc)) for i in range(k)):
                    return True
    return False


def _modulo_width(state: Any, player: str) -> bool:
    """Columns taken modulo the width: lines wrap round the left and right edges."""
    rows, cols, k = state.rows, state.cols, state.k
    for r in range(rows):
        for c in range(cols):
            for dr, dc in DIRECTIONS:
                if not 0 <= r + (k - 1) * dr < rows:
                    continue
                if all(state.cell(r + i * dr, (c + i * dc) % cols) == player for i in range(k)):
                    return True
    return False


def _flat_string(state: Any, player: str) -> bool:
    """Lines read from the flat board string with strides 1, cols, cols + 1, cols - 1."""
    b, k, cols = state.board, state.k, state.cols
    return any(all(b[i + j * step] == player for j in range(k))
               for step in (1, cols, cols + 1, cols - 1)
               for i in range(len(b)) if i + (k - 1) * step < len(b))


def _not_adjacent(state: Any, player: str) -> bool:
    """At least k of the player's marks somewhere on one row, column or diagonal."""
    rows, cols, k = state.rows, state.cols, state.k
    for dr, dc in DIRECTIONS:
        starts = {(r, c) for r in range(rows) for c in range(cols)
                  if not (0 <= r - dr < rows and 0 <= c - dc < cols)}
        for r, c in starts:
            count = 0
            while 0 <= r < rows and 0 <= c < cols:
                count += state.cell(r, c) == player
                r, c = r + dr, c + dc
            if count >= k:
                return True
    return False


def _swapped_cells(state: Any, player: str) -> bool:
    """Loops over (row, col) as it should, but reads state.cell(col, row)."""
    return _scan(state, player, cell=lambda r, c: state.cell(c, r))


def _swapped_sizes(state: Any, player: str) -> bool:
    """Rows and columns swapped in the loops and the edge test."""
    return _scan(state, player, rows=state.cols, cols=state.rows)


def _no_false(state: Any, player: str) -> bool | None:
    """Returns True for a win and falls off the end (None) otherwise."""
    return True if reference(state, player) else None


def _edge(state: Any, player: str) -> bool:
    """Start loops that stop one short: range(rows - k) instead of range(rows - k + 1)."""
    rows, cols, k = state.rows, state.cols, state.k
    for r in range(rows):
        for c in range(cols):
            for dr, dc in DIRECTIONS:
                if (dr and r >= rows - k) or (dc == 1 and c >= cols - k) \
                        or (dc == -1 and c < k):
                    continue
                if all(0 <= r + i * dr < rows and 0 <= c + i * dc < cols
                       and state.cell(r + i * dr, c + i * dc) == player for i in range(k)):
                    return True
    return False


MODELS: dict[str, tuple[str, Callable]] = {
    "only 3x3": ("only 3x3", lambda s, p: min(s.rows, s.cols) >= 3
                 and _scan(s, p, k=3, rows=3, cols=3)),
    "k fixed at 3": ("k fixed at 3", lambda s, p: _scan(s, p, k=3)),
    "k - 1 marks": ("short line", lambda s, p: _scan(s, p, k=s.k - 1)),
    "reads cell(col, row)": ("rows and columns swapped", _swapped_cells),
    "loops rows over cols": ("rows and columns swapped", _swapped_sizes),
    "not adjacent": ("not adjacent", _not_adjacent),
    "columns modulo width": ("columns modulo width", _modulo_width),
    "flat string": ("wrap", _flat_string),
    "start loops one short": ("edge", _edge),
    "any mark": ("other player", lambda s, p: _scan(s, p, mine=lambda mark: mark != ".")),
    "any player's line": ("other player", lambda s, p: _scan(s, "X") or _scan(s, "O")),
    "reads state.winner": ("never", lambda s, p: s.winner == p),
    "no return False": ("returns None", _no_false),
}
for _d in DIRECTIONS:
    MODELS[f"no direction {_d}"] = ("direction", (lambda d: lambda s, p: _scan(
        s, p, directions=tuple(x for x in DIRECTIONS if x != d)))(_d))


HINTS = {
    "only 3x3": N_("your function only knows the 3x3 board (the eight Tic-Tac-Toe lines, or "
                   "range(3)): the check also asks about 4x4, 3x5, 6x7 boards with k = 3 or "
                   "4. Loop over range(state.rows) and range(state.cols), and use state.k."),
    "k fixed at 3": N_("you look for lines of 3 marks on every board: use state.k for the "
                       "length of a line (it is 4 on some boards)."),
    "short line": N_("you said 'win' with k - 1 marks in a line: check all k cells, "
                     "i in range(state.k), not range(state.k - 1)."),
    "rows and columns swapped": N_("rows and columns are swapped somewhere: state.cell(row, "
                                   "col) takes the row first; rows go with state.rows and "
                                   "columns with state.cols. Square boards hide this; the "
                                   "check's 3x5 and 6x7 boards show it."),
    "not adjacent": N_("you count the player's marks on a row, column or diagonal, but they "
                       "must be next to each other: k marks in a row with no gap. Count a run "
                       "that starts again at 0 at every cell that is not the player's, or "
                       "check the k cells that follow a start cell."),
    "columns modulo width": N_("your lines wrap round from the right edge to the left one "
                               "(a column taken modulo the width). A line must stay on the "
                               "board: check 0 <= col < state.cols for every cell instead."),
    "wrap": N_("you read lines from the flat board string, so a 'line' can run off one edge "
               "and go on at the start of the next row. Work with (row, col) and check that "
               "every cell of the line is on the board."),
    "edge": N_("you miss lines that start at the last possible row or column: a line of k "
               "may start at row rows - k or column cols - k, so a start loop is "
               "range(rows - k + 1), not range(rows - k)."),
    "other player": N_("you said a player wins when the line is the other player's: compare "
                       "each cell with `player`, not with 'any mark'."),
    "never": N_("your function never says True. `state.winner` is not set on these test "
                "boards (the game sets it as it is played): look at the marks with "
                "state.cell(row, col)."),
    "returns None": N_("your function returns None when there is no line: end it with "
                       "`return False` after the loops."),
}


def _model_hint(name: str) -> tuple[str, str]:
    """(diagnosis, hint) of a model."""
    diagnosis = MODELS[name][0]
    if diagnosis == "direction":
        dr, dc = (int(x) for x in name[len("no direction ("):-1].split(", "))
        d = (dr, dc)
        return diagnosis, _("you miss every line {direction}. There are four directions: "
                            "right (0, 1), down (1, 0), down-right (1, 1) and down-left "
                            "(1, -1).").format(direction=_(DIRECTION_NAMES[d]))
    return diagnosis, _(HINTS[diagnosis])


# -- the check ---------------------------------------------------------------------------


def answers_of(fn: Callable, cases: list) -> list[Any]:
    """What `fn` answers on each board: a bool, None, or the name of what it raised."""
    found = []
    for state, player in cases:
        try:
            answer = call(fn, state, player)
        except StudentError as error:
            found.append(("raised", str(error)))
            continue
        found.append(plain(answer))                          # numpy's bool is a bool
    return found


def _outcome(answer: Any) -> Any:
    """An answer in a form two functions can be compared on (errors by their kind)."""
    if isinstance(answer, tuple):
        return ("raised", answer[1].split(":")[0])
    return answer


def fits(model: Callable, cases: list, outcomes: list) -> bool:
    """True if the model answers exactly `outcomes` on every board (it stops at the first
    board where it does not, so most models are ruled out at once)."""
    for (state, player), outcome in zip(cases, outcomes):
        try:
            answer: Any = plain(model(state, player))
        except Exception as error:                         # a model reading off the board
            answer = ("raised", f"{type(error).__name__}: {error}")
        if _outcome(answer) != outcome:
            return False
    return True


@never_raises("is_win")
def check_is_win(is_win: Callable[[TicTacToeState, str], bool], random_count: int = 300
                 ) -> CheckResult:
    """Check `is_win(state, player)` against the model solution on many boards."""
    cases = hand_made() + random_boards(random_count)
    mine = answers_of(is_win, cases)
    if all(a is None for a in mine):
        return not_yet(EXERCISE, "is_win")
    odd = next((a for a in mine if not isinstance(a, (bool, tuple)) and a is not None), None)
    if odd is not None:
        return CheckResult(EXERCISE, FAILED, _("is_win returned {answer}; it should return "
                                               "True or False.").format(answer=repr(odd)),
                           hint=_("return a bool: True if the player has a line, else "
                                  "False."), diagnosis="type")
    expected = [reference(state, player) for state, player in cases]
    if mine == expected:
        return CheckResult(EXERCISE, PASSED, _("right on all {count} boards (sizes {sizes}).")
                           .format(count=len(cases),
                                   sizes=", ".join(f"{r}x{c} k={k}" for r, c, k in SIZES)))
    wrong = [i for i, (a, e) in enumerate(zip(mine, expected)) if a != e]
    summary = _("wrong on {wrong} of {count} boards.").format(wrong=len(wrong), count=len(cases))
    smallest = min(wrong, key=lambda i: (cases[i][0].rows * cases[i][0].cols,
                                         sum(m != "." for m in cases[i][0].board), i))
    details = _first_wrong(cases, mine, expected, smallest)
    mine_outcomes = [_outcome(a) for a in mine]
    named = {_model_hint(name) for name, (diagnosis, model) in MODELS.items()
             if fits(model, cases, mine_outcomes)}
    if len({diagnosis for diagnosis, hint in named}) == 1:
        diagnosis, hint = named.pop()
        return CheckResult(EXERCISE, FAILED, summary, hint=hint, diagnosis=diagnosis,
                           details=details)
    crash = next((a for a in mine if isinstance(a, tuple)), None)
    if crash is not None:
        i = mine.index(crash)
        return CheckResult(EXERCISE, FAILED,
                           _("your function raised {error}").format(error=crash[1]),
                           hint=_("read the error: which line, which value? Every cell you "
                                  "read must be on the board: 0 <= row < state.rows, "
                                  "0 <= col < state.cols."), diagnosis="crash",
                           details=_first_wrong(cases, mine, expected, i))
    return CheckResult(EXERCISE, FAILED, summary,
                       hint=_("look at the board below: find the line (or the lack of one) "
                              "with your eyes, then follow what your function does on it."),
                       diagnosis="first difference", details=details)


def _first_wrong(cases: list, mine: list, expected: list, i: int) -> list[str]:
    """The board of the i-th case, what is on it, and what the student answered."""
    state, player = cases[i]
    answer = mine[i]
    said = _("your function raised {error}").format(error=answer[1]) \
        if isinstance(answer, tuple) else _("you said {answer}").format(answer=repr(answer))
    lines = lines_of(state, player)
    if expected[i]:
        (r, c), d = lines[0]
        end = (r + (state.k - 1) * d[0], c + (state.k - 1) * d[1])
        what = _("{player} has {k} in a line {direction}, from (row {row}, col {col}) to "
                 "(row {end_row}, col {end_col})").format(
            player=player, k=state.k, direction=_(DIRECTION_NAMES[d]), row=r, col=c,
            end_row=end[0], end_col=end[1])
    else:
        what = _("{player} has no {k} marks in a line (the longest straight run of "
                 "{player}'s marks is {longest})").format(
            player=player, k=state.k, longest=longest_run(state, player))
    return [_("For example, on this {rows}x{cols} board with k={k} (the smallest board you "
              "got wrong), is_win(state, {player}) should be {expected}: {what}; {said}.")
            .format(rows=state.rows, cols=state.cols, k=state.k, player=repr(player),
                    expected=expected[i], what=what, said=said),
            str(state)]
