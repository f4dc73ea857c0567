"""Facts that lesson 10 (learning to evaluate) states, asserted on the executed lesson.

The lesson runs once per test session with its quick settings (tests/conftest.py); each
test reads the output of one tagged cell (scripts/lessons.py: cell_text).
"""

import json
import re
from pathlib import Path

import pytest

import lessons
from gamelib.arena import duels
from gamelib.arena.stats import interval_verdict
from gamelib.learning import load_shipped, train_command

LESSON = Path(__file__).resolve().parent.parent / "notebooks" / "10-learning-to-evaluate.ipynb"
README = LESSON.parent.parent / "README.md"


def text(executed_lesson, tag):
    return lessons.cell_text(executed_lesson(LESSON), tag)


def verdict_reads_its_interval(output):
    """Every printed verdict says what the interval printed in it says."""
    found = re.findall(r"between (\d\.\d+) and (\d\.\d+) \(95% interval\): ([^\n]+)", output)
    assert found
    for low, high, words in found:
        if float(low) > 0.5:
            assert "stronger than" in words
        elif float(high) < 0.5:
            assert "weaker than" in words
        else:
            assert "cannot tell" in words


def lesson_source():
    """Every cell's source, as one text."""
    return "\n".join("".join(cell["source"]) for cell in json.loads(LESSON.read_text())["cells"])


def test_the_lesson_states_the_update_it_runs_and_asks_for_it():
    source = lesson_source()
    assert r"w \leftarrow w + \alpha \, \delta \, \big(1 - V(s)^2\big)" in source
    assert "td_step_exercise.check()" in source and "predict.first_delta.check()" in source
    assert "GAMELIB_QUICK" not in source and "os.environ" not in source


@pytest.mark.slow
def test_the_network_size_is_the_tables_the_prose_describes(executed_lesson):
    output = text(executed_lesson, "network-size")
    assert "20 tuples of 6 cells" in output
    assert "4**6 = 4,096 entries" in output
    assert f"all tables: {2 * 20 * 4 ** 6:,} entries" in output
    assert "untrained value of small.play(\"2213\"): 0.0" in output


@pytest.mark.slow
def test_the_curve_starts_untrained_with_a_score_against_random_play(executed_lesson):
    output = text(executed_lesson, "curve")
    rows = [line.split() for line in output.splitlines() if re.match(r"\s+\d+\s+\d+\.\d", line)]
    assert [int(row[0]) for row in rows] == sorted(int(row[0]) for row in rows)
    assert rows[0][:2] == ["0", "0.0"]
    assert float(rows[0][3]) > 0          # "already scores something against random play"
    games = int(rows[-1][0])
    assert f"after {games} games" in output


@pytest.mark.slow
def test_td_lambda_is_compared_at_the_games_of_the_first_block(executed_lesson):
    curve = text(executed_lesson, "curve")
    games = [int(line.split()[0]) for line in curve.splitlines()
             if re.match(r"\s+\d+\s+\d+\.\d", line)]
    output = text(executed_lesson, "td-lambda")
    assert f"after {games[1]} games" in output
    assert "TD(0) " in output and "TD(0.5)" in output


def test_the_readme_states_the_shipped_networks_games_and_command():
    network = load_shipped()
    readme = README.read_text()
    assert train_command(network) in readme
    assert f"{network.info['games']:,} games" in readme


@pytest.mark.slow
def test_the_shipped_network_is_described_by_its_file(executed_lesson):
    output = text(executed_lesson, "shipped")
    network = load_shipped()
    assert f"trained by {network.info['games']:,} games" in output
    assert train_command(network) in output


def markdown(cell_id):
    """The prose of the lesson's markdown cell `cell_id`."""
    cells = json.loads(LESSON.read_text())["cells"]
    return "".join(next(cell["source"] for cell in cells if cell["id"] == cell_id))


AIM = re.compile(r"(the bar|the goal), stronger than the (.+?) at depth (\d+): (reached|not "
                 r"reached), since the interval's low end, (\d\.\d+), (lies|does not lie) above 0\.5")


@pytest.mark.slow
def test_the_7x6_verdicts_read_their_intervals(executed_lesson):
    kept = text(executed_lesson, "kept-7x6")
    assert re.search(r"\d+ of the first \d+ positions of L2_R1", kept)
    assert len(re.findall(r"keeps the exact value in \d+%", kept)) == 3
    duels = text(executed_lesson, "duels")
    assert "window count, depth 4" in duels and "report's evaluation, depth 4" in duels
    verdict_reads_its_interval(duels)
    verdict_reads_its_interval(text(executed_lesson, "mcts-duel"))


def test_every_run_reads_the_same_stored_7x6_matches():
    """The 7x6 verdicts come from the stored games, so quick, full and browser runs print
    the same; only how many of those games are played again changes."""
    sizes = json.loads(LESSON.read_text())["metadata"]["gamelib"]
    for setting in ("quick", "browser"):
        assert not {"DEPTH", "DUEL_GAMES"} & set(sizes[setting])
        assert 0 < sizes[setting]["LIVE_GAMES"] < 8
    source = lesson_source()
    assert "LIVE_GAMES = 8 " in source and "duels.stored(rival)" in source
    assert "match(game, learned" not in source


@pytest.mark.slow
def test_the_7x6_matches_printed_are_the_stored_ones(executed_lesson):
    output = text(executed_lesson, "duels")
    for rival in duels.GAMES:
        played = duels.stored(rival)
        assert str(played) in output
        assert interval_verdict("the learned evaluation", *played.interval(played.players[0]),
                                f"the {rival}") in output
    assert "made by `python -m gamelib.arena.duels`" in output


@pytest.mark.slow
def test_the_games_played_again_come_out_as_stored(executed_lesson):
    found = re.findall(r"against the ([^:\n]+): games \[[\d, ]+\] played again, (\d+) of "
                       r"(\d+) came out as stored, move for move",
                       text(executed_lesson, "live-duels"))
    assert [rival for rival, _, _ in found] == list(duels.GAMES)
    assert all(same == count and int(count) > 0 for _, same, count in found)


@pytest.mark.slow
def test_the_prose_says_what_the_bar_and_the_goal_lines_print(executed_lesson):
    aims = {aim: (rival, reached, float(low), lies) for aim, rival, depth, reached, low, lies
            in AIM.findall(text(executed_lesson, "duels"))}
    assert set(aims) == {"the bar", "the goal"}
    assert aims["the bar"][0] == "window count" and aims["the goal"][0] == "report's evaluation"
    for rival, reached, low, lies in aims.values():
        assert (reached == "reached") == (low > 0.5) == (lies == "lies")
    prose = markdown("cell-32") + markdown("cell-36")
    for aim, (rival, reached, low, lies) in aims.items():
        passed = f"reaches {aim}" in prose
        failed = f"does not reach {aim}" in prose
        assert (passed, failed) == ((True, False) if reached == "reached" else (False, True)), aim
