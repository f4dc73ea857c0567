"""The package speaks Korean when asked (set_language, or the locale) and English otherwise;
its Korean catalog translates every message marked in the code, keeps their placeholders,
and the compiled .mo that gettext reads is the .po's."""

from __future__ import annotations

import dataclasses

import pytest

import gamelib
from gamelib import platform, translations
from gamelib.exercises import is_win_exercise
from gamelib.exercises.solutions.is_win import is_win

KO_CATALOG = translations.message_catalog_path("ko")


@pytest.fixture
def fresh(monkeypatch):
    """No language set and no locale variable: what a new Python with a C locale sees."""
    monkeypatch.setattr(platform, "_chosen", None)
    for variable in platform.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    return monkeypatch


@pytest.fixture(scope="module")
def korean_catalog():
    return translations.read_catalog(KO_CATALOG)


def test_english_is_the_default_and_set_language_overrides_the_locale(fresh):
    assert gamelib.language() == "en"
    fresh.setenv("LANG", "ko_KR.UTF-8")
    assert gamelib.language() == "ko"
    gamelib.set_language("en")
    assert gamelib.language() == "en"
    gamelib.set_language("ko")
    assert gamelib.language() == "ko"


@pytest.mark.parametrize("environment, expected", [
    ({"LANG": "ko_KR.UTF-8"}, "ko"),
    ({"LANGUAGE": "fr:ko", "LANG": "en_US.UTF-8"}, "ko"),     # LANGUAGE first, its list in order
    ({"LC_ALL": "C", "LANG": "ko_KR.UTF-8"}, "en"),            # the first one set decides
    ({"LC_MESSAGES": "ko_KR@euro"}, "ko"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),                            # a language gamelib lacks
    ({}, "en"),
])
def test_the_locale_names_the_language(environment, expected):
    assert platform.language_from_locale(environment) == expected


def test_an_unknown_language_is_refused_naming_the_ones_there_are(fresh):
    for wrong in ("fr", "Korean", None):
        with pytest.raises(ValueError, match=r"unknown language .*; gamelib speaks "
                                             r"en \(English\), ko \(한국어\)"):
            gamelib.set_language(wrong)         # type: ignore[arg-type]
    assert gamelib.language() == "en"


def test_a_check_passes_and_fails_in_korean(fresh):
    gamelib.set_language("ko")
    passed = is_win_exercise.check(is_win)
    assert str(passed).startswith("is_win: 통과. 824개 판 모두에서 맞았습니다(판 크기: 3x3 k=3, ")
    assert "is_win: 통과.</b>" in passed._repr_html_()
    failed = is_win_exercise.check(lambda state, player: None)
    assert str(failed) == ("is_win: 아직 구현되지 않음. is_win의 반환값이 None입니다. "
                           "위 셀을 채워 실행한 뒤 이 채점을 다시 실행해 보세요.")

    def any_mark(state, player):                 # a mark anywhere counts as a line
        return any(state.cell(r, c) == player for r in range(state.rows)
                   for c in range(state.cols))
    lines = str(is_win_exercise.check(any_mark)).splitlines()
    assert lines[0] == "is_win: 아직 맞지 않음. 824개 판 가운데 367개에서 틀렸습니다."
    assert lines[1].startswith("힌트: 아래 판을 보세요.")
    assert lines[2] == ("예를 들어 k=3인 이 3x3 판(여러분이 틀린 판 가운데 가장 작은 판)에서 "
                        "is_win(state, 'X')은 False여야 합니다. X의 표시 3개가 한 줄로 놓인 곳이 "
                        "없습니다(X의 표시가 곧게 이어진 가장 긴 길이는 2입니다). 그런데 여러분의 "
                        "답은 True였습니다.")
    assert "<b>힌트:</b>" in is_win_exercise.check(any_mark)._repr_html_()
    hint = dataclasses.replace(is_win_exercise, hints_given=0).hint()
    assert hint.title == "is_win, 힌트 1/3:" and hint.text.startswith("줄은 시작 칸과 방향으로")


def test_every_message_marked_in_the_code_has_a_korean_translation(korean_catalog):
    translated = {m.id for m in korean_catalog
                  if m.id and translations.fully_translated(m) and not m.fuzzy}
    marked = [m.id for m in translations.message_template() if m.id]
    assert len(marked) > 50
    assert [m for m in marked if m not in translated] == [], \
        "run `python scripts/translations.py messages`, then translate"


def test_a_translation_keeps_the_placeholders_of_its_message(korean_catalog):
    differ = [(m.id, m.string) for m in korean_catalog if m.id and m.string and
              translations.placeholders(m.id) != translations.placeholders(m.string)]
    assert differ == []
    assert translations.placeholders("wrong on {wrong} of {count} boards.") == ["count", "wrong"]


def test_the_compiled_catalog_is_the_po_file(korean_catalog):
    assert KO_CATALOG.with_suffix(".mo").read_bytes() == translations.compiled(korean_catalog), \
        "run `python scripts/translations.py messages` to compile the catalog again"


def test_a_prediction_is_asked_and_judged_in_korean(fresh):
    from gamelib.exercises.predict import minimax_value, pruned_leaves
    gamelib.set_language("ko")
    assert str(minimax_value.check(4)).startswith("트리의 미니맥스 값: 통과. 맞았습니다: 4. ")
    assert minimax_value.check(None).message == (
        "아직 예측이 없습니다. 위 셀에 `minimax_value = <여러분의 답>`을 쓰고 실행한 뒤, "
        "이 채점을 다시 실행해 보세요.")
    assert pruned_leaves.check("7, 8").message == (
        "답은 {1, 2}처럼 리프 번호의 집합이어야 합니다(가지치기되는 리프가 없으면 set()). "
        "여러분이 쓴 값은 '7, 8'입니다.")
    assert str(minimax_value.check(5)).splitlines()[0].endswith(
        "여러분의 예측은 5였지만, 코드를 실행한 결과는 그렇지 않습니다.")


def test_a_minimax_mistake_is_named_in_korean(fresh):
    from gamelib.exercises import minimax_exercise

    def my_minimax(game, state, depth, eval_fn):     # returns after the first move
        player = game.to_move(state)

        def value_of(state, depth, sign):
            if game.is_terminal(state) or depth == 0:
                return eval_fn(state, player), None
            for move in game.actions(state):
                value, _ = value_of(game.result(state, move), depth - 1, -sign)
                return value, move
        return value_of(state, depth, 1)
    gamelib.set_language("ko")
    verdict = minimax_exercise.check(my_minimax)
    assert verdict.diagnosis == "return in loop"
    assert str(verdict).startswith("미니맥스: 아직 맞지 않음. ")
    assert verdict.hint == ("첫 번째 수만 보고 반환합니다. `return`이 game.actions(state)에 대한 "
                            "반복문 안에 있습니다. 모든 수를 탐색하도록 반복문 뒤로 옮기세요.")


def test_the_first_exercise_of_the_course_answers_in_korean(fresh):
    from gamelib.exercises import centre_player_exercise
    gamelib.set_language("ko")
    verdict = centre_player_exercise.check(lambda game, state: 0)
    assert verdict.message == (
        "game.initial_state (돌 0개를 둔 국면)에서 centre_player(game, state)의 반환값이 0입니다. "
        "올바른 반환값은 3입니다: 3번 열에 아직 자리가 있으므로, 플레이어는 0번 열이 아니라 "
        "3번 열을 골라야 합니다.")
    assert verdict.hint == "먼저 3이 game.actions(state)에 들어 있는지 확인하세요."


def test_the_wilson_check_passes_and_fails_in_korean(fresh):
    from gamelib.exercises import wilson_exercise
    from gamelib.exercises.solutions.wilson import wilson
    from gamelib.exercises.wilson import normal_interval
    gamelib.set_language("ko")
    assert str(wilson_exercise.check(wilson)) == (
        "윌슨 구간: 통과. 1판부터 60판까지의 결과 1890가지 모두에서 여러분의 구간이 윌슨 구간과 "
        "같습니다.")
    assert str(wilson_exercise.check(normal_interval)).splitlines() == [
        "윌슨 구간: 아직 맞지 않음. wilson(0, 1)의 반환값이 (0.0000, 0.0000)입니다. 윌슨 구간은 "
        "(0.0000, 0.7935)입니다.",
        "힌트: 이것은 정규(Wald) 구간 p ± 1.96 √(p(1-p)/n)입니다. 윌슨 구간은 중심을 1/2 쪽으로 "
        "옮기고, 0승이나 전승 뒤에도 [0, 1]을 벗어나지 않습니다.",
        "시험한 1890가지 경우(1판부터 60판까지의 모든 결과) 가운데 처음으로 다른 경우: 1판 중 0승"]


def test_a_count_chooses_the_english_plural_and_the_one_korean_form(fresh):
    assert platform.ngettext("{n} game", "{n} games", 1) == "{n} game"
    assert platform.ngettext("{n} game", "{n} games", 2) == "{n} games"
    gamelib.set_language("ko")
    for count in (1, 2):
        assert platform.ngettext("{wins} wins in {games} game", "{wins} wins in {games} games",
                                 count) == "{games}판 중 {wins}승"


def test_the_useful_threats_check_passes_and_fails_in_korean(fresh):
    from gamelib.exercises import threats_exercise
    from gamelib.exercises.threats import useful
    from gamelib.heuristics.threats import threats
    gamelib.set_language("ko")
    right = threats_exercise.check(useful)
    assert str(right).startswith("쓸모 있는 위협: 통과. 여러분의 함수는 시험한 국면 160개 모두에서 "
                                 "쓸모 있는 위협을 찾았습니다")
    every = threats_exercise.check(lambda state: threats(state, "X") + threats(state, "O"))
    lines = str(every).splitlines()
    assert lines[0] == (
        '쓸모 있는 위협: 아직 맞지 않음. my_useful_threats(game.play("334455"))이(가) 찾은 위협은 '
        "O 2번 열 2행, O 6번 열 2행, X 2번 열 1행, X 6번 열 1행입니다. 쓸모 있는 위협은 "
        "X 2번 열 1행, X 6번 열 1행입니다. 쓸모없는 위협(또는 위협이 아닌 것): O 2번 열 2행, "
        "O 6번 열 2행.")
    assert lines[1].startswith("힌트: 같은 열에서 (어느 플레이어의 것이든) 다른 위협 위에 있는")
    assert lines[-1] == "X의 차례입니다. 행은 맨 아래부터 1로 셉니다."
    assert str(threats_exercise.check(lambda state: 5)).startswith(
        '쓸모 있는 위협: 아직 맞지 않음. my_useful_threats(game.play("33445"))의 반환값이 '
        "int입니다. 답은 위협의 리스트(또는 집합)여야 합니다.")


def test_the_evaluation_and_td_step_checks_answer_in_korean(fresh):
    from gamelib.arena.stats import Tally
    from gamelib.exercises.evaluation import match_verdict, quick_questions
    from gamelib.exercises.solutions.td import td_step
    from gamelib.exercises.td_step import check_td_step
    gamelib.set_language("ko")
    assert str(quick_questions(lambda state, player: 1.0)).startswith(
        "평가 함수: 아직 맞지 않음. 여러분의 함수는 시험 국면마다 두 플레이어에게 같은 점수를 "
        "줍니다.\n힌트: 국면을 `player`의 관점에서 평가하세요.")
    passed = match_verdict(Tally(wins=40, draws=0, losses=0), depth=2)
    assert passed.passed and str(passed).startswith(
        "평가 함수: 통과. 여러분의 평가 함수로 알파-베타(깊이 2)는 묶음 세기를 상대로 1.00점을 "
        "얻었습니다(40판에서 +40 =0 -0, 자리를 바꿔 가며; 95% 신뢰구간 ")
    assert "여러분의 함수가 기준보다 낫습니다. 구간 전체가 0.5보다 위입니다. 도전 목표" in str(passed)
    assert str(check_td_step(td_step)) == (
        "TD(0) 단계: 통과. 시험한 수 27개(마지막 6개는 게임을 끝내는 수) 모두에서 여러분의 단계는 "
        "TD(0)과 같은 표 항목을 같은 양만큼 바꾸고 같은 delta를 반환합니다.")


def test_lesson_10s_predict_questions_are_asked_and_judged_in_korean(fresh):
    from gamelib.exercises.learning import first_delta
    english = first_delta.ask().text
    assert '"001122", X plays column 3 and completes four.' in english
    gamelib.set_language("ko")
    assert '5x4 판에서 수 "001122" 다음에 X가 3번 열에 두어 네 개 연속을 완성합니다.' \
        in first_delta.ask().text
    assert str(first_delta.check(1)).startswith("첫 갱신은 무엇을 배우는가?: 통과. 맞았습니다: 1. "
                                                "게임이 끝났으므로 목표는 결과, 곧 X에게 +1입니다.")
    assert first_delta.check(-1).hint.startswith("부호를 보세요: delta는 target - V(state)이고")


def test_the_mcts_checks_pass_and_fail_in_korean(fresh):
    from gamelib.exercises.mcts_checks import check_backprop, check_ucb
    from gamelib.exercises.solutions.mcts import backpropagate, ucb_score
    gamelib.set_language("ko")
    assert str(check_ucb(ucb_score)) == (
        "UCB 점수: 통과. 모든 시험에서 맞았습니다: 평균 + c * sqrt(ln N / n), 방문하지 않은 "
        "자식에게는 무한대.")
    assert str(check_ucb(lambda total, visits, parent, c: 0.5)).startswith(
        "UCB 점수: 아직 맞지 않음. ucb_score(0.0, 0, 10, 1.4)의 반환값이 0.5입니다.")

    def root_view(node, winner):                 # every node credited for X
        while node is not None:
            node.visits += 1
            node.total += 0.5 if winner is None else 1 if winner == "X" else 0
            node = node.parent
    lines = str(check_backprop(root_view)).splitlines()
    assert lines[0].startswith("역전파: 아직 맞지 않음. 경로 루트 -> X -> O(새 노드)에서 ")
    assert lines[2].startswith("호출 순서: backpropagate(노드 #2(루트에서 2단계 아래, "
                               "들어온 플레이어 O), ")
    assert str(check_backprop(backpropagate)).startswith("역전파: 통과. ")


def test_the_unit_test_and_search_checks_answer_in_korean(fresh):
    from gamelib.exercises import minimax_exercise, unit_tests
    from gamelib.exercises.solutions.minimax import my_minimax
    gamelib.set_language("ko")

    def test_empty_board(tictactoe):
        assert len(tictactoe.actions(tictactoe.initial_state)) == 9
    verdict = unit_tests.check([test_empty_board])
    assert str(verdict).startswith(
        "게임과 플레이어의 단위 테스트: 아직 맞지 않음. 여러분의 테스트 1개는 올바른 코드에서 "
        "통과하고, 심어 둔 버그 14개 가운데 1개를 잡습니다.")
    assert "잡음  [tictactoe] actions가 마지막 열을 빠뜨림(하나 차이 오류)  (잡은 테스트: " \
           "test_empty_board)" in verdict.details

    def swapped(game, state, depth, eval_fn):
        value, move = my_minimax(game, state, depth, eval_fn)
        return move, value
    assert str(minimax_exercise.check(swapped)).splitlines()[0] == (
        "미니맥스: 아직 맞지 않음. 교과서 트리에서 여러분은 (0, 3)를 반환했습니다. "
        "(move, value)처럼 보입니다.")


def test_every_predict_question_is_asked_hinted_and_explained_in_korean(fresh):
    import re

    from gamelib.exercises import learning, predict
    hangul = re.compile("[가-힣]")
    gamelib.set_language("ko")
    for question in [*predict.QUESTIONS.values(), *learning.QUESTIONS.values()]:
        texts = [question._say(text) for text in (question.question, question.why,
                                                  question.title, *question.hints)]
        assert all(hangul.search(text) for text in texts), question.name
