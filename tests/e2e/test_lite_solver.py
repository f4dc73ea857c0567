"""The Connect Four solver in the browser build: the WebAssembly core, loaded by Pyodide in
the offline site, against the numba solver on this desktop, measured in the same run.

The page solves a few positions with the engine "auto" picks there (the WebAssembly one)
and with the pure-Python one, and reviews a short game with each; this process does the
same with numba. The scores and node counts of the WebAssembly core must be numba's
exactly; the times are printed as ratios, with one generous bound on the deep positions.
The review has a time budget (2 s): how many moves each engine left unjudged ("?") in
that time is printed (it depends on the machine's load); the WebAssembly core's review
must judge the moves the book answers and the late ones, which take milliseconds.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from gamelib.arena.review import UNKNOWN, review_game
from gamelib.games import ConnectFour
from gamelib.solver import engine
from gamelib.solver.player import PerfectPlayer
from gamelib.solver.position import Position, random_unfinished
from tests.e2e.test_lite import (START_MS, WAIT_MS, base_url, browser_page, chromium,  # noqa: F401
                                 idle, no_other_host, playwright, site)
from tests.test_solver import every_few

pytestmark = pytest.mark.e2e

LESSON = "00-start-here.ipynb"
RUN_TRIES = 6
SMALL = [moves for moves, _ in every_few("Test_L2_R1", 10)]
"""Easy middle-game positions (hundreds of nodes each): every engine."""
MEDIUM = [moves for moves, _ in every_few("Test_L2_R2", 1)]
"""A harder middle-game position (about 100,000 nodes): every engine."""
DEEP = [random_unfinished(12, random.Random(seed)) for seed in (6, 7)]
"""Positions of 12 stones (1-2 million nodes each): the compiled engines only, solved,
then played by the perfect player (no book, no time limit: the score and every column)."""
GAME = [int(col) for col in random_unfinished(16, random.Random(9))]
"""A short game for "Review my moves" (the opening book answers its first positions)."""
BOOK_MOVES, QUICK_FROM = 6, 12
"""In the page, the review must judge the first BOOK_MOVES moves (from the book) and every
move from QUICK_FROM on (milliseconds each); the ones between are timed, not asserted."""
BOUND, SLACK_S = 3.0, 2.0
"""The WebAssembly core in the page must solve DEEP within BOUND times numba's time plus
SLACK_S (the page shares this machine's two cores with the test and the server)."""

PAGE_CODE = """
import json, time
from gamelib.arena.review import review_game
from gamelib.games import ConnectFour
from gamelib.solver import engine
from gamelib.solver.player import PerfectPlayer
from gamelib.solver.position import Position

def timed(solver, positions):
    found = []
    for moves in positions:
        solver.reset()
        pos = Position.from_string(moves)
        start = time.perf_counter()
        score = solver.solve(pos)
        found.append([score, solver.nodes, time.perf_counter() - start])
    return found

def play(positions):
    player = PerfectPlayer(time_limit=None, book=False, answer_seconds=None)
    game, found = ConnectFour(), []
    for moves in positions:
        engine.get_solver().reset()
        state = game.initial_state
        for col in moves:
            state = game.result(state, int(col))
        start = time.perf_counter()
        move = player(game, state)
        found.append([move, engine.get_solver().nodes, time.perf_counter() - start])
    return found

def review(solver):
    solver.reset()
    engine._solvers["auto"] = solver
    start = time.perf_counter()
    reviews = review_game(ConnectFour(), {game!r})
    return [time.perf_counter() - start, sum(r.verdict == "?" for r in reviews),
            [r.index for r in reviews if r.verdict == "?"]]

auto, python = engine.get_solver("auto"), engine.get_solver("python")
engine.warm_up("auto")
engine.warm_up("python")
times = {{"engine": engine.engine_name(auto),
         "small": [timed(auto, {small!r}), timed(python, {small!r})],
         "medium": [timed(auto, {medium!r}), timed(python, {medium!r})],
         "deep": [timed(auto, {deep!r})],
         "player": [play({deep!r})],
         "review": [review(auto), review(python)]}}
engine._solvers["auto"] = auto
print("SOLVER-TIMES", json.dumps(times))
"""


def desktop_times() -> dict:
    """The same measurements with numba in this process (compiled and warmed first)."""
    fast = engine.get_solver("fast")
    engine.warm_up("fast")

    def timed(positions: list[str]) -> list[list]:
        found = []
        for moves in positions:
            fast.reset()
            pos = Position.from_string(moves)
            start = time.perf_counter()
            score = fast.solve(pos)
            found.append([score, fast.nodes, time.perf_counter() - start])
        return found
    player = PerfectPlayer(time_limit=None, book=False, answer_seconds=None)
    game, played = ConnectFour(), []
    for moves in DEEP:
        fast.reset()
        state = game.initial_state
        for col in moves:
            state = game.result(state, int(col))
        start = time.perf_counter()
        move = player(game, state)
        played.append([move, fast.nodes, time.perf_counter() - start])
    fast.reset()
    start = time.perf_counter()
    reviews = review_game(ConnectFour(), GAME)
    review = [time.perf_counter() - start, sum(r.verdict == UNKNOWN for r in reviews)]
    return {"small": [timed(SMALL)], "medium": [timed(MEDIUM)], "deep": [timed(DEEP)],
            "player": [played], "review": [review]}


def page_times(page) -> dict:
    """Run PAGE_CODE in a new cell after the notebook's first one; its measurements.

    (The notebook draws only the cells in view, so "the last cell" on the page is not the
    notebook's last: the output is found by its text.)"""
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(PAGE_CODE.format(small=SMALL, medium=MEDIUM, deep=DEEP,
                                               game=GAME))
    cell = page.locator(".jp-Notebook .jp-Cell.jp-mod-active").element_handle()
    for _ in range(RUN_TRIES):       # a kernel still starting drops the command silently
        page.keyboard.press("Shift+Enter")
        if started_within(page, cell, 15_000):
            break
        cell.click()
    output = page.locator(".jp-OutputArea-output", has_text="SOLVER-TIMES {")
    output.wait_for(timeout=START_MS)
    line = next(line for line in output.inner_text().splitlines() if "SOLVER-TIMES" in line)
    return json.loads(line.split("SOLVER-TIMES", 1)[1])


def started_within(page, cell, timeout_ms: float) -> bool:
    """True once the cell's prompt shows it queued or run ([*] or [n]) within the time."""
    from playwright.sync_api import TimeoutError as WaitedTooLong

    try:
        page.wait_for_function(
            "cell => /^\\[(\\*|\\d+)\\]/.test("
            "cell.querySelector('.jp-InputArea-prompt').textContent.trim())",
            arg=cell, timeout=timeout_ms)
    except WaitedTooLong:
        return False
    return True


def seconds(rows: list[list]) -> float:
    """The total time of measured solves [score (or move), nodes, seconds]."""
    return sum(row[2] for row in rows)


def test_the_page_solves_with_webassembly_as_numba_does(playwright, chromium: str,  # noqa: F811
                                                       base_url: str,  # noqa: F811
                                                       tmp_path: Path) -> None:
    desktop = desktop_times()
    with browser_page(playwright, chromium, tmp_path / "profile", "lite-solver.png") as (
            page, elsewhere):
        page.goto(f"{base_url}/lab/index.html?path={LESSON}", timeout=WAIT_MS)
        idle(page, WAIT_MS)
        browser = page_times(page)
        no_other_host(elsewhere)
    assert browser["engine"] == "wasm"
    for group in ("small", "medium", "deep", "player"):
        exact = [row[:2] for row in desktop[group][0]]
        assert [row[:2] for row in browser[group][0]] == exact, group
    lines = ["", "solver times (s): numba on the desktop | WebAssembly in the page | "
             "pure Python in the page; ratios to numba"]
    for group in ("small", "medium", "deep", "player"):
        fast, wasm = seconds(desktop[group][0]), seconds(browser[group][0])
        python = seconds(browser[group][1]) if len(browser[group]) > 1 else None
        nodes = sum(row[1] for row in desktop[group][0])
        text = (f"  {group:6} ({len(desktop[group][0])} positions, {nodes:,} nodes): "
                f"{fast:.3f} | {wasm:.3f} ({wasm / fast:.1f}x)")
        if python is not None:
            text += f" | {python:.3f} ({python / fast:.0f}x)"
        lines.append(text)
    (fast_s, fast_unknown), (wasm_s, wasm_unknown), (python_s, python_unknown) = (
        review[:2] for review in (desktop["review"][0], *browser["review"]))
    lines.append(f"  review of a {len(GAME)}-move game: {fast_s:.2f} s, {fast_unknown} '?' | "
                 f"{wasm_s:.2f} s, {wasm_unknown} '?' ({wasm_s / fast_s:.1f}x) | "
                 f"{python_s:.2f} s, {python_unknown} '?'")
    print("\n".join(lines))
    unjudged = browser["review"][0][2]      # the WebAssembly core's review
    assert all(BOOK_MOVES <= index < QUICK_FROM for index in unjudged), unjudged
    deep_fast, deep_wasm = seconds(desktop["deep"][0]), seconds(browser["deep"][0])
    assert deep_wasm <= BOUND * deep_fast + SLACK_S, (deep_wasm, deep_fast)
