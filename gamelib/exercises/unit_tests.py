"""Exercise (Kopec, *Classic Computer Science Problems in Python*, ch. 8): write unit
tests for the games and for a minimax player, then see which planted bugs they catch.

Write plain test functions whose parameters name what they test (like pytest fixtures):

    def test_tictactoe_first_moves(tictactoe):          # a TicTacToe() to test
        assert len(tictactoe.actions(tictactoe.initial_state)) == 9

    def test_player_takes_a_win(player, connect4):      # player(game, state) -> move
        state = connect4.play("0101010"[:-1])           # X to move, three in column 0
        assert player(connect4, state) == 0

The fixtures: `tictactoe` (a TicTacToe()), `connect4` (a ConnectFour()) and `player` (a
depth-4 minimax player, a callable (game, state) -> move). unittest.TestCase classes
work too: their methods find the same three as attributes (self.tictactoe, ...).

`check()` runs every test in the notebook against the correct games and player (all
must pass), then against versions with one planted bug each, and reports which bugs
some test catches (fails on) and which none does. `hint()` gives one more hint per call,
`solution()` shows a model set of tests.
"""

from __future__ import annotations

import inspect
import unittest
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Callable

from gamelib.exercises.common import FAILED, NOT_YET, PASSED, CheckResult
from gamelib.exercises.exercise import Note, next_hint
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.games.tictactoe import DIRECTIONS, TicTacToe, TicTacToeState
from gamelib.platform import N_, _, ngettext
from gamelib.search.alphabeta import alphabeta

EXERCISE = N_("unit tests for the games and the player")
FIXTURES = ("tictactoe", "connect4", "player")
PLAYER_DEPTH = 4


# ---- the correct player, and the planted bugs ------------------------------------------

def search_player(depth: int, pick: Callable[[dict], Any] | None = None) -> Callable:
    """A minimax player (alpha-beta gives the same values) looking `depth` plies ahead;
    `pick(move_values)` chooses the move (default: the highest value, first on ties)."""
    def player(game: Any, state: Any) -> Any:
        """The move for the player to move in `state`."""
        evaluate = getattr(game, "evaluate", None) or (lambda s, p: 0)
        result = alphabeta(game, state, depth=depth, eval_fn=evaluate, all_values=True)
        if pick is None:
            return result.move
        return pick(result.move_values)
    return player


def lowest_value(values: dict) -> Any:
    """The move with the lowest value (a player that plays for its opponent)."""
    return min(values, key=values.__getitem__)


def first_move(values: dict) -> Any:
    """The first legal move, whatever its value."""
    return next(iter(values))


def winner_without(state: Any, mark: str, skip: tuple[int, int]) -> bool:
    """True if `mark` has k in a row on a grid state in a direction other than `skip`
    ((row step, col step); the anti-diagonal is (1, -1))."""
    rows, cols, k = state.rows, state.cols, state.k
    cell = state.cell
    for r in range(rows):
        for c in range(cols):
            for dr, dc in DIRECTIONS:
                if (dr, dc) == skip:
                    continue
                end_r, end_c = r + (k - 1) * dr, c + (k - 1) * dc
                if 0 <= end_r < rows and 0 <= end_c < cols and all(
                        cell(r + i * dr, c + i * dc) == mark for i in range(k)):
                    return True
    return False


class TicTacToeTakenCells(TicTacToe):
    """Bug: actions lists the taken cells too."""

    def actions(self, state: TicTacToeState) -> list:
        if state.winner is not None:
            return []
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]


class TicTacToeLastColumn(TicTacToe):
    """Bug (off by one): actions never offers the last column."""

    def actions(self, state: TicTacToeState) -> list:
        return [(r, c) for r, c in super().actions(state) if c < self.cols - 1]


class TicTacToeNoAntiDiagonal(TicTacToe):
    """Bug: a line along the anti-diagonal (top right to bottom left) is not a win."""

    def result(self, state: TicTacToeState, move: Any) -> TicTacToeState:
        child = super().result(state, move)
        if child.winner and not winner_without(child, child.winner, (1, -1)):
            return child._replace(winner=None)
        return child


class TicTacToeNoDraw(TicTacToe):
    """Bug: a full board without a winner is not terminal (the draw is not detected)."""

    def is_terminal(self, state: TicTacToeState) -> bool:
        return state.winner is not None


class TicTacToeFlippedUtility(TicTacToe):
    """Bug: utility has its sign flipped (a win scores -1)."""

    def utility(self, state: TicTacToeState, player: str) -> float:
        return -super().utility(state, player)


class ConnectFourLastColumn(ConnectFour):
    """Bug (off by one): actions never offers the last column."""

    def actions(self, state: ConnectFourState) -> list:
        return [c for c in super().actions(state) if c < self.cols - 1]


class ConnectFourFullColumns(ConnectFour):
    """Bug: actions still offers full columns."""

    def actions(self, state: ConnectFourState) -> list:
        return [] if state.winner is not None else list(range(self.cols))


class ConnectFourNoDiagonal(ConnectFour):
    """Bug: a diagonal rising to the left (bottom right to top left) is not a win."""

    def result(self, state: ConnectFourState, move: Any) -> ConnectFourState:
        child = super().result(state, move)
        # in state.cell, row 0 is the top: a line rising to the left runs down-right (1, 1)
        if child.winner and not winner_without(child, child.winner, (1, 1)):
            return child._replace(winner=None)
        return child


class ConnectFourNoDraw(ConnectFour):
    """Bug: a full board without a winner is not terminal (the draw is not detected)."""

    def is_terminal(self, state: ConnectFourState) -> bool:
        return state.winner is not None


class ConnectFourFlippedUtility(ConnectFour):
    """Bug: utility has its sign flipped (a win scores -1)."""

    def utility(self, state: ConnectFourState, player: str) -> float:
        return -super().utility(state, player)


@dataclass(frozen=True)
class Bug:
    """A planted bug: which fixture it replaces, its name, and the faulty version."""

    fixture: str
    name: str
    make: Callable[[], Any]


def correct_fixtures() -> dict[str, Any]:
    """The correct games and player."""
    return {"tictactoe": TicTacToe(), "connect4": ConnectFour(),
            "player": search_player(PLAYER_DEPTH)}


BUGS = (
    Bug("tictactoe", N_("actions lists taken cells"), TicTacToeTakenCells),
    Bug("tictactoe", N_("actions misses the last column (off by one)"), TicTacToeLastColumn),
    Bug("tictactoe", N_("anti-diagonal line not detected"), TicTacToeNoAntiDiagonal),
    Bug("tictactoe", N_("draw not detected (full board not terminal)"), TicTacToeNoDraw),
    Bug("tictactoe", N_("utility sign flipped"), TicTacToeFlippedUtility),
    Bug("connect4", N_("actions misses the last column (off by one)"), ConnectFourLastColumn),
    Bug("connect4", N_("actions offers full columns"), ConnectFourFullColumns),
    Bug("connect4", N_("one diagonal direction not detected"), ConnectFourNoDiagonal),
    Bug("connect4", N_("draw not detected (full board not terminal)"), ConnectFourNoDraw),
    Bug("connect4", N_("utility sign flipped"), ConnectFourFlippedUtility),
    Bug("player", N_("ignores depth: looks one move ahead only"), lambda: search_player(1)),
    Bug("player", N_("ignores depth: looks two moves ahead only"), lambda: search_player(2)),
    Bug("player", N_("plays for the opponent (takes the lowest value)"),
        lambda: search_player(PLAYER_DEPTH, lowest_value)),
    Bug("player", N_("plays the first legal move"), lambda: search_player(1, first_move)),
)
"""Every planted bug, by the fixture it replaces."""


# ---- finding and running the student's tests -------------------------------------------

@dataclass
class StudentTest:
    """One test: a name and how to run it with a set of fixtures (None = passed)."""

    name: str
    uses: tuple[str, ...]
    run: Callable[[dict[str, Any]], str | None]


def function_test(name: str, fn: Callable) -> StudentTest:
    """A plain test function, given the fixtures its parameters name."""
    params = tuple(inspect.signature(fn).parameters)

    def run(fixtures: dict[str, Any]) -> str | None:
        """Run the test; None if it passed, else what went wrong in one line."""
        try:
            fn(*(fixtures[p] for p in params))
        except AssertionError as error:
            said = str(error).splitlines()[0] if str(error) else ""
            return _("assertion failed") + (f": {said}" if said else "")
        except Exception as error:       # a test may fail by raising anything
            return f"{type(error).__name__}: {error}"
        return None
    return StudentTest(name, params, run)


def case_tests(name: str, cls: type[unittest.TestCase]) -> list[StudentTest]:
    """Each test method of a TestCase class, with the fixtures as attributes."""
    found = []
    for method in unittest.TestLoader().getTestCaseNames(cls):
        def run(fixtures: dict[str, Any], method: str = method) -> str | None:
            """Run one test method; None if it passed, else the failure's last line."""
            case = cls(method)
            for key, value in fixtures.items():
                setattr(case, key, value)
            outcome = unittest.TestResult()
            case.run(outcome)
            problems = outcome.failures + outcome.errors
            return problems[0][1].strip().splitlines()[-1] if problems else None
        found.append(StudentTest(f"{name}.{method}", FIXTURES, run))
    return found


def collect(namespace: dict[str, Any]) -> tuple[list[StudentTest], list[str]]:
    """The tests in `namespace` (functions named test_*, TestCase classes) and complaints
    about test functions whose parameters are not fixtures."""
    tests, problems = [], []
    for name, value in namespace.items():
        if isinstance(value, type) and issubclass(value, unittest.TestCase) \
                and value is not unittest.TestCase:
            tests.extend(case_tests(name, value))
        elif name.startswith("test_") and inspect.isfunction(value):
            unknown = [p for p in inspect.signature(value).parameters if p not in FIXTURES]
            if unknown:
                problems.append(f"{name}: parameter(s) {', '.join(unknown)} are not "
                                f"fixtures; use any of {', '.join(FIXTURES)}")
            else:
                tests.append(function_test(name, value))
    return tests, problems


@dataclass
class BugReport:
    """For one planted bug, the tests that failed on it (caught it)."""

    bug: Bug
    caught_by: list[str] = field(default_factory=list)


def run_against_bugs(tests: list[StudentTest]) -> list[BugReport]:
    """Run every test that uses a bug's fixture against that bug; who catches what."""
    reports = []
    for bug in BUGS:
        fixtures = {**correct_fixtures(), bug.fixture: bug.make()}
        report = BugReport(bug)
        for test in tests:
            if bug.fixture in test.uses and test.run(fixtures) is not None:
                report.caught_by.append(test.name)
        reports.append(report)
    return reports


def _tests(count: int) -> str:
    """'1 test' or '3 tests'."""
    return ngettext("{count} test", "{count} tests", count).format(count=count)


def check(namespace: dict[str, Any] | list[Callable] | None = None) -> CheckResult:
    """Run the notebook's tests (or those given) against the correct code and the bugs."""
    if namespace is None:
        frame = inspect.currentframe()
        namespace = frame.f_back.f_globals if frame and frame.f_back else {}
    if isinstance(namespace, list):
        namespace = {fn.__name__: fn for fn in namespace}
    tests, problems = collect(dict(namespace))
    if problems:
        return CheckResult(EXERCISE, FAILED, _("some test functions cannot be run."),
                           details=problems)
    if not tests:
        return CheckResult(EXERCISE, NOT_YET, _("no tests found yet: write functions named "
                                                "test_..., taking tictactoe, connect4 and/or "
                                                "player, and run their cell, then run this "
                                                "check again."))
    correct = correct_fixtures()
    broken = [(t.name, why) for t in tests if (why := t.run(correct)) is not None]
    if broken:
        return CheckResult(EXERCISE, FAILED,
                           _("{broken} of your {tests} fail on the CORRECT code: a test "
                             "must pass when nothing is wrong.").format(
                                 broken=len(broken), tests=_tests(len(tests))),
                           hint=_("print what the game or player actually returns and "
                                  "compare it with what your assert expects."),
                           details=[f"{name}: {why}" for name, why in broken])
    reports = run_against_bugs(tests)
    caught = [r for r in reports if r.caught_by]
    details = [(_("caught") if r.caught_by else _("MISSED")) + f"  [{r.bug.fixture}] "
               + _(r.bug.name)
               + ("  " + _("(by {tests})").format(tests=", ".join(r.caught_by))
                  if r.caught_by else "")
               for r in reports]
    message = _("your {tests} pass on the correct code and catch {caught} of the {bugs} "
                "planted bugs.").format(tests=_tests(len(tests)), caught=len(caught),
                                        bugs=len(reports))
    if len(caught) == len(reports):
        return CheckResult(EXERCISE, PASSED, message, details=details)
    missed = sorted({r.bug.fixture for r in reports if not r.caught_by})
    return CheckResult(EXERCISE, FAILED, message,
                       hint=_("write a test that would fail on each MISSED bug (still missed "
                              "in: {fixtures}).").format(fixtures=", ".join(missed)),
                       details=details)


# ---- hints and the model solution ------------------------------------------------------

HINTS = (
    N_("Start from what you know for sure: the empty 3x3 board has 9 legal moves, the empty "
       "Connect Four board 7 (columns 0..6). A test that compares with such a number catches "
       "an off-by-one at once."),
    N_("Build positions with moves: tictactoe.result(state, (row, col)) again and again, or "
       "connect4.play(\"3343\") (columns, 0-based). Then assert on is_terminal and utility: "
       "after X completes a line, utility(state, 'X') == 1 and utility(state, 'O') == -1."),
    N_("Cover every kind of line: a row, a column and BOTH diagonals in each game, a full "
       "board with no winner (a draw: terminal, utility 0), and a full column in Connect "
       "Four (it must not be offered)."),
    N_("For the player, pick positions with one right answer: X to move with three in a "
       "column (take the win), O to move facing X's three (block), and a position where one "
       "move makes two threats at once (a win in two: only a search three plies deep sees it)."),
)


_hints_given = 0


def hint() -> Note:
    """The next hint (one more at each call)."""
    global _hints_given
    note, _hints_given = next_hint(EXERCISE, HINTS, _hints_given, _(
        "Run check() to see which bugs are still missed, or solution()."))
    return note


def solution() -> Note:
    """A model set of tests (it catches every planted bug)."""
    text = resources.files("gamelib.exercises.solutions").joinpath(
        "unit_tests.py").read_text(encoding="utf-8")
    return Note(_("{title}: a model solution ({path}).").format(
        title=_(EXERCISE), path="gamelib/exercises/solutions/unit_tests.py"), text, code=True)
