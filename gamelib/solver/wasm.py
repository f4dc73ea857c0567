"""The compiled solver as WebAssembly: `core.wasm`, built from `core.c`, a port of `fast.py`.

numba does not run in the browser, but WebAssembly does, at nearly native speed. core.c
is fast.py's search written in C (function for function; it names the one each mirrors),
compiled by scripts/build_wasm.py; `WasmSolver` has FastSolver's methods and searches
exactly the same nodes for the same options (tests/test_solver_wasm.py checks scores and
node counts against fast.py).

The module is run by the browser's own WebAssembly engine in the browser (Pyodide: the
`js` module; the kernel runs in a web worker, where compiling synchronously is allowed),
and by `wasmtime` on a desktop (for the tests: the desktop has numba). Positions cross as
numbers (a 49-bit board fits a double exactly); a string of moves crosses through a
buffer in the module's memory.
"""

from __future__ import annotations

import weakref
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from gamelib.platform import in_browser
from gamelib.solver import table as tt
from gamelib.solver.negamax import STEPPING_WIDTH
from gamelib.solver.position import SIZE, THREAT_WEIGHTS, Position

CORE = Path(__file__).with_name("core.wasm")
(ETC, HASH_MOVE, TWO_TABLES, FAIL_SOFT, CLAIMEVEN, FORCED, THREAT_ORDER, MIRROR,
 CLAIMEVEN_AHEAD, DOUBLE_THREATS) = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)
"""The options, the bits of fast.py's `options` (same meanings, same numbers)."""
OPTION_NAMES = {ETC: "ETC", HASH_MOVE: "HASH_MOVE", TWO_TABLES: "TWO_TABLES",
                FAIL_SOFT: "FAIL_SOFT", CLAIMEVEN: "CLAIMEVEN", FORCED: "FORCED",
                THREAT_ORDER: "THREAT_ORDER", MIRROR: "MIRROR",
                CLAIMEVEN_AHEAD: "CLAIMEVEN_AHEAD", DOUBLE_THREATS: "DOUBLE_THREATS"}
KNOWN_OPTIONS = (ETC | HASH_MOVE | TWO_TABLES | FAIL_SOFT | CLAIMEVEN | FORCED | THREAT_ORDER
                 | MIRROR | CLAIMEVEN_AHEAD | DOUBLE_THREATS)
BEST = (HASH_MOVE | TWO_TABLES | FAIL_SOFT | ETC | CLAIMEVEN | FORCED | THREAT_ORDER | MIRROR
        | CLAIMEVEN_AHEAD | DOUBLE_THREATS)
GENERATIONS = 1 << 16
"""Table generations before a reset really zeroes the table (as fast.GENERATIONS)."""
EXPECTED = {"table_size": tt.TT_SIZE, "near_size": tt.NEAR_SIZE, "near_moves": tt.NEAR_MOVES,
            "known_options": KNOWN_OPTIONS, "best_options": BEST,
            "generations": GENERATIONS, "stepping_width": STEPPING_WIDTH,
            "threat_weights": sum(weight * 100 ** (2 - i)
                                  for i, weight in enumerate(THREAT_WEIGHTS))}
"""What core.wasm must say about itself: the Python side's own constants (the three
threat weights as two decimal digits each)."""


class CoreError(RuntimeError):
    """The WebAssembly core cannot be loaded here, or is not the one this code expects."""


class Core:
    """One instance of core.wasm: `call(name, *args)` runs an exported function,
    `write(address, data)` copies bytes into its memory."""

    def __init__(self, call: Callable[..., Any], write: Callable[[int, bytes], None]) -> None:
        self.call = call
        self.write = write


@lru_cache(maxsize=1)
def core_bytes() -> bytes:
    """The compiled module's bytes (read once)."""
    if not CORE.exists():
        raise CoreError(f"{CORE.name} is missing; build it with scripts/build_wasm.py")
    return CORE.read_bytes()


def browser_core() -> Core:
    """core.wasm run by the browser's WebAssembly engine (in Pyodide)."""
    import js                                   # Pyodide's bridge to JavaScript

    data = core_bytes()
    code = js.Uint8Array.new(len(data))
    code.assign(data)                           # copies Python's bytes into JavaScript's
    module = js.WebAssembly.Module.new(code)
    exports = js.WebAssembly.Instance.new(module).exports
    functions: dict[str, Any] = {}

    def call(name: str, *args: Any) -> Any:
        """Run the exported function `name` (looked up once)."""
        function = functions.get(name)
        if function is None:
            function = functions[name] = getattr(exports, name)
        return function(*args)

    def write(address: int, data: bytes) -> None:
        """Copy `data` into the module's memory at `address`."""
        js.Uint8Array.new(exports.memory.buffer, address, len(data)).assign(data)
    return Core(call, write)


def wasmtime_core() -> Core:
    """core.wasm run by wasmtime (a desktop: the tests compare it with fast.py)."""
    try:
        import wasmtime
    except ImportError as error:
        raise CoreError("the WebAssembly solver needs wasmtime outside the browser: "
                        "pip install wasmtime") from error
    engine = wasmtime.Engine()
    store = wasmtime.Store(engine)
    instance = wasmtime.Instance(store, wasmtime.Module(engine, core_bytes()), [])
    exports: Any = instance.exports(store)      # functions and the memory, by name
    memory: Any = exports["memory"]

    def call(name: str, *args: Any) -> Any:
        """Run the exported function `name`."""
        return exports[name](store, *args)

    def write(address: int, data: bytes) -> None:
        """Copy `data` into the module's memory at `address`."""
        memory.write(store, data, address)
    core = Core(call, write)
    weakref.finalize(core, close_wasmtime, store, engine)
    return core


def close_wasmtime(store: Any, engine: Any) -> None:
    """Free a core's store and engine when it goes, or at exit before Python tears down
    wasmtime's own module (whose late clean-up would print ignored errors)."""
    store.close()
    engine.close()


def load_core() -> Core:
    """A new instance of core.wasm (its own 143 MB table), checked against this code's
    constants; raises CoreError when it cannot run here."""
    try:
        core = browser_core() if in_browser() else wasmtime_core()
    except CoreError:
        raise
    except Exception as error:       # the JavaScript engine's own errors have no Python type
        raise CoreError(f"the WebAssembly solver cannot be loaded: {error}") from error
    for name, value in EXPECTED.items():
        if int(core.call(name)) != value:
            raise CoreError(f"{CORE.name} is out of date ({name} is {int(core.call(name))}, "
                            f"not {value}); rebuild it with scripts/build_wasm.py")
    return core


def check_options(options: int) -> int:
    """`options` if every bit is one the core knows; else a ValueError naming them."""
    if not isinstance(options, int) or options < 0 or options & ~KNOWN_OPTIONS:
        known = ", ".join(f"{name}={bit}" for bit, name in OPTION_NAMES.items())
        raise ValueError(f"unknown solver options {options!r} for the WebAssembly solver; "
                         f"it knows the sums of {known}")
    return options


class WasmSolver:
    """The WebAssembly solver, with the same methods as `fast.FastSolver` (and so as
    `negamax.Solver`): the same search, the same options, the same node counts."""

    def __init__(self, options: int = BEST, core: Core | None = None) -> None:
        self.core = load_core() if core is None else core       # (a core not used yet)
        self.codes_address = int(self.core.call("codes"))
        self.codes_size = int(self.core.call("codes_size"))
        self.options = options
        self.nodes = 0
        self.aborted = False

    @property
    def options(self) -> int:
        """The switched-on ideas (bits ETC, HASH_MOVE, TWO_TABLES, FAIL_SOFT, CLAIMEVEN,
        FORCED, THREAT_ORDER, MIRROR, CLAIMEVEN_AHEAD, DOUBLE_THREATS)."""
        return int(self.core.call("get_options"))

    @options.setter
    def options(self, value: int) -> None:
        self.core.call("set_options", check_options(value))

    def warm_cache(self) -> None:
        """Nothing to do: WebAssembly has no way to ask for the table's cache lines."""

    def reset(self, wipe: bool = False) -> None:
        """Empty the transposition table (the next generation, as FastSolver.reset) and
        the node counter."""
        self.core.call("reset", int(wipe))
        self.nodes = 0

    @property
    def generation(self) -> int:
        """The table's current generation (FastSolver's work[GENERATION])."""
        return int(self.core.call("generation"))

    @generation.setter
    def generation(self, value: int) -> None:
        if not 1 <= value < GENERATIONS:
            raise ValueError(f"a table generation is 1 to {GENERATIONS - 1}, not {value!r}")
        self.core.call("set_generation", value)

    def solve(self, pos: Position, weak: bool = False, max_nodes: int = 0) -> int:
        """The exact score of `pos` (weak=True: its sign). With `max_nodes`, gives up after
        that many nodes, sets `self.aborted` and returns 0."""
        score = self.core.call("solve", float(pos.current), float(pos.mask), pos.moves,
                               int(weak), float(max(max_nodes, 0)))
        self.nodes += int(self.core.call("nodes"))
        self.aborted = bool(self.core.call("aborted"))
        return 0 if self.aborted else int(score)

    def solve_string(self, codes: bytes, weak: bool = False) -> tuple[int, int, int, int]:
        """Parse and solve ASCII column digits: (score, nodes, error code, error index).

        Only the first SIZE + 1 bytes go to the core: a string that long is already
        wrong by then (the board is full after SIZE moves), at the same index."""
        data = bytes(codes[:SIZE + 1])
        self.core.write(self.codes_address, data)
        score = int(self.core.call("solve_codes", len(data), int(weak)))
        error = int(self.core.call("parse_error"))
        if error:
            return 0, 0, error, int(self.core.call("parse_index"))
        nodes = int(self.core.call("nodes"))
        self.nodes += nodes
        return score, nodes, 0, 0

    def at_least(self, pos: Position, value: int) -> bool:
        """True if the score of `pos` is `value` or more (one null-window search)."""
        if pos.can_win_next():
            return (SIZE + 1 - pos.moves) // 2 >= value
        score = int(self.core.call("null_window", float(pos.current), float(pos.mask),
                                   pos.moves, value))
        self.nodes += int(self.core.call("nodes"))
        return score >= value

    def search_window(self, pos: Position, mid: int, every: int = 0,
                      tick: Callable[[int], None] | None = None) -> int:
        """The search with the window (mid, mid + 1) on `pos` (which cannot win at once),
        as `solve`'s loop runs it; with `every`, split into pieces of that many nodes,
        calling `tick(nodes searched not yet in self.nodes)` between them (the same
        nodes, the same answer: FastSolver.search_window)."""
        where = (float(pos.current), float(pos.mask), pos.moves, mid, float(every))
        score = int(self.core.call("window_piece", *where, 0))
        while int(self.core.call("aborted")):
            if tick is not None:
                tick(int(self.core.call("nodes")) - 1)
            score = int(self.core.call("window_piece", *where, 1))
        self.nodes += int(self.core.call("nodes"))
        return score
