"""The exercise checks: solutions pass, stubs and crashes are reported plainly, the
reference is the library's own search, and check() / hint() / solution() behave as a
course's exercise objects do. (The many student solutions live in the corpus:
tests/test_exercises_corpus.py.)"""

import math
import re
from pathlib import Path

import pytest

from gamelib.exercises import (EXERCISES, alphabeta_exercise, check_alphabeta,
                               check_backprop, check_eval_fn, check_is_win, check_minimax,
                               check_ucb, is_win_exercise, minimax_exercise)
from gamelib.exercises.mistakes import models
from gamelib.exercises.recording import RecordingGame
from gamelib.exercises.search_checks import cases, reference, run
from gamelib.exercises.solutions.alphabeta import my_alphabeta
from gamelib.exercises.solutions.evaluation import my_eval
from gamelib.exercises.solutions.is_win import is_win
from gamelib.exercises.solutions.mcts import backpropagate, ucb_score
from gamelib.exercises.solutions.minimax import my_minimax
from gamelib.search import Trace, alphabeta, minimax


# ---------------------------------------------------------------- the model solutions

@pytest.mark.parametrize("check, solution", [
    (check_is_win, is_win), (check_minimax, my_minimax), (check_alphabeta, my_alphabeta),
    (check_ucb, ucb_score), (check_backprop, backpropagate)])
def test_every_check_passes_its_model_solution(check, solution):
    result = check(solution)
    assert result.passed, str(result)


def test_eval_check_passes_the_solution_with_the_interval_above_one_half():
    result = check_eval_fn(my_eval)
    assert result.passed, str(result)
    assert "95% CI 0.59-0.72" in result.message and "seats swapped" in result.message
    assert "reached the stretch goal" in result.message
    lesson = (Path(__file__).resolve().parents[1] / "notebooks" / "04-heuristics.ipynb")
    said = re.search(r"It scores (0\.\d\d) and reaches the stretch goal", lesson.read_text())
    assert said and f"scored {said.group(1)} against" in result.message


def test_eval_check_refuses_the_baseline_itself_and_a_weaker_evaluation():
    """Not worse is not enough: the window count against itself scores 0.50 and fails,
    and an evaluation that only counts centre discs is clearly weaker."""
    from gamelib.heuristics import centre_eval, window_eval

    same = check_eval_fn(window_eval)
    assert not same.passed and same.diagnosis == "not better", str(same)
    assert "scored 0.50" in same.message and "contains 0.5" in same.message
    weaker = check_eval_fn(centre_eval)
    assert not weaker.passed and weaker.diagnosis == "weaker", str(weaker)


def test_eval_verdict_follows_the_interval_and_the_stretch_goal():
    """The verdict reads only the interval and the score: better (interval above 0.5),
    stretch reached at STRETCH_SCORE, not better (0.5 inside), weaker (below)."""
    from gamelib.arena.stats import Tally
    from gamelib.exercises.evaluation import STRETCH_SCORE, match_verdict

    assert match_verdict(Tally(wins=120, draws=0, losses=80), 2).passed        # 0.60
    assert "Stretch goal" in match_verdict(Tally(wins=120, losses=80), 2).message
    assert STRETCH_SCORE == 0.65
    assert "reached the stretch" in match_verdict(Tally(wins=130, losses=70), 2).message
    assert match_verdict(Tally(wins=108, losses=92), 2).diagnosis == "not better"  # 0.54
    assert match_verdict(Tally(wins=80, losses=120), 2).diagnosis == "weaker"


def test_eval_check_refuses_a_game_count_it_cannot_use():
    with pytest.raises(ValueError, match="at least 2"):
        check_eval_fn(my_eval, games=1)


# ---------------------------------------------------------------- stubs, crashes, types

@pytest.mark.parametrize("check, stub", [
    (check_is_win, lambda state, player: None),
    (check_minimax, lambda game, state, depth, eval_fn: None),
    (check_alphabeta, lambda game, state, depth, eval_fn: None),
    (check_eval_fn, lambda state, player: None),
    (check_ucb, lambda t, n, N, c: None),
    (check_backprop, lambda node, winner: None)])
def test_a_stub_is_not_implemented_yet(check, stub):
    assert check(stub).status == "not implemented yet"


def test_a_crash_is_reported_with_the_error_and_the_line():
    result = check_is_win(lambda state, player: state.cell(9, 9) == player)
    assert result.status == "failed" and "IndexError" in result.message
    assert "line" in result.message and "common.py" not in result.message


def test_a_crash_in_a_folder_named_gamelib_still_shows_the_students_line(tmp_path):
    folder = tmp_path / "gamelib" / "notebooks"        # e.g. a clone named gamelib
    folder.mkdir(parents=True)
    source = "def is_win(state, player):\n    return state.cell(9, 9) == player\n"
    (folder / "student.py").write_text(source)
    namespace: dict = {}
    exec(compile(source, str(folder / "student.py"), "exec"), namespace)
    result = check_is_win(namespace["is_win"])
    assert "line 2: return state.cell(9, 9) == player" in result.message


def test_a_search_that_returns_a_number_is_told_to_return_a_pair():
    result = check_minimax(lambda game, state, depth, eval_fn: 3)
    assert result.diagnosis == "return type" and "(value, move)" in result.message


def test_check_results_show_as_html():
    assert "gamelib-check passed" in check_ucb(ucb_score)._repr_html_()


# ---------------------------------------------------------------- one reference

@pytest.mark.parametrize("pruning", [False, True])
def test_the_checks_reference_is_the_library_search_leaf_for_leaf(pruning):
    """The leaves read from the library's trace are the leaves the same search scores
    through the recording game, in the same order, on every check position."""
    search = alphabeta if pruning else minimax
    for case in cases():
        record = RecordingGame(case.game, case.state)
        result = search(record, case.state, depth=case.depth,
                        eval_fn=record.eval_fn(case.eval_fn), scoring="plain",
                        trace=Trace())
        ref = reference(case, pruning)
        assert ref.leaves == record.leaf_paths(), case.name
        assert ref.value == result.value


@pytest.mark.parametrize("pruning", [False, True])
def test_every_mistake_model_differs_from_the_library_somewhere(pruning):
    """A model that behaved like the reference everywhere could never be told apart."""
    for name, wrong in models(pruning).items():
        differs = False
        for case in cases():
            mine, ref = run(wrong, case), reference(case, pruning)
            if mine.leaves != ref.leaves or mine.value != ref.value or mine.move != ref.move:
                differs = True
                break
        assert differs, name


def test_the_textbook_tree_needs_7_of_9_leaves():
    ref = reference(cases()[0], pruning=True)
    assert ref.value == 3 and len(ref.leaves) == 7


# ---------------------------------------------------------------- the examples

def test_alphabeta_without_updates_is_not_told_to_pass_the_window_down():
    """It passes the window down and never updates it: the evidence (no pruning at all)
    fits several mistakes, so the hint lists them instead of naming the wrong one."""
    def my_search(game, state, depth, eval_fn):
        player = game.to_move(state)

        def value(s, alpha, beta, d, is_max):
            if game.is_terminal(s) or d == 0:
                return eval_fn(s, player), None
            best, best_move = (-math.inf if is_max else math.inf), None
            for m in game.actions(s):
                v, _ = value(game.result(s, m), alpha, beta, d - 1, not is_max)
                if (v > best) if is_max else (v < best):
                    best, best_move = v, m
                if (is_max and best >= beta) or (not is_max and best <= alpha):
                    return best, best_move
            return best, best_move
        return value(state, -math.inf, math.inf, depth, True)

    result = check_alphabeta(my_search)
    assert result.diagnosis == "no pruning"
    assert "update the bound" in result.hint and "pass the" in result.hint


def test_an_unknown_mistake_gets_the_first_difference_with_the_position_drawn():
    """Alpha-beta whose MIN nodes cut off one move late: no model fits."""
    def my_search(game, state, depth, eval_fn):
        player = game.to_move(state)

        def max_value(s, alpha, beta, d):
            if game.is_terminal(s) or d == 0:
                return eval_fn(s, player), None
            v, best = -math.inf, None
            for m in game.actions(s):
                w, _ = min_value(game.result(s, m), alpha, beta, d - 1)
                if w > v:
                    v, best = w, m
                alpha = max(alpha, v)
                if v >= beta:
                    break
            return v, best

        def min_value(s, alpha, beta, d):
            if game.is_terminal(s) or d == 0:
                return eval_fn(s, player), None
            v, best, low = math.inf, None, 0
            for m in game.actions(s):
                w, _ = max_value(game.result(s, m), alpha, beta, d - 1)
                if w < v:
                    v, best = w, m
                beta = min(beta, v)
                if v <= alpha:
                    low += 1
                    if low == 2:
                        break
            return v, best
        return max_value(state, -math.inf, math.inf, depth)

    result = check_alphabeta(my_search)
    assert result.diagnosis == "first difference", str(result)
    assert "prunes move" in result.message and "MIN" in result.message
    assert "node 1" in result.message
    drawn = "\n".join(result.details)       # the smallest tree found, drawn as an outline
    assert "smallest tree found: GameTree(" in drawn and "reference answer" in drawn
    assert re.search(r"leaf -?\d+ +#\d+ +-", drawn), drawn   # a leaf only you scored


# ---------------------------------------------------------------- check, hint, solution

def test_check_finds_the_students_function_by_name():
    def is_win(state, player):            # noqa: F811 -- the student's own, by that name
        return False
    assert not is_win_exercise.check().passed
    assert is_win_exercise.check(globals()["is_win"]).passed


def test_check_says_when_the_function_is_missing():
    notebook = {"minimax_exercise": minimax_exercise}       # a notebook without my_minimax
    exec("result = minimax_exercise.check()", notebook)
    result = notebook["result"]
    assert result.status == "not implemented yet" and "my_minimax" in result.message


def test_hint_gives_one_more_hint_each_call_then_says_there_are_no_more():
    exercise = EXERCISES["my_alphabeta"]
    exercise.hints_given = 0
    shown = [str(exercise.hint()) for _ in range(len(exercise.hints) + 1)]
    assert "hint 1 of" in shown[0] and "hint 2 of" in shown[1]
    assert len(set(shown)) == len(shown)
    assert "no more hints" in shown[-1] and ".solution()" in shown[-1]
    assert "order game.actions(state)" in " ".join(shown)     # the order the check fixes
    exercise.hints_given = 0


def test_solution_shows_the_model_solution():
    note = alphabeta_exercise.solution()
    assert "def my_alphabeta" in note.text and "<pre" in note._repr_html_()
