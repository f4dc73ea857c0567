"""The lesson path works where the browser cannot give it numpy, numba, tqdm, matplotlib,
graphviz-pure or threads (as in the JupyterLite course), and what needs numpy says so."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from gamelib.platform import NeedsInternetError, in_browser, internet_line, need

WITHOUT = ("numpy", "numba", "tqdm", "matplotlib", "graphviz_pure")

LESSON_PATH = """
import sys, threading
for name in {without!r}:
    sys.modules[name] = None                      # importing it raises ImportError
def no_threads(self):
    raise RuntimeError("can't start new thread")
threading.Thread.start = no_threads

import gamelib
from gamelib import (ConnectFour, GameTree, TicTacToe, AlphaBetaPlayer, RandomPlayer, Trace,
                     alphabeta, minimax, mcts, play_game, draw_tree, PlayBoard, SearchStepper)
from gamelib.exercises import check_minimax
tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
result = alphabeta(tree, tree.initial_state, trace=Trace())
assert result.value == 3
assert "pruned" in draw_tree(result).source
stepper = SearchStepper(result)
game = ConnectFour()
record = play_game(game, [AlphaBetaPlayer(depth=2), RandomPlayer(seed=1)], seed=1)
board = PlayBoard(game, opponent="alphabeta:2")
board.click(3)
assert len(board.moves) == 2, board.status            # the AI answered without a thread
assert mcts(TicTacToe(), TicTacToe().initial_state, iterations=50, seed=1).move is not None
from gamelib import learning
from gamelib.exercises import td_step_exercise
shipped = learning.load_shipped()                     # read from its .npz in plain Python
assert shipped.plain and learning.LearnedPlayer(shipped)(game, game.initial_state) in range(7)
print(sorted(name for name in {without!r} if sys.modules.get(name) is not None))
"""


def test_lesson_path_needs_none_of_the_packages_the_browser_lacks() -> None:
    """Games, searches, traces, drawings, boards, steppers and the learned evaluation with
    those imports blocked."""
    code = textwrap.dedent(LESSON_PATH.format(without=WITHOUT))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_need_outside_the_browser_names_the_install_command() -> None:
    """A missing package, outside the browser, gets a pip command in its message."""
    assert not in_browser()
    assert need("math", "sums").sqrt(4) == 2
    with pytest.raises(ImportError, match="plots need no_such_pkg.*pip install no_such_pkg"):
        need("no_such_pkg", "plots")


def test_the_internet_line_is_one_line_and_no_traceback() -> None:
    """What the browser shows offline: one line, naming the package and the fix."""
    line = internet_line("numpy", "Elo ratings")
    assert "\n" not in line and "numpy" in line and "internet" in line
    assert NeedsInternetError(line)._render_traceback_() == [f"NeedsInternetError: {line}"]


def test_the_browser_solves_with_the_readable_engine_and_says_so_once(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Without numba, and without the WebAssembly solver (tests/test_solver_wasm.py has
    the browser with it), engine='fast' in the browser is the pure-Python solver,
    announced by one plain line (no warning box); on a desktop it stays an error naming
    numba."""
    import warnings

    from gamelib.solver import engine
    from gamelib.solver.negamax import Solver

    monkeypatch.setattr(engine, "_compiled", False)         # numba cannot be imported
    monkeypatch.setattr(engine, "_wasm", "the page refused WebAssembly")
    monkeypatch.setattr(engine, "_solvers", {})
    with pytest.raises(RuntimeError, match="engine='fast' needs numba"):
        engine.get_solver("fast")
    monkeypatch.setattr(engine, "in_browser", lambda: True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")                      # a warning would fail here
        solvers = [engine.get_solver("fast"), engine.get_solver("auto")]
    assert all(isinstance(solver, Solver) for solver in solvers)
    assert solvers[0] is solvers[1]
    assert capsys.readouterr().out.strip().splitlines() == [f"Note: {engine.NO_NUMBA}."]


def test_progress_bars_in_the_browser_are_notebook_widgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """tqdm.auto takes the browser's kernel for a terminal and writes to stderr (an error
    box in the page): in the browser the bars are tqdm's notebook widgets."""
    from tqdm.notebook import tqdm as notebook_bar

    import gamelib.platform as platform

    monkeypatch.setattr(platform, "in_browser", lambda: True)
    assert platform.progress_bar_class() is notebook_bar
    from tqdm.auto import tqdm as auto_bar

    monkeypatch.setattr(platform, "in_browser", lambda: False)
    assert platform.progress_bar_class() is auto_bar
