"""An exact Connect Four solver (7 columns x 6 rows): Pascal Pons' design, in Python.

`solve(position)` gives the exact score, `analyze(position)` the score of every column,
`PerfectPlayer()` plays the best of them; both answer from the opening book (`book.py`)
where it knows the position. The readable algorithm is in `negamax.py`; `fast.py`
compiles the same search with numba (node for node with `options=0`) and adds two ideas
that search fewer nodes (`fast.ETC`, `fast.HASH_MOVE`). Shared pieces: the board and
its constants in `position.py`, what a table slot holds in `table.py`. A long solve
reports its progress (`Progress`: the score's interval so far) to a function given as
`progress=`, as `progress.py` says; `bar.py` draws it as a progress bar. `analyze`
solves two columns at once on two cores or more (`parallel.py`).
"""

from gamelib.solver.api import (Analysis, Progress, Score, analyze, get_solver, solve,
                                to_position)
from gamelib.solver.book import OpeningBook
from gamelib.solver.negamax import Solver
from gamelib.solver.player import PerfectPlayer
from gamelib.solver.position import Position

__all__ = ["solve", "analyze", "Score", "Analysis", "Progress", "Position", "Solver",
           "get_solver", "to_position", "PerfectPlayer", "OpeningBook"]
