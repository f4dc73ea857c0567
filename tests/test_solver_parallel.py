"""Several columns at once: `analyze` and the command line share a position's columns
between the calling thread and helper threads, each with a compiled solver of its own
searching one table, and give the same scores as one column at a time; progress is drawn
by the caller."""

from __future__ import annotations

import re
import threading
import time

import pytest

from gamelib.cli import main
from gamelib.solver import api, parallel
from gamelib.solver.engine import get_solver
from gamelib.solver.position import Position
from gamelib.solver.progress import Progress
from tests.test_solver import every_few

PAST_THE_BOOK = "4443113222123400653304004"
"""A position whose columns are searched (milliseconds)."""


@pytest.mark.parametrize("weak", [False, True], ids=["strong", "weak"])
def test_two_threads_give_the_scores_of_one(weak):
    positions = [moves for moves, _score in every_few("Test_L1_R2", 3) + every_few("Test_L2_R2", 3)]
    for moves in positions:
        together = api.analyze(moves, weak=weak, progress=False, workers=2)
        alone = api.analyze(moves, weak=weak, progress=False, workers=1)
        assert dict(together) == dict(alone), moves
        assert together.nodes > 0 and together.weak == weak


def test_the_position_score_and_best_moves_hold_on_two_threads():
    for moves, score in every_few("Test_L2_R1", 6):
        scores = api.analyze(moves, progress=False, workers=2)
        assert scores.best_score == score, moves


def test_columns_are_shared_and_everything_is_drawn_by_the_calling_thread():
    """The caller's first column waits until the helper has taken one; the helper's
    progress and its finished columns reach the caller's report in the caller's thread."""
    solver = get_solver("fast")
    solved_by: dict[int, str] = {}
    drawn_in: set[str] = set()
    done: list[int] = []

    caller = threading.current_thread()
    helper_took_one = threading.Event()

    def score_one(one, col, told, since):
        solved_by[col] = threading.current_thread().name
        told(Progress(-col, col, 10, 0.0, column=col))
        if threading.current_thread() is caller:
            helper_took_one.wait(10)            # (a slow start of the helper changes nothing)
        else:
            helper_took_one.set()
        time.sleep(0.05)
        return col * 2

    def report(progress: Progress) -> None:
        drawn_in.add(threading.current_thread().name)

    scores, _nodes = parallel.solve_columns(solver, list(range(7)), score_one, 2, report,
                                            lambda: done.append(1))
    assert scores == {col: col * 2 for col in range(7)}
    assert len(set(solved_by.values())) == 2                       # both threads worked
    assert drawn_in == {threading.current_thread().name} and len(done) == 7
    assert list(solved_by)[:2] in ([3, 2], [2, 3])                  # the centre first


def test_a_helper_failure_reaches_the_caller_and_frees_its_solver():
    solver = get_solver("fast")
    caller = threading.current_thread()

    helper_failed = threading.Event()

    def score_one(one, col, told, since):
        if threading.current_thread() is not caller:
            helper_failed.set()
            raise RuntimeError(f"helper failed on column {col}")
        helper_failed.wait(10)
        return 0

    with pytest.raises(RuntimeError, match="helper failed on column"):
        parallel.solve_columns(solver, list(range(7)), score_one, 2)
    lent = parallel.borrow_spares(1, solver)
    assert len(lent) == 1                                  # its lock was given back
    lent[0].lock.release()


def test_a_spare_still_busy_is_not_lent_and_the_caller_searches_alone():
    solver = get_solver("fast")
    busy = parallel.borrow_spares(1, solver)               # (makes the first if needed)
    busy += parallel.borrow_spares(len(parallel._spares), solver)   # and any other
    try:
        threads: set[str] = set()

        def score_one(one, col, told, since):
            threads.add(threading.current_thread().name)
            return col

        scores, _ = parallel.solve_columns(solver, [0, 1, 2], score_one, 2)
        assert scores == {0: 0, 1: 1, 2: 2} and threads == {threading.current_thread().name}
    finally:
        for spare in busy:
            spare.lock.release()


def test_a_helper_searches_the_callers_table_and_finds_what_it_learnt():
    solver = get_solver("fast")
    moves, score = every_few("Test_L1_R2", 1)[0]
    solver.reset()
    assert solver.solve(Position.from_string(moves)) == score
    searched = solver.nodes
    spare = parallel.borrow_spares(1, solver)[0]
    try:
        assert spare.solver.table is solver.table and spare.solver.options == solver.options
        before = spare.solver.nodes
        assert spare.solver.solve(Position.from_string(moves)) == score
        assert spare.solver.nodes - before < searched / 10     # the caller's bounds, found
    finally:
        spare.lock.release()


def test_other_engines_search_one_column_at_a_time():
    moves, score = every_few("Test_L3_R1", 1)[0]
    scores = api.analyze(moves, engine="python", progress=False, workers=2)
    assert scores.best_score == score
    assert dict(scores) == dict(api.analyze(moves, progress=False, workers=1))


@pytest.mark.parametrize("workers", [0, -1, 9, 2.0, True, "2"])
def test_workers_must_be_a_whole_number_of_threads(workers):
    with pytest.raises(ValueError, match="workers is how many columns to solve at once"):
        api.analyze(PAST_THE_BOOK, workers=workers)


def test_the_command_line_takes_workers_and_refuses_a_bad_number(capsys):
    assert main(["solve", PAST_THE_BOOK, "--workers", "2", "--progress"]) == 0
    shown = capsys.readouterr()
    two, lines = shown.out, shown.err.splitlines()
    said = {int(c): int(k) for c, k in
            (re.search(r"solving column (\d) \((\d) of 6\)", line).groups()
             for line in lines if "solving column" in line)}
    assert said == {3: 1, 2: 2, 1: 3, 5: 4, 0: 5, 6: 6}, shown.err   # centre first (4 is full)
    assert main(["solve", PAST_THE_BOOK, "--workers", "1"]) == 0
    one = capsys.readouterr().out
    assert two.splitlines()[:3] == one.splitlines()[:3]            # the same scores
    for bad in ("0", "9", "two", "-1"):
        with pytest.raises(SystemExit) as stop:
            main(["solve", PAST_THE_BOOK, "--workers", bad])
        err = capsys.readouterr().err
        assert stop.value.code == 2 and "--workers: a whole number from 1 to 8" in err, err
