"""A solve's progress: the solver hands out the interval its null-window searches have
narrowed the score to (and, split by a node budget, news inside a long search) without
changing a single node; the command line draws it on standard error, a notebook as a bar."""

from __future__ import annotations

import io
import re
import sys

import pytest

from gamelib import platform
from gamelib.cli import main
from gamelib.solver import api, bar, progress
from gamelib.solver.engine import get_solver, to_position
from gamelib.solver.progress import Progress, solve_reporting
from korean_text import leftover_english
from tests.test_solver import every_few

POSITIONS = every_few("Test_L2_R1", 4) + every_few("Test_L3_R1", 2)
"""(moves, score) from the standard sets: each solved in well under a second."""
PAST_THE_BOOK = "4443113222123400653304004"
"""A position whose columns the command line searches (milliseconds)."""


def engine(name: str):
    """The shared solver of engine `name`, or a skip where it cannot run here."""
    try:
        return get_solver(name)
    except RuntimeError as error:
        pytest.skip(str(error))


def narrowing(seen: list[Progress], score: int) -> bool:
    """True when each interval lies inside the one before and all hold `score`."""
    pairs = zip(seen, seen[1:])
    return (all(a.low <= b.low <= b.high <= a.high and a.nodes <= b.nodes for a, b in pairs)
            and all(p.low <= score <= p.high for p in seen))


@pytest.mark.parametrize("name", ["fast", "wasm", "python"])
@pytest.mark.parametrize("weak", [False, True])
def test_reported_intervals_narrow_to_the_score_with_the_same_nodes(name, weak):
    solver = engine(name)
    for text, target in POSITIONS[:2] if name == "python" else POSITIONS:
        pos = to_position(text)
        solver.reset()
        plain, nodes = solver.solve(pos, weak), solver.nodes
        solver.reset()
        seen: list[Progress] = []
        found = solve_reporting(solver, pos, weak, seen.append, every=50)
        assert (found, solver.nodes) == (plain, nodes) == (found, nodes)
        assert found == ((target > 0) - (target < 0) if weak else target)
        assert narrowing(seen, found) and seen[-1].low == seen[-1].high == found
        assert seen[-1].nodes == nodes and len(seen) >= 2


@pytest.mark.parametrize("name", ["fast", "wasm", "python"])
def test_a_search_split_by_a_node_budget_reports_inside_it_and_searches_the_same_nodes(name):
    solver = engine(name)
    pos = to_position(POSITIONS[0][0])
    solver.reset()
    whole = [solver.search_window(pos, 0), solver.nodes]
    solver.reset()
    ticks: list[int] = []
    split = [solver.search_window(pos, 0, 4, ticks.append), solver.nodes]
    assert split == whole and whole[1] > 12
    assert len(ticks) == (whole[1] - 1) // 4
    if name != "python":        # nodes not yet counted in solver.nodes (python counts them)
        assert ticks == [4 * i for i in range(1, len(ticks) + 1)]


def test_a_notebook_is_a_jupyter_kernel(monkeypatch):
    class Shell:
        kernel = object()

    class IPython:
        shell: object = None

        @classmethod
        def get_ipython(cls):
            return cls.shell

    monkeypatch.setitem(sys.modules, "IPython", IPython)
    assert not platform.in_notebook()               # plain IPython in a terminal, or none
    IPython.shell = Shell()
    assert platform.in_notebook()


def test_solve_and_analyze_report_to_a_function_and_answer_as_without_it():
    text = PAST_THE_BOOK
    solver = get_solver()
    solver.reset()
    quiet = api.solve(text)
    solver.reset()
    seen: list[Progress] = []
    told = api.solve(text, progress=seen.append)
    assert (int(told), told.nodes) == (int(quiet), quiet.nodes) and narrowing(seen, told)
    solver.reset()
    plain = api.analyze(text, progress=False, workers=1)       # (one table: the same nodes)
    solver.reset()
    columns: list[Progress] = []
    scores = api.analyze(text, progress=columns.append, workers=1)
    assert dict(scores) == dict(plain) and scores.nodes == plain.nodes
    for col in {p.column for p in columns}:
        assert narrowing([p for p in columns if p.column == col], scores[col])


def test_a_bar_shows_only_once_a_solve_has_run_a_second(monkeypatch, capsys):
    api.analyze(PAST_THE_BOOK, progress=True)           # milliseconds: nothing shown
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(bar, "SHOW_AFTER", 0.0)
    api.analyze(PAST_THE_BOOK, progress=True)           # tqdm's text bar outside a notebook
    assert "score in [" in capsys.readouterr().err
    api.solve(PAST_THE_BOOK, progress=None)             # not a notebook: no bar by default
    api.solve(PAST_THE_BOOK, progress=False)
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(api, "in_notebook", lambda: True)
    get_solver().reset()
    api.solve(PAST_THE_BOOK)
    assert "score in [" in capsys.readouterr().err


def run(argv, capsys):
    """(status, stdout, stderr) of the command line run in this process."""
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_the_command_line_shows_progress_when_asked_and_prints_the_same_answer(capsys):
    get_solver().reset()
    status, out, err = run(["solve", PAST_THE_BOOK, "--workers", "1"], capsys)
    assert status == 0 and err == ""                        # not a terminal: nothing
    get_solver().reset()
    status, forced_out, forced_err = run(["solve", PAST_THE_BOOK, "--progress",
                                          "--workers", "1"], capsys)

    def untimed(text: str) -> str:
        return re.sub(r"in [\d.]+ s", "in ... s", text)
    assert status == 0 and untimed(forced_out) == untimed(out) and " nodes in " in out
    lines = forced_err.splitlines()
    assert any("solving column" in line and "score in [" in line and " nodes, " in line
               for line in lines), forced_err
    assert all(" s so far; Ctrl-C stops" in line for line in lines[1:])


class Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self):
        return True


def test_on_a_terminal_the_line_is_rewritten_and_erased(monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["solve", PAST_THE_BOOK]) == 0
    shown = terminal.getvalue()
    assert "score in [" in shown and "\n" not in shown and shown.endswith("\r")
    assert shown.rsplit("\r", 2)[-2].strip() == ""             # the last write: blanks
    widths = [platform.display_width(line) for line in shown.split("\r")]
    assert 60 < max(widths) <= 79                   # within an 80-column terminal: no wrap


def test_the_progress_speaks_korean(monkeypatch, capsys):
    monkeypatch.setattr(platform, "_chosen", "ko")
    status, out, err = run(["solve", PAST_THE_BOOK, "--progress"], capsys)
    assert status == 0 and "노드" in err and "점수" in err
    for line in err.splitlines():
        assert leftover_english(line) == [], line
    seen: list[Progress] = []
    api.analyze(PAST_THE_BOOK, progress=seen.append)
    assert leftover_english(progress.describe(seen[-1])) == []


@pytest.mark.parametrize("name", ["fast", "wasm"])
def test_a_split_search_with_every_idea_on_searches_the_same_nodes(name):
    """Stopping and resuming keeps the forced moves' frames, the claimeven bound and ETC."""
    from gamelib.solver import fast

    if name == "wasm":
        wasm = pytest.importorskip("gamelib.solver.wasm")
        make = wasm.WasmSolver
    else:
        make = fast.FastSolver
    options = fast.SPEED | fast.FORCED | fast.ETC | fast.CLAIMEVEN
    for text, _score in POSITIONS[:4]:
        pos = to_position(text)
        whole_solver, split_solver = make(options), make(options)
        whole = [whole_solver.search_window(pos, 0), whole_solver.nodes]
        ticks: list[int] = []
        split = [split_solver.search_window(pos, 0, 5, ticks.append), split_solver.nodes]
        assert split == whole and len(ticks) == (whole[1] - 1) // 5
