"""`python -m gamelib grade`: good, wrong and broken submissions, each gets its rows."""

import csv
from pathlib import Path

import nbformat
import pytest

from gamelib.cli import main
from gamelib.exercises.grade import expected_exercises, without_check_calls

IS_WIN_GOOD = '''
def is_win(state, player):
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(state.k)]
                if all(0 <= a < state.rows and 0 <= b < state.cols and state.cell(a, b) == player
                       for a, b in cells):
                    return True
    return False
'''
UCB_GOOD = '''
import math
def ucb_score(total, visits, parent_visits, c):
    if visits == 0:
        return math.inf
    return total / visits + c * math.sqrt(math.log(parent_visits) / visits)
'''
IS_WIN_3X3 = '''
def is_win(state, player):
    lines = [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)], [(2, 0), (2, 1), (2, 2)],
             [(0, 0), (1, 0), (2, 0)], [(0, 1), (1, 1), (2, 1)], [(0, 2), (1, 2), (2, 2)],
             [(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
    return any(all(state.cell(r, c) == player for r, c in line) for line in lines)
'''


def notebook(path, *cells):
    """Write a notebook with these code cells (a markdown cell first, as lessons have)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Lesson")] +
                                  [nbformat.v4.new_code_cell(c) for c in cells])
    nbformat.write(nb, str(path))
    return path


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Grade one folder of submissions once; the rows of grades.csv, by student."""
    folder = tmp_path_factory.mktemp("submissions")
    notebook(folder / "good.ipynb", IS_WIN_GOOD, "check_is_win(is_win)", UCB_GOOD,
             "ucb_exercise.check()")
    notebook(folder / "wrong.ipynb", IS_WIN_3X3, "check_is_win(is_win)")
    notebook(folder / "syntax.ipynb", "def is_win(state, player)\n    return False",
             "check_is_win(is_win)")
    notebook(folder / "missing.ipynb", "x = 1", "check_is_win(is_win)")
    notebook(folder / "dies.ipynb", IS_WIN_GOOD, "import os\nos._exit(1)",
             "check_is_win(is_win)")
    (folder / "garbled.ipynb").write_text("{ this is not json", encoding="utf-8")
    notebook(folder / "predicts.ipynb", "from gamelib.exercises import predict, unit_tests",
             "predict.minimax_value.ask()", "minimax_value = 4.0",
             "predict.minimax_value.check()", "pruned_leaves = {(1, 1), (1, 2), (2, 2)}",
             "predict.pruned_leaves.check()",
             "def test_nine_moves(tictactoe):\n"
             "    assert len(tictactoe.actions(tictactoe.initial_state)) == 9",
             "unit_tests.check()")
    out = tmp_path_factory.mktemp("grades")
    assert main(["grade", str(folder), "--out", str(out), "--timeout", "120"]) == 0
    # an endless loop, graded on its own with a short time limit
    looping = tmp_path_factory.mktemp("looping")
    notebook(looping / "loops.ipynb", "def is_win(state, player):\n    while True:\n"
                                      "        pass", "check_is_win(is_win)")
    assert main(["grade", str(looping), "--out", str(looping), "--timeout", "2"]) == 0
    rows = []
    for table in (out / "grades.csv", looping / "grades.csv"):
        with open(table, encoding="utf-8") as file:
            rows += list(csv.DictReader(file))
    by_student: dict = {}
    for row in rows:
        by_student.setdefault(row["student"], []).append(row)
    return by_student, out


def test_a_good_submission_passes_every_exercise_it_contains(graded):
    rows, _ = graded
    assert [(r["exercise"], r["passed"]) for r in rows["good"]] == \
        [("is_win", "True"), ("UCB score", "True")]


def test_a_wrong_submission_fails_with_the_diagnosis(graded):
    rows, _ = graded
    [row] = rows["wrong"]
    assert row["passed"] == "False" and row["diagnosis"] == "only 3x3"


def test_predictions_and_the_unit_test_exercise_are_graded(graded):
    rows, _ = graded
    found = {r["exercise"]: (r["passed"], r["diagnosis"]) for r in rows["predicts"]}
    assert found["predict: the minimax value of a tree"] == ("True", "")
    assert found["predict: which leaves will alpha-beta prune?"] == ("False", "format")
    assert found["unit tests for the games and the player"][0] == "False"   # misses bugs


@pytest.mark.parametrize("student, diagnosis", [
    ("syntax", "missing function"), ("loops", "timed out"), ("missing", "missing function"),
    ("dies", "kernel died"), ("garbled", "not a notebook")])
def test_a_broken_submission_gets_a_row_saying_so(graded, student, diagnosis):
    rows, _ = graded
    [row] = rows[student]
    assert row["passed"] == "False" and row["diagnosis"] == diagnosis, row


def test_the_summaries_list_every_student(graded):
    rows, out = graded
    text = (out / "grades.md").read_text()
    page = (out / "grades.html").read_text()
    for student in set(rows) - {"loops"}:
        assert f"| {student} |" in text and f"<th>{student}</th>" in page
    assert "only 3x3" in text


def test_check_calls_are_left_out_and_exercises_found():
    assert without_check_calls("x = 1\ncheck_is_win(is_win)\n  q.check()") == \
        "x = 1\npass\n  q.check()"
    assert without_check_calls("minimax_exercise.hint()  # more") == "pass"
    assert expected_exercises(["def my_minimax(game, state, depth, eval_fn):\n  pass",
                               "check_ucb(f)"]) == ["my_minimax", "ucb_score"]


def test_grade_without_notebooks_is_a_usage_error(tmp_path, capsys):
    assert main(["grade", str(tmp_path)]) == 2
    assert "no notebooks" in capsys.readouterr().err


@pytest.mark.parametrize("arguments, words", [
    (["/nonexistent/folder"], "no such file or folder: /nonexistent/folder"),
    (["SUBMISSIONS", "--timeout", "nan"], "--timeout must be a positive number"),
    (["SUBMISSIONS", "--timeout", "-3"], "--timeout must be a positive number"),
    (["SUBMISSIONS", "--timeout", "inf"], "--timeout must be a positive number"),
    (["SUBMISSIONS", "--out", "A_FILE"], "is a file; give a folder"),
    (["SUBMISSIONS", "--out", "A_FILE/inside"], "could not write the tables in A_FILE/inside"),
])
def test_grade_usage_mistakes_exit_2_on_stderr_and_write_nothing(tmp_path, monkeypatch,
                                                                   capsys, arguments, words):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "submissions"
    folder.mkdir()
    notebook(folder / "a.ipynb", "x = 1")
    (tmp_path / "A_FILE").write_text("keep me")
    arguments = [str(folder) if a == "SUBMISSIONS" else a for a in arguments]
    assert main(["grade", *arguments]) == 2
    said = capsys.readouterr()
    assert words in said.err and said.out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["A_FILE", "submissions"]
    assert (tmp_path / "A_FILE").read_text() == "keep me"


def test_predictions_and_the_unit_test_exercise_are_found_and_their_calls_left_out():
    sources = ["from gamelib.exercises import predict, unit_tests",
               "predict.minimax_value.ask()", "minimax_value = 4.0",
               "def test_moves(tictactoe):\n    assert True", "unit_tests.check()"]
    assert expected_exercises(sources) == ["predict:minimax_value", "unit_tests"]
    assert without_check_calls("predict.minimax_value.check()\nunit_tests.check()") == \
        "pass\npass"


def test_predictions_and_unit_tests_are_graded_in_the_kernel_namespace():
    from gamelib.exercises.grade import run_check
    assert run_check("predict:minimax_value", {"minimax_value": 4.0})["passed"]
    wrong = run_check("predict:minimax_value", {"minimax_value": 9})
    assert not wrong["passed"] and wrong["diagnosis"] == "wrong"
    unset = run_check("predict:pruned_leaves", {})
    assert unset["status"] == "not implemented yet"
    no_tests = run_check("unit_tests", {"x": 1})
    assert no_tests["status"] == "not implemented yet"


def test_the_grid_tells_each_kind_of_verdict_apart_and_a_broken_file_is_one_row():
    from gamelib.exercises.grade import NOTEBOOK, Row, html_page, markdown
    rows = [Row("ann", "a.ipynb", "is_win", True, "passed", "", ""),
            Row("ann", "a.ipynb", "minimax", False, "failed", "depth", ""),
            Row("bob", "b.ipynb", "is_win", False, "broken", "timed out", ""),
            Row("bob", "b.ipynb", "minimax", False, "missing", "missing function", ""),
            Row("cat", "c.ipynb", NOTEBOOK, False, "broken", "not a notebook", ""),
            Row("dan", "d.ipynb", "is_win", False, "could not judge", "check error", ""),
            Row("dan", "d.ipynb", "minimax", False, "broken", "kernel died", "")]
    text = markdown(rows)
    assert "| student | is_win | minimax |" in text          # no column for the broken file
    assert "| ann | \u2714 passed | \u2718 failed |" in text
    assert "| bob | \u23f1 timed out | \u25cb missing |" in text
    assert "| cat | \u26a0 whole notebook: not a notebook |  |" in text
    assert "| dan | ? not judged | \u26a0 broken |" in text
    assert "Legend:" in text and "timed out" in text
    page = html_page(rows)
    assert "class='timeout'" in page and "class='missing'" in page and "Legend" in page
    assert page.count("<th>(whole notebook)</th>") == 0


EVERY_LESSON_ASKS = {f"{n:02d}": 2 for n in range(10)}
"""Every lesson asks at least two checked predictions (and has a checked exercise)."""


@pytest.mark.parametrize("lesson, count", EVERY_LESSON_ASKS.items())
def test_grade_finds_every_prediction_and_exercise_a_lesson_asks(lesson, count):
    path = next((Path(__file__).parent.parent / "notebooks").glob(f"{lesson}-*.ipynb"))
    sources = [c.source for c in nbformat.read(path, as_version=4).cells
               if c.cell_type == "code"]
    found = expected_exercises(sources)
    asked = [name for name in found if name.startswith("predict:")]
    assert len(asked) >= count, found
    assert len(found) - len(asked) >= 1, f"{lesson} has no checked exercise: {found}"
    for name in asked:                  # each is asked, checked, and answered by a later cell
        variable = name.split(":", 1)[1]
        checks = [i for i, s in enumerate(sources) if f"predict.{variable}.check()" in s]
        assert checks and checks[0] + 2 < len(sources), (lesson, variable)


def test_the_new_exercises_and_predictions_are_graded_from_what_the_student_wrote():
    from gamelib.exercises.grade import exercise_names, run_check
    from gamelib.exercises.solutions.first_player import centre_player
    from gamelib.exercises.solutions.rules import rule_move
    from gamelib.exercises.solutions.wilson import wilson
    names = exercise_names()
    assert {"centre_player", "rule_move", "wilson", "predict:who_wins",
            "predict:games_needed", "predict:bit_index"} <= set(names)
    namespace = {"centre_player": centre_player, "rule_move": rule_move, "wilson": wilson,
                 "who_wins": "X", "games_needed": 30, "bit_index": ...}
    verdicts = {key: run_check(key, namespace) for key in
                ("centre_player", "rule_move", "wilson", "predict:who_wins",
                 "predict:games_needed", "predict:bit_index")}
    assert all(verdicts[key]["passed"] for key in ("centre_player", "rule_move", "wilson",
                                                    "predict:who_wins"))
    assert verdicts["predict:games_needed"]["diagnosis"] == "wrong"
    assert verdicts["predict:bit_index"]["status"] == "not implemented yet"
    assert run_check("wilson", {})["status"] == "missing"
