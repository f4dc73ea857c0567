"""PerfectPlayer keeps the solver's result; the opening book and its generator."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelib.arena import RandomPlayer, play_game
from gamelib.games import ConnectFour, from_standard
from gamelib.search.players import AlphaBetaPlayer
from gamelib.solver import OpeningBook, PerfectPlayer, Position, solve
from gamelib.solver.book import default_path, format_line, generate, parse_line

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "connect4"


def middle_game_positions(count_won: int, count_drawn: int) -> list[tuple[str, int]]:
    """The first won and drawn positions of Test_L2_R1 and Test_L2_R2."""
    won, drawn = [], []
    for name in ("Test_L2_R1", "Test_L2_R2"):
        path = DATA / f"{name}.txt"
        if not path.exists():
            pytest.skip(f"reference data not found at {path}")
        for line in path.read_text().splitlines():
            moves, score = line.split()
            (won if int(score) > 0 else drawn if int(score) == 0 else []).append(
                (from_standard(moves), int(score)))
    return won[:count_won] + drawn[:count_drawn]


@pytest.mark.parametrize("opponent", ["random", "alphabeta"])
def test_perfect_player_keeps_the_solvers_result(opponent):
    game = ConnectFour()
    perfect = PerfectPlayer(time_limit=None, book=False)
    for i, (moves, score) in enumerate(middle_game_positions(8, 4)):
        start = game.play(moves)
        other = RandomPlayer(seed=i) if opponent == "random" else AlphaBetaPlayer(depth=2)
        seat = start.to_move
        players = {seat: perfect, game.opponent(seat): other}
        record = play_game(game, players, start=start)
        if score > 0:
            assert record.winner == seat, (moves, record)
            winner_stones = (record.final_state.ply + (1 if seat == "X" else 0)) // 2
            assert 22 - winner_stones >= score  # at least as fast as the solver promised
        else:
            assert record.winner in (seat, None), (moves, record)


def test_perfect_player_explains_its_move():
    game = ConnectFour()
    moves = "1141465142351133000452254232560240330"
    result = PerfectPlayer(book=False).explain(game, game.play(moves))
    assert result.value == solve(moves) == max(result.move_values.values())
    assert result.move_values[result.move] == result.value
    assert result.source == "solver" and result.stats.nodes > 0


POSITIONS_PAST_THE_BOOK = ["033303633", "3553335635", "3256553362", "540464420"]
"""Positions a perfect player met right after the book's 8 plies (against random and
alpha-beta opponents): the slowest to analyse column by column."""


@pytest.mark.parametrize("moves", POSITIONS_PAST_THE_BOOK)
def test_the_move_comes_from_the_score_and_a_test_per_column(moves):
    """With no time to explain (answer_seconds=0: one slice of the solver per column) the
    move is still the centre-most best column; a column not finished carries an upper
    bound (score - 1 when a test proved it worse, else the score), and every bound holds
    for the exact scores."""
    from gamelib.solver import analyze

    game = ConnectFour()
    exact = analyze(moves)
    result = PerfectPlayer(book=False, answer_seconds=0).explain(game, game.play(moves))
    assert result.value == exact.best_score and result.move == exact.best_moves[0]
    assert result.move_bounds[result.move] == "exact"
    assert result.move_values[result.move] == exact[result.move]
    for col, bound in result.move_bounds.items():
        if bound == "exact":                  # (one slice of the solver fits in no time)
            assert result.move_values[col] == exact[col], (col, exact)
        else:
            assert bound == "upper" and exact[col] <= result.move_values[col], (col, exact)
            assert result.move_values[col] in (result.value, result.value - 1)
    assert set(result.move_values) == set(exact)


def test_with_time_to_explain_every_column_is_exact():
    game = ConnectFour()
    moves = POSITIONS_PAST_THE_BOOK[1]
    result = PerfectPlayer(book=False, answer_seconds=None).explain(game, game.play(moves))
    from gamelib.solver import analyze

    assert result.move_values == dict(analyze(moves))
    assert set(result.move_bounds.values()) == {"exact"} and result.note == "solved exactly"


def test_the_why_panel_words_an_unfinished_column_as_a_bound(monkeypatch):
    from gamelib.solver import player
    from gamelib.widgets.explain import value_words

    monkeypatch.setattr(player, "EXPLAIN_SLICE", 1000)   # too small to finish a column
    game = ConnectFour()
    moves = POSITIONS_PAST_THE_BOOK[0]
    result = PerfectPlayer(book=False, answer_seconds=0).explain(game, game.play(moves))
    words = {col: value_words(result, col) for col in result.move_values}
    for col, bound in result.move_bounds.items():
        if bound == "upper":
            assert words[col] in ("worse than the move played",
                                  "not solved in time: no better than the move played")
    assert "upper" in result.move_bounds.values() and "<=" in result.note


def test_answer_seconds_must_be_a_time():
    with pytest.raises(ValueError, match="answer_seconds"):
        PerfectPlayer(answer_seconds=-1)


def test_among_equal_scores_the_centre_most_column():
    game = ConnectFour()
    moves = "3342"  # columns 2, 5 and 6 all score -2
    book = OpeningBook({moves: {2: -2}})
    assert PerfectPlayer(book=book)(game, game.play(moves)) == 2
    result = PerfectPlayer(book=False, time_limit=None).explain(
        game, game.play("1141465142351133000452254232560240330"))
    best = [c for c, s in result.move_values.items() if s == result.value]
    assert result.move == min(best, key=lambda c: (abs(2 * c - 6), c))


def test_too_early_to_solve_in_time_falls_back_and_says_so():
    game = ConnectFour()
    player = PerfectPlayer(time_limit=1e-5, book=False)
    with pytest.warns(RuntimeWarning, match="too early to solve"):
        move = player(game, game.play("33"))
    assert move in game.actions(game.play("33"))
    assert player.last_result.source == "heuristic"


def test_book_answers_mirror_images():
    book = OpeningBook({"0": {3: -2}, "01": {1: 0, 2: -3}})
    assert book.lookup(Position.from_string("6")) == (-2, 3)
    assert book.lookup(Position.from_string("65")) == (0, 5)
    assert book.scores(Position.from_string("65")) == {5: 0, 4: -3}
    assert book.lookup(Position.from_string("02")) is None
    assert len(book) == 2 and book.plies == 2


def test_book_fills_a_columns_score_from_the_position_after_it():
    book = OpeningBook({"": {3: 1}, "3": {3: -1}, "0": {3: 2}})
    assert book.scores(Position.empty()) == {3: 1, 0: -2, 6: -2}


def test_book_lines_round_trip():
    line = format_line("3342", {0: -2, 3: 5})
    assert line == "3342 -2 . . 5 . . .\n" and parse_line(line) == ("3342", {0: -2, 3: 5})
    assert parse_line(format_line("", {3: 1})) == ("", {3: 1})
    with pytest.raises(ValueError, match="7 scores"):
        parse_line("33 1 2")


def test_book_generator_is_resumable_and_exact(tmp_path):
    root = "1141465142351133000452254232"
    path = tmp_path / "book.txt.gz"
    logs: list[str] = []
    book = generate(len(root) + 3, path, log=logs.append, root=root)
    assert len(book) > 8
    for moves, scores in book.entries.items():
        pos = Position.from_string(moves)
        assert sorted(scores) == [c for c in range(7) if pos.can_play(c)]
        assert solve(moves) == max(scores.values())
        for col, score in scores.items():
            assert pos.is_winning_move(col) or -solve(moves + str(col)) == score
    solved_first = sum("solved" in line for line in logs)
    logs.clear()
    again = generate(len(root) + 3, path, log=logs.append, root=root)
    assert not any("solved" in line for line in logs) and solved_first == len(book)
    assert again.entries == book.entries


def test_book_generator_can_store_only_the_best_column(tmp_path):
    root = "1141465142351133000452254232"
    book = generate(len(root) + 1, tmp_path / "best.txt", log=lambda _: None, root=root,
                    every_column=False)
    for moves, scores in book.entries.items():
        (col, score), = scores.items()
        assert solve(moves) == score
        pos = Position.from_string(moves)
        assert pos.is_winning_move(col) or -solve(moves + str(col)) == score


def test_shipped_book_loads_and_plays_legal_moves():
    book = OpeningBook.load()
    assert default_path().name == "connect4_book.txt.gz"
    for moves, scores in book.entries.items():
        pos = Position.from_string(moves)
        assert scores and all(pos.can_play(c) and -18 <= s <= 18 for c, s in scores.items())
    assert book.lookup(Position.empty()) == (1, 3)  # the first player wins, only in the centre
    assert book.plies >= 8


def test_the_book_answers_the_empty_board_at_once():
    book = OpeningBook.load()
    if "" not in book.entries:
        pytest.skip("the shipped book does not reach the empty board")
    game = ConnectFour()
    player = PerfectPlayer(time_limit=None)
    assert player(game, game.initial_state) == 3
    assert player.last_result.source == "book" and player.last_result.value == 1


def first_player_positions_in_book(book: OpeningBook, plies: int) -> bool:
    """True if the book answers every position the first player meets up to `plies`."""
    frontier = [""]
    while frontier:
        moves = frontier.pop()
        pos = Position.from_string(moves)
        found = book.lookup(pos)
        if found is None:
            return False
        if len(moves) + 2 > plies or pos.is_winning_move(found[1]):
            continue
        after = pos.play_col(found[1])
        frontier += [moves + str(found[1]) + str(r) for r in range(7)
                     if after.can_play(r) and not after.is_winning_move(r)]
    return True


def test_the_book_answers_every_position_a_perfect_player_meets_in_its_first_10_plies():
    """Both seats, every reply: the perfect player never has to solve before ply 11."""
    book = OpeningBook.load()
    frontier = [""] + [str(c) for c in range(7)]
    seen = 0
    while frontier:
        moves = frontier.pop()
        pos = Position.from_string(moves)
        found = book.lookup(pos)
        assert found is not None, f"the book misses {moves!r}"
        seen += 1
        if len(moves) + 2 > 10 or pos.is_winning_move(found[1]):
            continue
        after = pos.play_col(found[1])
        frontier += [moves + str(found[1]) + str(r) for r in range(7)
                     if after.can_play(r) and not after.is_winning_move(r)]
    assert book.plies == 10 and seen > 6000


def test_from_the_empty_board_the_first_player_wins_every_game():
    book = OpeningBook.load()
    if not first_player_positions_in_book(book, 4):
        pytest.skip("the shipped book does not cover the first player's first 4 plies")
    game = ConnectFour()
    perfect = PerfectPlayer(time_limit=None, book=book)
    for seed in range(3):
        record = play_game(game, [perfect, RandomPlayer(seed)], seed=seed)
        assert record.winner == "X", record
    record = play_game(game, [perfect, AlphaBetaPlayer(depth=2)])
    assert record.winner == "X", record
