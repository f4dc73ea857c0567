"""Facts that lessons 04, 07 (MCTS), 08 (tournaments) and 09 (solving) state, asserted on the
executed lessons.

Each lesson runs once per test session with its quick settings (tests/conftest.py);
each test reads the output of one tagged cell (scripts/lessons.py: cell_text).
"""

import ast
import html
import re
from pathlib import Path

import pytest

import lessons

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
L04 = NOTEBOOKS / "04-heuristics.ipynb"
L07 = NOTEBOOKS / "07-mcts.ipynb"
L08 = NOTEBOOKS / "08-tournaments.ipynb"
L09 = NOTEBOOKS / "09-solving-connect-four.ipynb"

pytestmark = pytest.mark.slow


def text(executed_lesson, path, tag):
    return lessons.cell_text(executed_lesson(path), tag)


def picture(executed_lesson, path, tag):
    """The SVG the cell tagged `tag` drew (its graphviz picture), entities unescaped."""
    cells = [cell for cell in executed_lesson(path).cells
             if tag in cell.get("metadata", {}).get("tags", [])]
    assert len(cells) == 1, tag
    svgs = [out["data"]["image/svg+xml"] for out in cells[0].outputs
            if "image/svg+xml" in out.get("data", {})]
    assert len(svgs) == 1, tag
    return html.unescape("".join(svgs[0]))


def outputs_of(executed_lesson, path, tag):
    """The output kinds (MIME types) the cell tagged `tag` showed."""
    cells = [cell for cell in executed_lesson(path).cells
             if tag in cell.get("metadata", {}).get("tags", [])]
    assert len(cells) == 1, tag
    return {kind for out in cells[0].outputs for kind in out.get("data", {})}


def assert_verdict_reads_its_interval(output):
    """The printed verdict says what the interval printed beside it says."""
    low, high = map(float, re.search(r"between (\d\.\d+) and (\d\.\d+)", output).groups())
    if low > 0.5:
        assert "above 0.5" in output and "stronger" in output
    elif high < 0.5:
        assert "below 0.5" in output and "weaker" in output
    else:
        assert "contains 0.5" in output and "cannot tell" in output


# -- lesson 04 ------------------------------------------------------------------------------

def test_04_the_clock_cuts_the_last_round_short(executed_lesson):
    out = text(executed_lesson, L04, "fact-iterative-deepening")
    assert re.search(r"the round at depth \d+ was cut short by the clock", out), out
    rows = [line for line in out.splitlines() if re.match(r"\s+\d+\s+\d", line)]
    assert len(rows) >= 3                             # several rounds finished
    values = [line.split()[-1] for line in rows]
    assert all(re.fullmatch(r"[+-]?\d+", value) and abs(int(value)) < 1000
               for value in values), rows            # "no win or loss is in sight yet"
    nodes = [int(line.split()[2].replace(",", "")) for line in rows]
    # "each round costs more than the one before, but far less than 7 times more"
    assert all(1 < after / before < 7 for before, after in zip(nodes, nodes[1:])), nodes
    # "all the rounds together cost a small multiple of the last one alone" (printed)
    earlier, last = map(lambda n: int(n.replace(",", "")), re.search(
        r"before depth \d+: ([\d,]+) nodes together; depth \d+ alone: ([\d,]+)", out).groups())
    assert earlier == sum(nodes[:-1]) and last == nodes[-1]
    multiple = float(re.search(r"rounds cost (\d+\.\d) times the last one alone", out).group(1))
    assert multiple == round(sum(nodes) / last, 1)
    # small at whatever depth the clock stops: below 3 after every round in the table
    assert all(sum(nodes[:i + 1]) / nodes[i] < 3 for i in range(len(nodes))), nodes
    assert "more than the one before, and less than 7 times" in out


def test_04_the_horizon_trees_show_the_shallow_mistake_and_the_deeper_refutation(executed_lesson):
    table = text(executed_lesson, L04, "fact-horizon")
    moves = dict(re.findall(r"^\s+(\d)\s+(\d)\s", table, re.M))
    assert moves["2"] == "2" and moves["4"] == "5"             # "depth 4 plays column 5"
    shallow = picture(executed_lesson, L04, "fact-horizon-shallow")
    assert "value -102, move 2" in shallow                     # "scores −102 ... plays column 2"
    assert ">evaluated<" in shallow                             # the board at its edge
    deep = picture(executed_lesson, L04, "fact-horizon-deep")
    assert "value -5, move 5" in deep
    assert ">game over<" in deep and "<= loss in 4" in deep    # O completes four; the bound
    said = L04.read_text()
    assert "scores −102" in said and "Depth 4 plays column 5" in said


def test_04_the_deepening_picture_is_drawn_from_the_rounds(executed_lesson):
    assert "image/png" in outputs_of(executed_lesson, L04, "fact-deepening-picture")


def test_04_the_time_limit_match_reads_its_interval(executed_lesson):
    out = text(executed_lesson, L04, "fact-time-limit-match")
    assert "0.1 s per move vs 0.01 s per move" in out
    assert_verdict_reads_its_interval(out)


# -- lesson 07 ------------------------------------------------------------------------------

def test_07_exploration_constant(executed_lesson):
    out = text(executed_lesson, L07, "fact-exploration")
    found = {float(c): int(k) for c, k, _ in
             re.findall(r"c = ([\d.]+): an edge in (\d+) of (\d+) runs", out)}
    assert len(found) == 4
    # "with c = 0 MCTS never explores ... in between it works": sqrt(2) finds the edge
    # at least as often as no exploration, and in most runs
    runs = int(re.search(r"of (\d+) runs", out).group(1))
    assert found[1.41] >= found[0.0] and found[1.41] > runs / 2, out
    assert found[5.0] <= found[1.41], out             # too much exploration learns little


def test_07_the_double_threat_moves_pull_ahead(executed_lesson):
    out = text(executed_lesson, L07, "fact-convergence")
    visits = ast.literal_eval(re.search(r"visits per root move: (\{[^}]*\})", out).group(1))
    top_two = sorted(visits, key=visits.get, reverse=True)[:2]
    assert set(top_two) == {2, 5}, visits


def test_07_duel_reads_its_interval(executed_lesson):
    out = text(executed_lesson, L07, "fact-duel")
    assert_verdict_reads_its_interval(out)
    assert "id:" not in out                            # players named in words
    # "with that time, MCTS is weaker", at the quick size as at the full one
    assert re.search(r"MCTS, \d+ iterations scores between [\d.]+ and 0\.[0-4]\d*", out), out
    # "about the same time per move": measured in the same run, within a factor of 2
    ms = [int(n) for n in re.findall(r"(\d+) ms per move on average", out)]
    assert len(ms) == 2 and max(ms) <= 2 * max(min(ms), 1), ms
    assert "(about the same time)" in out


def test_07_mcts_solver_proves_the_double_threat_and_not_the_opening(executed_lesson):
    out = text(executed_lesson, L07, "fact-solver-connect-four")
    threat = re.search(r"double threat, X to move: stopped after (\d+) of 2000 iterations, "
                       r"the root is proven: 1\.0 for X", out)
    assert threat and int(threat.group(1)) < 2000, out           # "stops early"
    assert ("empty board: stopped after 2000 of 2000 iterations, nothing proven at the root; "
            "proven root moves: {}") in out


def test_07_the_sign_flip_demo_reads_as_sentences(executed_lesson):
    out = text(executed_lesson, L07, "fact-sign-flip")
    assert "with the sign flip: MCTS blocks in 5 of 5 runs of 1000 iterations" in out
    assert "without the sign flip: MCTS blocks in 0 of 5 runs of 1000 iterations" in out  # "never"
    assert "{" not in out


# -- lesson 08 ------------------------------------------------------------------------------

def test_08_self_play_plays_each_opening_once(executed_lesson):
    out = text(executed_lesson, L08, "fact-self-play")
    lines = re.findall(r"first move (\d): score [\d.]+ \([\d.]+-[\d.]+\), (\d+) distinct games", out)
    assert [int(col) for col, _ in lines] == list(range(7))
    counts = {int(n) for _, n in lines}
    assert len(counts) == 1                     # every opening once: all games distinct


def test_08_every_game_of_the_interval_sizes_is_distinct(executed_lesson):
    """"Four times the games for half the width": 10, 40 and 160 games, none a replay, and
    each width printed beside the rule's 0.50."""
    out = text(executed_lesson, L08, "fact-interval-sizes")
    sizes = re.findall(r"^(\d+) games, (\d+) distinct", out, re.M)
    assert sizes == [("10", "10"), ("40", "40"), ("160", "160")]
    ratios = [float(r) for r in re.findall(r"to [\d.]+, ([\d.]+) of it", out)]
    assert len(ratios) == 2 and all(0.35 <= r <= 0.7 for r in ratios), out


def test_08_the_round_robin_says_which_neighbours_are_clearly_ranked(executed_lesson):
    out = text(executed_lesson, L08, "fact-round-robin")
    assert len(re.findall(r"against random: \+\d+ =0 -0", out)) == 3     # "everyone wins"
    verdicts = re.findall(r"\) above .*: (clearly ranked|not clearly ranked)", out)
    assert len(verdicts) == 3


def test_08_seat_swap_reads_its_interval(executed_lesson):
    out = text(executed_lesson, L08, "fact-seat-swap")
    assert "seat X" in out and "seat O" in out
    assert "distinct" not in out or "repeat" not in out
    assert_verdict_reads_its_interval(out)


def test_08_the_plain_python_evaluation_is_several_times_slower_per_node(executed_lesson):
    out = text(executed_lesson, L08, "fact-speed")
    rate = {}
    for line in out.splitlines():
        found = re.match(r"\s*(alpha-beta 4( combined)?)\s.*\s([\d,.]+)$", line)
        if found:
            rate[found.group(1)] = float(found.group(3).replace(",", ""))
    ratio = rate["alpha-beta 4"] / rate["alpha-beta 4 combined"]
    assert 2 <= ratio <= 30, (ratio, out)          # "several times slower per node"
    assert f"combined_eval is {ratio:.1f} times slower per node" in out


# -- lesson 09 ------------------------------------------------------------------------------

def test_09_the_table_tree_draws_each_hit_as_an_edge(executed_lesson):
    out = text(executed_lesson, L09, "fact-tt-tree")
    without, nodes, hits = map(int, re.search(
        r"without a table: (\d+) nodes; with one: (\d+) nodes, (\d+) of them answered", out).groups())
    assert hits >= 1 and nodes < without
    svg = picture(executed_lesson, L09, "fact-tt-tree")
    assert svg.count('class="edge tt-hit"') == hits               # "a dashed purple edge"
    assert "TT hit <= 0" in svg                                   # "<= 0 is an upper bound"


def test_09_the_double_threat_scores_18(executed_lesson):
    out = text(executed_lesson, L09, "fact-score")
    assert "score for X: 18" in out
    assert "score of column 2: 18" in out and "score of column 5: 18" in out


def test_09_the_naive_cache_is_wrong_and_the_table_right(executed_lesson):
    out = text(executed_lesson, L09, "fact-naive-cache")
    assert re.search(r"naive cache:\s+0\n", out)
    assert re.search(r"no memory\):\s+win in 5 plies", out)
    assert re.search(r"table with flags:\s+win in 5 plies", out)


def test_09_the_steps_table_has_a_row_per_step(executed_lesson):
    out = text(executed_lesson, L09, "fact-steps-table")
    for step in ("plain alpha-beta", "+ move order", "+ bitboards", "+ transposition table",
                 "+ null windows", "+ anticipate losing moves", "+ threat-based ordering",
                 "+ lower bounds in the table", "compiled (numba)", "+ opening book"):
        assert step in out, step
    rows = {line.split("|")[0].strip(): [cell.split() for cell in line.split("|")[1:]]
            for line in out.splitlines() if "|" in line and not line.startswith(" ")}
    assert len(rows) == 11                       # the header line and ten steps
    # the readable steps cannot do the beginning set nor the openings: n/a
    readable = [name for name in rows if "compiled" not in name and name != "step"]
    for name in readable:
        assert rows[name][2][0] == "n/a" and rows[name][3][0] == "n/a", name
    # plain alpha-beta solves the end game; the compiled rows solve every standard set
    assert rows["plain alpha-beta"][0][0] != "n/a"
    compiled = rows["same ideas, compiled (numba)"]
    assert all(cell[0] != "n/a" for cell in compiled[:3])
    # the opening book answers the openings without searching a node, and holds none of
    # the standard sets' positions: there the search runs as before (same nodes)
    booked = rows["+ opening book (compiled)"]
    assert booked[3][2] == "0"
    for column in range(3):
        assert booked[column][2] == compiled[column][2], (column, booked, compiled)
    assert "too hard for every readable step" in out


def test_09_null_windows_ask_half_way_to_the_extremes_first_then_step(executed_lesson):
    from gamelib.solver.negamax import STEPPING_WIDTH

    out = text(executed_lesson, L09, "fact-null-windows")
    probes = [int(m) for m in re.findall(r"is the score above\s+(-?\d+)\?", out)]
    said = re.findall(r"\(below: ((?:above \S+\? ?)+)\)", L09.read_text())
    asked = [[int(n.replace("\u2212", "-")) for n in re.findall(r"above (\S+)\?", group)]
             for group in said]
    assert len(asked) == 2 and probes[:2] == asked[0] and probes[2:] == asked[1]
    assert all(b - a == 1 for a, b in zip(probes[2:], probes[3:]))    # a point at a time
    assert f"at most {STEPPING_WIDTH} points wide (`STEPPING_WIDTH`" in L09.read_text()
    assert "exact score: 8" in out


def test_09_the_book_reaches_as_many_plies_as_the_lesson_says():
    from gamelib.solver import OpeningBook

    said = re.findall(r"in its first (\d+) plies", L09.read_text())
    assert said and {int(n) for n in said} == {OpeningBook.load().plies}


def test_09_threat_ordering_and_the_table_save_nodes_on_the_middle_game(executed_lesson):
    out = text(executed_lesson, L09, "fact-steps-table")
    nodes = {}
    for line in out.splitlines():
        if "|" in line and not line.startswith(" "):
            name, *cells = [part.strip() for part in line.split("|")]
            middle = cells[1].split() if len(cells) > 1 else []
            if middle and middle[0] != "n/a" and name != "step":
                nodes[name] = int(middle[-2].replace(",", ""))
    assert nodes["+ bitboards"] == nodes["+ move order (centre first)"]   # same search
    assert nodes["+ transposition table"] < nodes["+ bitboards"]
    assert nodes["+ lower bounds in the table"] < nodes["+ move order (centre first)"]
    assert nodes["same ideas, compiled (numba)"] == nodes["+ lower bounds in the table"]


def test_09_null_windows_cost_more_on_easy_positions_and_pay_on_the_hardest(executed_lesson):
    out = text(executed_lesson, L09, "fact-null-windows-pay")
    n, paid, more = map(int, re.search(r"(\d+) positions; null windows paid \(fewer nodes\) on "
                                       r"(\d+) of them, and cost more than the full window on "
                                       r"(\d+)", out).groups())
    assert n == 24 and paid + more == n and 0 < paid < more        # "mostly cost more"
    easy, hard = map(float, re.search(r"median: ([\d.]+) on the 12 easiest, ([\d.]+) on the 12 "
                                      r"hardest", out).groups())
    assert 1 < hard < easy                                           # "the extra cost falls"
    full, null = (int(n.replace(",", "")) for n in re.search(
        r"the hardest position: ([\d,]+) nodes with the full window, ([\d,]+) with null",
        out).groups())
    assert null < full                                               # "on the hardest ... paid"


def test_09_the_compiled_step_searches_the_same_nodes_far_faster(executed_lesson):
    out = text(executed_lesson, L09, "fact-step-9")
    lines = re.findall(r"(L\d_R\d): the same nodes [^\n]*, ([\d,]+) times as many per second: "
                       r"far more$", out, re.M)          # the table's text ends without a newline
    assert [name for name, _ in lines] == ["L3_R1", "L2_R1"], out
    assert "not the same" not in out


def test_09_claimeven_caps_its_position_and_saves_nodes_in_both_engines(executed_lesson):
    out = text(executed_lesson, L09, "fact-claimeven")
    caps = re.findall(r"(claimeven|with those columns paired, claimeven) caps X's score at "
                      r"(-?\d+) \| the exact score: (-?\d+)", out)
    assert [what for what, _, _ in caps] == ["claimeven", "with those columns paired, claimeven"]
    for _, cap, exact in caps:
        assert int(exact) <= int(cap) == 0          # the prose: "at most 0"
    found = re.findall(r"(L\d_R\d|openings), (readable|compiled): ([\d,]+) nodes per position "
                       r"without claimeven, ([\d,]+) with it", out)
    nodes = {(name, engine): (int(a.replace(",", "")), int(b.replace(",", "")))
             for name, engine, a, b in found}
    assert {"L3_R1", "L2_R1"} <= {name for name, engine in nodes if engine == "readable"}
    assert any(with_it < without for without, with_it in nodes.values())
    for (name, engine), figures in nodes.items():     # the same search, compiled
        if engine == "readable":
            assert nodes[(name, "compiled")] == figures, name


def test_09_mirror_images_halve_a_symmetric_search_node_for_node_in_both_engines(
        executed_lesson):
    from gamelib.solver.table import NEAR_MOVES

    out = text(executed_lesson, L09, "fact-mirror-images")
    assert f"its own mirror image: True | the solver behind solve() shares keys for positions of " \
           f"fewer than {NEAR_MOVES} discs" in out
    found = re.findall(r"^(\S+), (readable|compiled): ([\d,]+) nodes per position with useful "
                       r"threats first, ([\d,]+) with mirror images too", out, re.M)
    nodes = {(name, engine): (int(a.replace(",", "")), int(b.replace(",", "")))
             for name, engine, a, b in found}
    assert {"L3_R1", "L2_R1", "symmetric"} <= {name for name, _ in nodes}
    for engine in ("readable", "compiled"):
        before, after = nodes[("symmetric", engine)]
        assert after < 0.8 * before                 # the prose: "shrinks by up to half"
    for (name, engine), figures in nodes.items():     # the same search, compiled
        if engine == "readable":
            assert nodes[(name, "compiled")] == figures, name


def test_09_claimeven_ahead_bounds_a_position_and_saves_nodes_node_for_node(executed_lesson):
    out = text(executed_lesson, L09, "fact-claimeven-ahead")
    shown = re.search(r"after O's move in column 5, claimeven caps X's score at (-?\d+) \| so O "
                      r"is sure of at least (-?\d+) \| O's exact score: (-?\d+)", out)
    assert shown is not None, out
    cap, sure, exact = (int(value) for value in shown.groups())
    assert -cap == sure <= exact                    # the prose: "at least -c"
    assert_random_games_shrink_node_for_node(out, "with mirror images", "with claimeven ahead too")


def test_09_double_threats_ahead_find_the_bottom_row_threat_and_save_nodes(executed_lesson):
    out = text(executed_lesson, L09, "fact-double-threats")
    shown = re.search(r"X's moves that make a double threat: columns \[([\d, ]+)\] \| "
                      r"X's stone (\d+) wins: 22 − (\d+) = (\d+) \| X's exact score: (-?\d+)", out)
    assert shown is not None, out
    assert [int(col) for col in shown.group(1).split(",")] == [1, 4]   # either end of three
    stone, again, best, exact = (int(value) for value in shown.groups()[1:])
    assert stone == again == 4 and best == 22 - 4 == exact      # "no score is higher"
    assert_random_games_shrink_node_for_node(out, "with claimeven ahead",
                                             "with double threats ahead too")


def assert_random_games_shrink_node_for_node(out: str, before: str, after: str) -> None:
    """A step's lines ("L2_R1, readable: 102 nodes per position <before>, 78 <after> ..."):
    the table's sets and the random games measured, fewer nodes on the random games, and
    the compiled engine searching the readable one's nodes."""
    found = re.findall(r"(L\d_R\d|openings|random games), (readable|compiled): ([\d,]+) nodes "
                       rf"per position {re.escape(before)}, ([\d,]+) {re.escape(after)}", out)
    nodes = {(name, engine): (int(a.replace(",", "")), int(b.replace(",", "")))
             for name, engine, a, b in found}
    assert {"L3_R1", "L2_R1", "random games"} <= {name for name, _ in nodes}, out
    for engine in ("readable", "compiled"):
        fewer_before, fewer_after = nodes[("random games", engine)]
        assert fewer_after < fewer_before
    for (name, engine), figures in nodes.items():     # the same search, compiled
        if engine == "readable":
            assert nodes[(name, "compiled")] == figures, name


def test_09_forced_moves_and_etc_are_measured_node_for_node_in_both_engines(executed_lesson):
    out = text(executed_lesson, L09, "fact-forced-etc")
    assert "X's only move that does not lose at once: column 6" in out    # the block
    found = re.findall(r"(L\d_R\d|openings), (readable|compiled): nodes per position ([\d,]+) "
                       r"with claimeven, ([\d,]+) with forced moves too \([-+\d.]+%\), "
                       r"([\d,]+) with ETC too", out)
    nodes = {(name, engine): tuple(int(n.replace(",", "")) for n in figures)
             for name, engine, *figures in found}
    assert {"L3_R1", "L2_R1"} <= {name for name, engine in nodes if engine == "readable"}
    assert any(forced < claimeven for claimeven, forced, _ in nodes.values())
    for (name, engine), figures in nodes.items():     # the same searches, compiled
        if engine == "readable":
            assert nodes[(name, "compiled")] == figures, name


def test_09_useful_threats_first_is_measured_node_for_node_in_both_engines(executed_lesson):
    out = text(executed_lesson, L09, "fact-useful-threats")
    assert "weights: 2 for a useful threat on a cell that can be filled now, 4 for one " \
           "right above such a cell, 1 for every useful threat" in out
    found = re.findall(r"(L\d_R\d|openings), (readable|compiled): ([\d,]+) nodes per position "
                       r"with ETC, ([\d,]+) with useful threats first too", out)
    nodes = {(name, engine): tuple(int(n.replace(",", "")) for n in figures)
             for name, engine, *figures in found}
    assert {"L3_R1", "L2_R1"} <= {name for name, engine in nodes if engine == "readable"}
    for (name, engine), figures in nodes.items():     # the same search, compiled
        if engine == "readable":
            assert nodes[(name, "compiled")] == figures, name
    before = text(executed_lesson, L09, "fact-forced-etc")      # "with ETC": that cell's last
    for (name, engine), (etc, _) in nodes.items():
        assert re.search(rf"{name}, {engine}: .* {etc:,} with ETC too", before), (name, engine)


def test_09_the_perfect_player_answers_within_a_second(executed_lesson):
    out = lessons.cell_text(executed_lesson(L09), "fact-perfect-game")
    assert "O wins" in out
    assert float(re.search(r"slowest move took ([\d.]+) s", out).group(1)) < 1


def test_08_the_head_to_head_table_reads_every_pair_of_the_stronger_players(executed_lesson):
    """"The real information is in the games between the stronger players": a verdict per
    pair without the random player, each read from its own interval, and the cross-table."""
    out = text(executed_lesson, L08, "fact-head-to-head")
    verdicts = [line for line in out.splitlines() if re.match(r"\d+ games: ", line)]
    assert len(verdicts) == 3                   # 3 stronger players: 3 pairs
    for line in verdicts:
        assert_verdict_reads_its_interval(line)
    scores = re.findall(r"(\d\.\d\d) \((\d\.\d\d)-(\d\.\d\d)\)", out)
    assert len(scores) == 4 * 3                 # every ordered pair of the 4 players
    assert all(float(low) <= float(score) <= float(high) for score, low, high in scores)
