"""Lesson 10's exercise check, `td_step`: the model passes; each modelled mistake is
named; a stub waits; broken answers get a verdict, never a traceback; and every
automatic mutant of the model that behaves differently is rejected with its case."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from gamelib.exercises import EXERCISES, td_step_exercise
from gamelib.exercises.solutions import td as td_solution
from gamelib.exercises.td_step import GAME, MISTAKES, cases, check_td_step, run, same
from mutants import function_source, mutants


def test_the_model_solution_passes_and_the_cases_include_ends_of_games() -> None:
    result = check_td_step(td_solution.td_step)
    assert result.passed, str(result)
    assert any(GAME.is_terminal(case.after) for case in cases())
    assert any(not GAME.is_terminal(case.after) for case in cases())
    assert EXERCISES["td_step"] is td_step_exercise


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_each_modelled_mistake_is_named_with_its_first_case(mistake: str) -> None:
    model, advice = MISTAKES[mistake]
    result = check_td_step(model)
    assert result.status == "failed" and result.diagnosis == mistake
    assert result.hint == advice
    assert result.message.startswith("on the 5x4 board after the moves")
    assert any("first move that differs" in line for line in result.details)


def test_a_stub_is_not_implemented_yet() -> None:
    def td_step(network: Any, game: Any, state: Any, after: Any, alpha: float) -> None:
        return None
    assert check_td_step(td_step).status == "not implemented yet"


@pytest.mark.parametrize("wrong, diagnosis", [
    (lambda network, game, state, after, alpha: 1 / 0, "crash"),
    (lambda network, game, state, after, alpha: "delta", "differs"),
    (lambda: 0.0, "crash"),
    (lambda network, game, state, after, alpha: setattr(network, "weights", None), "replaced"),
    (lambda network, game, state, after, alpha: network.weights.fill(np.nan), "differs"),
    (lambda network, game, state, after, alpha:
     td_solution.td_step(network, game, state, after, alpha) and None, "returned"),
])
def test_broken_answers_get_a_verdict_not_a_traceback(wrong: Any, diagnosis: str) -> None:
    result = check_td_step(wrong)
    assert result.status == "failed", str(result)
    assert result.diagnosis == diagnosis, str(result)


@pytest.mark.slow
def test_every_mutant_that_behaves_differently_is_rejected_with_a_counterexample() -> None:
    survived, equivalent = [], []
    for mutant in mutants(function_source(td_solution, "td_step")):
        try:
            fn = mutant.load("td_step")
        except Exception:
            continue
        differs = not all(_same(fn, case) for case in cases())
        result = check_td_step(fn)
        assert result.status != "could not judge", (mutant.what, str(result))
        if not differs:
            equivalent.append((mutant.what, mutant.line))
        elif result.passed:
            survived.append((mutant.what, mutant.line))
        elif result.status == "failed":
            assert "on the 5x4 board after the moves" in result.message, str(result)
    assert not survived
    assert not equivalent, equivalent


def _same(fn: Any, case: Any) -> bool:
    """Does the mutant do what the model does on `case`?"""
    try:
        return same(run(fn, case), run(td_solution.td_step, case))
    except Exception:
        return False
