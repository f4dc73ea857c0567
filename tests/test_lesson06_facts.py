"""Lesson 06 runs top to bottom, and what its sentences say is what its outputs show.

The lesson has no quick settings: every cell runs at the size a student sees (about a
minute and a half), so the facts below hold in every run. Its browser sizes (smaller
samples and matches, for the course in a browser) are run too: they read the same.
"""

import json
import re
from pathlib import Path

import pytest

from lesson_facts import (check_committed_without_outputs, check_no_plumbing, number,
                          prose_and_outputs)

LESSON = Path(__file__).resolve().parent.parent / "notebooks" / "06-connect-four-rules.ipynb"


@pytest.fixture(scope="module")
def in_the_browser():
    """The lesson executed with its browser sizes, as the browser build inserts them (the
    compiled solver and a desktop kernel, which give the same numbers): its outputs."""
    import build_lite                       # scripts/build_lite.py (conftest puts it on the path)
    import nbformat
    from nbclient import NotebookClient

    lesson = json.loads(LESSON.read_text(encoding="utf-8"))
    build_lite.with_browser_sizes(lesson, LESSON.name)
    notebook = nbformat.reads(json.dumps(lesson), as_version=4)
    NotebookClient(notebook, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(LESSON.parent)}}).execute()
    return prose_and_outputs(notebook)[1]


@pytest.fixture(scope="module")
def executed(executed_lesson):
    """The lesson executed in a fresh kernel (the session's shared run; lesson 06 has no
    quick settings, so quick and full are the same run): (markdown, outputs, notebook)."""
    notebook = executed_lesson(LESSON)
    return (*prose_and_outputs(notebook), notebook)


@pytest.mark.slow
def test_rules_agree_with_depth_2_and_miss_the_trap(executed):
    _, out, _ = executed
    agree = re.search(r"depth-2 search's in (\d+) of (\d+) positions", out)
    assert agree and agree.group(1) == agree.group(2)
    assert "column 3 keeps the most lines open" in out
    assert "depth 4: column 3 is a loss in 4 plies" in out


@pytest.mark.slow
def test_search_value_is_the_sum_of_the_parts_at_the_end_of_the_line(executed):
    _, out, _ = executed
    assert "report's parts for X: {'my threats': 0, 'opponent threats': 0, " \
           "'opponent double threats': 0, 'ODD/EVEN/MIXED verdict': 0}" in out   # "every part is 0"
    value = number(r"search value ([+-]\d+), expected line", out)
    total = number(r"sum ([+-]\d+)", out)
    assert value == total and value != 0


@pytest.mark.slow
def test_kept_shares_and_matches_are_as_the_text_says(executed):
    _, out, _ = executed
    check_kept_shares_and_matches(out)


@pytest.mark.slow
def test_the_browser_sizes_give_the_same_verdicts(in_the_browser):
    sizes = json.loads(LESSON.read_text(encoding="utf-8"))["metadata"]["gamelib"]["browser"]
    assert f"positions out of {sizes['CHOICE_POSITIONS']})" in in_the_browser
    assert f"({sizes['MATCH_GAMES']} games)" in in_the_browser
    check_kept_shares_and_matches(in_the_browser)


def check_kept_shares_and_matches(out: str) -> None:
    """Random keeps the value less than half the time, the rules much more often, the three
    depth-4 searches about equally often and never always; both matches' intervals
    contain 0.5."""
    shares = {name.strip(): float(v) for name, v in
              re.findall(r"^(.{30}) keeps the value in ([\d.]+)%", out, re.M)}
    assert shares["random"] < 50 and shares["win-or-block rules"] > shares["random"] + 30
    deep = [v for k, v in shares.items() if "depth 4" in k]
    assert len(deep) == 3 and max(deep) - min(deep) <= 1.0
    assert all(v < 100 for v in shares.values())                   # "none of them is perfect"
    verdicts = re.findall(r"^    (not shown|\S.*is stronger|\S.*is weaker)", out, re.M)
    assert verdicts == ["not shown", "not shown"]                   # "both intervals contain 0.5"


@pytest.mark.slow
def test_only_the_centre_wins_the_first_move_and_the_board_shows_every_score(executed):
    prose, out, notebook = executed
    assert "first moves that win for X: [3]" in out
    assert "first moves that draw for X: [2, 4]" in out
    assert "first moves that lose for X: [0, 1, 5, 6]" in out
    assert "only by opening in the centre column" in prose
    assert "the columns next to it draw, and the outer ones lose" in prose
    pictures = [out for cell in notebook.cells if cell.cell_type == "code"
                for out in cell.outputs if "image/svg+xml" in out.get("data", {})
                and "column-scores" in out["data"]["image/svg+xml"]]
    assert len(pictures) == 1
    assert pictures[0]["data"]["image/svg+xml"].count('class="score ') == 7
    alt = pictures[0]["metadata"]["image/svg+xml"]["alt"]
    assert "column 3: +1 (win)" in alt and "column 0: -2 (loss)" in alt


@pytest.mark.slow
def test_the_exercise_waits_for_the_student(executed):
    _, out, _ = executed
    assert "rule_move(game, state) returned None" in out


@pytest.mark.slow
def test_prose_has_one_column_numbering_and_no_plumbing(executed):
    prose, _, notebook = executed
    check_no_plumbing(prose, notebook)


def test_lesson_is_committed_without_outputs():
    check_committed_without_outputs(LESSON)
