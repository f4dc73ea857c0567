"""Lesson 09's step-by-step solver: every combination of ideas is exact, the benchmark
reports what it measured, and "n/a" only where a step ran out of nodes."""

import hashlib
import random
from importlib import resources
from pathlib import Path

import pytest

from gamelib.solver import steps
from gamelib.solver.negamax import OutOfBudget
from gamelib.solver.position import WIDTH, Position
from gamelib.solver.steps import (IDEAS, SET_SHA256, SETS, STEPS, BenchmarkSet, GridPosition,
                                  Step, StepSolver, BadTestSetError, benchmark_steps,
                                  load_test_set, opening_set, standard_lines)

DATA = [Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4"]
READABLE = [step for step in STEPS if step.engine == "readable"]


def random_position(rng: random.Random, plies: int) -> str:
    """The moves of a random unfinished game of about `plies` stones (0-based columns)."""
    pos, moves = Position.empty(), ""
    for _ in range(plies):
        cols = [c for c in range(WIDTH) if pos.can_play(c) and not pos.is_winning_move(c)]
        if not cols:
            break
        col = rng.choice(cols)
        pos, moves = pos.play_col(col), moves + str(col)
    return moves


@pytest.mark.parametrize("step", READABLE, ids=lambda s: s.name)
def test_every_readable_step_finds_the_exact_end_game_scores(step):
    solver = StepSolver(step.ideas)
    for moves, score in load_test_set("L3_R1", 6, DATA).positions:
        assert solver.solve(moves) == score, (step.name, moves)


@pytest.mark.parametrize("step", READABLE[1:], ids=lambda s: s.name)
def test_steps_with_move_order_find_the_exact_middle_game_scores(step):
    solver = StepSolver(step.ideas)
    for moves, score in load_test_set("L2_R1", 3, DATA).positions:
        assert solver.solve(moves) == score, (step.name, moves)


def test_any_allowed_mix_of_ideas_is_exact():
    rng = random.Random(8)
    positions = load_test_set("L3_R1", 4, DATA).positions
    tried = 0
    while tried < 12:
        ideas = {idea for idea in IDEAS if idea != "opening book" and rng.random() < 0.5}
        try:
            solver = StepSolver(ideas)
        except ValueError:
            continue
        tried += 1
        for moves, score in positions:
            assert solver.solve(moves) == score, (ideas, moves)


def test_all_ideas_agree_with_plain_alpha_beta_on_random_late_positions():
    rng = random.Random(3)
    plain, full = StepSolver(), StepSolver(STEPS[7].ideas)
    for _ in range(15):
        moves = random_position(rng, rng.randint(26, 34))
        assert plain.solve(moves) == full.solve(moves), moves


def test_the_grid_finds_the_same_winning_moves_as_the_bitboards():
    rng = random.Random(5)
    for _ in range(200):
        moves = random_position(rng, rng.randint(0, 30))
        grid, bits = GridPosition.from_string(moves), Position.from_string(moves)
        for col in range(WIDTH):
            if bits.can_play(col):
                assert grid.is_winning_move(col) == bits.is_winning_move(col), (moves, col)
        assert grid.can_win_next() == bits.can_win_next()


def test_the_opening_book_answers_at_once():
    solver = StepSolver({"bitboards", "opening book"})
    moves, score = opening_set(1).positions[0]
    assert solver.solve(moves) == score and solver.nodes == 1


def test_ideas_are_checked():
    with pytest.raises(ValueError, match="unknown idea 'magic'"):
        StepSolver({"magic"})
    with pytest.raises(ValueError, match="needs 'bitboards'"):
        StepSolver({"transposition table"})


def test_a_node_budget_stops_the_search():
    with pytest.raises(OutOfBudget):
        StepSolver().solve(load_test_set("L2_R1", 1, DATA).positions[0][0], max_nodes=50)


def test_the_standard_sets_ship_with_gamelib_and_read_the_same_from_any_folder(tmp_path,
                                                                             monkeypatch):
    """Lesson 09 reads the sets from the package: the same positions from a clone, a wheel or
    a copied lessons folder; identical to the published files where those are at hand."""
    monkeypatch.chdir(tmp_path)                         # not beside the course
    for name in SETS:
        lines = standard_lines(name)
        assert len(lines) == 1000 and all(len(line.split()) == 2 for line in lines), name
        published = DATA[0] / f"Test_{name}.txt"
        if published.exists():
            assert lines == published.read_text().splitlines(), name
    packaged = load_test_set("L2_R1", 3)
    assert packaged.source == "Test_L2_R1.txt" and len(packaged) == 3
    assert packaged.positions[1] == ("41642200322566331311010", 8)   # from_standard applied
    with pytest.raises(ValueError, match="unknown test set"):
        load_test_set("L9", 3)


def test_the_recorded_checksums_are_the_shipped_files():
    for name in SETS:
        data = (resources.files("gamelib") / "data" / f"Test_{name}.txt.gz").read_bytes()
        assert hashlib.sha256(data).hexdigest() == SET_SHA256[name], name


@pytest.mark.parametrize("damage, words", [
    (lambda data: data[:len(data) // 2], "checksum differs"),
    (lambda data: b"not gzip" + data, "checksum differs"),
    (None, "is missing")])
def test_a_damaged_or_missing_shipped_set_is_named(tmp_path, monkeypatch, damage, words):
    folder = tmp_path / "data"
    folder.mkdir()
    if damage is not None:
        original = (resources.files("gamelib") / "data" / "Test_L2_R1.txt.gz").read_bytes()
        (folder / "Test_L2_R1.txt.gz").write_bytes(damage(original))
    monkeypatch.setattr(steps.resources, "files", lambda package: tmp_path)
    with pytest.raises(BadTestSetError, match=words) as error:
        standard_lines("L2_R1")
    assert "gamelib/data/Test_L2_R1.txt.gz" in str(error.value)


@pytest.mark.parametrize("line, words", [
    ("4453 x", "line 2"), ("4453", "line 2"), ("4483 3", "line 2"), ("4453 1 2", "line 2")])
def test_a_malformed_line_in_a_test_set_names_its_file_and_line(tmp_path, line, words):
    (tmp_path / "Test_L3_R1.txt").write_text("4453 -1\n" + line + "\n")
    with pytest.raises(BadTestSetError, match=words) as error:
        load_test_set("L3_R1", 5, [tmp_path])
    assert str(tmp_path / "Test_L3_R1.txt") in str(error.value)


def test_a_test_set_in_another_encoding_is_named(tmp_path):
    (tmp_path / "Test_L3_R1.txt").write_bytes("4453 -1\n44é3 2\n".encode("latin-1"))
    with pytest.raises(BadTestSetError, match="cannot read the test set"):
        load_test_set("L3_R1", 5, [tmp_path])


def test_benchmark_rows_cells_and_na():
    end = load_test_set("L3_R1", 3, DATA)
    middle = load_test_set("L2_R1", 2, DATA)
    table = benchmark_steps([end, middle], STEPS[:2], max_nodes=3000)
    plain = table.cell("plain alpha-beta", "L3_R1")
    assert plain is not None and plain.positions == 3 and plain.nodes > 0
    assert plain.mean_nodes == plain.nodes / 3 and plain.knps > 0
    assert table.cell("plain alpha-beta", "L2_R1") is None       # over 3,000 nodes
    text = str(table)
    assert "plain alpha-beta" in text and "n/a" in text and "K nodes/s" in text


def test_benchmark_refuses_a_wrong_score():
    wrong = BenchmarkSet("wrong", [(load_test_set("L3_R1", 1, DATA).positions[0][0], 5)], "test")
    with pytest.raises(AssertionError, match="scores wrong"):
        benchmark_steps([wrong], STEPS[:1])


def test_the_compiled_step_searches_the_nodes_of_the_last_readable_step():
    """'The same search, compiled': node for node, on positions where the shared solver's
    own extra ideas would save a few (the first 10 middle-game positions), and the shared
    solver keeps its own options afterwards."""
    from gamelib.solver import fast
    from gamelib.solver.api import get_solver
    from gamelib.solver.steps import measure

    middle = load_test_set("L2_R1", 10, DATA)
    readable = measure(READABLE[-1], middle, 100_000)
    compiled = measure(STEPS[len(READABLE)], middle, 100_000)
    assert STEPS[len(READABLE)].name == "same ideas, compiled (numba)"
    assert readable is not None and compiled is not None
    assert compiled.nodes == readable.nodes and not compiled.wrong
    assert get_solver("fast").options == fast.BEST


def test_a_search_that_fills_the_table_keeps_the_compiled_nodes_too():
    """The readable steps keep the compiled engine's table, slot for slot: where a new
    entry replaces an old one in its slot, both forget the same entry (an unbounded table
    searched 72,940 nodes here, the compiled engine 72,956)."""
    from gamelib.solver.steps import measure

    moves = "2062136134305"
    hard = BenchmarkSet("one position", [(moves, -4)], "a random game")
    readable = measure(READABLE[-1], hard, 200_000)
    compiled = measure(STEPS[len(READABLE)], hard, 200_000)
    assert readable is not None and compiled is not None
    assert readable.nodes == compiled.nodes == 72_956


def test_without_numba_the_compiled_step_gets_the_readable_budget(monkeypatch, capsys):
    """In a browser where neither numba nor the WebAssembly core loads, the compiled step
    runs on the readable solver, so it gets the readable steps' node budget (its own 10
    million would take the pure-Python solver hours)."""
    from gamelib.solver import engine
    from gamelib.solver.negamax import Solver

    monkeypatch.setattr(engine, "_compiled", False)
    monkeypatch.setattr(engine, "_wasm", "no WebAssembly here")
    monkeypatch.setattr(engine, "_solvers", {"python": Solver()})
    monkeypatch.setattr(engine, "in_browser", lambda: True)
    compiled = next(step for step in STEPS if step.engine == "compiled" and
                    "opening book" not in step.ideas)
    hard = steps.load_test_set("L1_R1", 1)
    table = steps.benchmark_steps([hard], [compiled], max_nodes=2_000)
    assert table.cell(compiled.name, hard.name) is None                   # "n/a": over budget
    assert any("over 2,000 nodes" in line for line in table.verdicts())


def test_the_claimeven_step_is_exact_saves_nodes_and_compiles_node_for_node():
    """Knowledge meets search: the claimeven step finds the same scores as the last readable
    step, with fewer nodes on these middle-game positions, and its compiled twin searches
    the same nodes."""
    from gamelib.solver import fast
    from gamelib.solver.api import get_solver
    from gamelib.solver.steps import KNOWLEDGE_STEPS, measure

    readable_step, compiled_step = KNOWLEDGE_STEPS[:2]
    assert readable_step.ideas == STEPS[7].ideas | {"claimeven"} == compiled_step.ideas
    middle = load_test_set("L2_R1", 20, DATA)
    without = measure(READABLE[-1], middle, 100_000)
    knowing = measure(readable_step, middle, 100_000)
    compiled = measure(compiled_step, middle, 100_000)
    assert without is not None and knowing is not None and compiled is not None
    assert not knowing.wrong and not compiled.wrong
    assert knowing.nodes < without.nodes
    assert compiled.nodes == knowing.nodes
    assert get_solver("fast").options == fast.BEST


def test_the_forced_move_and_etc_steps_are_exact_save_nodes_and_compile_node_for_node():
    """Each knowledge step adds one idea to the one before; forced moves and ETC keep every
    score, search fewer nodes than the claimeven step on these middle-game positions, and
    their compiled twins (FORCED, ETC) search the same nodes."""
    from gamelib.solver.steps import KNOWLEDGE_STEPS, measure

    ideas = [step.ideas for step in KNOWLEDGE_STEPS[::2]]
    assert [len(b - a) for a, b in zip([STEPS[7].ideas] + ideas, ideas)] == [1, 1, 1]
    assert [step.ideas for step in KNOWLEDGE_STEPS[1::2]] == ideas
    middle = load_test_set("L2_R1", 20, DATA)
    cells = [measure(step, middle, 100_000) for step in KNOWLEDGE_STEPS]
    assert all(cell is not None and not cell.wrong for cell in cells)
    nodes = [cell.nodes for cell in cells if cell is not None]
    assert nodes[0::2] == nodes[1::2]                   # readable == compiled, step by step
    assert nodes[4] < nodes[2] < nodes[0]               # ETC < forced moves < claimeven


def test_the_useful_threats_step_is_exact_saves_nodes_and_compiles_node_for_node():
    """The useful threats step sorts the last knowledge step's moves by `threat_score`: the
    same scores with fewer nodes on these middle-game positions, and its compiled twin
    (THREAT_ORDER) searches the same nodes."""
    from gamelib.solver.steps import KNOWLEDGE_STEPS, THREAT_STEPS, measure

    readable_step, compiled_step = THREAT_STEPS
    assert readable_step.ideas == KNOWLEDGE_STEPS[-1].ideas | {"useful threats"}
    assert compiled_step.ideas == readable_step.ideas and compiled_step.engine == "compiled"
    middle = load_test_set("L2_R1", 20, DATA)
    before, readable, compiled = (measure(step, middle, 100_000)
                                  for step in (KNOWLEDGE_STEPS[-2], *THREAT_STEPS))
    assert before is not None and readable is not None and compiled is not None
    assert not readable.wrong and not compiled.wrong
    assert compiled.nodes == readable.nodes < before.nodes


def assert_step_saves_nodes_node_for_node(before: Step, added: list[Step], idea: str,
                                          games: list[str]) -> None:
    """`added` (readable, then compiled) adds `idea` to the step `before`: the same exact
    scores on `games`, fewer nodes, and the compiled twin searches the readable one's nodes."""
    from gamelib.solver import solve
    from gamelib.solver.steps import measure

    readable_step, compiled_step = added
    assert readable_step.ideas == before.ideas | {idea}
    assert compiled_step.ideas == readable_step.ideas and compiled_step.engine == "compiled"
    positions = BenchmarkSet("games", [(moves, solve(moves, use_book=False))
                                       for moves in games], "(the test)")
    earlier, readable, compiled = (measure(step, positions, 1_000_000)
                                   for step in (before, *added))
    assert earlier is not None and readable is not None and compiled is not None
    assert not earlier.wrong and not readable.wrong and not compiled.wrong
    assert compiled.nodes == readable.nodes < earlier.nodes


def test_the_mirror_images_step_is_exact_and_compiles_node_for_node():
    """The mirror images step keeps a position and its mirror image under one key: the
    same scores as the useful threats step, fewer nodes on positions that are their own
    mirror images, and its compiled twin (MIRROR) searches the same nodes."""
    from gamelib.solver.steps import MIRROR_STEPS, THREAT_STEPS

    symmetric = ["0264452126406402", "52144521214552143333"]     # their own mirror images
    assert all(Position.from_string(moves).mirror() == Position.from_string(moves)
               for moves in symmetric)
    assert_step_saves_nodes_node_for_node(THREAT_STEPS[0], MIRROR_STEPS, "mirror images",
                                          symmetric)


def test_the_claimeven_ahead_step_is_exact_and_compiles_node_for_node():
    """The claimeven ahead step bounds a node by its children's claimeven caps before
    searching them: the same scores as the mirror images step, fewer nodes (a fifth fewer
    on these positions from random games), and its compiled twin (CLAIMEVEN_AHEAD) searches
    the same nodes."""
    from gamelib.solver.steps import AHEAD_STEPS, MIRROR_STEPS

    games = ["533024063312044612", "0226226025233551", "36623324500422512"]   # random play
    assert_step_saves_nodes_node_for_node(MIRROR_STEPS[0], AHEAD_STEPS, "claimeven ahead",
                                          games)


def test_the_double_threats_step_is_exact_and_compiles_node_for_node():
    """The double threats step looks for a move that makes a double threat before
    searching a node whose window reaches its best score: the same scores as the claimeven
    ahead step, fewer nodes on these positions from random games, and its compiled twin
    (DOUBLE_THREATS) searches the same nodes."""
    from gamelib.solver.steps import AHEAD_STEPS, DOUBLE_STEPS

    games = ["533024063312044612", "0226226025233551", "36623324500422512"]   # random play
    assert_step_saves_nodes_node_for_node(AHEAD_STEPS[0], DOUBLE_STEPS, "double threats",
                                          games)


def test_without_numba_the_compiled_claimeven_step_switches_the_readable_solver(monkeypatch):
    """In a browser where neither numba nor the WebAssembly core loads, the compiled
    claimeven step runs the readable solver with its claimeven switch on, so it searches
    the readable step's nodes, and switches it back off."""
    from gamelib.solver import engine
    from gamelib.solver.negamax import Solver
    from gamelib.solver.steps import KNOWLEDGE_STEPS, measure

    shared = Solver()
    monkeypatch.setattr(engine, "_compiled", False)
    monkeypatch.setattr(engine, "_wasm", "no WebAssembly here")
    monkeypatch.setattr(engine, "_solvers", {"python": shared})
    monkeypatch.setattr(engine, "in_browser", lambda: True)
    end = load_test_set("L3_R1", 20, DATA)
    readable = measure(KNOWLEDGE_STEPS[0], end, 100_000)
    compiled = measure(KNOWLEDGE_STEPS[1], end, 100_000)
    assert readable is not None and compiled is not None and not compiled.wrong
    assert compiled.nodes == readable.nodes and not shared.claimeven
    forced = measure(KNOWLEDGE_STEPS[3], end, 100_000)      # + forced moves, compiled
    assert forced is not None and forced.nodes == measure(KNOWLEDGE_STEPS[2], end, 100_000).nodes
    assert forced.nodes < compiled.nodes and not (shared.forced or shared.etc)


def browser_with_webassembly(monkeypatch) -> None:
    """Simulate the browser: no numba, the WebAssembly core (run here by wasmtime)."""
    from gamelib.solver import engine

    monkeypatch.setattr(engine, "_compiled", False)
    monkeypatch.setattr(engine, "_wasm", None)
    monkeypatch.setattr(engine, "_solvers", {})
    monkeypatch.setattr(engine, "in_browser", lambda: True)


def test_in_the_browser_the_compiled_claimeven_step_runs_webassembly_node_for_node(
        monkeypatch):
    """In the browser the compiled steps run the WebAssembly solver, the claimeven one with
    its CLAIMEVEN option: the same nodes as numba's compiled step, and the shared solver
    keeps its own options afterwards."""
    pytest.importorskip("wasmtime")
    from gamelib.solver import fast, wasm
    from gamelib.solver.engine import get_solver
    from gamelib.solver.steps import KNOWLEDGE_STEPS, compiled_solver, measure

    middle = load_test_set("L2_R1", 20, DATA)
    numba = measure(KNOWLEDGE_STEPS[1], middle, 100_000)
    numba_plain = measure(STEPS[len(READABLE)], middle, 100_000)
    browser_with_webassembly(monkeypatch)
    solver, options = compiled_solver()
    assert isinstance(solver, wasm.WasmSolver) and options is not None
    assert options == {"claimeven": wasm.CLAIMEVEN, "forced moves": wasm.FORCED,
                       "enhanced cutoffs": wasm.ETC, "useful threats": wasm.THREAT_ORDER,
                       "mirror images": wasm.MIRROR, "claimeven ahead": wasm.CLAIMEVEN_AHEAD,
                       "double threats": wasm.DOUBLE_THREATS}
    web = measure(KNOWLEDGE_STEPS[1], middle, 100_000)
    web_plain = measure(STEPS[len(READABLE)], middle, 100_000)
    assert numba is not None and web is not None and not web.wrong
    assert numba_plain is not None and web_plain is not None
    assert web.nodes == numba.nodes < web_plain.nodes == numba_plain.nodes
    assert get_solver("fast") is solver and solver.options == fast.BEST


def test_in_the_browser_the_compiled_steps_get_the_compiled_budget(monkeypatch):
    """WebAssembly is compiled: a position over the readable budget is solved within the
    compiled one (the readable fallback would show "n/a" here, as tested above)."""
    pytest.importorskip("wasmtime")
    browser_with_webassembly(monkeypatch)
    compiled = next(step for step in STEPS if step.engine == "compiled" and
                    "opening book" not in step.ideas)
    hard = steps.load_test_set("L1_R1", 1)
    table = steps.benchmark_steps([hard], [compiled], max_nodes=2_000,
                                  compiled_max_nodes=10_000_000)
    cell = table.cell(compiled.name, hard.name)
    assert cell is not None and cell.nodes > 2_000 and not cell.wrong
