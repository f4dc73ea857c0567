"""The checks never raise: an error in a check's own code becomes a verdict that says the
check could not judge, with what the student's function did; a student's exit() too."""

import ast
import sys

from gamelib.exercises import check_alphabeta, check_minimax, check_ucb
from gamelib.exercises import search_checks
from gamelib.exercises.solutions.minimax import my_minimax


def test_an_error_inside_a_check_is_a_verdict_not_a_traceback(monkeypatch):
    def broken(*args, **kwargs):
        raise StopIteration
    monkeypatch.setattr(search_checks, "_compare", broken)
    result = check_minimax(my_minimax)
    assert result.status == "could not judge" and result.diagnosis == "check error"
    assert not result.passed
    assert "could not judge this: StopIteration" in result.message
    assert "called your function" in result.details[0]         # what it had seen so far


def test_a_student_calling_exit_does_not_stop_the_notebook():
    def ucb_score(total, visits, parent_visits, c):
        sys.exit(1)
    result = check_ucb(ucb_score)
    assert not result.passed and result.diagnosis == "exit"


def test_the_wrapped_function_keeps_its_name():
    def my_alphabeta(game, state, depth, eval_fn):
        return None
    result = check_alphabeta(my_alphabeta)
    assert result.status == "not implemented yet" and "my_alphabeta" in result.message


# ---------------------------------------------------------------- counterexamples

def _late_min_cut(game, state, depth, eval_fn):
    """Alpha-beta whose MIN nodes cut one reply late (no model of this mistake exists)."""
    import math
    player = game.to_move(state)

    def value(s, alpha, beta, d, is_max):
        if game.is_terminal(s) or d == 0:
            return eval_fn(s, player), None
        best, move, low = (-math.inf if is_max else math.inf), None, 0
        for m in game.actions(s):
            v, _ = value(game.result(s, m), alpha, beta, d - 1, not is_max)
            if (v > best) if is_max else (v < best):
                best, move = v, m
            if is_max:
                alpha = max(alpha, best)
                if best >= beta:
                    break
            else:
                beta = min(beta, best)
                if best <= alpha:
                    low += 1
                    if low == 2:
                        break
        return best, move
    return value(state, -math.inf, math.inf, depth, True)


def test_an_unnamed_mistake_is_shown_on_the_smallest_tree_found():
    from gamelib.exercises.search_checks import _size
    result = check_alphabeta(_late_min_cut)
    assert result.diagnosis == "first difference"
    head = result.details[0]
    assert head.startswith("smallest tree found: GameTree(")
    tree = ast.literal_eval(head[len("smallest tree found: GameTree("):head.index("), depth")])
    assert _size(tree) <= 6, head            # e.g. [[0], [0, 0]]: one MIN node to cut


def test_every_smaller_tree_is_a_tree_and_smaller():
    from gamelib.exercises.search_checks import _size, _smaller
    tree = [[3, [1, -2]], [0], 4]
    for smaller in _smaller(tree):
        assert isinstance(smaller, list) and smaller and _size(smaller) <= _size(tree)
        assert smaller != tree


def test_the_min_only_hint_names_both_mistakes_that_behave_alike():
    from gamelib.exercises.mistakes import HINTS
    assert "beta = min(beta, value)" in HINTS["min only"] and ">= beta" in HINTS["min only"]
    assert "alpha = max(alpha, value)" in HINTS["max only"] and "<= alpha" in HINTS["max only"]


def test_every_public_check_is_guarded():
    import gamelib.exercises as exercises
    checks = [getattr(exercises, name) for name in exercises.__all__
              if name.startswith("check_")]
    assert len(checks) == len(exercises.EXERCISES)
    from gamelib.exercises import evaluation
    checks[checks.index(exercises.check_eval_fn)] = evaluation._check_eval_fn  # after the
    for check in checks:                                    # caller's arguments are checked
        assert hasattr(check, "__wrapped__"), check.__name__


def test_a_students_object_that_breaks_comparisons_gets_a_verdict():
    from gamelib.exercises import check_backprop

    class Odd:
        def __eq__(self, other):
            raise RuntimeError("no comparing me")
        __hash__ = object.__hash__

    result = check_backprop(lambda node, winner: setattr(node, "visits", Odd()))
    assert not result.passed and result.status in ("could not judge", "failed")


def test_backpropagation_that_stores_strings_is_judged_not_crashed():
    from gamelib.exercises import check_backprop
    result = check_backprop(lambda node, winner: setattr(node, "visits", "1"))
    assert result.status == "failed" and "('1', 0.0)" in "\n".join(result.details)


def test_the_students_function_can_still_be_called_with_keywords():
    from gamelib.exercises.common import Seen
    seen = Seen(lambda total, visits: total / visits)
    assert seen.wrapper()(total=3.0, visits=2) == 1.5 and seen.count == 1
