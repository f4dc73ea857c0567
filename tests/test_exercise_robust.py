"""The checks never raise: an error in a check's own code becomes a verdict that says the
check could not judge, with what the student's function did; a student's exit() too."""

import sys

from gamelib.exercises import check_alphabeta, check_minimax, check_ucb
from gamelib.exercises import search_checks
from gamelib.exercises.solutions.minimax import my_minimax


def test_an_error_inside_a_check_is_a_verdict_not_a_traceback(monkeypatch):
    def broken(*args, **kwargs):
        raise StopIteration
    monkeypatch.setattr(search_checks, "_compare", broken)
    result = check_minimax(my_minimax)
    assert result.status == "could not judge" and result.diagnosis == "check error"
    assert not result.passed
    assert "could not judge this: StopIteration" in result.message
    assert "called your function" in result.details[0]         # what it had seen so far


def test_a_student_calling_exit_does_not_stop_the_notebook():
    def ucb_score(total, visits, parent_visits, c):
        sys.exit(1)
    result = check_ucb(ucb_score)
    assert not result.passed and result.diagnosis == "exit"


def test_the_wrapped_function_keeps_its_name():
    def my_alphabeta(game, state, depth, eval_fn):
        return None
    result = check_alphabeta(my_alphabeta)
    assert result.status == "not implemented yet" and "my_alphabeta" in result.message
