"""The boards and steppers speak Korean when gamelib does: every text a student sees or a
screen reader says (buttons, menus, status lines, banners, panels, the move list, cell
names, live-region announcements, disabled controls' reasons, the tree viewport's buttons)
holds no English word once a whole game has been played, reviewed and explained; a board
keeps the language it was made in; English comes back for boards made after it."""

from __future__ import annotations

import html
import re
from typing import Any, Iterator

import ipywidgets as widgets
import pytest

import gamelib
from gamelib import ConnectFour, GameTree, TicTacToe, platform
from gamelib.search import Trace, alphabeta
from gamelib.widgets import MCTSStepper, PlayBoard, SearchStepper
from gamelib.widgets.board import unbracketed
from gamelib.widgets.cells import BoardView
from gamelib.widgets.treeview import TreeViewport

ALLOWED = {"AI", "MCTS", "MCTS-Solver", "UCB", "UCT", "MAX", "MIN", "X", "O", "N", "Q",
           "n", "ply", "tanh", "x"}
"""Latin words a Korean text may hold: names (AI, MCTS, UCB1), the players' marks, the
N and Q of MCTS, the n of "n-튜플", ply after 수 (the glossary's 수(ply)), tanh, and the
x of a board's size (6x7)."""

LATIN = re.compile(r"[A-Za-z][A-Za-z'_-]*")


@pytest.fixture
def korean(monkeypatch):
    """gamelib speaks Korean (whatever the locale), and no language is set afterwards."""
    monkeypatch.setattr(platform, "_chosen", None)
    for variable in platform.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    gamelib.set_language("ko")
    yield
    gamelib.set_language("en")


def english_words(text: str) -> list[str]:
    """The Latin words of `text` that are not allowed in a Korean text."""
    return [word for word in LATIN.findall(text) if word.strip("'-_") not in ALLOWED]


def plain(markup: str) -> str:
    """What a student reads of an HTML value: pictures (drawn by gamelib.viz) and tags
    taken out, the words a stylesheet puts on buttons (`content: "..."`) kept."""
    words = " ".join(re.findall(r'content: "([^"]*)"', markup))
    markup = re.sub(r"<style.*?</style>", " ", markup, flags=re.S)
    markup = re.sub(r"<svg.*?</svg>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup)) + " " + words


def texts(widget: Any) -> Iterator[str]:
    """Every text `widget` and the widgets inside it show or give a screen reader."""
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            yield value
    options = getattr(widget, "options", None)
    if isinstance(widget, (widgets.Dropdown, widgets.RadioButtons)) and options:
        yield from (label for label, _value in options)
    if isinstance(widget, (widgets.HTML, TreeViewport)):
        yield plain(widget.value)
    if isinstance(widget, TreeViewport):
        yield from widget.words.values()
    if isinstance(widget, BoardView):
        yield from widget.names
        yield from widget.drop_names
        yield widget.label
        yield widget.said
    for child in getattr(widget, "children", ()):
        yield from texts(child)


class Seen:
    """Every text seen while driving a widget: collected after each step."""

    def __init__(self, widget: Any) -> None:
        self.widget = widget
        self.all: set[str] = set()

    def look(self, *extra: str) -> None:
        """Collect what the widget shows now (and `extra` texts, e.g. a status)."""
        self.all.update(texts(self.widget))
        self.all.update(extra)

    def english(self) -> dict[str, list[str]]:
        """The texts seen that hold English words, with those words."""
        return {text: words for text in self.all if (words := english_words(text))}


def play_out(board: PlayBoard, seen: Seen) -> None:
    """Play the board's game to its end, always the first legal move, looking each time."""
    while not board.over:
        board.click(board.game.actions(board.state)[0])
        seen.look(board.status)


def test_the_checker_finds_english_and_allows_names() -> None:
    assert english_words("AI가 3번 열에 두었습니다. MCTS-Solver, UCB1, N=3") == []
    assert english_words("AI가 column 3에 두었습니다") == ["column"]
    assert english_words(plain("<b>수</b> <svg><text>move</text></svg> &#x27;x&#x27;")) == []
    assert english_words(plain('<style>i::before { content: "Play"; }</style>')) == ["Play"]


def test_a_whole_tic_tac_toe_game_speaks_korean(korean) -> None:
    board = PlayBoard(TicTacToe(), opponent="alphabeta", threaded=False)
    seen = Seen(board.widget)
    seen.look(board.status)
    assert board.status == "여러분 차례입니다(X): 빈칸을 누르세요."
    board.undo()                                    # nothing to undo yet
    seen.look(board.status)
    board.hint()
    seen.look(board.status)
    board.click((1, 1))
    assert board.status.startswith("AI가 ") and "에 두었습니다." in board.status
    board.click((1, 1))                             # a taken square
    seen.look(board.status)
    board.board.press((0, 0), clicks=2)             # the second click of a double click
    seen.look(board.status)
    board.show_tree()
    seen.look(board.status)
    board.undo()
    board.show_tree()                               # the AI's move was taken back
    seen.look(board.status)
    play_out(board, seen)
    assert plain(board.banner.value).strip() in ("여러분이 이겼습니다!", "AI가 이겼습니다.",
                                                 "무승부입니다.")
    board.click((0, 0))                             # after the end
    seen.look(board.status)
    board.review()
    seen.look(board.status)
    assert "최선" in plain(board.review_panel.value)
    marked = [button for button in board.move_buttons if "(" in button.description]
    assert marked and all(any(css in ("gamelib-verdict-best", "gamelib-verdict-fine",
                                      "gamelib-verdict-mistake", "gamelib-verdict-blunder")
                              for css in button._dom_classes) for button in marked)
    board.show_move(0)
    seen.look(board.status)
    board.show_move(-1)
    seen.look(board.status)
    board.show_move(None)
    board._set_enabled(False)                       # as while the AI thinks: greyed out
    assert board.side.tooltip == "AI가 생각하는 동안에는 쓸 수 없음"
    seen.look()
    board._set_enabled(True)
    board.menu.value = "mcts:30"                    # another opponent, said in the status
    seen.look(board.status)
    board.new_game(human_plays="O")                 # the AI opens, with MCTS
    seen.look(board.status)
    board.menu.value = "random"
    play_out(board, seen)
    board.show_tree()                               # a random player draws no tree
    seen.look(board.status)
    assert seen.english() == {}


def test_a_whole_connect_four_game_speaks_korean(korean) -> None:
    board = PlayBoard(ConnectFour(), opponent="alphabeta:2", threaded=False, seed=1)
    seen = Seen(board.widget)
    seen.look(board.status)
    board.set_first_move_rule(True)
    seen.look(board.status)
    board.click(3)                                  # the rule forbids the centre
    seen.look(board.status)
    assert "가운데 열" in board.status
    board.set_first_move_rule(False)
    for _ in range(6):                              # fill column 0, then click it again
        if not board.over:
            board.click(0)
            seen.look(board.status)
    if not board.over:
        board.click(0)
        seen.look(board.status)
    board.show_tree()
    seen.look(board.status)
    play_out(board, seen)
    board.review()
    seen.look(board.status)
    for index in range(len(board.moves)):
        board.show_move(index)
        seen.look(board.status)
    board.show_move(None)
    board.side.value = "O"                          # switch sides: a new game, said so
    seen.look(board.status)
    assert seen.english() == {}


def test_the_perfect_solver_and_mcts_panels_speak_korean(korean) -> None:
    solver = PlayBoard(ConnectFour(), opponent="perfect:10", human_plays="O", threaded=False)
    seen = Seen(solver.widget)
    solver.show_tree()                              # the solver's table, not a tree
    seen.look(solver.status)
    assert "오프닝 북" in plain(solver.why.value)
    mcts = PlayBoard(ConnectFour(), opponent="mcts-solver:4000", human_plays="O",
                     threaded=False, seed=2)
    seen_mcts = Seen(mcts.widget)
    mcts.click(3)
    mcts.show_tree()
    seen_mcts.look(mcts.status)
    assert seen.english() == {} and seen_mcts.english() == {}


def test_the_steppers_speak_korean_at_every_step(korean) -> None:
    game = TicTacToe()
    state = game.play([(0, 0), (1, 1), (0, 1), (0, 2), (2, 0)])
    stepper = SearchStepper(alphabeta(game, state, trace=Trace()))
    seen = Seen(stepper.widget)
    for position in range(stepper.steps + 1):
        stepper.go(position)
        seen.look(stepper.narration)
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])      # prunes, with leaves' values
    textbook = SearchStepper(alphabeta(tree, tree.initial_state, trace=Trace()))
    seen_textbook = Seen(textbook.widget)
    for position in range(textbook.steps + 1):
        textbook.go(position)
        seen_textbook.look(textbook.narration)
    assert any("가지치기" in text for text in seen_textbook.all)
    mcts = MCTSStepper(game, game.play([(0, 0), (1, 1), (0, 1)]), iterations=12, seed=1,
                       solver=True)                 # it proves the win in (0, 2)
    seen_mcts = Seen(mcts.widget)
    for position in range(1, mcts.steps + 1):
        mcts.go(position)
        seen_mcts.look(mcts.narration)
    mcts.mode.value = "tree"
    mcts.run(3)
    seen_mcts.look(mcts.narration)
    assert any("증명" in text for text in seen_mcts.all)
    assert {} == seen.english() == seen_textbook.english() == seen_mcts.english()


def test_a_board_keeps_its_language_and_english_comes_back_for_new_boards(korean) -> None:
    korean_board = PlayBoard(ConnectFour(), opponent="alphabeta:4")     # its AI: a thread
    gamelib.set_language("en")
    english_board = PlayBoard(TicTacToe(), opponent="alphabeta", threaded=False)
    assert english_board.status == "Your move (X): click a square."
    assert english_board.new_button.description == "New game"
    english_board.click((1, 1))
    assert english_board.status.startswith("The AI played row ")
    korean_board.click(3)                           # made in Korean: still Korean
    assert korean_board.status.startswith("AI가 ") and not english_words(korean_board.status)
    assert not english_words(plain(korean_board.why.value))
    assert "The AI (Alpha-beta, full depth, perfect) played" in english_board.why.value
    seen = Seen(english_board.widget)
    seen.look()
    assert "New game" in seen.english() and "Why this move?" in seen.english()


def test_an_opponent_label_never_nests_brackets() -> None:
    assert unbracketed("Perfect solver (up to 10 s a move)") == "Perfect solver, up to 10 s a move"
    assert unbracketed("Minimax, depth 3") == "Minimax, depth 3"
    assert unbracketed("완벽한 솔버(한 수에 최대 10초)") == "완벽한 솔버, 한 수에 최대 10초"
    board = PlayBoard(TicTacToe(), opponent="mcts:30", threaded=False, seed=3)
    board.click((1, 1))
    assert "The AI (MCTS, 30 iterations, easy) played" in board.why.value
    assert not re.search(r"\([^()]*\(", plain(board.why.value))
