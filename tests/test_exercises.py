"""The exercise checks: solutions pass, stubs and crashes are reported plainly, the
reference is the library's own search, and check() / hint() / solution() behave as a
course's exercise objects do. (The many student solutions live in the corpus:
tests/test_exercises_corpus.py.)"""

import functools
import math
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from gamelib.arena.stats import score_interval
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
from gamelib.games import ConnectFour
from gamelib.search import Trace, alphabeta, minimax


# ---------------------------------------------------------------- the model solutions

@pytest.mark.parametrize("check, solution", [
    (check_is_win, is_win), (check_minimax, my_minimax), (check_alphabeta, my_alphabeta),
    (check_ucb, ucb_score), (check_backprop, backpropagate)])
def test_every_check_passes_its_model_solution(check, solution):
    result = check(solution)
    assert result.passed, str(result)


@functools.cache
def judged(name: str) -> tuple[Any, float]:
    """The evaluation check's verdict on the model solution ("model") or a heuristic of
    the library, and the process time it took (each judged once for all the tests)."""
    from gamelib import heuristics
    fn = my_eval if name == "model" else getattr(heuristics, name)
    start = time.process_time()
    result = check_eval_fn(fn, progress=False)
    return result, time.process_time() - start


def test_eval_check_passes_the_solution_with_the_interval_above_one_half():
    """The sequential match stops at its second look (80 games): the model solution is
    clearly better (0.64, just short of the stretch goal), and the lesson says the score
    the check reports, and whether it reaches the stretch goal."""
    result, _ = judged("model")
    assert result.passed, str(result)
    assert "in 80 games" in result.message and "95% CI 0.512-0.747" in result.message
    assert "seats swapped" in result.message and "Stretch goal: a score of" in result.message
    lesson = (Path(__file__).resolve().parents[1] / "notebooks" / "04-heuristics.ipynb")
    said = re.search(r"It scores (0\.\d\d)( and reaches the stretch goal)?", lesson.read_text())
    assert said and f"scored {said.group(1)} against" in result.message
    assert bool(said.group(2)) == ("reached the stretch goal" in result.message)


def test_lesson_04_describes_the_evaluation_checks_own_settings():
    """The lesson's account of the match (how many games, how often it looks, when it
    stops) is the check's own settings, so the two cannot drift apart."""
    from gamelib.exercises.evaluation import GAMES, LOOK_EVERY, TIME_LIMITS

    lesson = (Path(__file__).resolve().parents[1] / "notebooks" / "04-heuristics.ipynb")
    text = lesson.read_text()
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    assert f"up to {GAMES} games" in text and f"every {LOOK_EVERY} games" in text
    assert (f"after {TIME_LIMITS['desktop']:g} seconds of play, {TIME_LIMITS['browser']:g} "
            "in the browser version of the course" in text)
    assert f"any of its {words[GAMES // LOOK_EVERY]} looks" in text
    said = re.search(r"the match stops after (\d+) games", text)
    result, _ = judged("model")
    assert said and f"in {said.group(1)} games" in result.message


def test_eval_check_refuses_the_baseline_itself_and_a_weaker_evaluation():
    """Not worse is not enough: the window count against itself scores 0.50 and fails
    after every game the match may play, and an evaluation that only counts centre discs
    is clearly weaker."""
    from gamelib.exercises.evaluation import GAMES

    same, _ = judged("window_eval")
    assert not same.passed and same.diagnosis == "not better", str(same)
    assert "scored 0.50" in same.message and "contains 0.5" in same.message
    assert f"in {GAMES} games" in same.message
    weaker, _ = judged("centre_eval")
    assert not weaker.passed and weaker.diagnosis == "weaker", str(weaker)


def test_eval_verdict_follows_the_interval_and_the_stretch_goal():
    """The verdict reads only the interval and the score: better (interval above 0.5),
    stretch reached at STRETCH_SCORE, not better (0.5 inside), weaker (below), too slow
    (0.5 inside when the time ran out)."""
    from gamelib.arena.stats import Tally
    from gamelib.exercises.evaluation import STRETCH_SCORE, match_verdict

    assert match_verdict(Tally(wins=120, draws=0, losses=80), 2).passed        # 0.60
    assert "Stretch goal" in match_verdict(Tally(wins=120, losses=80), 2).message
    assert STRETCH_SCORE == 0.65
    assert "reached the stretch" in match_verdict(Tally(wins=130, losses=70), 2).message
    assert match_verdict(Tally(wins=108, losses=92), 2).diagnosis == "not better"  # 0.54
    assert match_verdict(Tally(wins=80, losses=120), 2).diagnosis == "weaker"
    slow = match_verdict(Tally(wins=30, losses=20), 2, " It stopped at its time limit.")
    assert slow.diagnosis == "too slow" and "time_limit=" in slow.hint
    assert match_verdict(Tally(wins=45, losses=5), 2, " It stopped.").passed   # decided


def test_eval_interval_is_wider_at_each_look_so_that_stopping_early_errs_rarely():
    """Pocock's boundary: an evaluation exactly as strong as the window count, looked at
    every LOOK_EVERY games up to GAMES, is called better or weaker in about 5% of
    matches; with the 95% interval at every look it would be about 14%."""
    from gamelib.arena.stats import Z95
    from gamelib.exercises import evaluation

    rng = random.Random(7)

    def errs(z: float) -> float:
        wrong = 0
        for _ in range(4000):
            wins = 0
            for look in range(evaluation.LOOK_EVERY, evaluation.GAMES + 1,
                              evaluation.LOOK_EVERY):
                wins += sum(rng.random() < 0.5 for _ in range(evaluation.LOOK_EVERY))
                low, high = score_interval(wins, 0, look - wins, z=z)
                if low > 0.5 or high < 0.5:
                    wrong += 1
                    break
        return wrong / 4000
    assert 0.035 < errs(evaluation.Z_LOOK) < 0.065
    assert errs(Z95) > 0.10


def test_eval_check_refuses_a_game_count_or_time_it_cannot_use():
    with pytest.raises(ValueError, match="at least 2"):
        check_eval_fn(my_eval, games=1)
    with pytest.raises(ValueError, match="above 0"):
        check_eval_fn(my_eval, time_limit=0)


def test_eval_check_answers_in_seconds_of_computing():
    """The speed the lessons promise (at most 15 s, also in the browser, which is several
    times slower): the model solution and a weaker evaluation are judged within a few
    seconds of process time here, a shape fault at once; the number of games is the part
    of the time that cannot depend on the machine."""
    for name, games in (("model", 80), ("centre_eval", 120)):
        result, seconds = judged(name)
        assert f"in {games} games" in result.message, str(result)
        assert seconds < 12, f"{seconds:.1f} s of process time: {result.message}"
    start = time.process_time()
    assert check_eval_fn(lambda state, player: 0, progress=False).diagnosis == "constant"
    assert time.process_time() - start < 1


def test_a_slow_evaluation_is_stopped_at_the_time_limit_and_told_why():
    from gamelib.heuristics import window_eval

    def slow_eval(state, player):
        for _ in range(3000):           # a slow but right evaluation
            pass
        return window_eval(state, player) + 0.01 * window_eval(state, player)
    start = time.process_time()
    result = check_eval_fn(slow_eval, progress=False, time_limit=0.5)
    assert time.process_time() - start < 5, str(result)
    assert result.diagnosis == "too slow", str(result)
    assert "time limit (0.5 s of play)" in result.message and "ms a call" in result.message


def test_an_evaluation_that_raises_only_inside_the_match_is_shown_where():
    """A division that fails only on positions the quick questions never ask about: the
    forfeit is reported with a position on which the function does raise."""
    from gamelib.heuristics import centre_eval, from_picture, threat_eval, window_eval

    def my_eval(state, player):                 # centre_eval is 0 on balanced positions
        return (window_eval(state, player) + 2 / centre_eval(state, player)
                + 40 * threat_eval(state, player))
    result = check_eval_fn(my_eval, progress=False)
    assert result.diagnosis == "crash" and "forfeited" in result.message, str(result)
    text, board = result.details[0].split(":\n", 1)
    player = re.search(r"my_eval\(state, '(X|O)'\) raised ZeroDivisionError", text).group(1)
    with pytest.raises(ZeroDivisionError):
        my_eval(from_picture("\n".join(board.splitlines()[:-1])), player)


def test_a_rejected_evaluation_is_shown_a_move_the_solver_proves_worse():
    """The counterexample is true: on the drawn position, the student's depth-2 search
    plays the column named, which the solver proves worse than the window count's
    search's column, whose outcome is the best there is."""
    from gamelib.heuristics import centre_eval, from_picture, window_eval
    from gamelib.search.players import AlphaBetaPlayer
    from gamelib.solver.api import analyze, sign

    result, _ = judged("centre_eval")
    shown = [d for d in result.details if "the solver" in d or "perfect play" in d]
    assert shown, str(result)
    text, board = shown[0].split(":\n", 1)
    state = from_picture("\n".join(board.splitlines()[:-1]))      # (the column numbers)
    played = int(re.search(r"played column (\d)", text).group(1))
    other = int(re.search(r"search plays column (\d)", text).group(1))
    game = ConnectFour()
    assert AlphaBetaPlayer(depth=2, eval_fn=centre_eval, tt=False)(game, state) == played
    assert AlphaBetaPlayer(depth=2, eval_fn=window_eval, tt=False)(game, state) == other
    exact = {col: sign(score) for col, score in analyze(state, weak=True, engine="python").items()}
    assert exact[played] < exact[other] == max(exact.values())


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
