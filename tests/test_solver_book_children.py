"""analyze() answers from the opening book's child positions, as `solve` on the command
line does (one shared helper), and its answers are those of a full solve."""

from __future__ import annotations

import random

import pytest

from gamelib.solver.api import analyze, book_column_scores, get_solver, opening_book
from gamelib.solver.cli import column_scores
from gamelib.solver.engine import child_score, to_position
from gamelib.solver.position import random_unfinished


def test_analyze_3342_comes_from_the_book_at_once() -> None:
    scores = analyze("3342")
    assert scores.from_book and scores.nodes == 0 and scores.seconds < 0.1
    # every column's score, solved without the book once (83 M nodes, 15 s):
    assert dict(scores) == {0: -5, 1: -5, 2: -2, 3: -3, 4: -4, 5: -2, 6: -2}


@pytest.mark.parametrize("text", ["333333215", "3342"])
def test_analyze_and_the_command_line_share_the_book_answers(text: str) -> None:
    pos = to_position(text)
    assert dict(analyze(text)) == dict(column_scores(pos)) == book_column_scores(pos)


def test_the_book_answers_are_those_of_a_full_solve() -> None:
    pos = to_position("333333215")          # the book holds only its best column...
    assert len(opening_book().entries["333333215"]) == 1
    known = book_column_scores(pos)         # ...and every other from the positions after
    playable = [col for col in range(7) if pos.can_play(col)]
    assert sorted(known) == playable and len(playable) == 6      # column 3 is full
    solver = get_solver()
    assert known == {col: child_score(solver, pos, col) for col in playable}


def test_weak_scores_from_the_book_are_signs() -> None:
    assert dict(analyze("3342", weak=True)) == {c: -1 for c in range(7)}


def test_analyze_shows_which_column_it_solves_once_it_takes_a_second(monkeypatch, capsys):
    from gamelib.solver import bar
    quiet = analyze("3334224")                   # seven stones: its columns off the book
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(bar, "SHOW_AFTER", 0.0)     # as if every column took a second
    get_solver().reset()
    scores = analyze("3334224", progress=True)
    shown = capsys.readouterr().err
    assert "column 0: score in [" in shown and "column 5: score in [" in shown, shown
    assert dict(scores) == dict(quiet) == dict(analyze("3334224", progress=False))
    assert capsys.readouterr().err == ""


def test_analyze_shows_no_bar_where_nothing_takes_long(capsys):
    analyze("3342", progress=True)              # every column from the book
    analyze("3334224", progress=True)            # (asked for, but quicker than a second)
    analyze(random_unfinished(18, random.Random(1)), progress=True)  # eighteen stones
    assert capsys.readouterr().err == ""
