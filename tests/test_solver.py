"""The exact Connect Four solver: positions, reference scores, both engines, the API."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gamelib.games import ConnectFour, IllegalMoveError, from_standard, to_standard
from gamelib.solver import Position, Solver, analyze, solve
from gamelib.solver import api
from gamelib.solver.position import WIDTH

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "connect4"


def reference(name: str, limit: int | None = None) -> list[tuple[str, int]]:
    """(moves, score) pairs of a reference set."""
    path = DATA / f"{name}.txt"
    if not path.exists():
        pytest.skip(f"reference data not found at {path}")
    pairs = [(from_standard(m), int(s)) for m, s in (line.split() for line in path.read_text().splitlines()
                                      if line.strip())]
    return pairs[:limit]


def test_position_agrees_with_connect_four_on_random_games():
    game = ConnectFour()
    rng = random.Random(7)
    for _ in range(2000):
        state, pos, text = game.initial_state, Position.empty(), ""
        while not game.is_terminal(state):
            assert Position.from_state(state) == pos
            legal = game.actions(state)
            assert [c for c in range(WIDTH) if pos.can_play(c)] == legal
            for col in legal:
                wins = game.result(state, col).winner is not None
                assert pos.is_winning_move(col) == wins
            assert pos.can_win_next() == any(pos.is_winning_move(c) for c in legal)
            col = rng.choice(legal)
            if pos.is_winning_move(col):
                with pytest.raises(IllegalMoveError, match="ends the game"):
                    Position.from_string(text + str(col))
            state, pos, text = game.result(state, col), pos.play_col(col), text + str(col)
            if not game.is_terminal(state):
                assert api.to_position(text) == pos == Position.from_string(text)
                assert pos.mirror().mirror() == pos


def test_scores_of_every_end_game_position():
    for moves, score in reference("Test_L3_R1"):
        assert solve(moves) == score, moves


def test_scores_of_every_easy_middle_game_position():
    for moves, score in reference("Test_L2_R1"):
        assert solve(moves) == score, moves


def test_pure_python_and_numba_give_identical_scores():
    python = Solver()
    pairs = reference("Test_L3_R1") + reference("Test_L2_R1", 100)
    for moves, score in pairs:
        pos = Position.from_string(moves)
        assert python.solve(pos) == solve(pos, engine="fast") == score, moves


def test_weak_solve_gives_the_sign():
    for moves, score in reference("Test_L2_R1", 200):
        assert solve(moves, weak=True) == (score > 0) - (score < 0), moves


def test_mirror_image_has_the_same_score():
    for moves, score in reference("Test_L2_R1", 50):
        mirrored = "".join(str(WIDTH - 1 - int(c)) for c in moves)
        assert solve(mirrored) == score


def test_analyze_agrees_with_solving_each_child():
    for moves, score in reference("Test_L2_R1", 40):
        scores = analyze(moves)
        pos = Position.from_string(moves)
        assert sorted(scores) == [c for c in range(WIDTH) if pos.can_play(c)]
        assert max(scores.values()) == score
        for col, value in scores.items():
            if pos.is_winning_move(col):
                assert value == (43 - pos.moves) // 2
            elif pos.moves + 1 < 42:
                assert value == -solve(moves + str(col)), (moves, col)


def test_results_carry_nodes_and_time():
    score = solve("1141465142351133000452254232560240330")
    assert score == -1 and score.nodes >= 1 and score.seconds >= 0
    scores = analyze("1141465142351133000452254232560240330")
    assert scores.nodes >= 1 and scores.best_score == -1
    assert scores.best_moves == sorted(scores.best_moves, key=api.centre_distance)


def test_a_state_and_its_string_give_the_same_score():
    moves, score = reference("Test_L2_R1", 1)[0]
    assert solve(ConnectFour().play(moves)) == score


@pytest.mark.parametrize("text, message", [
    ("44x", "character 'x' at position 3 is not a column"),
    ("48", "character '8' at position 2 is not a column"),
    ("3333333", "position 7 is in a full column"),
    ("0101010", "position 7 ends the game"),
])
def test_bad_position_strings_are_refused(text, message):
    for parse in (api.to_position, Position.from_string):
        with pytest.raises(IllegalMoveError, match=message):
            parse(text)


def test_finished_games_and_other_boards_are_refused():
    game = ConnectFour()
    with pytest.raises(ValueError, match="game is over"):
        solve(game.play("0101010"))
    with pytest.raises(ValueError, match="7 columns x 6 rows"):
        solve(ConnectFour(rows=5, cols=6).initial_state)
    with pytest.raises(TypeError, match="position string"):
        solve(42)
    with pytest.raises(ValueError, match="unknown engine"):
        solve("33", engine="c++")


def test_without_numba_the_pure_python_solver_is_used(monkeypatch):
    monkeypatch.setattr(api, "HAVE_NUMBA", False)
    monkeypatch.setattr(api, "_warned", False)
    monkeypatch.setattr(api, "_solvers", {})
    with pytest.warns(RuntimeWarning, match="numba is not available"):
        solver = api.get_solver()
    assert isinstance(solver, Solver)
    assert solve("1141465142351133000452254232560240330") == -1


def test_node_budget_stops_the_search_and_says_so():
    python = Solver()
    assert python.solve(Position.from_string("33"), max_nodes=500) == 0 and python.aborted
    fast = api.get_solver("fast")
    fast.solve(Position.from_string("33"), max_nodes=500)
    assert fast.aborted
    assert solve("1141465142351133000452254232560240330") == -1


def test_cli_prints_the_score_of_every_column(capsys):
    from gamelib.cli import main
    moves, score = reference("Test_L2_R1", 1)[0]
    assert main(["solve", moves]) == 0
    out = capsys.readouterr().out
    scores = analyze(moves)
    assert f"score {score} for the player to move" in out
    cells = [f"{scores[c]:>3}" if c in scores else "  -" for c in range(WIDTH)]
    assert "score:  " + " ".join(cells) in out
    assert main(["solve", "44x"]) == 2
    assert "not a column" in capsys.readouterr().err


def test_cli_bench_reports_positions_and_correct(tmp_path, capsys):
    from gamelib.cli import main
    lines = [f"{to_standard(m)} {s}" for m, s in reference("Test_L3_R1", 20)]
    path = tmp_path / "set.txt"
    path.write_text("\n".join(lines + ["2252576253462244111563365343671351441 5"]) + "\n")
    assert main(["solve", "--bench", str(path)]) == 1  # the last line is deliberately wrong
    out = capsys.readouterr().out
    assert "positions 21, correct 20, mean time" in out and "nodes/s" in out
