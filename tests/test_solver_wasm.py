"""The WebAssembly solver (core.c compiled to core.wasm, run here by wasmtime) searches
exactly as the numba one: the same scores and node counts on every standard set and on
random positions, with every option, weak and strong."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from gamelib.games import IllegalMoveError
from gamelib.solver import api, engine, fast, wasm
from gamelib.solver.position import Position, random_unfinished
from tests.test_solver import every_few, reference

OPTIONS = [0, fast.ETC, fast.HASH_MOVE, fast.TWO_TABLES, fast.FAIL_SOFT, fast.SPEED,
           fast.ETC | fast.SPEED, fast.CLAIMEVEN, fast.CLAIMEVEN | fast.SPEED, fast.FORCED,
           fast.FORCED | fast.SPEED, fast.FORCED | fast.ETC | fast.CLAIMEVEN | fast.SPEED,
           fast.THREAT_ORDER, fast.THREAT_ORDER | fast.SPEED,
           fast.THREAT_ORDER | fast.FORCED | fast.ETC | fast.CLAIMEVEN | fast.SPEED,
           fast.MIRROR, fast.MIRROR | fast.SPEED, fast.CLAIMEVEN_AHEAD,
           fast.CLAIMEVEN_AHEAD | fast.SPEED, fast.DOUBLE_THREATS,
           fast.DOUBLE_THREATS | fast.SPEED, fast.BEST]
SAMPLES = {"Test_L3_R1": 8, "Test_L2_R1": 8, "Test_L2_R2": 1, "Test_L1_R1": 3}
"""Positions of each easier standard set compared, spread over the set."""
CHOSEN = {"Test_L1_R2": [10], "Test_L1_R3": [282]}
"""Positions (line numbers) of the hard sets compared: among the quicker ones (under half
a million nodes; most of Test_L1_R3 takes millions, some tens of millions)."""


def samples(name: str) -> list[tuple[str, int]]:
    """The (moves, score) pairs of set `name` that the tests compare."""
    if name in CHOSEN:
        pairs = reference(name)
        return [pairs[i] for i in CHOSEN[name]]
    return every_few(name, SAMPLES[name])


@pytest.fixture(scope="module")
def pair() -> tuple[fast.FastSolver, wasm.WasmSolver]:
    """One numba solver and one WebAssembly solver (their tables are 143 MB each)."""
    return fast.FastSolver(), wasm.WasmSolver()


def same_search(pair: tuple, pos: Position, options: int, weak: bool = False,
                reset: bool = True) -> int:
    """Solve `pos` with both engines; assert the same score and node count; the score."""
    numba, web = pair
    numba.options = web.options = options
    if reset:
        numba.reset()
        web.reset()
    numba.nodes = web.nodes = 0
    expected = numba.solve(pos, weak)
    assert web.solve(pos, weak) == expected, (pos, options, weak)
    assert web.nodes == numba.nodes > 0, (pos, options, weak)
    return expected


@pytest.mark.parametrize("name", [*SAMPLES, *CHOSEN])
def test_every_standard_set_gives_the_same_scores_and_nodes(pair, name) -> None:
    """Every option, strong and weak (the table emptied before each solve)."""
    for moves, score in samples(name):
        pos = Position.from_string(moves)
        for options in OPTIONS:
            assert same_search(pair, pos, options) == score, (moves, options)
            assert same_search(pair, pos, options, weak=True) == (score > 0) - (score < 0)


def test_random_positions_give_the_same_scores_and_nodes(pair) -> None:
    """Random positions of 20 to 32 stones, every option, strong and weak (earlier ones
    can take millions of nodes)."""
    rng = random.Random(33)
    for ply in range(20, 33, 3):
        pos = Position.from_string(random_unfinished(ply, rng))
        for options in OPTIONS:
            same_search(pair, pos, options)
            same_search(pair, pos, options, weak=True)


def test_claimeven_settles_nodes_in_the_core_as_in_fast_py(pair) -> None:
    """The claimeven bound really cuts in the compared samples (fewer nodes than without
    it, in both engines alike), so the equality above covers its cuts."""
    web = pair[1]
    for moves, _ in samples("Test_L2_R2"):
        pos = Position.from_string(moves)
        for base in (0, fast.SPEED):
            same_search(pair, pos, base)
            without = web.nodes
            same_search(pair, pos, base | fast.CLAIMEVEN)
            assert web.nodes < without, (moves, base)


def test_a_table_kept_between_solves_stays_the_same_table(pair) -> None:
    """Solving one position after another without emptying the table: the same nodes at
    each step (the two tables hold the same entries in the same slots)."""
    pair[0].reset()
    pair[1].reset()
    for moves, score in every_few("Test_L2_R2", 2) + every_few("Test_L1_R1", 3):
        assert same_search(pair, Position.from_string(moves), fast.SPEED, reset=False) == score


def test_a_spent_budget_stops_both_at_the_same_node(pair) -> None:
    numba, web = pair
    pos = Position.from_string(reference("Test_L2_R2", 2)[1][0])
    for solver in pair:
        solver.options = fast.SPEED
        solver.reset()
        assert solver.solve(pos, max_nodes=500) == 0 and solver.aborted
    assert web.nodes == numba.nodes > 500
    web.reset()
    assert web.solve(pos) != 0 and not web.aborted


def test_null_window_tests_agree(pair) -> None:
    """at_least, the player's and the book's one-window question."""
    numba, web = pair
    for moves, score in every_few("Test_L2_R1", 10):
        pos = Position.from_string(moves)
        for value in (score, score + 1):
            for solver in pair:
                solver.reset()
            assert web.at_least(pos, value) == numba.at_least(pos, value) == (score >= value)
            assert web.nodes == numba.nodes


@pytest.mark.parametrize("text", [reference("Test_L3_R1", 1)[0][0],
                                  reference("Test_L2_R1", 1)[0][0], "9", "3a", "0000000",
                                  "1212121", "7" * 100, "0123456" * 6,
                                  "0123456" * 6 + "0", "3" * 40])
def test_strings_are_parsed_and_solved_the_same(pair, text: str) -> None:
    """solve_string: the same answer for late positions and the same error code and index
    for bad strings (a column that is not one, a full column, a finished game, a full board)."""
    numba, web = pair
    for solver in pair:
        solver.reset()
    codes = text.encode("ascii")
    assert web.solve_string(codes) == tuple(int(x) for x in numba.solve_string(codes)), text


def test_the_empty_table_by_generation_equals_a_wiped_one(pair) -> None:
    web = pair[1]
    web.options = fast.SPEED
    pos = Position.from_string(reference("Test_L2_R2", 1)[0][0])
    counts = []
    for wipe in (True, False, False, True):
        web.reset(wipe=wipe)
        web.solve(pos)
        counts.append(web.nodes)
    assert len(set(counts)) == 1
    web.generation = wasm.GENERATIONS - 1
    web.reset()                                      # the last generation: a real wipe
    assert web.generation == 1
    web.solve(pos)
    assert web.nodes == counts[0]


def test_unknown_options_are_a_clear_error(pair) -> None:
    web = pair[1]
    for bad in (1024, -1, fast.SPEED | 2048):
        with pytest.raises(ValueError, match="unknown solver options.*ETC=1"):
            web.options = bad
    with pytest.raises(ValueError, match="unknown solver options"):
        wasm.WasmSolver(options=1024)
    assert web.options in (0, *OPTIONS)              # unchanged by the refused values


def test_the_options_and_table_are_fast_pys() -> None:
    """One meaning for each constant in both engines (core.c checks its own at load)."""
    assert (wasm.ETC, wasm.HASH_MOVE, wasm.TWO_TABLES, wasm.FAIL_SOFT, wasm.CLAIMEVEN,
            wasm.FORCED, wasm.THREAT_ORDER, wasm.MIRROR, wasm.CLAIMEVEN_AHEAD, wasm.DOUBLE_THREATS, wasm.BEST) == (
                fast.ETC, fast.HASH_MOVE, fast.TWO_TABLES, fast.FAIL_SOFT, fast.CLAIMEVEN,
                fast.FORCED, fast.THREAT_ORDER, fast.MIRROR, fast.CLAIMEVEN_AHEAD, fast.DOUBLE_THREATS, fast.BEST)
    assert wasm.GENERATIONS == fast.GENERATIONS


def test_an_out_of_date_core_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(wasm.EXPECTED, "table_size", 12345)
    with pytest.raises(wasm.CoreError, match="out of date.*build_wasm.py"):
        wasm.load_core()


def test_the_committed_core_is_core_c_compiled(tmp_path: Path) -> None:
    """Rebuilding core.wasm from core.c gives the same bytes (zig's output is
    deterministic), so the committed module is the source's."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    try:
        import build_wasm
    finally:
        sys.path.pop(0)
    built = build_wasm.build(tmp_path / "core.wasm")
    assert built.read_bytes() == wasm.CORE.read_bytes(), \
        "core.wasm is not core.c compiled: run python scripts/build_wasm.py"


def test_engine_wasm_solves_through_the_front_door(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "_solvers", {})
    moves, score = reference("Test_L2_R1", 1)[0]
    found = api.solve(moves, engine="wasm", use_book=False)
    assert found == score and found.nodes > 0
    assert isinstance(engine.get_solver("wasm"), wasm.WasmSolver)
    assert engine.engine_name(engine.get_solver("wasm")) == "wasm"
    analysis = api.analyze(moves, engine="wasm")
    assert analysis.best_score == score
    with pytest.raises(IllegalMoveError, match="9"):
        api.solve("0123456" * 2 + "9", engine="wasm")     # past the book: the core parses


def test_the_browser_picks_the_wasm_engine_without_a_note(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """No numba in the browser: "auto" and "fast" are the WebAssembly solver, and nothing
    is said about plain Python."""
    monkeypatch.setattr(engine, "_compiled", False)
    monkeypatch.setattr(engine, "_wasm", None)
    monkeypatch.setattr(engine, "_solvers", {})
    monkeypatch.setattr(engine, "in_browser", lambda: True)
    solvers = [engine.get_solver("auto"), engine.get_solver("fast")]
    assert all(isinstance(solver, wasm.WasmSolver) for solver in solvers)
    assert solvers[0] is solvers[1]
    assert capsys.readouterr().out == ""


def test_the_desktop_without_numba_keeps_plain_python_for_auto(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """wasmtime is for the tests: on a desktop, "auto" is numba or plain Python."""
    monkeypatch.setattr(engine, "_compiled", False)
    monkeypatch.setattr(engine, "_solvers", {})
    with pytest.warns(RuntimeWarning, match="without numba"):
        assert engine.engine_name(engine.get_solver("auto")) == "python"


def test_a_core_that_cannot_load_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "_wasm", "the WebAssembly solver needs wasmtime")
    monkeypatch.setattr(engine, "_solvers", {})
    with pytest.raises(RuntimeError, match="engine='wasm' cannot run here.*wasmtime"):
        engine.get_solver("wasm")


def command_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run `python -m gamelib ARGS` in this process: (status, stdout, stderr)."""
    from gamelib.cli import main
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_line_solves_with_engine_wasm(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`solve --engine wasm` searches with the WebAssembly solver (past the opening book)
    and prints the scores `--engine fast` prints."""
    monkeypatch.setattr(engine, "_solvers", {})
    moves, score = reference("Test_L2_R1", 1)[0]
    printed = {}
    for name in ("wasm", "fast"):
        status, out, err = command_line(["solve", "--engine", name, moves], capsys)
        assert status == 0 and err == "", err
        assert f"score {score} for the player to move" in out and " nodes in " in out
        printed[name] = [line for line in out.splitlines() if line.startswith("score:")]
    assert printed["wasm"] == printed["fast"] != []
    assert isinstance(engine._solvers["wasm"], wasm.WasmSolver)


def test_engine_wasm_that_cannot_load_is_one_error_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(engine, "_wasm", "the WebAssembly solver needs wasmtime")
    monkeypatch.setattr(engine, "_solvers", {})
    moves = reference("Test_L2_R1", 1)[0][0]
    for args in (["solve", "--engine", "wasm", moves],
                 ["solve", "--engine", "wasm", "--bench", "L3_R1", "--limit", "1"]):
        status, out, err = command_line(args, capsys)
        assert status == 2 and "Traceback" not in err, args
        assert len(err.strip().splitlines()) == 1 and "engine='wasm' cannot run here" in err


def test_the_command_lines_engine_choices_are_get_solvers(
        capsys: pytest.CaptureFixture[str]) -> None:
    from gamelib.cli import build_parser
    for command in ("solve", "book"):
        with pytest.raises(SystemExit):
            build_parser().parse_args([command, "--engine", "numba"])
        assert "'wasm'" in capsys.readouterr().err
    assert set(api.ENGINES) == {"auto", "fast", "wasm", "python"}
