"""The solver engines and what the front door, the opening book and the player share.

`get_solver(engine)` gives the shared solver: the compiled one (`fast.py`, numba) when
numba imports; in the browser, which has no numba, the same search compiled to
WebAssembly (`wasm.py`); else the readable pure-Python one (`negamax.py`). Each keeps its
table between calls. `to_position` reads what a caller passes; `child_score` and
`first_best_column` score a column with one solve or one null-window test.
"""

from __future__ import annotations

import warnings
from functools import lru_cache
from typing import Any

from gamelib.games.checks import brief, check_state
from gamelib.games.connect4 import ConnectFour
from gamelib.platform import N_, _, in_browser
from gamelib.solver.negamax import Solver
from gamelib.solver.position import SIZE, WIDTH, Position, bad_string
from gamelib.solver.wasm import WasmSolver

ENGINES = ("auto", "fast", "wasm", "python")

_compiled: Any = None
"""The compiled module `gamelib.solver.fast` once loaded; False when numba cannot be
imported; None before the first try (numba loads on first use, in about a second)."""

_wasm: Any = None
"""The module `gamelib.solver.wasm` once its core has loaded; the reason (a str) when it
cannot load; None before the first try."""

_spare: list[Any] = []
"""The core loaded to see that WebAssembly runs here, kept for the first WasmSolver (each
core holds a 143 MB table: a page should not make two for one solver)."""

_solvers: dict[str, Any] = {}
"""The shared solver of each engine name ("auto" too, once resolved)."""


def fast_module() -> Any:
    """The compiled solver module `gamelib.solver.fast`, or None if numba cannot be imported."""
    global _compiled
    if _compiled is None:
        try:
            from gamelib.solver import fast
            _compiled = fast
        except ImportError:  # numba (or numpy) missing: the pure-Python solver does the work
            _compiled = False
    return _compiled or None


def wasm_module() -> Any:
    """The WebAssembly solver's module `gamelib.solver.wasm` once its core loads (the
    browser's engine, or wasmtime on a desktop), else None (`wasm_problem` says why)."""
    global _wasm
    if _wasm is None:
        from gamelib.solver import wasm
        try:
            _spare.append(wasm.load_core())
            _wasm = wasm
        except wasm.CoreError as error:
            _wasm = str(error)
    return None if isinstance(_wasm, str) else _wasm


def wasm_problem() -> str:
    """Why the WebAssembly solver cannot load here ("" when it can)."""
    return "" if wasm_module() is not None else str(_wasm)


def get_solver(engine: str = "auto") -> Any:
    """The shared solver for `engine`: "fast" (numba), "wasm" (the same search compiled to
    WebAssembly), "python", or "auto": fast if numba imports; else, in the browser, wasm
    if it loads; else python with a one-line note. In the browser, which has no numba,
    "fast" is the wasm one (or the python one). Solvers keep their tables between calls."""
    solver = _solvers.get(engine)
    if solver is not None:
        return solver
    if engine not in ENGINES:
        raise ValueError(_("unknown engine {engine!r}; choose one of {engines}").format(
            engine=engine, engines=", ".join(ENGINES)))
    chosen = resolve(engine)
    if chosen == "python" and engine != "python" and "python" not in _solvers:    # once
        say_no_numba()
    if chosen not in _solvers:
        _solvers[chosen] = make_solver(chosen)
    _solvers[engine] = _solvers[chosen]
    return _solvers[engine]


def resolve(engine: str) -> str:
    """The engine that does the work for `engine` here: "fast", "wasm" or "python"."""
    if engine in ("python", "wasm"):
        if engine == "wasm" and wasm_module() is None:
            raise RuntimeError(_("engine='wasm' cannot run here: {problem}").format(
                problem=wasm_problem()))
        return engine
    if fast_module() is not None:
        return "fast"
    if engine == "fast" and not in_browser():
        raise RuntimeError(_("engine='fast' needs numba, which cannot be imported here"))
    return "wasm" if in_browser() and wasm_module() is not None else "python"


def make_solver(engine: str) -> Any:
    """A new solver of `engine` ("fast", "wasm" or "python")."""
    if engine == "fast":
        return fast_module().FastSolver()
    if engine == "wasm":
        return wasm_module().WasmSolver(core=_spare.pop() if _spare else None)
    return Solver()


def engine_name(solver: Any) -> str:
    """Which engine `solver` is: "fast", "wasm" or "python"."""
    if isinstance(solver, Solver):
        return "python"
    return "wasm" if isinstance(solver, WasmSolver) else "fast"


NODES_PER_SECOND = {"fast": 4_000_000, "wasm": 3_000_000, "python": 20_000}
"""About how many positions a second each engine searches on a laptop (the pure-Python
one about 10,000 on a busy desktop core, fewer in the browser; WebAssembly in the
browser about three quarters of numba's speed): time budgets become node budgets with it
until a search has measured the speed."""


def nodes_per_second(solver: Any) -> int:
    """The assumed speed of `solver`'s engine (NODES_PER_SECOND)."""
    return NODES_PER_SECOND[engine_name(solver)]


def scaled_nodes(nodes: int, solver: Any) -> int:
    """A node budget meant for the compiled solver, scaled to take `solver` as long."""
    return max(1, nodes * nodes_per_second(solver) // NODES_PER_SECOND["fast"])


NO_NUMBA = N_("the Connect Four solver runs in plain Python here, without numba (about 60x "
              "slower)")


def say_no_numba() -> None:
    """Say once that the compiled solver cannot run: a warning on a desktop, one plain line
    in the browser (which never has numba, so a warning there would only alarm)."""
    if in_browser():
        print(_("Note: {note}.").format(note=_(NO_NUMBA)))
    else:
        warnings.warn(_(NO_NUMBA), RuntimeWarning, stacklevel=3)


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
    solver.solve_string(codes(WARM_UP))
    solver.warm_cache()


def to_position(position: Any) -> Position:
    """A `Position` from a position string, a 7x6 ConnectFour state or a Position."""
    if isinstance(position, Position):
        return position
    if isinstance(position, str):
        return parse(position.strip())
    if hasattr(position, "to_move") and hasattr(position, "x"):
        pos = Position.from_state(position)         # (says so if the board is not 7x6)
        check_state(standard_game(), position, "position")
        return pos
    raise TypeError(_("cannot solve {position}: give a position string like '3342', a "
                      "ConnectFour state, or a Position").format(position=brief(position)))


@lru_cache(maxsize=1)
def standard_game() -> ConnectFour:
    """The 7x6 ConnectFour game the solver plays (made once)."""
    return ConnectFour()


def parse(text: str) -> Position:
    """Parse a position string, with the compiled parser when numba is there."""
    fast = fast_module()
    if fast is None or not text.isascii():
        return Position.from_string(text)
    current, mask, moves, error, index = fast.parse_moves(codes(text))
    if error:
        raise bad_string(text, int(index), int(error))
    return Position(int(current), int(mask), int(moves))


def codes(text: str) -> bytes:
    """The ASCII bytes of `text` (what the compiled parser reads, without a copy)."""
    return text.encode("ascii")


def centre_distance(col: int) -> tuple[int, int]:
    """Sort key: the centre column first, then outwards, left before right."""
    return abs(2 * col - (WIDTH - 1)), col


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
