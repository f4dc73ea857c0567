"""Benchmark the Connect Four solver on the standard sets against the C++ reference.

    python benchmarks/bench_solver.py                 # every set (Test_L1_R3: 100 lines)
    python benchmarks/bench_solver.py Test_L2_R2 --limit 200
    python benchmarks/bench_solver.py --empty         # also solve the empty board

The C++ figures are those of ../shared/data/connect4/README.md (same kind of machine).
The machine is shared: compare ratios from one run, not times across days.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from gamelib.solver import solve
from gamelib.solver.cli import _duration, bench_stats

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "connect4"

CPP_SECONDS = {"Test_L3_R1": 10.8e-6, "Test_L2_R1": 63.5e-6, "Test_L2_R2": 6.37e-3,
               "Test_L1_R1": 0.42e-3, "Test_L1_R2": 0.194, "Test_L1_R3": 8.81}
CPP_NODES = {"Test_L3_R1": 51, "Test_L2_R1": 449, "Test_L2_R2": 39_808,
             "Test_L1_R1": 3_296, "Test_L1_R2": 1.19e6, "Test_L1_R3": 58.2e6}
DEFAULT_LIMIT = {"Test_L1_R3": 100}


def main() -> None:
    """Run the chosen sets and print one row per set."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", default=list(CPP_SECONDS))
    parser.add_argument("--limit", type=int, default=None, help="first N lines of each set")
    parser.add_argument("--engine", default="auto", choices=["auto", "fast", "python"])
    parser.add_argument("--empty", action="store_true", help="also solve the empty board")
    parser.add_argument("--weak", action="store_true", help="win/draw/loss only")
    args = parser.parse_args()
    print(f"{'set':<11} {'lines':>5} {'correct':>7} {'mean time':>10} {'C++':>9} "
          f"{'ratio':>6} {'mean nodes':>11} {'C++ nodes':>10} {'nodes/s':>10}")
    for name in args.sets:
        limit = args.limit or DEFAULT_LIMIT.get(name)
        s = bench_stats(DATA / f"{name}.txt", args.weak, args.engine, limit)
        print(f"{name:<11} {s['positions']:>5} {s['correct']:>7} "
              f"{_duration(s['mean_seconds']):>10} {_duration(CPP_SECONDS[name]):>9} "
              f"{s['mean_seconds'] / CPP_SECONDS[name]:>6.2f} {s['mean_nodes']:>11,.0f} "
              f"{CPP_NODES[name]:>10,.0f} {s['nodes_per_second']:>10,.0f}", flush=True)
    if args.empty:
        start = time.perf_counter()
        score = solve("", weak=args.weak, engine=args.engine)
        seconds = time.perf_counter() - start
        print(f"empty board: score {int(score)}, {score.nodes:,} nodes, {seconds:.1f} s, "
              f"{score.nodes / seconds:,.0f} nodes/s (C++: 459 s, 3.11e9 nodes)")


if __name__ == "__main__":
    main()
