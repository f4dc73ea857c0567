"""In Korean, an exercise check says everything in Korean: its verdict, hint and the details
it shows (the case, both answers, the leaves each search scored), over the student-solution
corpus's right and wrong answers; so do the prediction questions, the hints, the model
solutions' titles and the mistakes a caller makes with check_eval_fn. What stays Latin is
code: names of functions and variables, Python's values, and the names the Korean edition
keeps (MAX, MIN, UCT, ...)."""

from __future__ import annotations

import dataclasses
import keyword
import re

import pytest

from gamelib import platform
from gamelib.exercises import EXERCISES, predict
from gamelib.exercises.evaluation import check_eval_fn
from korean_text import leftover_english
from test_exercises_corpus import FILES, FUNCTION, MATCH_VERDICTS, header

PYTHON_ERROR = re.compile(r"\b[A-Z]\w*(Error|Exception): [^\n]*")
"""Python's own message for an exception the student's code raised (English in Python)."""

CODE_NAMES = {
    "True", "False", "None", "int", "float", "str", "min", "max", "abs", "math", "sqrt", "log",
    "row", "col", "depth", "visits", "total", "winner", "mover", "player", "state", "game",
    "node", "root", "value", "move", "moves", "children", "parent", "backpropagate", "eval_fn",
    "is_win", "centre_player", "rule_move", "wilson", "ucb_score", "my_eval", "my_minimax",
    "my_alphabeta", "my_useful_threats", "td_step", "alpha", "beta", "inf", "reward",
    "SearchStepper", "GameTree", "ConnectFour", "TicTacToe", "Trace", "draw_tree", "rc",
    "delta", "target", "tanh", "opponent", "heuristics", "winning_moves", "child", "start",
    "return", "if", "in", "else", "for", "len", "range", "tree", "rule", "network", "NaN",
    "rows", "cols", "wins", "games", "low", "high", "ln", "AB", "AC", "np", "dr", "dc", "all", "any", "sum", "best", "alignment", "pairs", "shift", "found",
}
CODE_NAMES |= set(keyword.kwlist)
"""Code a Korean message names as it is written in the code (Python's keywords included:
a hint quotes `while node is not None`)."""

QUICK = [path for path in FILES
         if path.parent.name != "evaluation"
         or header(path).get("diagnosis", "weaker") not in MATCH_VERDICTS]
"""Every corpus answer but the evaluation functions judged by a match (minutes each);
check_eval_fn's match verdict is seen below with a short match."""


@pytest.fixture
def korean(monkeypatch):
    """gamelib speaks Korean for the test, whatever was set before."""
    monkeypatch.setattr(platform, "_chosen", "ko")


def student_function(path):
    """The function a corpus file defines, as its exercise's check is given it."""
    namespace: dict = {"__name__": f"student_{path.stem}"}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)
    return namespace[FUNCTION[path.parent.name]]


def all_text(result) -> str:
    """Everything a check result shows (verdict, hint, details), Python's own words about an
    exception left out."""
    return PYTHON_ERROR.sub(" ", str(result))


@pytest.mark.parametrize("path", QUICK, ids=[f"{p.parent.name}/{p.stem}" for p in QUICK])
def test_a_check_says_it_all_in_korean(path, korean):
    result = EXERCISES[FUNCTION[path.parent.name]].check(student_function(path))
    text = all_text(result)
    assert any("\uac00" <= char <= "\ud7a3" for char in text)
    assert leftover_english(text, CODE_NAMES) == [], text


def test_the_details_of_a_search_check_line_up_in_korean(korean):
    path = next(p for p in FILES if p.stem == "wrong_beta_raised_by_max")
    lines = str(EXERCISES["my_alphabeta"].check(student_function(path))).splitlines()
    head = next(line for line in lines if line.startswith("노드"))
    assert head.startswith("노드        종류     여러분 기준 구현  (각 탐색이")
    assert "      011   리프 0   #3     -" in lines
    answers = [line for line in lines if "의 답:" in line]
    assert answers == ["여러분의 답:    값 0, 수 0", "기준 구현의 답: 값 0, 수 0"]


def test_hints_and_solutions_are_korean(korean):
    left: list[tuple[str, list[str]]] = []
    for exercise in EXERCISES.values():
        notes = [exercise.solution()]
        fresh = dataclasses.replace(exercise, hints_given=0)
        notes += [fresh.hint() for _hint in range(len(fresh.hints) + 1)]
        left += [(note.title, leftover_english(note.title, CODE_NAMES)) for note in notes]
        left += [(note.text, leftover_english(note.text, CODE_NAMES)) for note in notes[1:]]
    assert [(text, words) for text, words in left if words] == []


QUESTIONS = [value for value in vars(predict).values() if isinstance(value, predict.Question)]


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.name for q in QUESTIONS])
def test_a_prediction_question_is_korean_from_question_to_solution(question, korean):
    right = question.answer()
    shown = [question.ask(), question.solution(),
             *[dataclasses.replace(question, hints_given=0).hint()
               for _hint in range(len(question.hints) + 1)]]
    texts = [note.title + "\n" + note.text for note in shown]
    texts += [str(question.check(right)), str(question.check("something else"))]
    for text in texts:
        assert leftover_english(text, CODE_NAMES | {"X", "O", "draw"}) == [], text


def test_check_eval_fn_names_a_callers_mistake_in_korean(korean):
    with pytest.raises(ValueError, match="^games는 2 이상의 정수여야 합니다. 받은 값: 1$"):
        check_eval_fn(lambda state, player: 0, games=1)
    with pytest.raises(ValueError, match="^time_limit은 0보다 큰 초 단위의 수여야 합니다. "
                                         "받은 값: -1$"):
        check_eval_fn(lambda state, player: 0, time_limit=-1)


def test_a_match_verdict_is_korean(korean):
    path = next(p for p in FILES if p.parent.name == "evaluation" and
                header(p)["expect"] == "pass")
    result = check_eval_fn(student_function(path), games=12, progress=False)
    assert leftover_english(str(result), CODE_NAMES) == [], str(result)
