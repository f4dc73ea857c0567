"""The solver benchmark runs end to end on a few positions, with each search idea."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "connect4"


@pytest.mark.skipif(not (DATA / "Test_L3_R1.txt").exists(), reason="reference sets not found")
def test_the_solver_benchmark_measures_every_idea_on_a_set():
    env = {k: v for k, v in os.environ.items() if k != "GAMELIB_CPP_SOLVER"}
    done = subprocess.run([sys.executable, "benchmarks/bench_solver.py", "Test_L3_R1",
                           "--limit", "5", "--ideas"], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("Test_L3_R1")]
    names = ["C++ (README)", "Pons' search (options=0)", "+ ETC", "+ HASH_MOVE",
             "+ TWO_TABLES", "+ HASH_MOVE + TWO_TABLES (default)",
             "+ ETC + HASH_MOVE + TWO_TABLES"]
    assert [row[12:48].strip() for row in rows] == names
    ratios = [float(row.split()[-1]) for row in rows]
    assert ratios[0] == 1.0 and all(r > 0 for r in ratios)
    assert all(re.search(r"\d+\.\d (us|ms)", row) for row in rows)
