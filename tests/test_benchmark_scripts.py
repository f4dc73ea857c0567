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
             "+ CLAIMEVEN_AHEAD + speed", "every idea (default)"]
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
