"""The unit-test writing exercise: the model tests catch every planted bug; weaker tests
are told which bugs they miss; tests failing on correct code are refused."""

import unittest

import gamelib.exercises.solutions.unit_tests as model
from gamelib.exercises import unit_tests
from gamelib.exercises.common import FAILED, NOT_YET, PASSED


def model_tests():
    """The model solution's test functions, by name."""
    return {name: fn for name, fn in vars(model).items() if name.startswith("test_")}


def test_the_model_tests_pass_and_catch_every_bug():
    result = unit_tests.check(model_tests())
    assert result.status == PASSED
    assert f"catch {len(unit_tests.BUGS)} of the {len(unit_tests.BUGS)}" in result.message


def test_every_planted_bug_is_caught_by_some_model_test():
    reports = unit_tests.run_against_bugs(unit_tests.collect(model_tests())[0])
    assert all(r.caught_by for r in reports)
    fixtures = {bug.fixture for bug in unit_tests.BUGS}
    assert fixtures == set(unit_tests.FIXTURES)
    for fixture in fixtures:
        assert sum(bug.fixture == fixture for bug in unit_tests.BUGS) >= 4


def test_tests_without_the_diagonals_miss_the_diagonal_bugs():
    tests = {n: f for n, f in model_tests().items() if "every_line" not in n}
    result = unit_tests.check(tests)
    assert result.status == FAILED
    missed = [line for line in result.details if line.startswith("MISSED")]
    assert any("anti-diagonal" in line for line in missed)
    assert any("one diagonal direction" in line for line in missed)
    assert not any("[player]" in line for line in missed)


def test_tests_without_the_win_in_two_miss_the_two_ply_player():
    tests = {n: f for n, f in model_tests().items() if "win_in_two" not in n}
    missed = [line for line in unit_tests.check(tests).details if line.startswith("MISSED")]
    assert missed == ["MISSED  [player] ignores depth: looks two moves ahead only"]


def test_a_test_that_fails_on_correct_code_is_refused():
    def test_nine_columns(connect4):
        assert len(connect4.actions(connect4.initial_state)) == 9

    result = unit_tests.check([test_nine_columns])
    assert result.status == FAILED and "CORRECT" in result.message
    assert result.details[0].startswith("test_nine_columns: assertion failed")


def test_a_test_that_cannot_fail_catches_nothing():
    def test_nothing(tictactoe):
        tictactoe.actions(tictactoe.initial_state)

    result = unit_tests.check([test_nothing])
    assert result.status == FAILED and "catch 0 of" in result.message


def test_no_tests_and_unknown_parameters():
    assert unit_tests.check({}).status == NOT_YET

    def test_board(board):
        assert board

    result = unit_tests.check([test_board])
    assert result.status == FAILED and "board" in result.details[0]


def test_unittest_classes_get_the_fixtures_as_attributes():
    class GameTests(unittest.TestCase):
        def test_seven_columns(self):
            self.assertEqual(len(self.connect4.actions(self.connect4.initial_state)), 7)

    reports = unit_tests.run_against_bugs(unit_tests.collect({"GameTests": GameTests})[0])
    caught = {r.bug.name for r in reports if r.caught_by}
    assert caught == {"actions misses the last column (off by one)"}
    assert unit_tests.check({"GameTests": GameTests}).status == FAILED


def test_check_finds_the_tests_in_the_callers_namespace():
    namespace = dict(model_tests(), check=unit_tests.check)
    exec("result = check()", namespace)
    assert namespace["result"].status == PASSED


def test_hints_come_one_at_a_time_and_the_solution_is_the_model_file():
    unit_tests._hints_given = 0
    first, second = unit_tests.hint(), unit_tests.hint()
    assert "hint 1 of" in first.title and "hint 2 of" in second.title
    for _ in unit_tests.HINTS:
        last = unit_tests.hint()
    assert "no more hints" in last.title
    assert "def test_player_finds_a_win_in_two" in unit_tests.solution().text
    unit_tests._hints_given = 0
