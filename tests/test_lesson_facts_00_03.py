"""The facts lessons 00-03 state, asserted on the executed lessons (and on the library).

Each test names the sentence it protects; those that read executed lessons are marked
slow (they still run in CI). These lessons have no quick settings (every
cell runs at full size in a few seconds), so the quick run the tests use is the run a
student sees.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

import lessons  # scripts/lessons.py (tests/conftest.py puts it on the path)
from gamelib import GameTree, TicTacToe, Trace, minimax
from gamelib.games.tictactoe import winning_line

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
START, GAMES, MINIMAX, ALPHABETA = (NOTEBOOKS / name for name in (
    "00-start-here.ipynb", "01-games-as-search.ipynb", "02-minimax.ipynb",
    "03-alphabeta.ipynb"))
MINE = [START, GAMES, MINIMAX, ALPHABETA]


def source(path: Path) -> str:
    """Every cell's source, joined (what a student reads)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(cell["source"]) for cell in notebook["cells"])


def svg(notebook, tag: str) -> str:
    """The SVG pictures the cell tagged `tag` showed."""
    cells = [c for c in notebook.cells if tag in c.get("metadata", {}).get("tags", [])]
    assert len(cells) == 1, tag
    return "".join(out.get("data", {}).get("image/svg+xml", "") for out in cells[0].outputs)


def numbers_in(text: str) -> list[int]:
    """The whole numbers in `text`, thousands separators allowed."""
    return [int(n.replace(",", "")) for n in re.findall(r"-?\d[\d,]*", text)]


# ---- the words a student reads ------------------------------------------------------

@pytest.mark.parametrize("path", MINE, ids=lambda p: p.stem)
def test_no_test_plumbing_or_course_making_jargon(path):
    text = source(path)
    for word in ("QUICK", "GAMELIB_QUICK", "os.environ", "automatic tests", "seed's",
                 "the seed", "seed report"):
        assert word not in text, (path.name, word)


@pytest.mark.parametrize("path", MINE, ids=lambda p: p.stem)
def test_aima_is_cited_in_one_edition_with_its_section_numbers(path):
    text = source(path)
    assert "2nd edition" not in text and "3rd edition" not in text
    sections = set(re.findall(r"section (5\.\d)", text))
    assert sections <= {"5.1", "5.2", "5.3"}, sections      # AIMA 4th edition, chapter 5
    if path != START:
        assert "4th edition" in text.split("\n## ")[0]          # said once, at the top


def test_lesson_00_states_the_column_numbering_once():
    text = source(START)
    assert text.count("numbered **0 to 6, from the left**") == 1
    assert "from_standard" in text


# ---- lesson 00 ------------------------------------------------------------------------

@pytest.mark.slow
def test_00_alpha_beta_beats_random_play_in_0_based_columns(executed_lesson):
    shown = lessons.cell_text(executed_lesson(START), "fact-game-record")
    assert shown.startswith("X wins")                        # "Random play is easy to beat"
    moves = re.search(r"moves \(columns\): \[(.*)\]", shown).group(1)
    assert all(0 <= int(m) <= 6 for m in moves.split(","))


@pytest.mark.slow
def test_00_position_string_3342_is_red_3_yellow_3_red_4_yellow_2(executed_lesson):
    rows = lessons.cell_text(executed_lesson(START), "fact-columns").splitlines()
    assert rows[-1].split() == [str(c) for c in range(7)]
    assert rows[-2].split() == [".", ".", "O", "X", "X", ".", "."]
    assert rows[-3].split() == [".", ".", ".", "O", ".", ".", "."]


MAP_EXERCISES = {
    "00": {"predict.who_wins", "predict.moves_left", "centre_player_exercise"},
    "01": {"predict.tree_positions", "predict.games_digits", "is_win_exercise"},
    "02": {"predict.minimax_value", "predict.leaves_at_depth_3", "minimax_exercise",
           "unit_tests"},
    "03": {"predict.pruned_leaves", "predict.best_order_leaves", "alphabeta_exercise"},
    "04": {"predict.best_columns", "predict.deeper_search_agrees", "eval_exercise"},
    "05": {"predict.zugzwang_outcome", "predict.double_threat", "threats_exercise"},
    "06": {"predict.rule_first", "predict.first_move_wins", "rules_exercise"},
    "07": {"predict.ucb_pick", "predict.blocks_without_flip", "ucb_exercise",
           "backprop_exercise"},
    "08": {"predict.games_needed", "predict.tournament_games", "wilson_exercise"},
    "09": {"predict.score_3344", "predict.bit_index", "predict.next_probe",
           "alignment_exercise"},
    "10": {"predict.first_delta", "predict.quiet_delta", "td_step_exercise"},
}
"""The checked questions and exercises of every lesson, which lesson 00's map lists."""


def test_the_lesson_map_lists_every_lesson_its_checks_and_its_time():
    text = source(START)
    rows = {m.group(1): m.group(2).split(" | ") for m in re.finditer(
        r"^\| \*\*(\d\d)\*\* [^|]*\| [^|]*\| (.*) \|$", text, re.M)}
    lessons_on_disk = sorted(p.name[:2] for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    assert sorted(rows) == lessons_on_disk == sorted(MAP_EXERCISES)
    for number, promised in MAP_EXERCISES.items():
        path = next(NOTEBOOKS.glob(f"{number}-*.ipynb"))
        checks = set(re.findall(r"^([\w.]+)\.check\(", source(path), re.M))
        assert checks == promised, (path.name, checks)
        predicted, written, time = rows[number]
        asked = sum(check.startswith("predict.") for check in checks)
        assert asked >= 2 and len(checks) > asked, (number, checks)     # every lesson asks
        assert predicted.count(";") == asked - 1, (number, predicted)   # one entry each
        assert written and not written.startswith("none"), (number, written)
        assert re.fullmatch(r"about \d+ minutes", time), (number, time)


# ---- lesson 01 ------------------------------------------------------------------------

@pytest.mark.slow
def test_01_x_completes_the_middle_column(executed_lesson):
    shown = lessons.cell_text(executed_lesson(GAMES), "fact-finished")
    assert "winner: X" in shown
    game = TicTacToe()
    finished = game.play([(1, 1), (0, 0), (2, 2), (0, 2), (0, 1), (2, 0), (1, 0), (1, 2),
                          (2, 1)])
    assert sorted(winning_line(finished)) == [(0, 1), (1, 1), (2, 1)]


@pytest.mark.slow
def test_01_the_small_tree_has_14_positions_and_the_shape_the_text_describes(executed_lesson):
    assert "14 nodes" in svg(executed_lesson(GAMES), "fact-tree")
    game = TicTacToe()
    start = game.play([(0, 0), (1, 1), (0, 1), (0, 2), (2, 0), (1, 0)])
    assert len(game.actions(start)) == 3                        # 3 moves for X
    ended_early = 0
    for move in game.actions(start):
        after = game.result(start, move)
        assert len(game.actions(after)) == 2                    # then 2 answers for O
        for answer in game.actions(after):
            done = game.result(after, answer)
            if game.is_terminal(done):                          # O completes the middle row
                ended_early += 1
                assert game.winner(done) == "O"
                assert sorted(winning_line(done)) == [(1, 0), (1, 1), (1, 2)]
            else:
                assert len(game.actions(done)) == 1             # then 1 move left
    assert ended_early == 2


@pytest.mark.slow
def test_01_counts_games_positions_and_symmetries(executed_lesson):
    notebook = executed_lesson(GAMES)
    assert lessons.cell_text(notebook, "fact-games").strip() == "255168"
    assert "5,478 positions, of which 958 are finished" in lessons.cell_text(
        notebook, "fact-positions")
    assert round(255168 / 5478) == 47                           # "about 47 times fewer"
    assert lessons.cell_text(notebook, "fact-symmetry").strip() == "765 positions up to symmetry"


# ---- lesson 02 ------------------------------------------------------------------------

@pytest.mark.slow
def test_02_textbook_tree_value_3_by_the_left_move_in_13_nodes(executed_lesson):
    notebook = executed_lesson(MINIMAX)
    assert "move 0, value 3" in lessons.cell_text(notebook, "fact-textbook")
    shown = lessons.cell_text(notebook, "fact-root-values")
    assert "{0: 3, 1: 2, 2: 2}" in shown and "nodes visited: 13" in shown


@pytest.mark.slow
def test_02_only_the_block_saves_o_and_the_folded_nodes_are_the_losing_moves(executed_lesson):
    notebook = executed_lesson(MINIMAX)
    shown = lessons.cell_text(notebook, "fact-ttt")
    assert "move (1, 2), value 0" in shown and "51 nodes" in shown
    assert "{(0, 1): -1, (1, 2): 0, (2, 1): -1, (2, 2): -1}" in shown
    picture = svg(notebook, "fact-ttt")
    assert "51 nodes (20 drawn)" in picture
    game = TicTacToe()
    position = game.play([(1, 1), (0, 0), (0, 2), (2, 0), (1, 0)])
    nodes = minimax(game, position, trace=Trace(), scoring="plain").trace.nodes()
    losing = sorted(n for n, node in nodes.items() if node.depth == 1 and node.value == -1)
    assert losing == [1, 29, 40]                                # collapse=[1, 29, 40]
    for node_id in losing:                                      # X completes the middle row
        wins = [c for c in nodes[node_id].children if nodes[c].leaf and nodes[c].value == -1]
        assert wins and all(sorted(winning_line(nodes[c].state)) == [(1, 0), (1, 1), (1, 2)]
                            for c in wins)


@pytest.mark.slow
def test_02_losing_moves_read_loss_in_2_plies(executed_lesson):
    shown = lessons.cell_text(executed_lesson(MINIMAX), "fact-sooner")
    assert shown.count("loss in 2 plies") == 3 and "(1, 2): 0" in shown


@pytest.mark.slow
def test_02_the_growth_factor_grows_so_the_log_plot_bends_upwards(executed_lesson):
    shown = lessons.cell_text(executed_lesson(MINIMAX), "fact-growth")
    rows = [line for line in shown.splitlines() if line.startswith("empty cells")]
    nodes = [numbers_in(line.split("nodes:")[1])[0] for line in rows]
    assert [numbers_in(line)[0] for line in rows] == list(range(1, 10))
    assert nodes[-1] == 549_946                                  # from the empty board
    assert all(line.endswith("value: 0") for line in rows)       # perfect play draws
    factors = [b / a for a, b in zip(nodes, nodes[1:])]
    assert all(f > 1 for f in factors)
    assert factors[-1] > 3 * factors[0]                           # not a straight line
    # convex on a log scale: the second half grows faster than the first
    logs = [math.log(n) for n in nodes]
    assert logs[8] - logs[4] > 1.5 * (logs[4] - logs[0])


@pytest.mark.slow
def test_02_connect_four_leaves_multiply_by_7(executed_lesson):
    shown = lessons.cell_text(executed_lesson(MINIMAX), "fact-c4-leaves")
    counts = [numbers_in(line)[1] for line in shown.splitlines() if line.startswith("depth")]
    assert counts == [7, 49, 343, 2401]


# ---- lesson 03 ------------------------------------------------------------------------

@pytest.mark.slow
def test_03_textbook_tree_7_of_9_leaves_one_cutoff(executed_lesson):
    shown = lessons.cell_text(executed_lesson(ALPHABETA), "fact-textbook")
    assert "value 3" in shown and "leaves scored: 7 of 9 | cutoffs: 1" in shown


@pytest.mark.slow
def test_03_alpha_beta_equals_minimax_on_every_random_tree(executed_lesson):
    shown = lessons.cell_text(executed_lesson(ALPHABETA), "fact-same-value")
    assert "on 300 of 300 random trees" in shown


@pytest.mark.slow
def test_03_textbook_tree_best_first_5_worst_first_all_9(executed_lesson):
    shown = lessons.cell_text(executed_lesson(ALPHABETA), "fact-textbook-orders")
    assert "best first 5 | worst first 9 | minimax 9" in shown


@pytest.mark.slow
def test_03_move_order_best_hits_theory_worst_stays_close_to_minimax(executed_lesson):
    shown = lessons.cell_text(executed_lesson(ALPHABETA), "fact-orders")
    lists = {label.strip(): numbers_in(values) for label, values in
             re.findall(r"([\w ,-]+): \[(.*)\]$", shown, re.M)}
    mm, worst = lists["minimax"], lists["alpha-beta, worst order"]
    game, best = lists["alpha-beta, game order"], lists["alpha-beta, best order"]
    assert best == lists["theory, best case"]                     # exactly the theory
    for d in range(1, 8):
        assert best[d - 1] <= game[d - 1] <= worst[d - 1] <= mm[d - 1]
        if d >= 3:
            assert best[d - 1] < game[d - 1] < worst[d - 1]        # "lands in between"
        if d >= 2:                                                 # the square root's growth
            assert 1 <= best[d - 1] / math.sqrt(mm[d - 1]) <= 3
    assert worst[:3] == mm[:3]                                     # "from depth 4 on ..."
    assert all(w < m for w, m in zip(worst[3:], mm[3:]))          # "... a little less"
    assert all(w / m >= 0.8 for w, m in zip(worst, mm))            # "stays close"
    assert f"at depth 7: {worst[-1]:,} of {mm[-1]:,}" in shown


@pytest.mark.slow
def test_03_connect_four_savings_grow_with_depth(executed_lesson):
    shown = lessons.cell_text(executed_lesson(ALPHABETA), "fact-connect-four")
    table = [numbers_in(line)[:4] for line in shown.splitlines() if re.match(r"\s+\d", line)]
    assert [row[0] for row in table] == list(range(1, 7))
    for depth, mm, ab, centre in table[2:]:
        assert centre < ab < mm
    ratios = [mm / ab for _, mm, ab, _ in table]
    assert ratios == sorted(ratios)                                # "the saving grows"
    _, mm, ab, centre = table[-1]
    assert 13 <= mm / ab <= 17 and 3.5 <= ab / centre <= 4.8       # "15.2", "4.3"
    assert "the three searches find the same value at every depth: True" in shown


def test_03_the_prediction_tree_in_the_lesson_is_the_one_checked():
    from gamelib.exercises import predict
    assert f"GameTree({predict.PRUNE_TREE})" in source(ALPHABETA)
    assert f"GameTree({predict.VALUE_TREE})" in source(MINIMAX)
    assert minimax(GameTree(predict.VALUE_TREE), ()).value == 4
