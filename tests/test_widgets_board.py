"""PlayBoard's defects found by playing, each pinned by a test; the session, worker and
adapter parts on their own; the first-move rule; the game review."""

from __future__ import annotations

import re
import threading

import pytest

from gamelib import ConnectFour, IllegalMoveError, TicTacToe
from gamelib.arena.players import RandomPlayer
from gamelib.arena.review import (BEST, BLUNDER, FINE, MISTAKE, Outcome, review_game,
                                  verdict)
from gamelib.games import base
from gamelib.search.players import AlphaBetaPlayer
from gamelib.widgets import PlayBoard, adapter_for
from gamelib.widgets import board as board_module
from gamelib.widgets.adapters import GameAdapter, TicTacToeAdapter, register_adapter, ADAPTERS
from gamelib.widgets.session import GameSession
from gamelib.widgets.worker import Worker


class Counting(AlphaBetaPlayer):
    """Alpha-beta that counts its searches (a second search would be a re-run)."""

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.searches = 0

    def search(self, game, state, trace=None):
        self.searches += 1
        return super().search(game, state, trace)


def visible(html: str) -> str:
    """The why panel without its folded "Exact numbers" part and tags."""
    html = re.sub(r"<details.*?</details>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


# -- 1. ghost marks --------------------------------------------------------------------------

def test_the_front_end_is_told_every_mark_so_undone_ones_disappear() -> None:
    board = PlayBoard(TicTacToe(), opponent="random", seed=1, threaded=False)
    assert board.board.view.cells == ["...", "...", "..."]
    board.click((0, 0))
    assert board.board.mark(0, 0) == "X"
    board.undo()
    assert board.board.view.cells == ["...", "...", "..."]
    board.click((2, 2))
    board.new_game()
    assert board.board.view.cells == ["...", "...", "..."]


def test_the_front_end_gets_an_answer_to_every_move_it_sends() -> None:
    """The browser sends {"move", "seq"}; the kernel answers {"ack": seq} after it has
    handled the move, with the reason when it refused it (the echo is then undone)."""
    board = PlayBoard(ConnectFour(), opponent=_Scripted([3]), threaded=False,
                      first_move_rule=True)
    sent: list[dict] = []
    board.board.view.send = sent.append             # type: ignore[method-assign]
    board.board._message(board.board.view, {"move": 3, "seq": 1}, [])
    assert sent == [{"ack": 1, "refused": board.status}] and board.moves == []
    assert "centre" in sent[0]["refused"]
    board.board._message(board.board.view, {"move": 2, "seq": 2}, [])
    assert sent[1] == {"ack": 2, "refused": ""} and board.moves == [2, 3]
    board.board._message(board.board.view, {"move": 9, "seq": 3}, [])   # no such column
    assert sent[2] == {"ack": 3, "refused": "there is no column 9: the columns are 0 to 6"}
    assert board.moves == [2, 3]


# -- 2. double-click -------------------------------------------------------------------------

def test_a_double_click_plays_one_move_and_says_so() -> None:
    board = PlayBoard(ConnectFour(), opponent="random", seed=2, threaded=False)
    board.board.press(3)            # the AI answers at once...
    board.board.press(3, clicks=2)  # ...and the second click of the pair follows
    assert len(board.moves) == 2 and board.moves[0] == 3
    assert "double click counts once" in board.status              # refused out loud
    board.board.press(4)                            # another column: played at once
    assert len(board.moves) == 4
    assert board.click(0) and len(board.moves) == 6         # the Python API is not delayed
    board.new_game()
    board.board.press(2)                            # a fresh board: no delay
    assert board.moves[:1] == [2]


def test_a_quick_click_right_after_the_ai_move_is_played() -> None:
    """No settle window: a click (or key) just after the AI's reply appeared is a move,
    on another column or on the same one."""
    board = PlayBoard(ConnectFour(), opponent="random", seed=2, threaded=False)
    board.board.press(3)
    board.board.press(4)            # at once, on another column
    board.board.press(4)            # and again on the same one (a key, or a new click)
    assert board.moves[0::2] == [3, 4, 4] and len(board.moves) == 6


class _Gated:
    """Plays the first legal move of a preference list once `gate` is set (a slow AI)."""

    name = "gated"

    def __init__(self, order: list[int]) -> None:
        self.gate = threading.Event()
        self.order = order

    def __call__(self, game, state):
        self.gate.wait(10)
        return next(m for m in self.order if m in game.actions(state))


def test_a_click_while_the_ai_thinks_is_queued_and_played_after_its_move() -> None:
    ai = _Gated([6])
    board = PlayBoard(ConnectFour(), opponent=ai, threaded=True)
    assert board.click(3, wait=False) and board.thinking
    assert board.click(5, wait=False)       # during the AI's reply: queued, said so
    assert "played as soon as the AI has moved" in board.status
    ai.gate.set()
    board.wait()
    assert board.moves == [3, 6, 5, 6]


def test_a_queued_click_that_became_illegal_says_why() -> None:
    ai = _Gated([0])
    board = PlayBoard(ConnectFour(), opponent=ai, threaded=True,
                      start="000001")       # column 0 has one cell left; X (you) to move
    board.click(3, wait=False)
    board.click(0, wait=False)              # the AI fills column 0 before it is played
    ai.gate.set()
    board.wait()
    assert board.moves == [3, 0]
    assert "Your click on column 0 was not played: column 0 is full" in board.status


def test_a_click_that_waited_for_the_drawing_of_the_ai_move_is_played() -> None:
    """A click reaching Python only after a slow drawing of the AI's move (it waited for
    the lock) is a move of its own, not the tail of a double click."""
    board = PlayBoard(ConnectFour(), opponent="random", seed=2, threaded=True)
    drawing = threading.Event()
    draw_why_panel = board._show_why_panel

    def slow_why_panel() -> None:
        drawing.set()
        threading.Event().wait(0.6)
        draw_why_panel()

    board._show_why_panel = slow_why_panel  # type: ignore[method-assign]
    board.board.press(3)            # the AI's reply is drawn in the worker thread
    assert drawing.wait(10)
    threading.Event().wait(0.5)
    board.board.press(3)            # waits for the drawing, then is played
    board.wait(10)
    assert board.moves[0] == 3 and board.moves[2] == 3 and len(board.moves) == 4


# -- 3. show the tree = the search that chose the move ---------------------------------------

@pytest.mark.parametrize("spec", ["alphabeta:4", "minimax:2", "id:0.2"])
def test_show_the_tree_draws_the_recorded_search_without_searching_again(spec: str) -> None:
    board = PlayBoard(ConnectFour(), opponent=spec)
    board.click(3)
    result, move = board.last_result, board.last_ai_move
    assert result.trace is not None and result.move == move
    assert max(n.depth for n in result.trace.nodes().values()) <= 2   # bounded: top plies
    board.player = counting = Counting(depth=4)
    board.show_tree()
    assert counting.searches == 0 and board.last_result is result
    assert "<svg" in board.tree.value or "gamelib-outline" in board.tree.value
    assert "Past the drawing, the search expects" in board.tree.value
    assert "drawn below" in board.status and not board.thinking


def test_the_player_searches_once_per_move_and_the_tree_is_that_search() -> None:
    player = Counting(depth=3)
    board = PlayBoard(ConnectFour(), opponent=player, threaded=False)
    board.click(3)
    board.show_tree()
    assert player.searches == 1
    tree = board.last_result.trace.nodes()
    root_moves = {node.move for node in tree.values() if node.depth == 1}
    assert board.last_ai_move in root_moves


def test_show_the_tree_of_a_depth_limited_tic_tac_toe_search() -> None:
    board = PlayBoard(TicTacToe(), opponent="alphabeta:3", threaded=False)
    board.click((1, 1))
    board.show_tree()
    assert "evaluation function" not in board.tree.value and "<svg" in board.tree.value


def test_the_tree_is_small_enough_to_read() -> None:
    board = PlayBoard(ConnectFour(), opponent="alphabeta:4")
    board.click(3)
    board.show_tree()
    width = re.search(r'<svg[^>]* width="([\d.]+)pt"', board.tree.value)
    assert width and float(width.group(1)) < 1600


def test_no_tree_says_plainly_why() -> None:
    board = PlayBoard(TicTacToe(), opponent="alphabeta", threaded=False)
    board.show_tree()
    assert "has not moved yet" in board.tree.value and "drawn below" not in board.status
    board.click((1, 1))
    board.undo()
    board.show_tree()
    assert "took the AI's last move back" in board.tree.value
    assert "random player never" not in board.tree.value
    board.set_opponent("random")
    board.click((0, 0))
    board.show_tree()
    assert "does not search" in board.tree.value and "drawn below" not in board.status


# -- 7. messages -----------------------------------------------------------------------------

def test_the_why_panel_keeps_the_name_of_the_player_that_moved() -> None:
    board = PlayBoard(TicTacToe(), opponent="alphabeta", threaded=False)
    board.click((1, 1))
    board.menu.value = "random"              # switched after the move
    assert "Alpha-beta" in board.why.value and "Random" not in board.why.value


def test_the_opening_book_is_mentioned_once() -> None:
    board = PlayBoard(ConnectFour(), opponent="perfect:10", human_plays="O")
    board.wait()
    assert board.last_result.source == "book"
    assert board.why.value.count("opening book") == 1
    board.show_tree()
    assert "too many to draw" in board.tree.value and "drawn below" not in board.status


def test_a_random_player_is_not_said_to_think() -> None:
    board = PlayBoard(TicTacToe(), opponent="random", seed=1, threaded=False)
    said = []
    original = board._set_status
    board._set_status = lambda text, thinking=False: (said.append(text), original(text, thinking))
    board.click((1, 1))
    assert not any("thinking" in text for text in said)


# -- 8. controls that look clickable ---------------------------------------------------------

def test_a_full_column_cannot_be_clicked_and_controls_grey_out_while_thinking() -> None:
    board = PlayBoard(ConnectFour(), opponent=_Scripted([0]), threaded=False)
    for _ in range(3):
        board.click(0)
    assert not board.board.can_play(0) and board.board.can_play(1)
    blocker = threading.Event()
    board.set_opponent(_Slow(blocker))
    board.worker.threaded = True
    board.click(1, wait=False)
    assert board.thinking and "gamelib-busy" in board.widget._dom_classes
    assert all(w.disabled for w in board.inputs) and board.board.view.playable == []
    assert board.board.view.busy
    assert board.undo_button.tooltip == "unavailable while the AI is thinking"
    assert board.side.tooltip == "unavailable while the AI is thinking"
    assert not board.new_button.disabled                    # New game always works
    blocker.set()
    board.wait()
    assert "gamelib-busy" not in board.widget._dom_classes and not board.menu.disabled
    assert not any(w.tooltip for w in board.inputs)         # nothing left to explain


@pytest.mark.parametrize("how", ["new game", "switch sides", "first-move rule"])
def test_new_game_while_the_ai_thinks_leaves_every_control_usable(how) -> None:
    """New game cancels the AI's search; its answer never comes, so the controls it
    greyed out must come back at once, not with the next move."""
    blocker = threading.Event()
    board = PlayBoard(ConnectFour(), opponent=_Slow(blocker), threaded=True)
    try:
        board.click(3, wait=False)
        assert board.thinking and all(w.disabled for w in board.inputs)
        if how == "new game":
            board.new_button.click()
        elif how == "switch sides":
            board.new_game(human_plays="O")
            board.new_game(human_plays="X")     # the AI opened as X: switch back again
        else:
            board.rule.value = True
        assert not board.thinking and board.moves == []
        for widget in [board.menu, board.side, board.tree_button, board.review_button,
                       board.rule]:
            assert not widget.disabled, widget
        assert board.board.can_play(2) and "gamelib-busy" not in board.widget._dom_classes
        assert board.status.startswith(("Your move", "First-move rule", "You switched")), board.status
    finally:
        blocker.set()
        board.wait()
    assert board.moves == []                    # the old search's answer was dropped
    assert not board.menu.disabled


def test_switching_sides_mid_game_says_so() -> None:
    board = PlayBoard(TicTacToe(), opponent="random", seed=1, threaded=False)
    board.click((1, 1))
    board.side.value = "O"
    assert "switched sides" in board.status and "new game" in board.status


# -- 9. plain words --------------------------------------------------------------------------

def test_the_why_panel_speaks_plainly_with_exact_numbers_one_click_away() -> None:
    board = PlayBoard(TicTacToe(), opponent="alphabeta", threaded=False)
    board.click((0, 0))
    board.click((2, 2))                     # the AI (O) must now block or lose
    words = visible(board.why.value)
    for jargon in (r"\bplies\b", r"\bply\b", "≤", "≥", r"\bbound"):
        assert not re.search(jargon, words), jargon
    assert re.search(r"draw|wins in \d+ move|loses in \d+ move", words)
    assert "<details" in board.why.value and "<summary>Exact numbers</summary>" in board.why.value


def test_solver_scores_in_moves() -> None:
    from gamelib.widgets.explain import search_words, solver_words
    from gamelib.search.scoring import WIN
    assert search_words(WIN - 1, "exact", True) == "wins with this move"
    assert search_words(WIN - 5, "exact", True) == "wins in 3 moves"
    assert search_words(-(WIN - 4), "exact", True) == "loses in 2 moves"
    assert search_words(-(WIN - 4), "upper", False) == "loses in 2 moves or sooner"
    assert search_words(0, "upper", True) == "at best a draw"
    assert search_words(0, "exact", False) == "looks even"
    assert solver_words(18, (0, 0)) == "wins in 4 moves"      # the 4th stone wins
    assert solver_words(-18, (3, 3)) == "loses in 1 move"


def test_you_win_cannot_be_missed() -> None:
    board = PlayBoard(ConnectFour(), opponent=_Scripted([6]), threaded=False)
    for _ in range(4):
        board.click(0)
    assert "gamelib-result-win" in board.banner.value and "You win!" in board.banner.value
    assert "<svg" in board.banner.value                      # a drawn mark, not an emoji
    assert all(ord(c) < 0x2000 for c in board.banner.value)  # no glyph a font may lack
    board.new_game()
    assert board.banner.value == ""


# -- 10. the parts: session, worker, adapters, structured reasons ----------------------------

def test_session_undo_and_outcome() -> None:
    session = GameSession(TicTacToe(), TicTacToe().initial_state, "O")
    assert session.ai_to_move() and session.undo_point() is None
    for move in [(0, 0), (1, 1), (0, 1)]:
        session.play(move)
    assert session.undo() and session.moves == [(0, 0)]
    assert isinstance(session.problem((0, 0)), IllegalMoveError)


def test_a_failed_thread_start_runs_the_ai_at_once(monkeypatch) -> None:
    def no_threads(self):
        raise RuntimeError("can't start new thread")
    monkeypatch.setattr(threading.Thread, "start", no_threads)
    board = PlayBoard(TicTacToe(), opponent="alphabeta")
    assert board.click((1, 1)) and len(board.moves) == 2 and not board.thinking
    assert board.hint() is not None and not board.thinking
    assert board.review() and not board.thinking
    assert "Your move" in board.status and not board.worker.threaded


def test_worker_drops_a_cancelled_answer() -> None:
    lock, release, got = threading.RLock(), threading.Event(), []
    worker = Worker(lock)
    worker.start(lambda: release.wait(10) and "late", got.append)
    worker.cancel()
    release.set()
    worker.wait()
    assert got == [] and not worker.busy


def test_illegal_moves_carry_a_reason() -> None:
    c4 = ConnectFour(first_move_rule=True)
    cases = [(c4, c4.initial_state, 3, base.FORBIDDEN), (c4, c4.initial_state, 9, base.OFF_BOARD),
             (c4, c4.initial_state, "a", base.NOT_A_MOVE),
             (TicTacToe(), TicTacToe().play([(0, 0)]), (0, 0), base.OCCUPIED)]
    for game, state, move, reason in cases:
        with pytest.raises(IllegalMoveError) as caught:
            game.result(state, move)
        assert caught.value.reason == reason and str(caught.value)


def test_a_third_game_needs_only_an_adapter() -> None:
    class Gomoku(TicTacToe):
        """Five in a row on a bigger board."""

    @register_adapter
    class GomokuAdapter(TicTacToeAdapter):
        click_what = "an intersection"

        @classmethod
        def handles(cls, game):
            return isinstance(game, Gomoku)

        def move_name(self, move):
            return "ABCDEFG"[move[1]] + str(move[0] + 1)

    try:
        board = PlayBoard(Gomoku(5, 5, 4), opponent="random", seed=1, threaded=False)
        assert isinstance(board.adapter, GomokuAdapter)
        assert "click an intersection" in board.status
        board.click((0, 0))
        assert "Random" in board.why.value and "played" in board.status
        assert re.search(r"played [A-E]\d", board.status)
    finally:
        ADAPTERS.remove(GomokuAdapter)


def test_unknown_games_get_a_clear_error() -> None:
    from gamelib import GameTree
    with pytest.raises(TypeError, match="register_adapter"):
        adapter_for(GameTree([[1, 2], [3]]))


# -- the first-move rule ---------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["random", "minimax:2", "alphabeta:2", "id:0.05", "mcts:50",
                                  "mcts-solver:50", "perfect:10"])
def test_every_opponent_honours_the_first_move_rule(spec: str) -> None:
    board = PlayBoard(ConnectFour(), opponent=spec, human_plays="O", first_move_rule=True,
                      seed=1)
    board.wait()
    assert len(board.moves) == 1 and board.moves[0] != 3, board.status
    assert "failed" not in board.status and "wrong" not in board.status


def test_the_first_move_rule_is_a_board_option() -> None:
    board = PlayBoard(ConnectFour(), opponent="random", seed=1, threaded=False)
    assert board.rule is not None and not board.rule.value
    board.rule.value = True
    assert board.game.first_move_rule and "rule on" in board.status
    assert not board.board.can_play(3)
    assert not board.click(3) and "centre" in board.status and board.moves == []
    assert board.click(2)
    board.rule.value = False
    assert not board.game.first_move_rule and board.moves == []


# -- the review ------------------------------------------------------------------------------

def test_verdicts() -> None:
    win3, win4, win6 = Outcome("win", 3), Outcome("win", 4), Outcome("win", 6)
    assert verdict(win3, win3) == BEST and verdict(win4, win3) == FINE
    assert verdict(win6, win3) == MISTAKE and verdict(Outcome("draw"), win3) == BLUNDER


def test_review_of_a_tic_tac_toe_game_finds_the_blunder() -> None:
    game = TicTacToe()
    moves = [(0, 0), (1, 1), (2, 2), (0, 2), (2, 0), (1, 0)]   # O's (0, 2) loses
    reviews = review_game(game, moves, side="O")
    assert [r.verdict for r in reviews] == [BEST, BLUNDER, BEST]
    blunder = reviews[1]
    assert blunder.played == Outcome("loss", 2) and blunder.best == Outcome("draw")
    assert set(blunder.best_moves) == {(0, 1), (1, 0), (1, 2), (2, 1)}


def test_review_of_a_connect_four_game_uses_the_solver() -> None:
    game = ConnectFour()
    reviews = review_game(game, [3, 3, 3, 3, 2, 4, 1, 1, 5, 0, 6], side="X")
    assert reviews[-2].move == 5 and reviews[-2].verdict == BLUNDER
    assert reviews[-2].best_moves == (0,) and reviews[-2].best == Outcome("win", 1)
    assert reviews[0].verdict == BEST


def test_the_board_reviews_your_moves() -> None:
    board = PlayBoard(TicTacToe(), opponent=_Scripted([(1, 1), (0, 1), (1, 0), (1, 2)]))
    for move in [(0, 0), (2, 2), (2, 0)]:
        board.click(move)
    reviews = board.review()
    assert [r.index for r in reviews] == [0, 2, 4]
    assert "gamelib-review-table" in board.review_panel.value
    assert "blunder" not in board.review_panel.value or reviews


def test_review_from_the_command_line(capsys) -> None:
    from gamelib.cli import main
    assert main(["review", "tictactoe", "0,0 1,1 2,2 0,2 2,0", "--side", "O"]) == 0
    out = capsys.readouterr().out
    assert "blunder (loses in 2 moves); best was" in out and "1 best" in out
    assert main(["review", "tictactoe", "0,0 0,0"]) == 2
    assert main(["review", "connect4", "3333"]) == 0
    out = capsys.readouterr().out
    assert out.count("best") >= 2


class _Scripted:
    """Plays the first legal move of a fixed preference list."""

    name = "scripted"

    def __init__(self, preferences) -> None:
        self.preferences = preferences

    def __call__(self, game, state):
        legal = game.actions(state)
        return next((m for m in self.preferences if m in legal), legal[0])


class _Slow:
    """Thinks until released."""

    name = "slow"

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def __call__(self, game, state):
        assert self.release.wait(10)
        return game.actions(state)[0]


def test_the_review_is_a_move_list_that_steps_back_through_the_game() -> None:
    board = PlayBoard(ConnectFour(), opponent=_Scripted([3, 4, 2]), threaded=False)
    for move in [3, 3, 0]:          # 3, then 3 again, then 0 (a blunder: 2 wins for red)
        board.click(move)
    entries = board.review_entries()
    assert [e[1] for e in entries][:2] == ["1. you: column 3", "2. AI: column 3"]
    assert all(mark == "" for _, _, mark in entries)          # not reviewed yet
    reviews = board.review()
    marks = {index: mark for index, _, mark in board.review_entries()}
    assert {r.index: r.verdict for r in reviews} == {i: marks[i] for i in (0, 2, 4)}
    assert marks[1] == marks[3] == marks[5] == ""             # the AI's moves
    assert all(mark != "not judged" for mark in marks.values() if mark)
    assert len(board.move_buttons) == 6
    assert "gamelib-move" in board.move_buttons[4]._dom_classes
    assert f"gamelib-verdict-{marks[4]}" in board.move_buttons[4]._dom_classes

    board.move_buttons[1].click()                             # a click on move 2
    assert board.viewing == 1
    assert sum(row.count(".") for row in board.cells) == 42 - 2   # the position after it
    assert board.status.startswith("Move 2 of 6 (AI: column 3).")
    assert board.board.view.playable == []                    # the past is not played on
    board.show_move(4)
    assert "Blunder" in board.status or "best" in board.status.lower()
    board.show_move(None)                                     # back to the game
    assert board.viewing is None and sum(row.count(".") for row in board.cells) == 36
    board.show_move(-1)
    assert all(c == "." for row in board.cells for c in row)
    board.back_button.click()
    assert board.viewing is None
    with pytest.raises(ValueError, match="no move 9"):
        board.show_move(9)


def test_a_click_on_the_board_while_viewing_plays_on_the_game() -> None:
    board = PlayBoard(ConnectFour(), opponent=_Scripted([3]), threaded=False)
    board.click(0)
    board.show_move(-1)
    assert board.click(1) and board.viewing is None and board.moves[:3] == [0, 3, 1]


def test_an_undo_changes_the_marked_moves() -> None:
    board = PlayBoard(ConnectFour(), opponent=_Scripted([3, 4]), threaded=False)
    board.click(3)
    board.click(3)
    board.review()
    assert all(m for i, _, m in board.review_entries() if i % 2 == 0)
    board.undo()
    board.click(6)
    marks = [m for _, _, m in board.review_entries()]
    assert marks[0] and marks[2] == ""                        # 6 was not reviewed


# -- keyboard and screen reader basics ---------------------------------------------------------

def test_every_connect_four_cell_is_named_and_disabled_columns_say_why() -> None:
    board = PlayBoard(ConnectFour(), opponent=_Scripted([3]), threaded=False,
                      first_move_rule=True)
    assert not board.board.can_play(3)
    centre = "(the first player may not open in the centre column)"
    assert board.board.view.drop_names[3].endswith(centre)
    assert board.board.cell_name(5, 3) == "column 3, row 1: empty " + centre
    board.click(0)
    assert board.board.cell_name(5, 0) == "column 0, row 1: red"
    assert board.board.cell_name(5, 3) == "column 3, row 1: yellow"
    assert board.board.cell_name(0, 6) == "column 6, row 6: empty"
    assert len(set(board.board.view.names)) == 42     # no two cells share a name
    full = PlayBoard(ConnectFour(), opponent="random", seed=1, threaded=False,
                     start="000000")
    assert full.board.view.drop_names[0].endswith("(column 0 is full)")
    assert full.board.cell_name(0, 0) == "column 0, row 6: yellow (column 0 is full)"


def test_the_board_announces_the_status_and_every_button_is_named() -> None:
    board = PlayBoard(TicTacToe(), opponent="random", seed=1, threaded=False)
    board.click((1, 1))
    assert board.board.view.said == board.status and "The AI played" in board.status
    squares = board.board.view.names
    assert "row 1, col 1: X" in squares and len(set(squares)) == 9
    for button in [board.new_button, board.undo_button, board.hint_button,
                   board.tree_button, board.review_button, board.why_toggle]:
        assert button.description.strip()


def test_the_steppers_play_control_is_named() -> None:
    from gamelib.search import alphabeta, Trace
    from gamelib import GameTree
    from gamelib.widgets import SearchStepper
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    stepper = SearchStepper(alphabeta(tree, tree.initial_state, trace=Trace()))
    assert "play, pause and stop" in stepper.play.tooltip


def test_a_double_click_while_the_ai_thinks_is_not_queued() -> None:
    ai = _Gated([6])
    board = PlayBoard(ConnectFour(), opponent=ai, threaded=True)
    board.board.press(3)
    board.board.press(3, clicks=2)  # the double click's tail: refused, not queued
    assert "double click counts once" in board.status
    ai.gate.set()
    board.wait()
    assert board.moves == [3, 6]
