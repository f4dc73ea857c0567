"""The solver benchmark runs end to end on a few positions, with each search idea; the
review benchmark on a few games."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gamelib.games import from_standard
from gamelib.solver import Position, solve

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "connect4"


def run_benchmark(*args: str) -> str:
    """What `benchmarks/bench_solver.py ARGS` prints, without the C++ program (it must
    succeed)."""
    env = {k: v for k, v in os.environ.items() if k != "GAMELIB_CPP_SOLVER"}
    done = subprocess.run([sys.executable, "benchmarks/bench_solver.py", *args], cwd=ROOT,
                          env=env, text=True, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(not (DATA / "Test_L3_R1.txt").exists(), reason="reference sets not found")
@pytest.mark.heavy
def test_the_solver_benchmark_measures_every_idea_on_a_set():
    shown = run_benchmark("Test_L3_R1", "--limit", "5", "--ideas")
    rows = [line for line in shown.splitlines() if line.startswith("Test_L3_R1")]
    names = ["C++ (README)", "Pons' search (options=0)", "+ ETC", "+ HASH_MOVE",
             "+ TWO_TABLES", "+ FAIL_SOFT", "+ HASH_MOVE + TWO_TABLES",
             "+ HASH_MOVE + TWO_TABLES + FAIL_SOFT (speed)", "+ ETC + speed",
             "+ CLAIMEVEN", "+ CLAIMEVEN + speed", "+ FORCED", "+ FORCED + speed",
             "+ FORCED + ETC + speed", "+ THREAT_ORDER + speed", "+ MIRROR + speed",
             "+ CLAIMEVEN_AHEAD + speed", "+ DOUBLE_THREATS + speed", "every idea (default)"]
    assert [row[12:58].strip() for row in rows] == names
    ratios = [float(row.split()[-1]) for row in rows]
    assert ratios[0] == 1.0 and all(r > 0 for r in ratios)
    assert all(re.search(r"\d+\.\d+ (us|ms|s) ", row) for row in rows)   # _duration's forms


@pytest.mark.heavy
def test_random_positions_by_ply_are_open_exact_and_measured():
    shown = run_benchmark("--plies", "20-24", "--per-ply", "3")
    folder = Path(re.search(r"written to (\S+):", shown).group(1))
    try:
        check_sets(shown, folder)
    finally:
        shutil.rmtree(folder)


def check_sets(shown: str, folder: Path) -> None:
    """Each ply's row says 3 of 3 correct; each position has that many stones, nobody has
    won, the player to move cannot win at once, and the readable solver agrees with the
    score in the file."""
    for ply in (20, 22, 24):
        row = next(line for line in shown.splitlines() if line.startswith(f"ply_{ply}"))
        assert row.split()[1:3] == ["3", "3"]                 # 3 positions, 3 correct
        lines = (folder / f"ply_{ply}.txt").read_text().splitlines()
        assert len(lines) == 3
        for line in lines:
            moves, score = from_standard(line.split()[0]), int(line.split()[1])
            pos = Position.from_string(moves)        # raises if a move was after a win
            assert pos.moves == ply and not pos.can_win_next()
            assert solve(moves, engine="python", use_book=False) == score   # the readable one


@pytest.mark.heavy
def test_the_review_benchmark_counts_unjudged_moves_with_each_book():
    done = subprocess.run([sys.executable, "benchmarks/bench_review.py", "--games", "1"],
                          cwd=ROOT, text=True, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = {line[:34].strip(): line[34:].split() for line in done.stdout.splitlines()[2:]}
    assert list(rows) == ["shipped", "two stones or fewer (baseline)", "none"]
    moves = {int(row[2]) for row in rows.values()}          # "N of M ...": M the same
    assert len(moves) == 1 and moves.pop() > 0
    unjudged = [int(row[0]) for row in rows.values()]
    assert unjudged[0] <= unjudged[2]                       # the book only ever helps
    assert all(float(row[-1]) < 4 * 2.0 for row in rows.values())   # each within budget


def bench_solver_module():
    """benchmarks/bench_solver.py, imported as a module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_solver", ROOT / "benchmarks" /
                                                  "bench_solver.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


C4_OUTPUT = """Using a 7 x 6 board, a 64.00 MB table, and 1 threads.
Strongly solving:
Searching in range [-1, 0] . . .
Search took 4.00 s and explored 15000000 nodes (3750 nodes per ms).
Score is 0.
Searching in range [0, 1] . . .
Search took 16.00 s and explored 60000000 nodes (3750 nodes per ms).
Score is 1.
Search completed!
Final strong score is 1 (first player will win on move #41).
Press enter to exit.
"""
"""What c4's program prints (trimmed), with round figures: two searches, 20 s, 75 M nodes."""


def fake_c4(folder: Path, output: str) -> str:
    """A program that prints `output` as c4's does, and waits for a line as it does."""
    program = folder / "c4"
    program.write_text(f"#!{sys.executable}\nimport sys\nsys.stdout.write({output!r})\n"
                       "sys.stdin.readline()\n")
    program.chmod(0o755)
    return str(program)


def test_the_empty_board_is_compared_with_c4_run_now_or_with_its_figures(tmp_path):
    bench = bench_solver_module()
    c4 = fake_c4(tmp_path, C4_OUTPUT)
    assert bench.run_c4(c4) == {"weak": False, "score": 1, "nodes": 75_000_000,
                                "seconds": 20.0}
    line = bench.c4_comparison(False, 1, 150_000_000, 90_000_000, 30.0, c4)
    assert line == ("c4 now: 75,000,000 nodes, 20.0 s; gamelib / c4: time 1.50, nodes 2.00, "
                    "counted as c4 counts (probes) 1.20")
    assert "solves strongly: no ratio (run without --weak)" in bench.c4_comparison(
        True, 1, 1, 1, 1.0, c4)
    with pytest.raises(RuntimeError, match="c4 says 1, gamelib 2"):
        bench.c4_comparison(False, 2, 1, 1, 1.0, c4)
    seconds, nodes = bench.C4_EMPTY[True]
    line = bench.c4_comparison(True, 1, 2 * nodes, nodes, seconds, None)
    assert line.startswith("c4 in benchmarks/README.md:") and line.endswith(
        "gamelib / c4: time 1.00, nodes 2.00, counted as c4 counts (probes) 1.00")
    broken = fake_c4(tmp_path, "Segmentation fault\n")
    with pytest.raises(RuntimeError, match="printed no final score"):
        bench.run_c4(broken)


def test_a_row_against_a_program_that_counted_no_nodes_says_n_a():
    """c4 settles some end games without a node, and a fast one can take 0 microseconds:
    the row prints "n/a" for those ratios instead of failing."""
    bench = bench_solver_module()
    ours = {"positions": 1, "mean_seconds": 2e-6, "median_seconds": 2e-6, "mean_nodes": 3.0,
            "mean_probes": 2.0}
    ref = {"mean_seconds": 0.0, "median_seconds": 1e-6, "mean_nodes": 0.0, "running": 1}
    row = bench.compare_row("Test_L3_R1", ours, "1/1/1", ref)
    assert row.count(" n/a") == 2 and row.endswith(" n/a")      # the means and the nodes
    assert " 2.00 " in row                                  # the medians: 2 us against 1 us


def test_analyze_on_one_core_and_two_is_measured_in_the_same_run():
    shown = run_benchmark("--analyze", "16,18", "--per-ply", "2")
    rows = [line.split() for line in shown.splitlines() if re.match(r"\s+1[68]\s+2\s", line)]
    assert [row[0] for row in rows] == ["16", "18"], shown
    for row in rows:
        assert float(row[-1]) > 0                             # two / one
        assert re.fullmatch(r"\d+\.\d+", row[2]) and row[3] in ("us", "ms", "s")
