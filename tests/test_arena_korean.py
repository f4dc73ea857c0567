"""What the arena, the Connect Four heuristics and the learned network print speaks Korean
when gamelib does (the Korean lessons 05, 06, 08 and 10 print it), and its tables line up
with Hangul two columns wide; in English every text is as it was."""

from __future__ import annotations

import re

import pytest

from gamelib import ConnectFour, TicTacToe, heuristics
from gamelib.arena import match, tournament
from gamelib.arena.play import play_game
from gamelib.arena.stats import interval_verdict
from gamelib.heuristics.picture import threat_description, threat_svg
from gamelib.learning.ntuple import NTupleNetwork
from gamelib.platform import _, display_width, speaking
from korean_text import leftover_english

GAME = ConnectFour()
ABOVE = heuristics.from_picture("""
    .......
    .......
    .......
    XXX....
    OOO....
    XOX..O.
""")                # X's row-3 threat sits above O's row-2 threat (lesson 05)
SHARED = heuristics.from_picture("""
    .......
    .......
    .......
    .......
    OOO.XXX
    XOX.OXO
""")                # both players threaten column 3, row 2
COUNT_NAMES = {"ODD", "EVEN", "MIXED"}
"""The three counts of the report's rule keep their names in the Korean lesson 05."""


def forfeiting(game, state):
    """A player that raises on its first move."""
    raise ValueError("boom")


def first_move(game, state):
    """A player that plays the first legal move."""
    return game.actions(state)[0]


def small_match():
    """Four quick Tic-Tac-Toe games, mostly won by the second player (seeded, played here)."""
    return match(TicTacToe(), "random", "alphabeta:1", games=4, seed=1, progress=False,
                 executor="serial")


def small_tournament():
    """A three-player Tic-Tac-Toe round robin of two games a pair."""
    return tournament(TicTacToe(), ["random", "alphabeta:1", "minimax:1"], games=2, seed=3,
                      progress=False, executor="serial")


def korean_texts() -> list[str]:
    """Every text this module checks, as gamelib prints it in Korean."""
    with speaking("ko"):
        rules = heuristics.RulePlayer()
        texts = list(heuristics.useless_threats(ABOVE).values())
        texts += list(heuristics.useless_threats(SHARED).values())
        texts += [str(heuristics.odd_even_mixed(ABOVE)), str(heuristics.odd_even_mixed(SHARED)),
                  str(heuristics.zugzwang_outlook(ABOVE))]
        texts += threat_description(ABOVE).splitlines()[:2]    # the board is the games' own
        texts += [rules.explain(GAME, GAME.play(moves)).rule for moves in ("010101", "01020", "")]
        texts += [heuristics.ReportPlayer(depth=1).explain(GAME, GAME.play("3")).rule,
                  str(heuristics.compare_moves(GAME.play("01020"), 0, 3)),
                  str(small_match()), interval_verdict("A", 0.6, 0.8, "B"),
                  interval_verdict("A", 0.2, 0.4), interval_verdict("A", 0.3, 0.7),
                  str(play_game(TicTacToe(), [forfeiting, first_move])),
                  str(NTupleNetwork.random(ConnectFour(4, 5), count=2, length=3))]
    return texts


def test_what_lessons_print_has_no_english_left_in_korean():
    texts = korean_texts()
    quoted = {"ValueError", "boom"}                     # the error a forfeit quotes
    left = {text: leftover_english(text, COUNT_NAMES | quoted) for text in texts}
    assert {text: words for text, words in left.items() if words} == {}
    assert all(any("\uac00" <= char <= "\ud7a3" for char in text) for text in texts)


def test_the_report_rule_and_useless_threats_read_in_korean():
    with speaking("ko"):
        verdict = str(heuristics.odd_even_mixed(ABOVE))
        reasons = sorted(heuristics.useless_threats(SHARED).values())
    assert verdict == "ODD = 0, EVEN = 1, MIXED = 0: O 승 (ODD = 0, MIXED = 0, EVEN > 0)"
    assert reasons == ["두 플레이어가 모두 3번 열 2행을 위협함"] * 2
    assert heuristics.odd_even_mixed(ABOVE).reason == "ODD = 0, MIXED = 0 and EVEN > 0"


def test_the_threat_picture_says_odd_and_even_in_korean():
    with speaking("ko"):
        svg = threat_svg(ABOVE, "제목")
    assert ">홀수</text>" in svg and ">짝수</text>" in svg and "X의 위협" in svg
    assert 'class="threat X odd useless"' in svg       # the classes stay data


def test_the_tournament_table_lines_up_in_korean_and_in_english():
    result = small_tournament()
    for language in ("en", "ko"):
        with speaking(language):
            lines, interval = result.table().splitlines(), _("95% CI")
        head, rows = lines[0], lines[1:]
        elo = head.rsplit("  ", 1)[1]                   # the last column's header
        starts = {display_width(row[:row.index("±")]) - len("+123 ") for row in rows}
        assert starts == {display_width(head) - display_width(elo)}, (language, lines)
        bounds = {display_width(row[:re.search(r"\d\.\d{3}-", row).start()]) for row in rows}
        assert bounds == {display_width(head[:head.index(interval)])}, (language, lines)


def test_a_match_and_a_forfeit_in_korean():
    with speaking("ko"):
        shown, html = str(small_match()), small_match()._repr_html_()
        record = str(play_game(TicTacToe(), [forfeiting, first_move]))
    assert shown == ("random 대 alphabeta:1 (4판): random +0 =1 -3, 점수 0.125 "
                     "(95% 신뢰구간 0.025-0.444)")
    assert "<th>플레이어</th>" in html and "시드 1" in html
    assert "X 몰수패: ValueError: boom" in record


ENGLISH = {
    "threats": ("t\nX's threats: column 3 row 3 (odd, useless: above O's threat on row 2 of "
                "column 3, which is decided first)\nO's threats: column 3 row 2 (even)\n"
                "Connect Four board, X to move; rows from the top, '.' empty:\n"
                ". . . . . . .\n. . . . . . .\n. . . . . . .\nX X X . . . .\n"
                "O O O . . . .\nX O X . . O ."),
    "compare": ("O to move.\nwhy column 0: makes no threat, stops 1 threat (column 0 row 4); "
                "line evaluation -1\nwhy not column 3: makes 1 threat (column 4 row 1), stops "
                "no threat, lets the opponent win at once in column 0; line evaluation 10"),
    "match": ("random vs alphabeta:1 (4 games): random +0 =1 -3, score 0.125 "
              "(95% CI 0.025-0.444)"),
    "caption": "<caption>random vs alphabeta:1: 4 games, seed 1</caption>",
    "head": ("<th>#</th><th>player</th><th>W</th><th>D</th><th>L</th><th>score</th>"
             "<th>95% CI</th><th>Elo (± 95%)</th>"),
    "table": (" #  player           W     D     L  score  95% CI       Elo ± 95%\n"
              " 1  alphabeta:1      3     0     1  0.750  0.301-0.954   +93 ± 214\n"
              " 2  minimax:1        3     0     1  0.750  0.301-0.954   +93 ± 214\n"
              " 3  random           0     0     4  0.000  0.000-0.490  -186 ± 249"),
    "forfeit": "O wins after 0 moves (X forfeits: ValueError: boom)",
    "verdict": ("A scores between 0.300 and 0.700 (95% interval): the interval contains 0.5, "
                "so these games cannot tell which player is stronger."),
    "weaker": ("A scores between 0.200 and 0.400 (95% interval): below 0.5, so A is weaker "
               "than its opponent."),
}


@pytest.mark.parametrize("name", sorted(ENGLISH))
def test_english_is_as_it_was(name):
    with speaking("en"):
        played = small_match() if name in ("match", "caption", "head") else None
        shown = {"threats": lambda: threat_description(ABOVE, "t"),
                 "compare": lambda: str(heuristics.compare_moves(GAME.play("01020"), 0, 3)),
                 "match": lambda: str(played), "caption": lambda: played._repr_html_(),
                 "head": lambda: played._repr_html_(),
                 "table": lambda: small_tournament().table(),
                 "forfeit": lambda: str(play_game(TicTacToe(), [forfeiting, first_move])),
                 "verdict": lambda: interval_verdict("A", 0.3, 0.7),
                 "weaker": lambda: interval_verdict("A", 0.2, 0.4)}[name]()
    assert ENGLISH[name] in shown


def test_the_network_keeps_its_repr_and_says_its_shape_in_korean():
    network = NTupleNetwork.random(ConnectFour(4, 5), count=2, length=3)
    expected = "NTupleNetwork(5x4, k=4: 2 tuples of 3 cells, 4 states, 2 side(s), 256 weights)"
    with speaking("ko"):
        assert repr(network) == expected
        assert str(network).startswith("NTupleNetwork(5x4, k=4: 칸 3개짜리 n-튜플 2개")
    with speaking("en"):
        assert str(network) == expected


def test_evaluation_parts_keep_english_keys_and_show_korean_names():
    position = GAME.play("4241020004")
    with speaking("en"):
        report, combined = (heuristics.report_eval_parts(position, "X"),
                            heuristics.eval_parts(position, "X"))
        assert repr(report) == dict.__repr__(report) == (
            "{'my threats': 0, 'opponent threats': 0, 'opponent double threats': 0, "
            "'ODD/EVEN/MIXED verdict': 0}")
        assert repr(combined) == dict.__repr__(combined)
    with speaking("ko"):
        assert repr(report) == ("{'내 위협': 0, '상대 위협': 0, '상대 이중 위협': 0, "
                                "'ODD/EVEN/MIXED 판정': 0}")
        assert list(combined) == ["windows", "centre", "threats"]      # the keys are data
        assert repr(combined).startswith("{'묶음': ")


MISTAKES = {
    "odd games": (lambda: match(TicTacToe(), "random", "random", games=3, progress=False),
                  "with swap_seats=True, games must be even", "games가 짝수여야"),
    "one player": (lambda: tournament(TicTacToe(), ["random"], progress=False),
                   "a tournament needs at least 2 players, got 1", "플레이어가 2명 이상"),
    "floating disc": (lambda: heuristics.from_picture("X.\n.."),
                      "the disc at row 0, column 0 floats", "돌이 떠 있습니다"),
    "odd rows": (lambda: heuristics.odd_even_mixed(ConnectFour(5, 7).initial_state),
                 "assumes an even number of rows", "행의 수가 짝수라고"),
}


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_mistake_is_named_in_the_language_spoken(name):
    call, english, korean = MISTAKES[name]
    for language, words in (("en", english), ("ko", korean)):
        with speaking(language), pytest.raises((ValueError, TypeError)) as raised:
            call()
        assert words in str(raised.value)


def test_a_player_that_cannot_play_the_game_is_refused_in_korean():
    from gamelib.learning.player import LearnedPlayer
    from gamelib.learning.shipped import load_shipped
    learned = LearnedPlayer(load_shipped())
    with speaking("ko"), pytest.raises(ValueError) as raised:
        play_game(TicTacToe(), [learned, first_move])
    assert str(raised.value).startswith("자리 'X'의 플레이어(td:1)은(는) TicTacToe(")
    assert "학습한 평가 함수는 훈련한 판인 ConnectFour(rows=6, cols=7, k=4)에서만" in \
        str(raised.value)
    assert leftover_english(str(raised.value)) == []


def test_the_stored_duels_name_their_network_in_the_language_set() -> None:
    from gamelib.arena import duels

    assert duels.stored_data()["network"] == "the shipped network (200,000 games of self-play)"
    with speaking("ko"):
        said = duels.stored_data()["network"]
    assert "200,000" in said and leftover_english(said) == []
    assert duels.network_words("a network of my own") == "a network of my own"
