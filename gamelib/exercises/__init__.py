"""Checks for the lesson exercises: each runs the student's code, compares what it did
(at trace level where it is a search) with the reference, and names the mistake it sees.

Every check returns a CheckResult that shows itself in a notebook (green: passed, red:
not yet right, with a hint; grey: not implemented yet). Model solutions are in
`gamelib.exercises.solutions`.
"""

from gamelib.exercises.common import CheckResult
from gamelib.exercises.evaluation import check_eval_fn
from gamelib.exercises.is_win import check_is_win
from gamelib.exercises.mcts_checks import check_backprop, check_ucb
from gamelib.exercises.mcts_parts import Node, run_mcts
from gamelib.exercises.recording import RecordingGame
from gamelib.exercises.search_checks import check_alphabeta, check_minimax
from gamelib.exercises import unit_tests  # noqa: F401  writing tests: check(), hint(), solution()

__all__ = ["CheckResult", "check_is_win", "check_minimax", "check_alphabeta",
           "check_eval_fn", "check_ucb", "check_backprop", "RecordingGame", "Node",
           "run_mcts"]
