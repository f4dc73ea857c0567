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
    translated = {m.id for m in korean_catalog if m.id and m.string and not m.fuzzy}
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
