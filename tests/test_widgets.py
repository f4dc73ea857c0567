"""PlayBoard without a browser: games through board.click, undo, new game, sides, bad clicks."""

from __future__ import annotations

import threading

import pytest

from gamelib import ConnectFour, TicTacToe
from gamelib.games.base import Game, Move, State
from gamelib.search import alphabeta
from gamelib.widgets import PlayBoard, presets_for

CHEAPEST = {"random": "random", "minimax": "minimax:2", "alphabeta": "alphabeta:2",
            "id": "id:0.05", "mcts": "mcts:50", "mcts-solver": "mcts-solver:50",
            "perfect": "perfect:10"}
"""The quickest setting of each opponent, so a whole game stays fast."""

MIDGAME = "41642200322566331311010"
"""A Connect Four middle game from the reference set (the solver answers it quickly)."""


class Scripted:
    """A stand-in opponent that plays the first legal move of a fixed preference list."""

    name = "scripted"

    def __init__(self, preferences: list[Move]) -> None:
        self.preferences = preferences

    def __call__(self, game: Game, state: State) -> Move:
        legal = game.actions(state)
        return next((m for m in self.preferences if m in legal), legal[0])


class Blocking:
    """A stand-in opponent that thinks until the test releases it."""

    name = "blocking"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    def __call__(self, game: Game, state: State) -> Move:
        self.started.set()
        assert self.release.wait(10), "the test never released the AI"
        return game.actions(state)[-1]


class Broken:
    """A stand-in opponent whose search crashes."""

    name = "broken"

    def __call__(self, game: Game, state: State) -> Move:
        raise RuntimeError("search exploded")


def play_out(board: PlayBoard, pick: int = 0) -> None:
    """Click legal moves (the `pick`-th, wrapping) until the game ends."""
    board.wait()                                 # the AI may be opening
    for _ in range(100):
        if board.over:
            return
        legal = board.game.actions(board.state)
        assert board.click(legal[pick % len(legal)]), board.status
    raise AssertionError("the game did not end")


def check_consistent(board: PlayBoard) -> None:
    """The shown board is the state reached by replaying the move list."""
    state = board.start
    for move in board.moves:
        state = board.game.result(state, move)
    assert state == board.state
    assert len(board.history) == len(board.moves) + 1
    marks = sum(row.count("X") + row.count("O") for row in board.cells)
    start = board.start.board.count("X") + board.start.board.count("O")
    assert marks == start + len(board.moves)


def spec_for(game: Game, name: str) -> str:
    """The cheapest Connect Four spec of `name`; on other games, its first preset."""
    if isinstance(game, ConnectFour) and name in CHEAPEST:
        return CHEAPEST[name]
    return next(p.spec for p in presets_for(game) if p.name == name)


GAMES = {"tictactoe": TicTacToe, "connect4": ConnectFour}
OPPONENTS = [(key, preset.name) for key, make in GAMES.items()
             for preset in presets_for(make()) if preset.name in CHEAPEST]
OPPONENTS = list(dict.fromkeys(OPPONENTS))


@pytest.mark.parametrize("key, name", OPPONENTS, ids=[f"{k}-{n}" for k, n in OPPONENTS])
def test_whole_game_against_each_opponent(key: str, name: str) -> None:
    game = GAMES[key]()
    start = MIDGAME if name == "perfect" else None  # the solver is slow in the opening
    board = PlayBoard(game, opponent=spec_for(game, name), seed=3, start=start)
    play_out(board)
    check_consistent(board)
    assert board.status.split(". ")[-1].strip(".! ") in {"You win", "The AI wins", "Draw"}
    assert not board.thinking


def test_human_second_means_ai_opens() -> None:
    board = PlayBoard(ConnectFour(), opponent="random", human_plays="O", seed=1)
    board.wait()
    assert sum(row.count("X") for row in board.cells) == 1
    assert "Your move (yellow)" in board.status
    play_out(board, pick=2)
    check_consistent(board)


def test_switching_sides_starts_a_new_game() -> None:
    board = PlayBoard(TicTacToe(), opponent="random", seed=1)
    board.click((1, 1))
    board.side.value = "O"                       # the "You play O" toggle
    board.wait()
    assert board.human == "O" and len(board.moves) == 1
    assert board.game.to_move(board.state) == "O"
    board.new_game(human_plays="X")
    assert board.moves == [] and board.side.value == "X"


def test_new_game_button_clears_the_board() -> None:
    board = PlayBoard(ConnectFour(), opponent="random", seed=2)
    board.click(3)
    board.new_button.click()
    board.wait()
    assert board.moves == [] and board.state == board.game.initial_state
    assert board.why.value == ""


def test_undo_takes_back_the_reply_and_your_move() -> None:
    board = PlayBoard(ConnectFour(), opponent="random", seed=4)
    board.click(3)
    after_first = board.state
    board.click(2)
    assert len(board.moves) == 4
    assert board.undo()
    assert board.state == after_first and len(board.moves) == 2
    board.undo_button.click()
    assert board.state == board.game.initial_state
    assert not board.undo() and "Nothing to undo" in board.status
    assert board.undo_button.disabled


def test_undo_after_your_winning_move_takes_back_only_it() -> None:
    board = PlayBoard(TicTacToe(), opponent=Scripted([(2, 2), (2, 1)]), threaded=False)
    for move in [(0, 0), (0, 1), (0, 2)]:      # X wins on the top row
        board.click(move)
    assert board.over and board.status.startswith("You win")
    before = board.history[-2]
    assert board.undo()
    assert board.state == before and not board.over


def test_undo_when_the_ai_opened() -> None:
    board = PlayBoard(TicTacToe(), opponent="random", human_plays="O", seed=5)
    board.wait()
    opened = board.state
    assert not board.undo()                      # nothing of yours to take back
    board.click((1, 1) if (1, 1) in board.game.actions(opened) else (0, 0))
    assert board.undo() and board.state == opened


def test_full_column_is_refused_and_changes_nothing() -> None:
    board = PlayBoard(ConnectFour(), opponent=Scripted([0]), threaded=False)
    for _ in range(3):
        board.click(0)                           # X and O alternate up column 0
    assert board.state.height(0) == 6
    before = (board.state, list(board.moves))
    assert not board.click(0)
    assert "Column 0 is full" in board.status
    assert (board.state, board.moves) == before
    assert not board.board.press(0)              # as the browser sends it
    assert (board.state, board.moves) == before


def test_occupied_square_is_refused() -> None:
    board = PlayBoard(TicTacToe(), opponent=Scripted([(0, 0)]), threaded=False)
    board.click((1, 1))
    before = board.state
    assert not board.click((0, 0)) and not board.click((1, 1))
    assert "taken" in board.status and board.state == before


def test_clicks_after_the_end_are_refused() -> None:
    board = PlayBoard(ConnectFour(), opponent=Scripted([6]), threaded=False)
    for _ in range(4):
        board.click(0)                           # four in column 0
    assert board.over and board.status == "You win!"
    final = board.state
    for col in range(7):
        assert not board.click(col)
        assert not board.board.press(col)
    assert board.state == final and "game is over" in board.status
    assert board.hint() is None


def test_clicks_while_the_ai_thinks_are_queued_and_the_last_one_played() -> None:
    ai = Blocking()
    board = PlayBoard(ConnectFour(), opponent=ai)
    board.click(3, wait=False)
    assert ai.started.wait(10)
    assert board.thinking and "thinking" in board.status
    assert board.board.view.busy and not any(board.board.can_play(c) for c in range(7))
    for col in [0, 1, 2, 3, 4, 5, 6, 0, 0]:
        assert board.click(col, wait=False)          # many fast clicks: queued
        board.board.press(col, clicks=2)             # each one a double click
    assert "Column 0 is played as soon as the AI has moved" in board.status
    assert board.board.view.queued == 0                 # the board marks the queued column
    assert not board.undo() and board.hint(wait=False) is None
    assert board.moves == [3]
    ai.release.set()
    board.wait()
    assert board.moves == [3, 6, 0, 6] and not board.thinking   # one queued click, once
    assert all(board.board.can_play(c) for c in range(7)) and board.board.view.queued == -1
    check_consistent(board)


def test_new_game_while_thinking_drops_the_late_answer() -> None:
    ai = Blocking()
    board = PlayBoard(TicTacToe(), opponent=ai)
    board.click((1, 1), wait=False)
    assert ai.started.wait(10)
    stale = board.worker.thread
    board.new_game()
    ai.release.set()
    stale.join(10)
    assert board.moves == [] and not board.thinking
    assert board.click((0, 0))
    check_consistent(board)


def test_a_crashing_ai_reports_and_does_not_raise() -> None:
    board = PlayBoard(TicTacToe(), opponent=Broken())
    assert board.click((1, 1))
    assert "search exploded" in board.status and not board.thinking
    assert board.moves == [(1, 1)]
    board.set_opponent("random")                 # a working opponent takes over
    board.wait()
    assert len(board.moves) == 2


def test_winning_line_and_last_move_are_marked() -> None:
    board = PlayBoard(ConnectFour(), opponent=Scripted([6]), threaded=False)
    for _ in range(4):
        board.click(0)
    winners = [divmod(index, 7) for index in board.board.view.winning]
    assert sorted(winners) == sorted(board.game.winning_line(board.state))
    ttt = PlayBoard(TicTacToe(), opponent=Scripted([(2, 2)]), threaded=False)
    ttt.click((0, 0))
    assert ttt.board.view.last == 2 * 3 + 2
    assert ttt.board.mark(0, 0) == "X" and ttt.board.mark(2, 2) == "O"


def test_bigger_boards_work() -> None:
    board = PlayBoard(TicTacToe(4, 4, 3), opponent="random", seed=6)
    assert len(board.board.view.names) == 16
    play_out(board)
    check_consistent(board)
    small = PlayBoard(ConnectFour(5, 6, 4), opponent="random", seed=6)
    assert len(small.board.view.drop_names) == 6
    play_out(small)
    check_consistent(small)


def test_why_this_move_explains_an_alphabeta_reply() -> None:
    board = PlayBoard(ConnectFour(), opponent="alphabeta:3")
    board.click(3)
    result = board.last_result
    assert result is not None and result.move == board.moves[-1]
    table = board.why.value
    assert "gamelib-why-table" in table and "The game it expects" in table
    report_rows = 8                 # Connect Four's report counts: header and 7 counts
    assert table.count("<tr") == 2 * (1 + len(result.move_values)) + report_rows
    assert "Next best" in table and f"{result.stats.nodes:,} positions" in table
    board.why_toggle.value = False
    assert board.why.value == ""


def test_why_this_move_for_mcts_shows_visits() -> None:
    board = PlayBoard(TicTacToe(), opponent="mcts:200", seed=1)
    board.click((0, 0))
    assert "visits" in board.why.value and "Next best" in board.why.value


def test_hint_marks_a_move() -> None:
    board = PlayBoard(ConnectFour(), opponent="random", seed=1)
    hint = board.hint()
    assert hint in board.game.actions(board.state)
    assert board.board.view.hint == hint
    board.click(hint)
    assert board.hint_move is None


def test_opponent_menu_lists_presets_and_switches() -> None:
    board = PlayBoard(ConnectFour(), opponent="random")
    specs = [value for _, value in board.menu.options]
    assert "alphabeta:4" in specs and "mcts:1000" in specs and "minimax:2" in specs
    board.menu.value = "alphabeta:2"
    assert getattr(board.player, "name", "") == "alphabeta:2"
    board.click(3)
    assert board.last_result is not None and board.last_result.algorithm == "alphabeta"


def test_bad_settings_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="human_plays"):
        PlayBoard(TicTacToe(), human_plays="Z")
    with pytest.raises(ValueError, match="unknown player"):
        PlayBoard(TicTacToe(), opponent="genius")


def test_games_can_start_from_a_position() -> None:
    board = PlayBoard(ConnectFour(), opponent="random", start="3342", seed=1)
    assert board.state == board.game.play("3342") and board.moves == []
    board.click(0)
    board.new_game()
    assert board.state == board.game.play("3342")
    assert not board.undo()
    with pytest.raises(ValueError, match="already finished"):
        PlayBoard(ConnectFour(), start="0101010")


def test_why_this_move_for_the_solver_speaks_in_exact_scores() -> None:
    board = PlayBoard(ConnectFour(), opponent="perfect:10", start=MIDGAME)  # O, the AI, to move
    board.wait()
    result = board.last_result
    assert result is not None and result.algorithm == "perfect"
    text = board.why.value
    assert "exact result" in text and "score" in text          # words first, then numbers
    assert any(word in text for word in ("wins in", "loses in", "draw"))


def test_show_the_tree_of_the_solver_does_not_replay_a_search() -> None:
    """The solver has a time limit but no tree: asking for it must not start a
    full-depth alpha-beta with a trace (which would never end)."""
    board = PlayBoard(ConnectFour(), opponent="perfect:10", start=MIDGAME)
    board.wait()
    board.show_tree()
    assert board.last_result is not None and board.last_result.trace is None
    assert "exact solver" in board.tree.value and not board.thinking


def test_show_the_tree_of_an_mcts_move_is_the_tree_that_chose_it() -> None:
    board = PlayBoard(ConnectFour(), opponent="mcts:200", seed=2)
    board.click(3)
    board.show_tree()
    picture = board.tree.value
    assert "N=200" in picture and "200 iterations" in picture
    for move, visits in board.last_result.visits.items():
        if visits == max(board.last_result.visits.values()):
            assert f"N={visits}" in picture


def test_default_opponents_answer_quickly() -> None:
    assert PlayBoard(ConnectFour()).menu.value == "alphabeta:4"
    assert PlayBoard(TicTacToe()).menu.value == "alphabeta"
    big = PlayBoard(TicTacToe(4, 4, 3), seed=1)
    assert big.menu.value == "mcts:1000"
    assert {spec for _, spec in big.menu.options} <= {"random", "mcts:30", "mcts:1000",
                                                      "mcts-solver:1000"}
    big.click((1, 1))
    assert len(big.moves) == 2


def test_why_this_move_without_a_search() -> None:
    board = PlayBoard(TicTacToe(), opponent="random", seed=1)
    board.click((1, 1))
    assert "at random" in board.why.value
    scripted = PlayBoard(TicTacToe(), opponent=Scripted([(0, 0)]), threaded=False)
    scripted.click((1, 1))
    assert "gave no explanation" in scripted.why.value and "scripted" in scripted.why.value


def test_why_this_move_for_mcts_solver_shows_its_proofs() -> None:
    board = PlayBoard(TicTacToe(), opponent="mcts-solver:2000", seed=1)
    board.click((0, 0))
    assert board.last_ai_move == (1, 1)
    board.click((0, 1))                                   # X threatens the top row
    assert board.last_ai_move == (0, 2)                   # the only move not proven lost
    assert board.last_result.solved == 0.5
    why = board.why.value
    assert "loses for sure" in why and "this move draws for sure" in why
    plain = PlayBoard(TicTacToe(), opponent="mcts:200", seed=1)
    plain.click((0, 0))
    assert "for sure" not in plain.why.value


def test_every_menu_entry_builds_a_player():
    from gamelib.arena.specs import player_from_spec
    for game in (TicTacToe(), ConnectFour(), ConnectFour(5, 6)):
        presets = presets_for(game)
        assert presets and presets[0].spec == "random"
        for preset in presets:
            assert callable(player_from_spec(preset.spec, seed=0)), preset
