"""Compile the solver's WebAssembly core, gamelib/solver/core.wasm, from core.c.

The compiler is zig's C compiler from PyPI's `ziglang` wheel (`pip install ziglang`), so
no system toolchain is needed. Its output is the same bytes on every run, so the built
file is committed with the package (the browser build and the wheel need no compiler)
and tests/test_solver_wasm.py checks that it is the compiled core.c:

    python scripts/build_wasm.py            # rewrite gamelib/solver/core.wasm
    python scripts/build_wasm.py --out X    # write it elsewhere
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

SOLVER = Path(__file__).resolve().parent.parent / "gamelib" / "solver"
SOURCE = SOLVER / "core.c"
CORE = SOLVER / "core.wasm"
FLAGS = [
    "--target=wasm32-freestanding",   # no operating system, no C library: nothing imported
    "-O3",
    "-nostdlib",
    "-s",                             # no names or paths: the same bytes wherever it is built
    "-Wl,--no-entry",                 # a library of functions, no main
    "-Wl,--export-memory",            # the table and the buffers, readable from outside
]


def build(out: Path = CORE) -> Path:
    """Compile core.c into `out` with zig's C compiler; returns `out`."""
    command = [sys.executable, "-m", "ziglang", "cc", *FLAGS, "-o", str(out), str(SOURCE)]
    subprocess.run(command, check=True, cwd=SOLVER)
    out.chmod(0o644)                  # data, not a program to run
    return out


def main() -> None:
    """Build to --out (default: gamelib/solver/core.wasm)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=CORE, help="where to write the module")
    print(build(parser.parse_args().out))


if __name__ == "__main__":
    main()
