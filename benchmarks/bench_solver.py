"""Benchmark the Connect Four solver on the standard sets against Pons' C++ solver or c4.

    python benchmarks/bench_solver.py                  # every set (see LIMIT for the hard ones)
    python benchmarks/bench_solver.py Test_L2_R2 --limit 200
    python benchmarks/bench_solver.py Test_L2_R2 --ideas   # each search idea on its own
    python benchmarks/bench_solver.py --empty          # also solve the empty board
    python benchmarks/bench_solver.py Test_L3_R1 --repeat 5  # fastest of 5 per position
    python benchmarks/bench_solver.py --player 40      # the perfect player's moves
    python benchmarks/bench_solver.py --plies 6-24 --per-ply 10   # random positions by ply
    python benchmarks/bench_solver.py --analyze 7-12 --per-ply 6  # analyze: one core and two

Both programs solve the same positions, each from an empty transposition table (the C++
benchmark program resets its table before every position and times the search alone;
gamelib times one `solve(text)` call, parsing included, without the opening book).
Set GAMELIB_CPP_SOLVER to the path of a C++ benchmark binary (Pons' solver as published
before it had `analyze`: it reads 1-based positions on stdin and prints "moves score
nodes microseconds" per line; build it outside this repository, its licence is AGPL)
to measure it in the same run; otherwise the ratios use the C++ figures below, from
benchmarks/README.md. A driver around Christophe Steininger's c4 can speak the same
protocol (written and built outside this repository, c4's licence is AGPL too: read a
line, play its moves, empty c4's table, time one solve, print the line; "-w" asks for
a weak solve), and then the sets are measured against c4.

c4's own program solves the empty board (strongly or weakly, as it was built). Set
GAMELIB_C4 to its path, and `--empty` runs it after gamelib in the same run and prints
gamelib's time and nodes as ratios of c4's; without it the ratios use c4's figures from
benchmarks/README.md (C4_EMPTY). The machine is shared: compare ratios from one run only.

Nodes are not counted alike. gamelib counts every position it enters, as Pons' program
does; c4 counts a position only when the cheap checks (the window, claimeven, forced
moves) have not settled it. So the sets and the empty board also print gamelib's
"probes", the positions that reached its table (the same checks left them open), and
their ratio to the running program's nodes: against c4, that is the like-for-like count.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from gamelib.search.trace import UPPER
from gamelib.games import to_standard
from gamelib.solver import PerfectPlayer, fast, solve
from gamelib.solver.api import get_solver
from gamelib.solver.cli import _duration, bench_stats, read_bench_set
from gamelib.solver.engine import warm_up
from gamelib.solver.position import random_unfinished

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "connect4"

CPP_SECONDS = {"Test_L3_R1": 10.8e-6, "Test_L2_R1": 63.5e-6, "Test_L2_R2": 6.37e-3,
               "Test_L1_R1": 0.42e-3, "Test_L1_R2": 0.194, "Test_L1_R3": 8.81}
CPP_NODES = {"Test_L3_R1": 51, "Test_L2_R1": 449, "Test_L2_R2": 39_808,
             "Test_L1_R1": 3_296, "Test_L1_R2": 1.19e6, "Test_L1_R3": 58.2e6}
CPP_MEDIAN = {"Test_L3_R1": 5e-6, "Test_L2_R1": 11e-6, "Test_L2_R2": 1.8e-3,
              "Test_L1_R1": 34e-6, "Test_L1_R2": 74e-3, "Test_L1_R3": 2.05}
"""Pons' C++ solver on this kind of machine, when no binary is given (benchmarks/README.md)."""
C4_EMPTY = {False: (27.5, 100_403_970), True: (19.8, 72_150_086)}
"""c4 (one thread, a 64 MB table) on the empty board, strong and weak: seconds and nodes on
this machine, when GAMELIB_C4 is not given (benchmarks/README.md, 2026-11-27, night)."""
C4_FINAL = re.compile(r"Final (strong|weak) score is (-?\d+)")
"""The line of c4's program that gives its answer."""
LIMIT = {"Test_L1_R2": 100, "Test_L1_R3": 15}
"""Default number of lines for the sets that take minutes."""
IDEAS = {"Pons' search (options=0)": 0, "+ ETC": fast.ETC, "+ HASH_MOVE": fast.HASH_MOVE,
         "+ TWO_TABLES": fast.TWO_TABLES, "+ FAIL_SOFT": fast.FAIL_SOFT,
         "+ HASH_MOVE + TWO_TABLES": fast.HASH_MOVE | fast.TWO_TABLES,
         "+ HASH_MOVE + TWO_TABLES + FAIL_SOFT (speed)": fast.SPEED,
         "+ ETC + speed": fast.ETC | fast.SPEED, "+ CLAIMEVEN": fast.CLAIMEVEN,
         "+ CLAIMEVEN + speed": fast.CLAIMEVEN | fast.SPEED, "+ FORCED": fast.FORCED,
         "+ FORCED + speed": fast.FORCED | fast.SPEED,
         "+ FORCED + ETC + speed": fast.FORCED | fast.ETC | fast.SPEED,
         "+ THREAT_ORDER + speed": fast.THREAT_ORDER | fast.SPEED,
         "+ MIRROR + speed": fast.MIRROR | fast.SPEED,
         "+ CLAIMEVEN_AHEAD + speed": fast.CLAIMEVEN_AHEAD | fast.SPEED,
         "+ DOUBLE_THREATS + speed": fast.DOUBLE_THREATS | fast.SPEED,
         "every idea (default)": fast.BEST}
"""The compiled engine's switches, measured one by one with --ideas."""


def run_cpp(binary: str, path: Path, limit: int | None, weak: bool,
            repeat: int = 1) -> dict[str, float]:
    """Run the C++ benchmark program on the first `limit` lines of a set (`repeat` times,
    keeping each position's fastest time, as gamelib's side does)."""
    lines = read_bench_set(path)[1][:limit] if limit else read_bench_set(path)[1]
    command = [binary] + (["-w"] if weak else [])
    fastest: list[int] = []
    for _ in range(max(repeat, 1)):
        out = subprocess.run(command, input="".join(to_standard(m) + "\n" for m, _ in lines), text=True,
                             capture_output=True, check=True, cwd=Path(binary).parent).stdout
        rows = [row.split() for row in out.splitlines() if row.strip()]
        if len(rows) != len(lines):
            raise RuntimeError(f"the C++ program answered {len(rows)} of {len(lines)} lines")
        times = [int(row[3]) for row in rows]
        fastest = [min(a, b) for a, b in zip(fastest, times)] if fastest else times
    correct = sum(int(row[1]) == (((t > 0) - (t < 0)) if weak else t)
                  for row, (_, t) in zip(rows, lines))
    n = len(rows)
    return {"positions": n, "correct": correct,
            "mean_seconds": sum(fastest) / n * 1e-6,
            "median_seconds": statistics.median(fastest) * 1e-6,
            "mean_nodes": sum(int(row[2]) for row in rows) / n}


def random_sets(plies: list[int], per_ply: int, seed: int = 0) -> Path:
    """Write a set file per ply (standard notation, exact scores from the solver) into a
    temporary folder: "ply_06.txt" and so on. The solver's table is wiped afterwards, so
    that the timed searches do not start from what these searches left in the caches."""
    folder = Path(tempfile.mkdtemp(prefix="c4-plies-"))
    for ply in plies:
        rng = random.Random(seed * 1000 + ply)
        lines = []
        for _ in range(per_ply):
            moves = random_unfinished(ply, rng)
            lines.append(f"{to_standard(moves)} {int(solve(moves, use_book=False))}\n")
        (folder / f"ply_{ply:02d}.txt").write_text("".join(lines))
    get_solver("fast").reset(wipe=True)
    return folder


def parse_plies(text: str) -> list[int]:
    """ "6-24" (every even ply of the range), "8,12" or "10": the plies to sample."""
    if "-" in text:
        low, high = (int(part) for part in text.split("-"))
        return list(range(low, high + 1, 2))
    return [int(part) for part in text.split(",")]


def compare(names: list[str], limit: int | None, weak: bool, cpp: str | None,
            repeat: int = 1, data: Path = DATA) -> None:
    """One row per set: gamelib (default options) against the C++ program (for a set of
    random positions without it, gamelib alone)."""
    print(f"{'set':<11} {'lines':>5} {'correct':>9} {'gamelib':>10} {'C++':>10} {'ratio':>6} "
          f"{'median':>9} {'C++ med.':>9} {'ratio':>6} {'nodes':>11} {'C++ nodes':>11} "
          f"{'probes':>11} {'ratio':>6}")
    for name in names:
        count = limit or LIMIT.get(name)
        ours = bench_stats(data / f"{name}.txt", weak, "fast", count, repeat=repeat)
        ref: dict[str, float] | None = None
        correct = f"{ours['correct']}"
        if cpp:
            ref = {**run_cpp(cpp, data / f"{name}.txt", count, weak, repeat), "running": 1}
            correct += f"/{ref['correct']}"
        elif name in CPP_SECONDS:
            ref = {"mean_seconds": CPP_SECONDS[name], "median_seconds": CPP_MEDIAN[name],
                   "mean_nodes": CPP_NODES[name]}
        print(compare_row(name, ours, correct, ref), flush=True)


def compare_row(name: str, ours: dict[str, float], correct: str,
                ref: dict[str, float] | None) -> str:
    """One line of `compare`; the C++ columns stay blank without a reference."""
    line = (f"{name:<11} {ours['positions']:>5} {correct:>9} "
            f"{_duration(ours['mean_seconds']):>10} ")
    if ref is None:
        return (line + f"{'':>10} {'':>6} {_duration(ours['median_seconds']):>9} {'':>9} "
                f"{'':>6} {ours['mean_nodes']:>11,.0f} {'':>11} {ours['mean_probes']:>11,.0f}")
    return (line + f"{_duration(ref['mean_seconds']):>10} "
            f"{ratio(ours['mean_seconds'], ref['mean_seconds'])} "
            f"{_duration(ours['median_seconds']):>9} {_duration(ref['median_seconds']):>9} "
            f"{ratio(ours['median_seconds'], ref['median_seconds'])} "
            f"{ours['mean_nodes']:>11,.0f} {ref['mean_nodes']:>11,.0f} "
            f"{ours['mean_probes']:>11,.0f} " + (
                ratio(ours['mean_probes'], ref['mean_nodes']) if ref.get("running") else ""))


def ratio(ours: float, theirs: float) -> str:
    """ours / theirs in a column of 6, "n/a" where theirs is 0 (a position the other
    program settles without a node, or faster than its clock ticks)."""
    return f"{ours / theirs:>6.2f}" if theirs else f"{'n/a':>6}"


def ideas(names: list[str], limit: int | None, weak: bool, cpp: str | None) -> None:
    """Each switch of the compiled engine on its own: nodes, time, ratio to C++."""
    print(f"{'set':<11} {'idea':<46} {'nodes':>11} {'time':>10} {'ratio':>6}")
    for name in names:
        count = limit or LIMIT.get(name)
        ref = (run_cpp(cpp, DATA / f"{name}.txt", count, weak)["mean_seconds"] if cpp
               else CPP_SECONDS[name])
        print(f"{name:<11} {'C++' if cpp else 'C++ (README)':<46} {'':>11} "
              f"{_duration(ref):>10} {1:>6.2f}")
        for idea, options in IDEAS.items():
            s = bench_stats(DATA / f"{name}.txt", weak, "fast", count, options=options)
            print(f"{name:<11} {idea:<46} {s['mean_nodes']:>11,.0f} "
                  f"{_duration(s['mean_seconds']):>10} {s['mean_seconds'] / ref:>6.2f}",
                  flush=True)


def run_c4(binary: str) -> dict[str, Any]:
    """Run c4's own program, which solves the empty board: whether it solved weakly, its
    score, and its nodes and seconds summed over its searches (the lines "Search took T s
    and explored N nodes")."""
    out = subprocess.run([binary], input="\n", text=True, capture_output=True, check=True,
                         cwd=Path(binary).parent).stdout
    final = C4_FINAL.search(out)
    if final is None:
        raise RuntimeError(f"{binary} printed no final score: is it c4's program?")
    return {"weak": final.group(1) == "weak", "score": int(final.group(2)),
            "nodes": sum(int(n) for n in re.findall(r"explored (\d+) nodes", out)),
            "seconds": sum(float(t) for t in re.findall(r"Search took ([\d.]+) s", out))}


def c4_comparison(weak: bool, score: int, nodes: int, probes: int, seconds: float,
                  c4: str | None) -> str:
    """gamelib's empty-board solve as ratios of c4's: run now (`c4`, its program's path),
    or from the figures of benchmarks/README.md."""
    if c4 is None:
        c4_seconds, c4_nodes = C4_EMPTY[weak]
        source = "c4 in benchmarks/README.md"
    else:
        found = run_c4(c4)
        if found["weak"] != weak:
            built = "weakly" if found["weak"] else "strongly"
            return (f"c4 ({c4}) solves {built}: no ratio (run "
                    f"{'with' if found['weak'] else 'without'} --weak)")
        if found["score"] != score:
            raise RuntimeError(f"c4 says {found['score']}, gamelib {score}")
        c4_seconds, c4_nodes = found["seconds"], found["nodes"]
        source = "c4 now"
    return (f"{source}: {c4_nodes:,} nodes, {c4_seconds:.1f} s; gamelib / c4: time "
            f"{seconds / c4_seconds:.2f}, nodes {nodes / c4_nodes:.2f}, counted as c4 "
            f"counts (probes) {probes / c4_nodes:.2f}")


def empty_board(weak: bool, c4: str | None = None) -> None:
    """Solve the empty board by search (the book would answer at once), and compare with
    c4 (`c4`: its program, run after gamelib; else its figures). The compiled code and the
    table are loaded first, as c4's time counts its searches alone."""
    warm_up("fast")
    get_solver("fast").reset()
    start = time.perf_counter()
    score = solve("", weak=weak, engine="fast", use_book=False)
    seconds = time.perf_counter() - start
    probes = get_solver("fast").probes
    print(f"empty board{' (weak)' if weak else ''}: score {int(score)}, {score.nodes:,} "
          f"nodes ({probes:,} probes), {seconds:.1f} s (C++ on an idle machine: "
          f"{'242 s, 1.61 G' if weak else '459 s, 3.11 G'} nodes)")
    print(c4_comparison(weak, int(score), score.nodes, probes, seconds, c4), flush=True)
    start = time.perf_counter()
    booked = solve("", weak=weak)
    print(f"empty board from the book: score {int(booked)} in "
          f"{_duration(time.perf_counter() - start)}")


class TimedPlayer:
    """The perfect player, keeping the time and the source (book, solver) of each move."""

    def __init__(self, player: PerfectPlayer) -> None:
        self.player = player
        self.moves: list[tuple[int, float, str]] = []     # (ply, seconds, source)
        self.unfinished = 0        # solved moves whose explanation left a column as a bound

    def __call__(self, game: Any, state: Any) -> int:
        start = time.perf_counter()
        result = self.player.explain(game, state)
        self.moves.append((state.ply, time.perf_counter() - start, result.source))
        self.unfinished += UPPER in result.move_bounds.values()
        return result.move


def player_games(games: int, seed: int = 0) -> None:
    """Whole games of the perfect player (shipped book, default settings) from the empty
    board, in both seats, against varied opponents: how long its slowest move took."""
    from gamelib.arena import RandomPlayer, play_game
    from gamelib.games import ConnectFour
    from gamelib.search.players import AlphaBetaPlayer, MCTSPlayer

    game = ConnectFour()
    timed = TimedPlayer(PerfectPlayer())
    opponents: list[tuple[str, Callable[[int], Any]]] = [
        ("random", RandomPlayer), ("alphabeta:2", lambda s: AlphaBetaPlayer(depth=2)),
        ("alphabeta:4", lambda s: AlphaBetaPlayer(depth=4)),
        ("mcts:300", lambda s: MCTSPlayer(iterations=300, seed=s))]
    results = []
    for index in range(games):
        name, make = opponents[index % len(opponents)]
        seats = [timed, make(seed + index)] if index % 2 == 0 else [make(seed + index), timed]
        record = play_game(game, seats, seed=seed + index)
        results.append((name, index % 2, record.winner))
    seconds = sorted(t for _, t, _ in timed.moves)
    solved = [t for _, t, source in timed.moves if source == "solver"]
    slowest = max(timed.moves, key=lambda m: m[1])
    print(f"perfect player: {games} games against {', '.join(n for n, _ in opponents)}, "
          f"both seats; {len(seconds)} moves ({len(solved)} solved, the rest from the book)")
    print(f"slowest move {slowest[1]:.3f} s (ply {slowest[0]}, {slowest[2]}); 99th percentile "
          f"{seconds[int(0.99 * (len(seconds) - 1))]:.3f} s; median of the solved moves "
          f"{statistics.median(solved or [0.0]):.3f} s; moves over 0.5 s: "
          f"{sum(t > 0.5 for t in seconds)}")
    by_ply: dict[int, float] = {}
    for ply, t, _ in timed.moves:
        by_ply[ply] = max(by_ply.get(ply, 0.0), t)
    print(f"explanations: every column's exact score in {len(solved) - timed.unfinished} of "
          f"the {len(solved)} solved moves (the others show a bound for a column not finished "
          f"within {timed.player.answer_seconds} s)")
    print("slowest by ply: " + ", ".join(f"{p}: {t:.2f}" for p, t in sorted(by_ply.items())
                                         if t >= 0.01))
    won = sum(1 for _, seat, winner in results if winner == "XO"[seat])
    drawn = sum(1 for _, _, winner in results if winner is None)
    print(f"the perfect player won {won}, drew {drawn}, lost {len(results) - won - drawn}")


def analyze_columns(plies: list[int], per_ply: int, seed: int = 0) -> None:
    """`analyze` of random positions, one column at a time and two at once (workers=1
    and 2, the table emptied before each position): the mean and slowest time per ply,
    and the ratio of the two, measured in the same run; the scores must agree."""
    from gamelib.solver import analyze

    warm_up()
    print("analyze, one column at a time (workers=1) and two at once (workers=2):")
    print(f"{'ply':>4} {'positions':>9} {'mean, one':>10} {'mean, two':>10} "
          f"{'slowest, two':>13} {'two / one':>9}")
    for ply in plies:
        rng = random.Random(seed * 1000 + ply)
        positions = [random_unfinished(ply, rng) for _ in range(per_ply)]
        seconds: dict[int, list[float]] = {1: [], 2: []}
        for moves in positions:
            found = {}
            for workers in (1, 2):
                get_solver("fast").reset()      # (the helpers search its table too)
                scores = analyze(moves, progress=False, workers=workers)
                seconds[workers].append(scores.seconds)
                found[workers] = dict(scores)
            if found[1] != found[2]:
                raise SystemExit(f"{moves}: one thread {found[1]}, two {found[2]}")
        one, two = (statistics.mean(seconds[w]) for w in (1, 2))
        print(f"{ply:>4} {per_ply:>9} {_duration(one):>10} {_duration(two):>10} "
              f"{_duration(max(seconds[2])):>13} {two / one:>9.2f}")


def main() -> None:
    """Parse the command line and run the chosen measurements."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", help="default: every set, unless only --empty "
                        "or --player is asked for")
    parser.add_argument("--limit", type=int, default=None, help="first N lines of each set")
    parser.add_argument("--ideas", action="store_true",
                        help="measure each search idea on its own")
    parser.add_argument("--empty", action="store_true", help="also solve the empty board")
    parser.add_argument("--weak", action="store_true", help="win/draw/loss only")
    parser.add_argument("--player", type=int, metavar="GAMES", default=0,
                        help="also time the perfect player's moves in GAMES whole games")
    parser.add_argument("--plies", metavar="PLIES", default=None,
                        help="also random positions at these plies: 6-24 (every even ply), "
                             "8,12 or 10; their exact scores come from the solver, and the "
                             "C++ program's answers are checked against them")
    parser.add_argument("--per-ply", type=int, default=10,
                        help="random positions per ply with --plies (default 10)")
    parser.add_argument("--analyze", metavar="PLIES", default=None,
                        help="also analyze random positions at these plies (as --plies), "
                             "one column at a time and two at once")
    parser.add_argument("--repeat", type=int, default=1,
                        help="time each position this many times in both programs and keep "
                             "the fastest (for the microsecond sets on a busy machine)")
    args = parser.parse_args()
    cpp = os.environ.get("GAMELIB_CPP_SOLVER")
    if cpp and not Path(cpp).is_file():
        raise SystemExit(f"GAMELIB_CPP_SOLVER={cpp} is not a file")
    c4 = os.environ.get("GAMELIB_C4")
    if c4 and not Path(c4).is_file():
        raise SystemExit(f"GAMELIB_C4={c4} is not a file")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"C++: {cpp or 'figures from benchmarks/README.md'}; load average {load:.1f}")
    sets = args.sets or ([] if args.empty or args.player or args.plies or args.analyze
                         else list(CPP_SECONDS))
    if args.ideas:
        ideas(sets, args.limit, args.weak, cpp)
    elif sets:
        compare(sets, args.limit, args.weak, cpp, args.repeat)
    if args.plies:
        plies = parse_plies(args.plies)
        folder = random_sets(plies, args.per_ply)
        print(f"random positions, {args.per_ply} per ply (seeded), written to {folder}:")
        compare([f"ply_{ply:02d}" for ply in plies], None, args.weak, cpp, args.repeat,
                data=folder)
    if args.analyze:
        analyze_columns(parse_plies(args.analyze), args.per_ply)
    if args.empty:
        empty_board(args.weak, c4)
    if args.player:
        player_games(args.player)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
