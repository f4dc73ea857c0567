"""The board's look-ahead: the review's positions solved while the student thinks, so a
review judges every move at once; dropped when the game changes; exact; hands-off."""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, Iterator

import pytest

from gamelib import ConnectFour
from gamelib.arena.review import UNKNOWN, review_game
from gamelib.solver import api
from gamelib.solver.api import opening_book, warm_up
from gamelib.widgets import PlayBoard
from gamelib.widgets import foresight
from gamelib.widgets.foresight import FORESIGHT

EARLY = "312212"
"""Six stones off the opening book: its positions take the solver tens of seconds, more
than a review's two."""
LATE = "3122120345"
"""Ten stones off the book: its positions take the solver a second or less."""
FOUR_STONES = 4
"""These tests read the book cut to its positions of this many stones or fewer (the
shipped one holds every column of every position of six), so that the positions a
stone or two after the starts below take the solver seconds, as later ones do in a game."""
OFF_BOOK = "1256"
"""Four stones, the deepest the cut book holds every column of: the positions two moves on
take the solver seconds (one of them 12 s)."""
OFF_BOOK_AFTER = "12560"
"""Five stones: the cut book knows this position's score (a column of "1256") but not its
columns; the position after a move takes the solver seconds (column 2: 3 s)."""


@pytest.fixture(scope="module", autouse=True)
def loaded() -> Iterator[None]:
    """The compiled solver loaded once (as a board does before a review), and the book cut
    to `FOUR_STONES` for the module."""
    shipped = opening_book()
    api._book = shipped.cut(FOUR_STONES)
    warm_up()
    yield
    api._book = shipped


def play(board: PlayBoard, columns: list[int], think: float) -> None:
    """Click each column (or the first legal one), then give the look-ahead up to `think`
    seconds to finish, as a student thinking would."""
    for col in columns:
        if board.over:
            return
        legal = board.game.actions(board.state)
        board.click(col if col in legal else legal[0])
        assert FORESIGHT.wait(think), "the look-ahead did not finish in time"


def snapshot(board: PlayBoard) -> tuple:
    """What a student sees of the game."""
    return (list(board.moves), list(board.history), board.status, board.cells,
            board.thinking, board.review_panel.value)


def test_a_board_on_7x6_with_threads_looks_ahead_and_others_do_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert PlayBoard(ConnectFour(), opponent="random", seed=1).looks_ahead
    assert not PlayBoard(ConnectFour(), opponent="random", threaded=False).looks_ahead
    assert not PlayBoard(ConnectFour(5, 6), opponent="random").looks_ahead
    monkeypatch.setattr(foresight, "available", lambda: False)     # the browser, no numba
    board = PlayBoard(ConnectFour(), opponent="random", seed=1)
    board.click(3)
    assert not board.looks_ahead and FORESIGHT.followed.owner is not board
    assert len(board.review()) == 1


def test_the_cache_judges_every_move_alone_and_as_a_full_review_would() -> None:
    board = PlayBoard(ConnectFour(), opponent="alphabeta:2", seed=2, start=LATE)
    play(board, [3, 2, 4, 1], think=60)
    game, moves, start = board.game, board.moves, board.start
    cached = review_game(game, moves, start=start, side="X", seconds=0.0,
                         known=FORESIGHT.known())                 # no time to search at all
    assert cached and all(r.verdict != UNKNOWN for r in cached)
    assert cached == review_game(game, moves, start=start, side="X", seconds=60.0)
    assert board.review() == cached


def test_undo_and_new_game_drop_the_work_and_it_never_touches_the_game() -> None:
    board = PlayBoard(ConnectFour(), opponent="random", seed=4, start=OFF_BOOK)
    board.click(0)
    board.click(board.game.actions(board.state)[0])   # off the book: seconds to search
    seen = snapshot(board)
    assert not FORESIGHT.wait(1.0)                          # still at work ...
    assert snapshot(board) == seen                          # ... and the game untouched
    assert FORESIGHT.followed.moves == tuple(board.moves)
    generation = FORESIGHT.generation
    board.set_opponent("alphabeta:2")       # the same positions: the work goes on
    assert FORESIGHT.generation == generation and FORESIGHT.working
    board.undo()
    board.undo()
    assert FORESIGHT.followed.moves == () == tuple(board.moves)
    assert FORESIGHT.wait(5.0)      # the start is in the book: the seconds are dropped
    board.click(0)
    board.new_game()
    assert FORESIGHT.followed.moves == () and FORESIGHT.wait(5.0)


def test_the_main_thread_runs_freely_while_the_look_ahead_searches() -> None:
    board = PlayBoard(ConnectFour(), opponent="random", seed=4, start=OFF_BOOK)
    board.click(0)
    end = time.perf_counter() + 10
    while not (FORESIGHT.solver and FORESIGHT.solver.nodes) and time.perf_counter() < end:
        time.sleep(0.01)                # (its solver is made on its first search)
    assert FORESIGHT.working and FORESIGHT.solver.nodes
    ticks, end = 0, time.perf_counter() + 1.0
    while time.perf_counter() < end:    # the GIL held by a search: a slice (0.1 s) a tick
        time.sleep(0.005)
        ticks += 1
    assert ticks > 60, ticks            # about 180 on a free processor, 20 with the GIL held
    started = time.perf_counter()
    board.click(board.game.actions(board.state)[0], wait=False)
    assert time.perf_counter() - started < 0.5                     # a click is answered
    board.new_game()


def test_the_look_ahead_waits_while_a_cell_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    running = [True]
    monkeypatch.setattr(foresight, "cell_running", lambda: running[0])
    board = PlayBoard(ConnectFour(), opponent="random", seed=4, start=OFF_BOOK)
    board.click(0)                  # off the book: seconds of searching to do
    solver = look_ahead_solver()    # (made on the first job)
    time.sleep(1.0)                 # (a slice already under way ends: a fraction of a second)
    before = solver.nodes
    time.sleep(0.5)
    assert solver.nodes == before and FORESIGHT.working     # paused, not dropped
    running[0] = False
    end = time.perf_counter() + 5
    while solver.nodes == before and time.perf_counter() < end:
        time.sleep(0.05)
    assert solver.nodes > before                            # and on again
    board.new_game()


class Waiting:
    """An opponent that thinks until released."""

    name = "waiting"

    def __init__(self) -> None:
        self.release = threading.Event()

    def __call__(self, game, state):
        assert self.release.wait(30)
        return game.actions(state)[0]


BUSY_WAIT = 120.0
"""Seconds a test waits for the look-ahead's thread: it has the lowest priority, so on a
machine busy with other work it may wait long for a core (on a quiet one, a moment)."""


def look_ahead_solver() -> Any:
    """The look-ahead's solver, once its thread has made it."""
    end = time.perf_counter() + BUSY_WAIT
    while FORESIGHT.solver is None and time.perf_counter() < end:
        time.sleep(0.05)
    assert FORESIGHT.solver is not None, "the look-ahead never started"
    return FORESIGHT.solver


def searches_within(seconds: float = BUSY_WAIT) -> bool:
    """Whether the look-ahead searches some nodes within `seconds`."""
    solver = look_ahead_solver()
    before, end = solver.nodes, time.perf_counter() + seconds
    while time.perf_counter() < end:
        if solver.nodes > before:
            return True
        time.sleep(0.05)
    return False


def nodes_while(busy: Callable[[], bool]) -> int:
    """The nodes the look-ahead searches while `busy()` holds, as last seen then."""
    solver = look_ahead_solver()
    before = last = solver.nodes
    while busy():
        last = solver.nodes
        time.sleep(0.02)
    return last - before


def test_the_look_ahead_goes_on_while_the_ai_thinks_and_waits_for_a_review() -> None:
    player = Waiting()
    board = PlayBoard(ConnectFour(), opponent=player, start=OFF_BOOK_AFTER, human_plays="O")
    board.click(2, wait=False)      # six stones: the book knows neither their score nor columns
    assert board.thinking and searches_within()
    player.release.set()
    board.wait()
    board.review(wait=False)        # two seconds: these positions are too early to solve
    assert board.thinking
    assert nodes_while(lambda: board.thinking) <= 2 * foresight.SLICE   # the slice under way
    board.wait()
    board.new_game()


@pytest.mark.slow
@pytest.mark.parametrize("opponent", ["alphabeta:4", "random"])
def test_with_think_time_a_review_judges_every_move_within_its_budget(opponent: str) -> None:
    board = PlayBoard(ConnectFour(), opponent=opponent, seed=3, start=EARLY)
    play(board, [0, 3, 4, 2, 6, 1, 5], think=300)
    started = time.perf_counter()
    reviews = board.review()
    assert time.perf_counter() - started < 2.5
    assert reviews and all(r.verdict != UNKNOWN for r in reviews)
    uncached = review_game(board.game, board.moves, start=board.start, side="X",
                           seconds=600.0)
    assert reviews == uncached
