"""Lesson 05 runs top to bottom, and what its sentences say is what its outputs show.

The lesson has no quick settings: every cell runs at the size a student sees (about a
minute and a half), so the facts below hold in every run.
"""

import json
import re
from pathlib import Path

import pytest

LESSON = Path(__file__).resolve().parent.parent / "notebooks" / "05-connect-four-strategy.ipynb"


@pytest.fixture(scope="module")
def executed(executed_lesson):
    """The lesson executed in a fresh kernel (the session's shared run; lesson 05 has no
    quick settings, so quick and full are the same run): (markdown, outputs, notebook)."""
    notebook = executed_lesson(LESSON)
    outputs = {}
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            text = []
            for out in cell.outputs:
                assert out.output_type != "error", (index, out)
                if out.output_type == "stream":
                    text.append(out.text)
                elif "text/plain" in out.get("data", {}):
                    text.append(out["data"]["text/plain"])
            outputs[index] = "".join(text)
    prose = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    return prose, "\n".join(outputs.values()), notebook


def number(pattern, text):
    """The first number the regular expression's group captures in `text`."""
    found = re.search(pattern, text)
    assert found, pattern
    return float(found.group(1))


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
    _, out, _ = executed
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
def test_rules_agree_with_depth_2_and_miss_the_trap(executed):
    _, out, _ = executed
    agree = re.search(r"depth-2 search's in (\d+) of (\d+) positions", out)
    assert agree and agree.group(1) == agree.group(2)
    assert "column 3 keeps the most lines open" in out
    assert "depth 4: column 3 is a loss in 4 plies" in out


@pytest.mark.slow
def test_double_threat_shapes_win_for_x(executed):
    _, out, _ = executed
    assert re.search(r"even over odd \[DoubleThreat.*\] \| solver: \d+ for X", out)
    assert re.search(r"odd over even \[DoubleThreat.*\] \| solver: \d+ for X", out)


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
    shares = {name.strip(): float(v) for name, v in
              re.findall(r"^(.{30}) keeps the value in ([\d.]+)%", out, re.M)}
    assert shares["random"] < 50 and shares["win-or-block rules"] > shares["random"] + 30
    deep = [v for k, v in shares.items() if "depth 4" in k]
    assert len(deep) == 3 and max(deep) - min(deep) <= 1.0
    assert all(v < 100 for v in shares.values())                   # "none of them is perfect"
    verdicts = re.findall(r"^    (not shown|\S.*is stronger|\S.*is weaker)", out, re.M)
    assert verdicts == ["not shown", "not shown"]                   # "both intervals contain 0.5"


@pytest.mark.slow
def test_prose_has_one_column_numbering_and_no_plumbing(executed):
    prose, _, notebook = executed
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    assert "GAMELIB_QUICK" not in code and "os.environ" not in code
    assert "seed report" not in prose and "the seed" not in prose.lower()
    assert "| 0 | 1 | 2 | 3 (centre) | 4 | 5 | 6 |" in prose
    assert "columns 1 to 7" not in prose.lower()


def test_lesson_is_committed_without_outputs():
    notebook = json.loads(LESSON.read_text())
    assert "quick" not in notebook["metadata"].get("gamelib", {})     # one setting only
    assert all(c.get("outputs") == [] for c in notebook["cells"] if c["cell_type"] == "code")
