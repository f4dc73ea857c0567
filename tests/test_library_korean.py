"""What the library prints itself speaks Korean when the language is Korean: the solver's
step tables and their notes, a search's one-line result and report, the games' illegal-move
errors, the searches', solver's and pictures' errors, the solver's progress bar. English
output stays what it was (compared with known strings), and tables with Korean text still
line up (Hangul is two columns wide)."""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest

from gamelib import (ConnectFour, GameTree, IllegalMoveError, TicTacToe, Trace, alphabeta, mcts,
                     minimax)
from gamelib.platform import display_width, speaking
from gamelib.search import checks
from gamelib.solver import engine
from gamelib.solver.progress import Progress, describe
from gamelib.solver.steps import STEPS, BenchmarkSet, Cell, StepRow, StepsTable
from gamelib.viz import rendering
from korean_text import leftover_english

UNITS = {"ms"}
"""The SI unit symbol of milliseconds, which Korean text writes as it is (0.2 ms)."""

TEXTBOOK = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def small_table() -> StepsTable:
    """A steps table with made-up measurements: a readable step that solved one set and
    went over its budget on the openings, and a compiled step that solved both."""
    sets = [BenchmarkSet("L3_R1", [("33", 0)] * 2, "Test_L3_R1.txt"),
            BenchmarkSet("openings", [("3", 0)], "the opening book")]
    rows = [StepRow(STEPS[0], {"L3_R1": Cell(2, 0.002, 2000), "openings": None}),
            StepRow(STEPS[8], {"L3_R1": Cell(2, 0.0001, 300), "openings": Cell(1, 0.00001, 0)})]
    return StepsTable(rows, sets, 20_000, 10_000_000)


ENGLISH_TABLE = [
    "                             |        L3_R1 (2 positions)         |       openings (1 position)       ",
    "step                         | mean time    mean nodes  K nodes/s | mean time    mean nodes  K nodes/s",
    "-" * 102,
    "plain alpha-beta             |    1.0 ms         1,000      1,000 |       n/a           n/a        n/a",
    "same ideas, compiled (numba) |     50 µs           150      3,000 |     10 µs             0          -",
]
ENGLISH_VERDICTS = [
    "L3_R1 (end game, easy):",
    "  readable steps: solved from 'plain alpha-beta' on, with 1,000 nodes per position; with "
    "every idea 1,000",
    "  'same ideas, compiled (numba)': 50 µs per position",
    "openings (the opening book):",
    "  too hard for every readable step (over 20,000 nodes on some position)",
    "  'same ideas, compiled (numba)': 10 µs per position",
]


def bar_columns(line: str) -> list[int]:
    """The display columns where `line` has a "|"."""
    return [display_width(line[:index]) for index, char in enumerate(line) if char == "|"]


def test_the_steps_table_in_english_is_unchanged() -> None:
    table = small_table()
    assert str(table).splitlines() == ENGLISH_TABLE
    assert table.verdicts() == ENGLISH_VERDICTS
    html = table._repr_html_()
    assert "<th>mean time</th><th>mean nodes</th><th>K nodes/s</th>" in html
    assert "L3_R1: end game, easy, 2 positions</th>" in html and "<td>n/a</td>" * 3 in html


def test_the_steps_table_speaks_korean_and_lines_up() -> None:
    with speaking("ko"):
        table = small_table()
        text, html, verdicts = str(table), table._repr_html_(), table.verdicts()
    assert leftover_english(text, UNITS) == []
    assert leftover_english(re.sub(r"<[^>]+>", " ", html), UNITS) == []
    assert leftover_english("\n".join(verdicts), UNITS) == []
    assert "해당 없음" in text and "단순한 알파-베타" in text and "오프닝" in text
    lines = text.splitlines()
    assert len({display_width(line) for line in lines}) == 1, text
    assert len({tuple(bar_columns(line)) for line in lines if "|" in line}) == 1, text
    assert table.cell(STEPS[0].name, "openings") is None      # looked up by the English keys


def test_a_search_result_line_in_english_is_unchanged() -> None:
    line = str(minimax(TEXTBOOK, ()))
    assert re.fullmatch(r"minimax: move 0, value 3, pv \[0, 0\], 13 nodes, \d+\.\d ms", line)
    result = mcts(TEXTBOOK, (), iterations=60, seed=1)
    assert re.search(r"^ \*        0  +\d+ visits  Q 1\.000$", result.report(), re.M)
    assert ", 60 iterations, depth 2, " in result.report()


def test_a_search_result_speaks_korean() -> None:
    with speaking("ko"):
        lines = [str(minimax(TEXTBOOK, ())), str(alphabeta(TEXTBOOK, ())),
                 alphabeta(TEXTBOOK, ()).report()]
        result = mcts(TEXTBOOK, (), iterations=60, seed=1)
        lines += [str(result), result.report()]
    for line in lines:
        assert leftover_english(line, UNITS) == [], line
    assert "주 변화 [0, 0], 노드 13개" in lines[0] and "반복 60번" in lines[-1]


def illegal(game: Any, moves: list[Any], move: Any) -> str:
    """The message of the IllegalMoveError that playing `move` after `moves` raises."""
    with pytest.raises(IllegalMoveError) as caught:
        game.result(game.play(moves), move)
    return str(caught.value)


ILLEGAL_MOVES = [
    (TicTacToe(), [(1, 1)], (1, 1), "move (1, 1) is not legal: that cell is taken by 'X'; "
     "legal moves: [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]"),
    (TicTacToe(), [], (5, 5), "move (5, 5) is off the board: rows are 0..2 and columns 0..2"),
    (ConnectFour(), [0] * 6, 0, "move 0 is not legal: column 0 is full; legal moves: "
     "[1, 2, 3, 4, 5, 6]"),
    (ConnectFour(), [0, 1] * 3 + [0], 3, "move 3 is not legal: the game is over"),
    (ConnectFour(), [], "x", "move 'x' is not a column number; columns are whole numbers "
     "0..6 (0-based)"),
    (TEXTBOOK, [0, 1], 0, "move 0 is not legal at (0, 1): the node is a leaf"),
]


@pytest.mark.parametrize("game, moves, move, english", ILLEGAL_MOVES)
def test_illegal_moves_are_explained_in_both_languages(game: Any, moves: list[Any], move: Any,
                                                       english: str) -> None:
    assert illegal(game, moves, move) == english
    with speaking("ko"):
        korean = illegal(game, moves, move)
    assert leftover_english(korean) == [], korean
    assert any(words in korean for words in ("둘 수 없는 수", "판 밖", "열 번호가 아닙니다")), korean


def test_a_game_tree_position_is_described_in_korean() -> None:
    assert TEXTBOOK.render((0,)) == "path 0: MIN to move, 3 children"
    with speaking("ko"):
        texts = [TEXTBOOK.render(()), TEXTBOOK.render((0,)), TEXTBOOK.render((0, 1))]
    assert texts == ["루트: MAX의 차례, 자식 3개", "경로 0: MIN의 차례, 자식 3개",
                     "경로 0.1: 리프, MAX의 효용 12"]


def raised(call: Callable[[], Any]) -> str:
    """The message of the error `call` raises."""
    with pytest.raises(Exception) as caught:
        call()
    return str(caught.value)


FINISHED = TicTacToe().play([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
ERRORS = [
    (lambda: minimax(TicTacToe(), FINISHED), "nothing to search: the game is over in this state"),
    (lambda: mcts(TicTacToe(), FINISHED, iterations=5),
     "nothing to search: the game is over in this state"),
    (lambda: checks.check_depth(0), "depth counts plies (moves by one player) and must be a "
     "whole number >= 1, or None to search to the end of the game; got 0"),
    (lambda: checks.check_iterations(0), "iterations must be a whole number >= 1 (e.g. 1000), "
     "or None; got 0"),
    (lambda: engine.get_solver("nope"), "unknown engine 'nope'; choose one of auto, fast, "
     "wasm, python"),
    (lambda: engine.to_position(3.5), "cannot solve 3.5: give a position string like '3342', "
     "a ConnectFour state, or a Position"),
    (lambda: ConnectFour(cols=10), "cols must be at most 9 (position strings use one digit "
     "per move), got 10"),
    (lambda: Trace(max_ply=-1), "max_ply must be None (keep every node) or a whole number of "
     "plies >= 0, got -1"),
]
CODE_WORDS = {"None", "ConnectFour", "Position", "iterations", "cols"}
"""Names of the program (values, classes, arguments) that an error quotes as they are."""


@pytest.mark.parametrize("call, english", ERRORS)
def test_errors_a_student_meets_speak_korean(call: Callable[[], Any], english: str) -> None:
    assert raised(call).splitlines()[0] == english
    with speaking("ko"):
        korean = raised(call)
    assert korean.splitlines()[0] != english
    assert leftover_english(korean, CODE_WORDS) == [], korean


def test_the_graphviz_hint_speaks_korean() -> None:
    english = rendering.text_fallback("outline")["text/plain"]
    assert english.startswith("Graphviz is not installed, so here is the tree as text.")
    assert str(rendering.GraphvizNotFoundError()).startswith(
        "Graphviz is not installed, To see pictures")
    with speaking("ko"):
        hint = rendering.text_fallback("outline")["text/plain"].splitlines()[0]
        error = str(rendering.GraphvizNotFoundError())
    assert leftover_english(hint, {"Graphviz"}) == [] and "트리를 글로" in hint
    assert leftover_english(error, {"Graphviz"}) == [] and "트리를 글로" not in error


def test_the_solvers_progress_speaks_korean() -> None:
    progress = Progress(-2, 4, 1234567, 3.0, column=3)
    assert describe(progress) == "column 3: score in [-2, 4], 1,234,567 nodes"
    with speaking("ko"):
        said = describe(progress)
    assert "1,234,567" in said and "[-2, 4]" in said and leftover_english(said) == []


def test_an_mcts_drawing_counts_hidden_children_in_korean() -> None:
    from gamelib.viz import draw_mcts

    result = mcts(TicTacToe(), TicTacToe().initial_state, iterations=200, seed=2, trace=Trace())
    assert re.search(r"\+\d+ children below", draw_mcts(result, top_k=2, max_depth=2).source)
    with speaking("ko"):
        source = draw_mcts(result, top_k=2, max_depth=2).source
    assert re.search(r"\+ 아래 자식 \d+개", source) and "children below" not in source


def test_drawn_proofs_and_table_hits_are_named_in_korean() -> None:
    from gamelib.search.tt import TranspositionTable
    from gamelib.viz import draw_mcts, draw_tree
    from gamelib.viz.figures import TRANSPOSITION_POSITION

    game = TicTacToe()
    position = game.play([(0, 0), (1, 1), (0, 1)])
    proofs = mcts(game, position, iterations=300, seed=1, solver=True, trace=Trace())
    hits = alphabeta(game, game.play(TRANSPOSITION_POSITION), tt=TranspositionTable(),
                     trace=Trace())
    assert ">proven<" in draw_mcts(proofs).source
    assert ": TT hit " in draw_tree(hits, merge=True).source
    with speaking("ko"):
        proof_picture, hit_picture = draw_mcts(proofs).source, draw_tree(hits, merge=True).source
    assert ">증명됨<" in proof_picture and ">proven<" not in proof_picture
    assert ": 전치표 적중 " in hit_picture and "TT hit" not in hit_picture


def test_a_state_no_game_can_reach_is_explained_in_korean() -> None:
    from gamelib.games.checks import check_state

    game = ConnectFour()
    wrong = game.initial_state._replace(to_move="O")
    english = ("state is not a position of ConnectFour(rows=6, cols=7, k=4) that play can "
               "reach: X has 0 discs and O has 0, so X is to move, not 'O'")
    assert raised(lambda: check_state(game, wrong)) == english
    assert raised(lambda: check_state(game, "33")).startswith(
        "state must be a state of ConnectFour(rows=6, cols=7, k=4)")
    with speaking("ko"):
        messages = [raised(lambda: check_state(game, wrong)),
                    raised(lambda: check_state(game, "33"))]
    assert "X는 돌 0개, O는 0개를 두었으므로 'O'가 아니라 X의 차례입니다" in messages[0]
    for message in messages:
        assert leftover_english(message, {"ConnectFour", "ConnectFourState"}) == [], message


def test_a_missing_package_is_named_in_korean() -> None:
    from gamelib.platform import internet_line, need

    english = internet_line("tqdm", "progress bars")
    assert english == ("progress bars need tqdm, which the browser version of the course "
                       "downloads from the internet on first use: connect, then run this "
                       "cell again.")
    with speaking("ko"):
        line = internet_line("tqdm", "progress bars")
        missing = raised(lambda: need("no_such_pkg", "plots"))
    assert line.startswith("진행 막대에는 tqdm가 필요합니다") and leftover_english(line, {"tqdm"}) == []
    assert missing.startswith("그래프에는 no_such_pkg가 필요한데") and leftover_english(missing) == []


def test_a_table_names_its_columns_in_korean_and_lines_them_up() -> None:
    from gamelib.viz import table

    rows = [{"column": 3, "wins now": False, "lines": 12}, {"column": 4, "wins now": True,
                                                            "lines": 7}]
    assert str(table(rows)).splitlines()[0] == "column  wins now  lines"
    with speaking("ko"):
        shown = table(rows)
        text, html = str(shown), shown._repr_html_()
    head = text.splitlines()[0]
    assert leftover_english(head) == [] and "<th>바로 승리</th>" in html
    assert len({display_width(line) for line in text.splitlines()}) == 1, text
    assert shown.rows[0]["wins now"] is False          # the rows keep their keys
