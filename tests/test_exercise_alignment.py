"""Lesson 09's exercise: the alignment check passes the solution and names planted mistakes."""

import pytest

from gamelib.exercises import EXERCISES, alignment_exercise, check_alignment
from gamelib.exercises.alignment import lines
from gamelib.exercises.solutions.alignment import alignment as solution
from gamelib.solver.position import Position


def test_the_model_solution_passes():
    result = check_alignment(solution)
    assert result.passed, str(result)
    assert EXERCISES["alignment"] is alignment_exercise


def test_the_solution_agrees_with_the_solver_on_every_line():
    for line, _ in lines():
        assert solution(line)
        assert not solution(line & (line - 1))        # three of the four


def a_loop_version(bits):
    """A correct answer written differently: four explicit shifts per direction."""
    return any(bits & (bits >> s) & (bits >> 2 * s) & (bits >> 3 * s) for s in (7, 1, 8, 6))


def test_a_different_correct_answer_passes():
    assert check_alignment(a_loop_version).passed


PLANTED = {
    "no diagonals": lambda b: any((p := b & (b >> s)) & (p >> 2 * s) for s in (1, 7)),
    "no rows": lambda b: any((p := b & (b >> s)) & (p >> 2 * s) for s in (1, 6, 8)),
    "no columns": lambda b: any((p := b & (b >> s)) & (p >> 2 * s) for s in (7, 6, 8)),
    "one diagonal": lambda b: any((p := b & (b >> s)) & (p >> 2 * s) for s in (1, 7, 8)),
    "three in a row": lambda b: any((p := b & (b >> s)) & (p >> s) for s in (1, 7, 6, 8)),
    "no sentinel": lambda b: any((p := b & (b >> s)) & (p >> 2 * s) for s in (1, 6, 5, 7)),
}


@pytest.mark.parametrize("diagnosis", PLANTED)
def test_each_planted_mistake_fails_and_is_named(diagnosis):
    result = check_alignment(PLANTED[diagnosis])
    assert not result.passed and result.diagnosis == diagnosis and result.hint


def test_an_unrecognised_mistake_shows_the_board():
    result = check_alignment(lambda b: bin(b).count("1") >= 4)
    assert not result.passed and result.diagnosis == "other"
    assert "#" in result.details[0]


def test_a_stub_and_a_crash_are_told_apart():
    assert check_alignment(lambda b: None).status == "not implemented yet"
    crash = check_alignment(lambda b: 1 // 0)
    assert not crash.passed and "ZeroDivisionError" in crash.message


def test_hints_come_one_at_a_time_and_the_solution_shows_the_code():
    exercise = type(alignment_exercise)(**{**alignment_exercise.__dict__, "hints_given": 0})
    first, second = exercise.hint(), exercise.hint()
    assert "hint 1 of 3" in first.title and "hint 2 of 3" in second.title
    assert "def alignment" in exercise.solution().text


def test_a_won_game_is_an_alignment_for_the_winner():
    before = Position.from_string("304050")        # X on the floor in columns 3-5
    assert not solution(before.current)
    after = before.play_col(6)                      # X completes four
    assert solution(after.current ^ after.mask)     # the stones of the player who just moved
