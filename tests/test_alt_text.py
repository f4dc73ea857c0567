"""Every picture a lesson shows carries its description in words (alt text), so a reader
who cannot see it, and the HTML export, get what it shows."""

from gamelib.games.connect4 import ConnectFour
from gamelib.games.tictactoe import TicTacToe
from gamelib.heuristics.picture import ThreatPicture
from gamelib.search import alphabeta, mcts
from gamelib.search.trace import Trace
from gamelib.viz import draw_mcts, draw_tree
from gamelib.viz.rendering import ALT_MAX_CHARS
from gamelib.widgets.treeview import drawing_html


def alt_of(picture) -> str:
    """The alt text a notebook output of `picture` carries."""
    data, metadata = picture._repr_mimebundle_()
    assert "image/svg+xml" in data
    return metadata["image/svg+xml"]["alt"]


def test_a_connect_four_board_says_whose_turn_and_every_row():
    alt = alt_of(ConnectFour().play("334"))
    assert alt.splitlines() == ["Connect Four board, O to move; rows from the top, '.' empty:",
                                *[". . . . . . ."] * 4, ". . . O . . .", ". . . X X . ."]


def test_a_finished_board_says_who_won_or_that_it_is_a_draw():
    assert alt_of(ConnectFour().play("0101010")).startswith("Connect Four board, X has won")
    game = TicTacToe()
    draw = game.play([(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2), (1, 0)])
    assert alt_of(draw).startswith("Tic-Tac-Toe board, full: a draw")


def test_a_threat_picture_lists_each_threat_with_its_parity_and_why_it_is_useless():
    alt = alt_of(ThreatPicture(ConnectFour().play("3344523"), "X threatens"))
    lines = alt.splitlines()
    assert lines[:3] == ["X threatens", "X's threats: column 6 row 1 (odd)", "O's threats: none"]
    shared = alt_of(ThreatPicture(ConnectFour().play("2233002")))
    assert "useless" in shared


def test_a_search_tree_gives_its_title_then_its_outline():
    game = TicTacToe()
    result = alphabeta(game, game.play([(1, 1), (0, 0), (2, 2)]), trace=Trace())
    drawing = draw_tree(result, max_nodes=9)
    alt = alt_of(drawing)
    title, outline = alt.split("\n", 1)
    assert title.startswith("Search tree. alphabeta: value 0, move")
    assert outline == drawing.outline


def test_a_long_outline_is_cut_and_says_so():
    game = TicTacToe()
    result = alphabeta(game, game.play([(1, 1)]), trace=Trace())
    alt = alt_of(draw_tree(result, max_nodes=400))
    assert len(alt) <= ALT_MAX_CHARS + len("\n(and more)") and alt.endswith("(and more)")


def test_an_mcts_tree_says_what_it_is_and_a_board_widget_labels_its_inline_picture():
    game = TicTacToe()
    result = mcts(game, game.initial_state, iterations=30, seed=1, trace=Trace())
    assert alt_of(draw_mcts(result)).startswith("Monte Carlo search tree. MCTS: 30 iterations")
    html = drawing_html(draw_mcts(result))
    assert html.startswith('<svg role="img" aria-label="Monte Carlo search tree. MCTS: 30')
