"""The command line speaks Korean when the locale asks for it: its help, its outputs and
every error (argparse's own words included) name what was wrong and what is allowed, in
Korean; without that locale it speaks the English it always did. The locale's part runs
`python -m gamelib ...` in a new process, as a user would; the rest runs `main` here with
the language set (the same code after the locale is read)."""

from __future__ import annotations

import argparse
import gettext
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamelib import platform
from gamelib.arena import HumanPlayer
from gamelib.cli import main, speak_in_argparse
from korean_text import leftover_english

ROOT = Path(__file__).resolve().parent.parent


def environment(locale: str) -> dict[str, str]:
    """This process's environment with every locale variable set to `locale`."""
    env = {k: v for k, v in os.environ.items() if k not in platform.LOCALE_VARIABLES}
    return {**env, "LANG": locale, "LC_ALL": locale, "PYTHONPATH": str(ROOT)}


def gamelib(*args: str, locale: str = "ko_KR.UTF-8", cwd: Path = ROOT
            ) -> tuple[int, str, str]:
    """(status, stdout, stderr) of `python -m gamelib ARGS` under `locale`."""
    done = subprocess.run([sys.executable, "-m", "gamelib", *args], cwd=cwd,
                          env=environment(locale), capture_output=True, text=True,
                          encoding="utf-8", stdin=subprocess.DEVNULL, timeout=300)
    return done.returncode, done.stdout, done.stderr


@pytest.fixture
def in_korean(monkeypatch, capsys):
    """A function: argv -> (status, stdout, stderr) of the command line run here in Korean
    (argparse's words are put back afterwards)."""
    monkeypatch.setattr(platform, "_chosen", "ko")
    monkeypatch.setattr(argparse, "_", gettext.gettext)
    monkeypatch.setattr(argparse, "ngettext", gettext.ngettext)

    def run(*args: str) -> tuple[int, str, str]:
        try:
            status = main(list(args))
        except SystemExit as exit_:
            status = exit_.code
        out = capsys.readouterr()
        return status, out.out, out.err
    return run


def korean(text: str) -> bool:
    """True when `text` has Hangul in it."""
    return any("\uac00" <= char <= "\ud7a3" for char in text)


@pytest.mark.slow
def test_the_korean_locale_makes_the_command_line_speak_korean():
    status, out, err = gamelib("play", "chess")
    assert status == 2 and out == ""
    assert err.startswith("사용법: python -m gamelib play [-h]")
    assert err.endswith("python -m gamelib play: 오류: 인자 game: 잘못된 선택: 'chess' "
                        "(다음 가운데에서 고르세요: 'connect4', 'tictactoe')\n")
    status, out, err = gamelib("solve", "33")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "국면 33: 둘 차례인 플레이어의 점수 1"
    assert lines[1].startswith("열:") and lines[2].startswith("점수:")
    # the digits stand under each other on a terminal, where a Hangul syllable is 2 wide
    assert platform.display_width(lines[1]) == platform.display_width(lines[2])
    assert platform.display_width(lines[1].split("0")[0]) == 8
    assert lines[2].endswith(" -3  -3  -2   1  -2  -3  -3")
    assert lines[3] == "최선: 3번 열, 오프닝 북에서"
    assert leftover_english(out) == []


@pytest.mark.parametrize("args, expected", [
    (["solve", "3348"], "오류: 잘못된 국면 문자열 '3348': 4번째 글자 '8'은(는) 열이 아닙니다. "
                        "숫자 0..6을(를) 쓰세요\n"),
    (["solve"], "오류: 국면(예: 3342, 빈 판은 -)이나 --bench FILE을 주세요\n"),
    (["solve", "33", "--limit", "3"], "오류: --limit은 --bench FILE에서 풀 줄의 수입니다. 국면 "
                                      "하나에는 아무 일도 하지 않습니다(빼거나 --bench FILE을 "
                                      "더하세요)\n"),
    (["book", "--plies", "0", "--out", "book.txt"],
     "오류: --plies는 1부터 42까지의 정수여야 합니다(한 게임은 많아야 42수입니다). 받은 값: 0\n"),
    (["play", "connect4", "--opponent", "alphabeta:deep"],
     "오류: 'alphabeta:deep': 설정은 수(ply)로 센 깊이로, 1 이상의 정수입니다(예: alphabeta:4). "
     "게임 끝까지 탐색하려면 설정을 빼세요\n"),
    (["tournament", "tictactoe", "--players", "random,nobody", "--games", "2"],
     "오류: 알 수 없는 플레이어 'nobody'. 쓸 수 있는 플레이어: random, minimax, alphabeta, id, "
     "mcts, mcts-solver, perfect, td (예: random, alphabeta:4, id:1.5, mcts:2000, mcts:0.5s, "
     "td:2)\n"),
    (["analyse", "tictactoe", "XX......."],
     "오류: 'XX.......'은(는) 나올 수 없는 국면입니다. X가 먼저 두므로 X의 표시는 O와 같거나 하나 "
     "더 많아야 합니다\n"),
    (["grade", "no-such-notebook.ipynb"],
     "gamelib grade: 오류: 그런 파일이나 폴더가 없습니다: no-such-notebook.ipynb\n"),
])
def test_a_mistake_is_named_in_korean_with_what_is_allowed(args, expected, in_korean,
                                                          tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = in_korean(*args)
    assert status == 2 and out == ""
    assert err == expected
    assert leftover_english(err) == []


ARGUMENT = "인자" if sys.version_info >= (3, 11) else "argument"
"""How argparse names the argument a value was wrong for: Python 3.10 writes "argument"
without asking gettext, so only 3.11 and later can say it in Korean."""


@pytest.mark.parametrize("args, message", [
    (["solve", "--bogus"], "python -m gamelib: 오류: 알 수 없는 인자: --bogus"),
    (["lessons", "--lang", "fr"], f"python -m gamelib lessons: 오류: {ARGUMENT} --lang: 'fr'로 된 "
                                  "강의가 없습니다. 다음 가운데 하나를 고르세요: en (English), ko (한국어)"),
    (["tournament", "tictactoe"], "python -m gamelib tournament: 오류: 다음 인자가 필요합니다: "
                                  "--players"),
    (["solve", "33", "--limit", "many"], f"python -m gamelib solve: 오류: {ARGUMENT} --limit: 잘못된 "
                                         "int 값: 'many'"),
])
def test_argparse_says_its_own_errors_in_korean(args, message, in_korean, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["__main__.py"])        # as `python -m gamelib` has it
    status, out, err = in_korean(*args)
    assert status == 2 and out == ""
    usage, *_middle, last = err.splitlines()
    assert usage.startswith("사용법: python -m gamelib")
    assert last == message
    assert leftover_english(last, {"English", "int", ARGUMENT}) == []


@pytest.mark.parametrize("args", [["--help"], ["solve", "--help"], ["tournament", "--help"],
                                  ["lessons", "--help"], ["analyse", "--help"]])
def test_help_is_korean(args, in_korean):
    status, out, err = in_korean(*args)
    assert status == 0 and err == ""
    assert "\n옵션:\n" in out and "이 도움말을 보여 주고 끝냅니다" in out
    assert leftover_english(out, {"English", "OPPONENT", "SEED", "PLAYERS", "GAMES",
                                  "OPENINGS", "WORKERS", "LIMIT", "PLAYER", "ENGINE",
                                  "position", "directory", "game", "moves"}) == []


def test_analyse_review_and_tournament_in_korean(in_korean):
    status, out, _err = in_korean("analyse", "tictactoe", "X...O....")
    assert status == 0
    assert "X 차례\nalphabeta: (0, 1)에 둡니다\n" in out and "예상 수순: (0, 1)" in out
    assert "노드 473개, 리프 140개, 컷오프 110번, 전치표 적중 109번, 깊이 7, " in out
    assert leftover_english(out) == []

    status, out, _err = in_korean("review", "connect4", "3342")
    assert status == 0
    assert out.splitlines()[2:] == [
        "  3. X  4번 열: 큰 실수 (19수 만에 패배); 최선은 3번 열(20수 만에 승리)",
        "  4. O  2번 열: 최선 (19수 만에 승리)",
        "최선 3, 좋음 0, 실수 0, 큰 실수 1"]

    status, out, _err = in_korean("tournament", "tictactoe", "--players", "random,alphabeta",
                                  "--games", "2", "--seed", "1", "--no-progress", "--workers",
                                  "1")
    assert status == 0
    head, first, second, total = out.splitlines()
    assert head == " #  플레이어      승    무    패   점수  95% 신뢰구간  엘로 ± 95%"
    assert first.startswith(" 1  alphabeta      2     0     0  1.000")
    assert total == "2판, 시드 1, 몰수패: 0"


@pytest.mark.slow
def test_without_the_korean_locale_the_command_line_speaks_english_as_before():
    status, out, err = gamelib("review", "connect4", "3342", locale="C.UTF-8")
    assert status == 0 and err == ""
    assert out == ("  1. X  column 3: best (wins in 21 moves)\n"
                   "  2. O  column 3: best (loses in 20 moves)\n"
                   "  3. X  column 4: blunder (loses in 19 moves); best was column 3 (wins in "
                   "20 moves)\n"
                   "  4. O  column 2: best (wins in 19 moves)\n"
                   "3 best, 0 fine, 0 mistake, 1 blunder\n")
    status, out, err = gamelib("solve", "33", locale="C.UTF-8")
    assert out == ("position 33: score 1 for the player to move\n"
                   "column:   0   1   2   3   4   5   6\n"
                   "score:   -3  -3  -2   1  -2  -3  -3\n"
                   "best: column 3; from the opening book\n")
    status, out, err = gamelib("play", "chess", locale="C.UTF-8")
    assert err.startswith("usage: python -m gamelib play") and not korean(err)
    assert err.endswith("python -m gamelib play: error: argument game: invalid choice: "
                        "'chess' (choose from 'connect4', 'tictactoe')\n")


def test_argparse_keeps_its_own_gettext_in_english(monkeypatch):
    monkeypatch.setattr(platform, "_chosen", "en")
    monkeypatch.setattr(argparse, "_", gettext.gettext)
    monkeypatch.setattr(argparse, "ngettext", gettext.ngettext)
    speak_in_argparse()
    assert argparse._ is gettext.gettext          # type: ignore[attr-defined]
    monkeypatch.setattr(platform, "_chosen", "ko")
    speak_in_argparse()
    assert argparse._("usage: ") == "사용법: "     # type: ignore[attr-defined]
    assert argparse._("options") == "옵션"         # type: ignore[attr-defined]


def test_play_asks_and_answers_in_korean(in_korean, monkeypatch):
    prompts: list[str] = []

    def typed(prompt: str) -> str:
        """A player who first types nonsense, then always the first legal move offered."""
        prompts.append(prompt)
        if len(prompts) == 1:
            return "zz"
        first = re.search(r"\((\d), (\d)\)", prompt)
        assert first is not None, prompt
        return f"{first[1]} {first[2]}"
    monkeypatch.setattr("gamelib.cli.HumanPlayer", lambda: HumanPlayer(read=typed))
    status, out, err = in_korean("play", "tictactoe", "--opponent", "random", "--seed", "1")
    assert status == 0 and err == ""
    assert prompts[0].startswith("X 차례. 둘 수 있는 수 [(0, 0), (0, 1), ")
    assert "'zz'은(는) 둘 수 없는 수입니다. [(0, 0), " in out
    last = out.splitlines()[-1]
    assert re.fullmatch(r"\d수 만에 (X 승|O 승|무승부) \((X가 한 줄을 완성함|O가 한 줄을 완성함|"
                        r"판이 가득 참)\)", last), last
