"""The student-solution corpus: every file under tests/student_solutions/<exercise>/ is a
solution written the way a student would write it, with its expected verdict (and, for a
wrong one, the expected diagnosis) in its header:

    # expect: pass            or     # expect: fail
                                     # diagnosis: no pruning

The check of its exercise must give exactly that verdict and that diagnosis. A solution
whose verdict depends on how fast the computer is gives the check's time limit too
(`# time_limit: 6`, seconds of play for the evaluation's match), short enough that the
verdict is the same on a computer several times faster.
"""

from pathlib import Path

import pytest

from gamelib.exercises import EXERCISES

CORPUS = Path(__file__).parent / "student_solutions"
FUNCTION = {"is_win": "is_win", "minimax": "my_minimax", "alphabeta": "my_alphabeta",
            "evaluation": "my_eval", "ucb": "ucb_score", "backprop": "backpropagate",
            "first_player": "centre_player", "wilson": "wilson",
            "rules": "rule_move", "threats": "my_useful_threats",
            "td_step": "td_step"}


def header(path: Path) -> dict[str, str]:
    """The `# key: value` lines at the top of a corpus file."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        key, sep, value = line[1:].partition(":")
        if sep and key.strip() in ("expect", "diagnosis", "time_limit"):
            found[key.strip()] = value.strip()
    return found


FILES = sorted(CORPUS.glob("*/*.py"))
MATCH_VERDICTS = {"weaker", "not better", "too slow"}
"""The evaluation's verdicts from a match: the evidence is the score and its interval
(a position where the student's search threw away a result is shown when one is found)."""


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_the_check_gives_the_expected_verdict_and_diagnosis(path):
    expected = header(path)
    namespace: dict = {"__name__": f"student_{path.stem}"}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)
    function = FUNCTION[path.parent.name]
    if "time_limit" in expected:
        result = EXERCISES[function].checker(namespace[function],
                                             time_limit=float(expected["time_limit"]))
    else:
        result = EXERCISES[function].check(namespace[function])
    assert result.passed == (expected["expect"] == "pass"), str(result)
    assert result.status != "could not judge", str(result)
    if expected["expect"] == "fail":
        assert result.diagnosis == expected["diagnosis"], str(result)
        assert result.hint, "a failed check always says what to look at"
        if result.diagnosis not in MATCH_VERDICTS:
            assert result.details or f"{function}(" in result.message, \
                f"a rejection shows the case it failed on:\n{result}"


def test_the_corpus_is_as_large_as_promised():
    verdicts = [header(p) for p in FILES]
    correct = sum(v["expect"] == "pass" for v in verdicts)
    mistakes = {(p.parent.name, v["diagnosis"]) for p, v in zip(FILES, verdicts)
                if v["expect"] == "fail"}
    assert all(v.get("expect") in ("pass", "fail") for v in verdicts)
    assert len(FILES) >= 70 and correct >= 20
    assert sum(v["expect"] == "fail" for v in verdicts) >= 50
    assert len(mistakes) >= 30          # distinct diagnoses; some diagnoses cover several
                                        # distinct slips (e.g. each missing direction)
