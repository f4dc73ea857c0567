"""Games per second of `match` on Connect Four: serial vs a process pool.

    python benchmarks/bench_tournament.py            # the figures in benchmarks/README.md
    python benchmarks/bench_tournament.py --quick    # a smaller, faster run

Each case plays the same seeded match serially and in a pool of --workers processes
(the pool's start-up is included in its time) and checks that both give the same games.
On a busy machine the wall-clock speed-up is noisy; the CPU ratio (all CPU seconds the
pool used, workers included, over the serial run's) shows what parallelism itself costs.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from gamelib import ConnectFour, match
from gamelib.arena.parallel import cpu_count

CASES = [("random", "random", 4000), ("alphabeta:2", "mcts:200", 80)]


def cpu_seconds() -> float:
    """CPU time used so far by this process and its finished child processes."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed_match(a: str, b: str, games: int, workers: int) -> tuple[float, float, list]:
    """Play the match serially (workers=1) or in a fresh pool; wall s, CPU s, games."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    if workers == 1:
        result = match(ConnectFour(), a, b, games=games, seed=2026, progress=False,
                       executor="serial")
    else:
        with ProcessPoolExecutor(workers) as pool:      # start-up and shut-down included
            result = match(ConnectFour(), a, b, games=games, seed=2026, progress=False,
                           executor=pool)
    return time.perf_counter() - wall, cpu_seconds() - cpu, result.games


def run(workers: int = 2, scale: float = 1.0) -> list[dict]:
    """Every case, serial and pooled: games/s, speed-up, and the CPU the pool costs."""
    rows = []
    for a, b, games in CASES:
        games = max(2, 2 * round(games * scale / 2))
        serial_wall, serial_cpu, serial_games = timed_match(a, b, games, 1)
        pool_wall, pool_cpu, pool_games = timed_match(a, b, games, workers)
        if serial_games != pool_games:
            raise AssertionError(f"{a} vs {b}: the pool played different games")
        rows.append({"match": f"{a} vs {b}", "games": games, "workers": workers,
                     "serial": games / serial_wall, "pool": games / pool_wall,
                     "speedup": serial_wall / pool_wall, "cpu_ratio": pool_cpu / serial_cpu})
    return rows


def main() -> None:
    """Print the benchmark table (Markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a quarter of the games")
    args = parser.parse_args()
    print(f"CPUs available: {cpu_count()}; pool of {args.workers} processes")
    print("| match (Connect Four) | games | serial games/s | pool games/s | speed-up "
          "| pool CPU / serial CPU |")
    print("|---|---:|---:|---:|---:|---:|")
    for row in run(args.workers, 0.25 if args.quick else 1.0):
        print(f"| {row['match']} | {row['games']} | {row['serial']:,.1f} | "
              f"{row['pool']:,.1f} | {row['speedup']:.2f}x | {row['cpu_ratio']:.2f} |")


if __name__ == "__main__":
    main()
