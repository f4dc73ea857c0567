"""The solver's front door: `solve(position)` and `analyze(position)`.

A position is a string of 0-based columns ("3342", as `ConnectFour.play` reads it), a 7x6 `ConnectFour` state, or a
`Position`. Scores follow the convention of the reference data: 0 is a draw, a
positive score wins for the player to move, and |score| = 22 - (stones the winner has
played when it completes four), so a quicker win scores higher.
"""

from __future__ import annotations

import time
import warnings
from typing import Any

from gamelib.games.checks import brief, check_state
from gamelib.solver.negamax import Solver
from gamelib.solver.position import SIZE, WIDTH, Position, bad_string

HAVE_NUMBA: bool | None = None
"""Whether the compiled solver can be used (None: not tried yet; numba loads on first use)."""
_fast: Any = None

ENGINES = ("auto", "fast", "python")
_solvers: dict[str, Any] = {}
_book: Any = None


class _NoBook:
    """Stands for the opening book when a caller asks not to use it."""

    plies = -1

    def lookup(self, pos: Position) -> None:
        """Knows nothing."""
        return None


EMPTY_BOOK = _NoBook()
_warned = False


class Score(int):
    """An exact score (an int) that also says how it was found: `.nodes`, `.seconds`."""

    nodes: int
    seconds: float
    weak: bool = False

    def __new__(cls, value: int, nodes: int = 0, seconds: float = 0.0,
                weak: bool = False) -> Score:
        score = int.__new__(cls, value)
        score.nodes = nodes
        score.seconds = seconds
        if weak:                        # (the class says False: one attribute less to set)
            score.weak = True
        return score

    def __repr__(self) -> str:
        return int.__repr__(self)


class Analysis(dict):
    """{column (0-based): score} for every playable column, plus `.nodes`, `.seconds`."""

    nodes: int = 0
    seconds: float = 0.0
    weak: bool = False
    from_book: bool = False
    """True when every score came from the opening book (nothing was searched)."""

    @property
    def best_score(self) -> int:
        """The score of the best move (the position's own score)."""
        return max(self.values())

    @property
    def best_moves(self) -> list[int]:
        """Every column reaching the best score, centre-most first."""
        best = self.best_score
        return sorted((c for c, s in self.items() if s == best), key=centre_distance)


def centre_distance(col: int) -> tuple[int, int]:
    """Sort key: the centre column first, then outwards, left before right."""
    return abs(2 * col - (WIDTH - 1)), col


def fast_module() -> Any:
    """The compiled solver module `gamelib.solver.fast`, or None if numba cannot be imported."""
    global HAVE_NUMBA, _fast
    if HAVE_NUMBA is None:
        try:
            from gamelib.solver import fast
            _fast, HAVE_NUMBA = fast, True
        except ImportError:  # numba (or numpy) missing: the pure-Python solver does the work
            HAVE_NUMBA = False
    return _fast if HAVE_NUMBA else None


def get_solver(engine: str = "auto") -> Any:
    """The shared solver for `engine`: "fast" (numba), "python", or "auto" (fast if numba
    imports, else python with a one-line warning). Solvers keep their tables between calls."""
    global _warned
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    fast = fast_module()
    requested = engine
    if engine == "auto":
        if fast is None and not _warned:
            warnings.warn("numba is not available: the Connect Four solver runs in pure "
                          "Python (about 60x slower)", RuntimeWarning, stacklevel=3)
            _warned = True
        engine = "fast" if fast is not None else "python"
    if engine == "fast" and fast is None:
        raise RuntimeError("engine='fast' needs numba, which cannot be imported here")
    if engine not in _solvers:
        _solvers[engine] = fast.FastSolver() if engine == "fast" else Solver()
    if requested == "auto":
        _solvers["auto"] = _solvers[engine]       # skip these checks next time
    return _solvers[engine]


WARM_UP = "1141465142351133000452254232560240330"
"""A late position the solver answers in microseconds (for warm_up)."""


def warm_up(engine: str = "auto") -> None:
    """Load the solver now: numba's compiled code and the 136 MB table take about a second,
    once per process, which would otherwise land on the first move that needs the solver
    (and bring the compiled solver's small table into the CPU's cache again)."""
    solver = get_solver(engine)
    pos = to_position(WARM_UP)
    solver.solve(pos)
    solver.solve(pos, False, 1000)
    solver.at_least(pos, 0)
    if isinstance(solver, Solver):
        return
    solver.solve_string(_codes(WARM_UP))
    solver.warm_cache()


def to_position(position: Any) -> Position:
    """A `Position` from a position string, a 7x6 ConnectFour state or a Position."""
    if isinstance(position, Position):
        return position
    if isinstance(position, str):
        return _parse(position.strip())
    if hasattr(position, "to_move") and hasattr(position, "x"):
        pos = Position.from_state(position)         # (says so if the board is not 7x6)
        check_state(_standard_game(), position, "position")
        return pos
    raise TypeError(f"cannot solve {brief(position)}: give a position string like '3342', "
                    f"a ConnectFour state, or a Position")


def _standard_game() -> Any:
    """The 7x6 ConnectFour game the solver plays (made once)."""
    global _standard
    if _standard is None:
        from gamelib.games.connect4 import ConnectFour
        _standard = ConnectFour()
    return _standard


_standard: Any = None


def _parse(text: str) -> Position:
    """Parse a position string, with the compiled parser when numba is there."""
    fast = fast_module()
    if fast is None or not text.isascii():
        return Position.from_string(text)
    current, mask, moves, error, index = fast.parse_moves(_codes(text))
    if error:
        raise bad_string(text, int(index), int(error))
    return Position(int(current), int(mask), int(moves))


def opening_book() -> Any:
    """The shipped opening book, loaded on first use (solve and analyze answer from it)."""
    global _book
    if _book is None:
        from gamelib.solver.book import OpeningBook
        _book = OpeningBook.load()
    return _book


def sign(score: int) -> int:
    """1, 0 or -1: the weak result of a score."""
    return (score > 0) - (score < 0)


def solve(position: Any, weak: bool = False, engine: str = "auto",
          use_book: bool = True) -> Score:
    """The exact score of `position` for the player to move (weak=True: 1, 0 or -1).

    Positions in the opening book are answered from it at once (the empty board too;
    use_book=False searches anyway); a position string past the book goes to the
    compiled solver in one call."""
    start = time.perf_counter()
    solver = _solvers.get(engine) or get_solver(engine)
    book = (_book or opening_book()) if use_book else EMPTY_BOOK
    if type(position) is str and type(solver) is not Solver:     # the compiled engine
        text = position.strip()
        if len(text) > book.plies and text.isascii():
            value, nodes, error, index = solver.solve_string(_codes(text), weak)
            if error:
                raise bad_string(text, index, error)
            return Score(value, nodes, time.perf_counter() - start, weak)
    pos = to_position(position)
    found = book.lookup(pos)
    if found is not None:
        return Score(sign(found[0]) if weak else found[0], 0, time.perf_counter() - start,
                     weak)
    before = solver.nodes
    value = solver.solve(pos, weak)
    return Score(value, solver.nodes - before, time.perf_counter() - start, weak)


def _codes(text: str) -> bytes:
    """The ASCII bytes of `text` (what the compiled parser reads, without a copy)."""
    return text.encode("ascii")


def analyze(position: Any, weak: bool = False, engine: str = "auto") -> Analysis:
    """{column (0-based): score of playing there} for every playable column (the opening
    book's scores where it has them, the solver's for the rest)."""
    pos = to_position(position)
    solver = get_solver(engine)
    known = opening_book().scores(pos) or {}
    before, start = solver.nodes, time.perf_counter()
    scores = Analysis()
    for col in range(WIDTH):
        if col in known:
            scores[col] = sign(known[col]) if weak else known[col]
        elif pos.can_play(col):
            scores[col] = child_score(solver, pos, col, weak)
    scores.nodes, scores.seconds = solver.nodes - before, time.perf_counter() - start
    scores.weak = weak
    scores.from_book = all(col in known for col in scores)
    return scores


def child_score(solver: Any, pos: Position, col: int, weak: bool = False,
                max_nodes: int = 0) -> int:
    """The score, for the player to move in `pos`, of playing column `col` (with
    `max_nodes`, check `solver.aborted` afterwards)."""
    solver.aborted = False
    if pos.is_winning_move(col):
        return 1 if weak else (SIZE + 1 - pos.moves) // 2
    child = pos.play_col(col)
    if child.moves == SIZE:
        return 0
    return -solver.solve(child, weak, max_nodes)


def first_best_column(solver: Any, pos: Position, score: int) -> tuple[int, list[int]]:
    """The centre-most column reaching `score` (the position's exact score), and the
    columns tested before it, each proved worse: one null-window test per column, centre
    first (far cheaper than solving every column)."""
    worse: list[int] = []
    for col in sorted(range(WIDTH), key=centre_distance):
        if not pos.can_play(col):
            continue
        if pos.is_winning_move(col):
            reaches = (SIZE + 1 - pos.moves) // 2 >= score
        else:
            child = pos.play_col(col)
            reaches = child.moves == SIZE or not solver.at_least(child, -score + 1)
        if reaches:
            return col, worse
        worse.append(col)
    raise AssertionError(f"no column reaches the position's score {score}")
