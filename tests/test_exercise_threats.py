"""The useful-threats exercise (lesson 05): the check passes the model solution, accepts
any form of a right answer, and answers every wrong or strange answer with a verdict that
shows the position, never with a traceback."""

from __future__ import annotations

import numpy as np
import pytest

from gamelib import ConnectFour, heuristics
from gamelib.exercises import EXERCISES, check_useful_threats, threats_exercise
from gamelib.exercises.solutions.threats import my_useful_threats
from gamelib.exercises.threats import positions, useful

GAME = ConnectFour()


def test_the_model_solution_passes_and_the_exercise_is_registered():
    assert EXERCISES["my_useful_threats"] is threats_exercise
    assert check_useful_threats(my_useful_threats).passed


def test_the_positions_hold_threats_of_both_kinds():
    states = [GAME.play(moves) for moves in positions()]
    assert all(heuristics.threats(s, "X") + heuristics.threats(s, "O") for s in states)
    kinds = {reason.split(" ")[0] for s in states
             for reason in heuristics.useless_threats(s).values()}
    assert kinds == {"above", "both"}          # threats above others, and shared cells
    assert sum(bool(heuristics.useless_threats(s)) for s in states) >= len(states) // 3


def test_useful_is_every_threat_but_the_useless_ones():
    above = GAME.play("6355136251202133")      # X's stacked pair in column 4: rows 3 and 4
    assert useful(above) == {heuristics.Threat("X", 4, 3)}


@pytest.mark.parametrize("answer", [
    lambda s: {(t.player, t.col, t.row) for t in my_useful_threats(s)},
    lambda s: tuple(reversed(my_useful_threats(s))),
    lambda s: [(t.player, np.int64(t.col), np.int64(t.row)) for t in my_useful_threats(s)],
])
def test_any_form_of_the_right_answer_passes(answer):
    assert check_useful_threats(answer).passed


class Unreadable(list):
    def __iter__(self):
        raise RuntimeError("no")


class BadTuple(tuple):
    def __getitem__(self, index):
        raise RuntimeError("no")


@pytest.mark.parametrize("answer, diagnosis", [
    (lambda s: "X 2 1", "format"), (lambda s: {"X": [2]}, "format"),
    (lambda s: [("X", 2.0, 1.0)], "format"), (lambda s: [("X", True, 1)], "format"),
    (lambda s: [("red", 2, 1)], "format"), (lambda s: Unreadable([1]), "format"),
    (lambda s: [BadTuple(("X", 2, 1))], "format"),
    (lambda s: (t for t in my_useful_threats(s)), "format"),
    (lambda s: [], "drops a useful threat"),
    (lambda s: my_useful_threats(s) + [("X", 0, 6)], "not a threat"),
    (lambda s: 1 / 0, "crash"),
])
def test_wrong_or_strange_answers_get_a_verdict_with_the_position(answer, diagnosis):
    result = check_useful_threats(answer)
    assert result.status == "failed" and result.diagnosis == diagnosis, str(result)
    assert result.details and result.hint


def test_a_stub_is_not_implemented_yet_and_the_hints_end():
    def stub(state):
        return None
    assert check_useful_threats(stub).status == "not implemented yet"
    exercise = EXERCISES["my_useful_threats"]
    exercise.hints_given = 0
    shown = [exercise.hint().title for _ in range(4)]
    assert shown[-1].endswith("no more hints.") and "hint 1 of 3" in shown[0]
    assert "def my_useful_threats" in exercise.solution().text
