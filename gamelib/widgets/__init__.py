"""ipywidgets on top of games, search and viz: play boards and search steppers.

`PlayBoard(game, opponent=..., human_plays=...)` plays Tic-Tac-Toe or Connect Four
in a notebook; `SearchStepper(result)` and `MCTSStepper(...)` replay a search step by step.
"""

from gamelib.widgets.board import PlayBoard
from gamelib.widgets.mcts_stepper import MCTSStepper
from gamelib.widgets.opponents import Preset, presets_for
from gamelib.widgets.stepper import SearchStepper

__all__ = ["PlayBoard", "SearchStepper", "MCTSStepper", "Preset", "presets_for"]
