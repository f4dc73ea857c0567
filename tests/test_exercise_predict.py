"""Predict-then-run questions: each passes its true answer, names the known wrong ones,
reads what a student may write, and finds the prediction by name in the notebook."""

import re

import numpy as np
import pytest

from gamelib import ConnectFour, GameTree, Trace, alphabeta, minimax
from gamelib.exercises import predict
from gamelib.exercises.predict import leaves_at_depth_3, minimax_value, pruned_leaves


def test_the_answers_are_what_the_searches_do():
    game = ConnectFour()
    assert leaves_at_depth_3.answer() == 343 == 7 ** 3
    assert leaves_at_depth_3.answer() == minimax(game, game.initial_state, depth=3).stats.leaves
    assert minimax_value.answer() == 4
    assert pruned_leaves.answer() == {9, 7, 8}


def test_pruned_leaves_are_the_leaves_alpha_beta_never_scores():
    # the textbook tree: alpha-beta prunes the 4 and the 6
    assert predict.pruned_leaf_values([[3, 12, 8], [2, 4, 6], [14, 5, 2]]) == {4, 6}
    # best move first at the right: nothing to prune on a tree of one move per node
    assert predict.pruned_leaf_values([[1], [2]]) == set()
    result = alphabeta(GameTree(predict.PRUNE_TREE), (), trace=Trace())
    assert result.stats.leaves == 8 - 3


@pytest.mark.parametrize("question, right", [
    (leaves_at_depth_3, 343), (leaves_at_depth_3, np.int64(343)),
    (minimax_value, 4), (pruned_leaves, {7, 8, 9}), (pruned_leaves, [9, 7, 8]),
    (pruned_leaves, (8, 7, 9)), (minimax_value, 4.0), (minimax_value, np.int64(4)),
    (minimax_value, np.float64(4.0)), (leaves_at_depth_3, 343.0), (pruned_leaves, {9.0, 7, 8}),
])
def test_the_right_answer_passes_in_any_reasonable_form(question, right):
    verdict = question.check(right)
    assert verdict.passed, verdict
    assert "yes" in verdict.message


@pytest.mark.parametrize("question, wrong, words", [
    (leaves_at_depth_3, 400, "every node"),
    (leaves_at_depth_3, 21, "multiply"),
    (leaves_at_depth_3, 210, "does not fill up"),
    (leaves_at_depth_3, 49, "depth 2"),
    (minimax_value, 9, "MIN would answer with 2"),
    (minimax_value, 1, "smallest leaf"),
    (pruned_leaves, {9, 7}, "also skips 8"),
    (pruned_leaves, {9, 7, 8, 3}, "3 is scored"),
    (pruned_leaves, {6, 9, 7, 8}, "first subtree is always searched in full"),
    (pruned_leaves, set(), "also skips 7, 8, 9"),
    (pruned_leaves, {4, 5, 8}, "as positions"), (pruned_leaves, [3, 4, 7], "as positions"),
])
def test_known_wrong_answers_fail_with_a_reason(question, wrong, words):
    verdict = question.check(wrong)
    assert not verdict.passed
    assert verdict.status == "failed"
    assert words in verdict.hint, verdict


def test_an_unknown_wrong_answer_fails_with_a_general_hint():
    verdict = leaves_at_depth_3.check(1000)
    assert not verdict.passed and ".hint()" in verdict.hint


@pytest.mark.parametrize("question, bad", [
    (leaves_at_depth_3, "343"), (leaves_at_depth_3, 343.5), (leaves_at_depth_3, True),
    (pruned_leaves, 9), (pruned_leaves, "9 7 8"), (pruned_leaves, {"9", "7"}),
    (minimax_value, "4"), (minimax_value, float("nan")), (minimax_value, None or [4]),
])
def test_answers_of_the_wrong_kind_say_what_is_expected(question, bad):
    verdict = question.check(bad)
    assert verdict.status == "failed" and verdict.diagnosis == "format"
    assert "you wrote" in verdict.message


def test_check_finds_the_prediction_by_name_and_waits_for_one():
    assert minimax_value.check().status == "not implemented yet"
    minimax_value_ = 4                                # noqa: F841  (a different name)
    assert minimax_value.check().status == "not implemented yet"
    namespace = {"minimax_value": ..., "q": minimax_value}
    assert eval("q.check()", namespace).status == "not implemented yet"   # the `...` stub
    namespace["minimax_value"] = 4
    assert eval("q.check()", namespace).passed
    namespace["minimax_value"] = 9
    assert not eval("q.check()", namespace).passed


def test_hints_come_one_at_a_time_then_the_solution_gives_the_answer():
    question = predict.Question(**{**vars(pruned_leaves), "hints_given": 0})
    first, second, done = question.hint(), question.hint(), question.hint()
    assert "hint 1 of 2" in first.title and "hint 2 of 2" in second.title
    assert first.text != second.text and "no more hints" in done.title
    solution = question.solution()
    assert "{7, 8, 9}" in solution.title and "prunes 9 and 7" in solution.text
    assert "pruned_leaves = your answer" in question.ask().text


def test_every_question_is_listed_by_the_name_the_student_sets():
    assert {"leaves_at_depth_3", "minimax_value", "pruned_leaves", "moves_left", "who_wins",
            "tree_positions", "games_digits", "best_order_leaves"} <= set(predict.QUESTIONS)
    for name, question in predict.QUESTIONS.items():
        assert question.name == name and question.hints and question.why


def test_positions_given_where_values_were_asked_are_told_so():
    verdict = pruned_leaves.check({(1, 1), (1, 2), (2, 2)})
    assert verdict.diagnosis == "format" and "positions" in verdict.message


# ---- the questions of lessons 00, 01 and 03 --------------------------------------------

def test_the_new_answers_are_what_the_code_does():
    from gamelib import AlphaBetaPlayer, RandomPlayer, TicTacToe, play_game
    game = ConnectFour()
    assert predict.moves_left.answer() == 6 == len(game.actions(game.play("333333")))
    record = play_game(game, [AlphaBetaPlayer(depth=4), RandomPlayer(seed=1)], seed=1)
    assert predict.who_wins.answer() == record.winner == "X"
    ttt = TicTacToe()
    walk = minimax(ttt, ttt.play(predict.CORNER), trace=Trace())
    assert predict.tree_positions.answer() == len(walk.trace.nodes()) == 14
    assert predict.tictactoe_games() == 255168 and predict.games_digits.answer() == 6
    assert predict.best_order_leaves.answer() == 5
    assert predict.best_first_leaves([[1, 2], [0, 5]]) == 3     # 1, 2; then 0 <= 1 cuts


@pytest.mark.parametrize("question, right", [
    (predict.moves_left, 6), (predict.moves_left, 6.0), (predict.who_wins, "X"),
    (predict.who_wins, "red"), (predict.who_wins, " x "), (predict.tree_positions, 14),
    (predict.games_digits, np.int64(6)), (predict.best_order_leaves, 5),
])
def test_the_new_questions_accept_the_right_answer(question, right):
    assert question.check(right).passed


@pytest.mark.parametrize("question, wrong, words", [
    (predict.moves_left, 7, "full"), (predict.who_wins, "O", "looking ahead"),
    (predict.who_wins, "draw", "looking ahead"), (predict.tree_positions, 16, "ended early"),
    (predict.tree_positions, 13, "start position"), (predict.games_digits, 7, "upper bound"),
    (predict.games_digits, 5, "most games are long"),
    (predict.best_order_leaves, 7, "order the tree is written"),
    (predict.best_order_leaves, 3, "searched in full"),
])
def test_the_new_questions_name_known_wrong_answers(question, wrong, words):
    verdict = question.check(wrong)
    assert verdict.status == "failed" and words in verdict.hint, verdict


@pytest.mark.parametrize("question, bad", [
    (predict.who_wins, "blue"), (predict.who_wins, 1), (predict.moves_left, "6"),
])
def test_the_new_questions_say_what_kind_of_answer_is_expected(question, bad):
    verdict = question.check(bad)
    assert verdict.diagnosis == "format" and "you wrote" in verdict.message


def test_who_wins_accepts_none_for_a_draw_but_waits_for_a_stub():
    assert predict.player_name(None) is None and predict.player_name("Draw") is None
    assert predict.who_wins.check(...).status == "not implemented yet"


# ---- the questions of lessons 04 to 09 -------------------------------------------------

def test_the_answers_of_lessons_04_to_09_are_what_the_code_does():
    from gamelib import heuristics, solver
    from gamelib.arena.stats import wilson_interval
    game = ConnectFour()
    floor = alphabeta(game, game.play("3040"), depth=2, all_values=True)
    assert predict.best_columns.answer() == {2, 5} == {
        m for m, v in floor.move_values.items() if v == max(floor.move_values.values())}
    horizon = game.play(predict.HORIZON)
    assert alphabeta(game, horizon, depth=2, order="centre").move == 2
    assert predict.deeper_search_agrees.answer() is False
    assert predict.ucb_pick.answer() == "b"
    assert predict.blocks_without_flip.answer() == 0
    assert predict.tournament_games.answer() == 120
    n = predict.games_needed.answer()
    assert wilson_interval(0.7 * n, n)[0] > 0.5 >= wilson_interval(0.7 * (n - 1), n - 1)[0]
    assert predict.double_threat.answer() == set(
        heuristics.double_threat_moves(game, game.play("3344"))) == {2, 5}
    assert predict.rule_first.answer() == 0
    zugzwang = game.play(predict.ZUGZWANG)
    assert zugzwang.to_move == "X" and not heuristics.winning_moves(zugzwang, "X") \
        and not heuristics.winning_moves(zugzwang, "O")
    assert predict.zugzwang_outcome.answer() == "O" and int(solver.solve(zugzwang)) < 0
    assert predict.first_move_wins.answer() == {3} == {
        col for col, score in solver.analyze(game.initial_state).items() if score > 0}
    assert predict.score_3344.answer() == int(solver.solve(game.play("3344"))) == 18
    assert predict.bit_index.answer() == 7 * 2 + 3
    assert predict.next_probe.answer() == 0


def test_the_next_question_is_asked_about_the_empty_board_as_the_question_says():
    from gamelib.solver.negamax import STEPPING_WIDTH, narrow_by_null_windows, score_range
    asked: list[int] = []

    def above(mid, position):
        asked.append(mid)
        return mid if 1 <= mid else mid + 1             # the empty board scores 1

    narrow_by_null_windows(above, *score_range(0, weak=False), None)
    answers = ["yes" if 1 > mid else "no" for mid in asked]
    said = re.findall(r'"above (-?\d+)\?" \((yes|no)\)', predict.next_probe.question)
    assert [(str(mid), answer) for mid, answer in zip(asked, answers)][:4] == said
    assert asked[4] == predict.next_probe.answer() == 0
    assert f"at most {STEPPING_WIDTH} (STEPPING_WIDTH)" in predict.next_probe.why


def test_the_round_robin_plays_the_games_the_question_counts():
    from gamelib import RandomPlayer, tournament
    players = {f"random {i}": RandomPlayer(seed=i) for i in range(4)}
    table = tournament(ConnectFour(), players, games=predict.GAMES_PER_PAIR, seed=1,
                       progress=False, executor="serial")
    assert len(table.games) == predict.tournament_games.answer()


@pytest.mark.parametrize("question, right", [
    (predict.best_columns, {5, 2}), (predict.best_columns, [2, 5]),
    (predict.deeper_search_agrees, False), (predict.deeper_search_agrees, "no"),
    (predict.ucb_pick, "b"), (predict.ucb_pick, " B"), (predict.blocks_without_flip, 0),
    (predict.tournament_games, 120), (predict.games_needed, 25.0),
    (predict.double_threat, (2, 5)), (predict.rule_first, 0), (predict.score_3344, 18),
    (predict.zugzwang_outcome, "O"), (predict.zugzwang_outcome, " yellow"),
    (predict.first_move_wins, {3}), (predict.first_move_wins, 3),
    (predict.bit_index, np.int64(17)), (predict.next_probe, 0),
])
def test_the_questions_of_lessons_04_to_09_accept_the_right_answer(question, right):
    assert question.check(right).passed


@pytest.mark.parametrize("question, wrong, words", [
    (predict.best_columns, {2}, "not all"), (predict.best_columns, {3, 4}, "stacking"),
    (predict.deeper_search_agrees, True, "deeper search"),
    (predict.ucb_pick, "a", "exploration bonus is the smallest"),
    (predict.ucb_pick, "c", "average is 0"),
    (predict.blocks_without_flip, 5, "sees no need to block"),
    (predict.tournament_games, 240, "every pair twice"),
    (predict.tournament_games, 20, "how many pairs"),
    (predict.games_needed, 10, "still wider"), (predict.games_needed, 30, "fewer are enough"),
    (predict.double_threat, {5}, "not all"), (predict.rule_first, 1, "win now"),
    (predict.zugzwang_outcome, "X", "moving first is no help"),
    (predict.zugzwang_outcome, "draw", "six empty cells"),
    (predict.first_move_wins, {2, 3, 4}, "only one column wins"),
    (predict.first_move_wins, set(), "first player wins"),
    (predict.score_3344, 19, "fourth"), (predict.score_3344, 0, "double threat"),
    (predict.bit_index, 15, "7 bits"), (predict.bit_index, 23, "swapped"),
    (predict.next_probe, 1, "not halved"), (predict.next_probe, 2, "not halved"),
    (predict.next_probe, -3, "starts there"),
])
def test_the_questions_of_lessons_04_to_09_name_known_wrong_answers(question, wrong, words):
    verdict = question.check(wrong)
    assert verdict.status == "failed" and words in verdict.hint, verdict


@pytest.mark.parametrize("question, bad", [
    (predict.best_columns, "2, 5"), (predict.deeper_search_agrees, 0),
    (predict.ucb_pick, "d"), (predict.tournament_games, "120"),
    (predict.zugzwang_outcome, 2), (predict.first_move_wins, "3"),
])
def test_the_questions_of_lessons_04_to_09_say_what_kind_of_answer_is_expected(question, bad):
    verdict = question.check(bad)
    assert verdict.diagnosis == "format" and "you wrote" in verdict.message
