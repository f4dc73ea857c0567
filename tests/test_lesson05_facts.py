"""Lesson 05 runs top to bottom, and what its sentences say is what its outputs show.

The lesson has no quick settings: every cell runs at the size a student sees (about a
minute), so the facts below hold in every run.
"""

import re
from pathlib import Path

import pytest

from gamelib.exercises import predict
from lesson_facts import (check_committed_without_outputs, check_no_plumbing, code_of, number,
                          prose_and_outputs)

LESSON = Path(__file__).resolve().parent.parent / "notebooks" / "05-connect-four-threats.ipynb"


@pytest.fixture(scope="module")
def executed(executed_lesson):
    """The lesson executed in a fresh kernel (the session's shared run; lesson 05 has no
    quick settings, so quick and full are the same run): (markdown, outputs, notebook)."""
    notebook = executed_lesson(LESSON)
    return (*prose_and_outputs(notebook), notebook)


@pytest.mark.slow
def test_pairwise_cases_are_as_the_text_reads_them(executed):
    _, out, _ = executed
    rows = re.findall(r"^\s*(odd|even)\s+(odd|even)\s+(\d+)\s+(X wins|O wins|a draw)\s+(\d+) \((\d+)%\)\s+(\{.*\})$",
                      out, re.M)
    shares = {(x, o): int(pct) for x, o, _, _, _, pct, _ in rows}
    assert len(shares) == 4
    assert shares[("odd", "even")] > 50 and shares[("even", "even")] > 50    # "in most"
    assert shares[("odd", "odd")] < 50                                         # "disagrees more often"
    outcomes = {(x, o): eval_counts(counts) for x, o, *_, counts in rows}
    draws = outcomes[("even", "odd")]
    assert draws.get("a draw", 0) < min(v for k, v in draws.items() if k != "a draw")  # rarest


def eval_counts(text):
    """{'X wins': 16, ...} from the printed dict (no eval: a small parser)."""
    return {k: int(v) for k, v in re.findall(r"'([^']+)': (\d+)", text)}


@pytest.mark.slow
def test_rule_accuracy_matches_the_text(executed):
    prose, out, _ = executed
    overall = number(r"the rule is right in (\d+)% of", out)
    named = number(r"when it names a winner \(\d+ positions\): right in (\d+)%", out)
    draws = number(r"when it says a draw \(\d+ positions\): right in (\d+)%", out)
    baseline = number(r"most common one is right in (\d+)%", out)
    assert 40 <= overall <= 60                      # "about half the time"
    assert 60 <= named <= 73                        # "about two times in three"
    assert draws < 50                               # "mostly wrong"
    assert abs(overall - baseline) <= 5             # "no better than always guessing"
    assert "so the rule is no better than guessing" in out
    assert out.count("   solver: ") == 2            # two positions where it is wrong
    assert f"the rule is right in {overall:.0f}% of the positions" in prose   # the summary


@pytest.mark.slow
def test_the_shared_useless_threat_is_no_win_in_one(executed):
    """Both players threaten one cell, which hangs above an empty cell: nobody can take it
    with the next disc, and the solver's score is printed beside it."""
    _, out, _ = executed
    assert "shared: X's threat in column 3, row 2 is useless" in out
    assert "shared: O's threat in column 3, row 2 is useless" in out
    assert re.search(r"shared: X to move; X's winning moves now: \[\], O's: \[\]; "
                     r"the solver's score for X: [+-]\d+", out), out


@pytest.mark.slow
def test_the_zugzwang_is_lost_by_the_player_who_must_move(executed):
    """Nobody can win at once, both of X's moves lose, and in perfect play X is the one
    who puts a disc right under O's threat; O wins."""
    prose, out, notebook = executed
    assert predict.ZUGZWANG in code_of(notebook)          # the question's position
    assert "X to move, 6 empty cells; winning moves now: X [], O []" in out
    scores = eval_counts_numbers(re.search(r"score of each of X's moves: (\{.*\})", out).group(1))
    assert len(scores) == 2 and all(score < 0 for score in scores.values())   # "both lose"
    forced = re.findall(r"^(X|O) plays column (\d), row (\d) \(right under O's threat\)$", out,
                        re.M)
    assert forced == [("X", "6", "5")]
    assert "winner: O" in out and "Both of X's moves lose" in prose


def eval_counts_numbers(text):
    """{0: -1, 6: -1} from a printed dict of column scores."""
    return {int(k): int(v) for k, v in re.findall(r"(\d+): (-?\d+)", text)}


@pytest.mark.slow
def test_double_threat_shapes_win_for_x(executed):
    _, out, _ = executed
    assert re.search(r"even over odd \[DoubleThreat.*\] \| solver: \d+ for X", out)
    assert re.search(r"odd over even \[DoubleThreat.*\] \| solver: \d+ for X", out)


@pytest.mark.slow
def test_the_exercise_waits_for_the_student(executed):
    _, out, _ = executed
    assert "my_useful_threats(state) returned None" in out


@pytest.mark.slow
def test_prose_has_one_column_numbering_and_no_plumbing(executed):
    prose, _, notebook = executed
    check_no_plumbing(prose, notebook)


def test_lesson_is_committed_without_outputs():
    check_committed_without_outputs(LESSON)
