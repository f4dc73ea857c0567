"""The Connect Four "why this move?" panel in the terms of the 2019 student report: the
threats, double threats and lines the AI's move and the runner-up make or stop."""

from __future__ import annotations

import re

from gamelib import ConnectFour, TicTacToe
from gamelib.search.players import AlphaBetaPlayer
from gamelib.widgets import PlayBoard
from gamelib.widgets.adapters import WhySection, adapter_for
from gamelib.widgets.explain import ranked_moves, why_html


class Counting(AlphaBetaPlayer):
    """Alpha-beta that counts its searches (a second search would be a re-run)."""

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.searches = 0

    def search(self, game, state, trace=None):
        self.searches += 1
        return super().search(game, state, trace)


def shown(html: str) -> str:
    """The panel's text as a student first sees it: no folded part, no tags."""
    html = re.sub(r"<details.*?</details>", "", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


def test_the_panel_names_the_threat_the_ai_stops_and_what_the_runner_up_allows() -> None:
    player = Counting(depth=4)
    board = PlayBoard(ConnectFour(), opponent=player, start="0102", threaded=False)
    board.click(0)                          # red has three in column 0: the AI must block
    assert board.last_ai_move == 0
    board.why_toggle.value = True
    text = shown(board.why.value)
    runner_up = ranked_moves(board.last_result)[1]
    assert ("In the report's terms: column 0 stops your even threat in column 0 "
            "(row 4 from the bottom)") in text
    assert (f"the runner-up, column {runner_up}, makes and stops no threat. You can win "
            f"at once after column {runner_up}: in column 0.") in text
    assert player.searches == 1             # the words come from the board, not a search


def test_the_folded_part_holds_the_reports_counts_for_both_moves() -> None:
    game = ConnectFour()
    state = game.play("01020")              # red threatens row 4 of column 0
    section = adapter_for(game).why_section(state, 0, 3)
    assert isinstance(section, WhySection)
    assert [row["column"] for row in section.rows] == [0, 3]
    assert [row["threats stopped"] for row in section.rows] == [1, 0]
    assert [row["opponent wins next"] for row in section.rows] == [False, True]
    result = AlphaBetaPlayer(depth=2).search(game, state)
    folded = re.search(r"<details.*?</details>", why_html(game, result), re.S)
    assert folded and "threats stopped" in folded.group(0)


def test_a_winning_move_and_a_move_without_runner_up_are_told_plainly() -> None:
    game = ConnectFour()
    adapter = adapter_for(game)
    win = adapter.why_section(game.play("010101"), 0, 1)
    assert win is not None and win.words.startswith(
        "In the report's terms: column 0 completes four and wins; the runner-up, column 1,")
    alone = adapter.why_section(game.play("01020"), 0, None)
    assert alone is not None and alone.rows == []
    assert alone.words == ("In the report's terms: column 0 stops your even threat in "
                           "column 0 (row 4 from the bottom).")


def test_a_move_that_makes_a_threat_says_so() -> None:
    game = ConnectFour()
    section = adapter_for(game).why_section(game.play("0011"), 2, 6)   # red: 0, 1, then 2
    assert section is not None
    assert section.words.startswith("In the report's terms: column 2 makes an odd threat "
                                    "in column 3 (row 1 from the bottom)")


def test_tic_tac_toe_has_no_report_section() -> None:
    board = PlayBoard(TicTacToe(), opponent="alphabeta", threaded=False)
    board.click((0, 0))
    board.why_toggle.value = True
    assert "report" not in board.why.value
    assert adapter_for(TicTacToe()).why_section(board.state, (1, 1), (0, 1)) is None
