"""Matches and tournaments: fairness, reproducibility, forfeits, executors, export, CLI."""

import pickle
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import (AlphaBetaPlayer, ConnectFour, MCTSPlayer, MinimaxPlayer, RandomPlayer,
                     TicTacToe, match, tournament)
from gamelib.arena import MatchResult, TournamentResult
from gamelib.cli import main
from gamelib.games import IllegalMoveError

C4 = ConnectFour()
TTT = TicTacToe()


class Named:
    """Test players show their name."""

    name = "named"

    def __repr__(self):
        return f"{type(self).__name__}({self.name})"


class FirstMove(Named):
    """Always plays the first legal move (deterministic)."""

    name = "first"

    def __call__(self, game, state):
        return game.actions(state)[0]


class Crasher(Named):
    """Raises on its second move."""

    name = "crasher"

    def __call__(self, game, state):
        if (state.x | state.o).bit_count() >= 2:
            raise RuntimeError("boom")
        return game.actions(state)[0]


class Cheater(Named):
    """Returns a column that does not exist."""

    name = "cheater"

    def __call__(self, game, state):
        return 99


class Counter(Named):
    """Stateful: its moves depend on how many moves it made before (in any game)."""

    name = "counter"

    def __init__(self):
        self.calls = 0

    def __call__(self, game, state):
        self.calls += 1
        moves = game.actions(state)
        return moves[self.calls % len(moves)]


def table(result):
    """The parts of a result that must not depend on how it was computed."""
    return [(g.index, g.seats, g.winner, g.reason, g.opening, g.moves) for g in result.games]


# --- fairness and reproducibility -------------------------------------------------


def test_seat_swapping_is_exact():
    result = match(C4, RandomPlayer(), FirstMove(), games=10, seed=1, progress=False,
                   executor="serial", openings=2)
    a, b = result.players
    assert sum(g.seats[0] == a for g in result.games) == 5
    assert sum(g.seats[0] == b for g in result.games) == 5
    for even, odd in zip(result.games[::2], result.games[1::2]):
        assert even.seats == odd.seats[::-1] and even.opening == odd.opening
    rows = {row["player"]: row for row in result.to_records()}
    assert rows[a]["first_games"] == rows[a]["second_games"] == 5


@settings(max_examples=30, deadline=None)
@given(pairs=st.integers(1, 8), seed=st.integers(0, 2**40), openings=st.integers(0, 3))
def test_every_match_is_balanced_and_adds_up(pairs, seed, openings):
    result = match(TTT, "random", FirstMove(), games=2 * pairs, seed=seed,
                   openings=openings, progress=False, executor="serial")
    a, b = result.to_records()
    assert a["first_games"] == a["second_games"] == b["first_games"] == pairs
    assert (a["wins"], a["draws"], a["losses"]) == (b["losses"], b["draws"], b["wins"])
    assert a["score"] + b["score"] == pytest.approx(1)
    x, o = result.by_seat()
    assert x["wins"] + x["draws"] + o["wins"] == 2 * pairs
    assert [g.index for g in result.games] == list(range(2 * pairs))


def test_without_swap_seats_player_a_always_moves_first():
    result = match(TTT, "random", FirstMove(), games=5, swap_seats=False, seed=2,
                   progress=False, executor="serial")
    assert all(g.seats == ("random", "first") for g in result.games)


def test_same_seed_same_table_and_other_seed_other_games():
    players = {"random": RandomPlayer(), "first": FirstMove(), "counter": Counter()}
    one = tournament(C4, players, games=6, seed=7, progress=False, executor="serial")
    two = tournament(C4, players, games=6, seed=7, progress=False, executor="serial")
    other = tournament(C4, players, games=6, seed=8, progress=False, executor="serial")
    assert one.to_records() == two.to_records() and table(one) == table(two)
    assert table(one) != table(other)


def test_a_tournament_match_can_be_replayed_alone_from_its_seed():
    players = {"random": RandomPlayer(), "first": FirstMove(), "counter": Counter()}
    result = tournament(C4, players, games=4, seed=10, openings=1, progress=False,
                        executor="serial")
    one = result.matches["first", "counter"]
    alone = match(C4, FirstMove(), Counter(), games=4, seed=one.seed, openings=1,
                  progress=False, executor="serial")
    assert [g.moves for g in alone.games] == [g.moves for g in one.games]
    smaller = tournament(C4, {k: players[k] for k in ("first", "counter")}, games=4,
                         seed=10, openings=1, progress=False, executor="serial")
    assert table(smaller.matches["first", "counter"]) == table(one)


def test_results_do_not_depend_on_chunking_even_for_stateful_players():
    one = match(C4, Counter(), RandomPlayer(), games=12, seed=3, progress=False,
                executor="serial", chunksize=1)
    many = match(C4, Counter(), RandomPlayer(), games=12, seed=3, progress=False,
                 executor="serial", chunksize=5)
    assert table(one) == table(many)


def test_random_openings_make_deterministic_players_play_different_games():
    plain = match(C4, FirstMove(), Counter(), games=8, seed=4, progress=False,
                  executor="serial")
    varied = match(C4, FirstMove(), Counter(), games=8, seed=4, openings=4, progress=False,
                   executor="serial")
    assert len({g.moves for g in plain.games[::2]}) == 1
    assert len({g.opening for g in varied.games}) == 4
    for g in varied.games:
        assert len(g.opening) == 4
        assert C4.is_terminal(C4.play(list(g.opening) + list(g.moves)))


def test_listed_openings_are_used_in_turn_from_both_seats():
    result = match(C4, "random", FirstMove(), games=8, openings=["33", "3342"], seed=5,
                   progress=False, executor="serial")
    assert [g.opening for g in result.games] == ["33", "33", "3342", "3342"] * 2
    for index, g in enumerate(result.games):
        columns = [int(digit) for digit in g.opening] + list(g.moves)
        assert C4.is_terminal(C4.play(columns))
        states = result.replay(index)
        assert states[0] == C4.play(g.opening) and states[-1] == C4.play(columns)
        assert len(states) == g.plies + 1


def test_match_of_identical_objects_keeps_games_independent():
    player = RandomPlayer()
    result = match(TTT, player, player, games=4, seed=6, progress=False, executor="serial")
    assert result.players == ("RandomPlayer(seed=None) (a)", "RandomPlayer(seed=None) (b)")
    assert len(result.games) == 4


# --- statistics and export -----------------------------------------------------------


def test_records_are_consistent():
    result = tournament(TTT, ["random", FirstMove(), "random"], games=10, seed=9,
                        progress=False, executor="serial")
    rows = result.to_records()
    assert [row["rank"] for row in rows] == [1, 2, 3]
    assert {row["player"] for row in rows} == {"random", "first", "random (2)"}
    for row in rows:
        assert row["games"] == 20 == row["wins"] + row["draws"] + row["losses"]
        assert row["ci_low"] <= row["score"] <= row["ci_high"]
        assert row["elo_low"] < row["elo"] < row["elo_high"]
        assert row["first_games"] + row["second_games"] == 20
        assert row["first_wins"] + row["second_wins"] == row["wins"]
    assert sum(row["wins"] for row in rows) == sum(row["losses"] for row in rows)
    x, o = result.by_seat()
    assert (x["seat"], o["seat"], x["games"]) == ("X", "O", 30)
    assert x["wins"] == o["losses"] == sum(row["first_wins"] for row in rows)
    assert rows[0]["elo"] >= rows[1]["elo"] >= rows[2]["elo"]
    assert sum(row["elo"] for row in rows) == pytest.approx(0, abs=1e-6)
    pairs = {(r["player"], r["opponent"]): r for r in result.pairwise()}
    assert len(pairs) == 6
    assert pairs["first", "random"]["wins"] == pairs["random", "first"]["losses"]
    assert pairs["first", "random"]["score"] + pairs["random", "first"]["score"] == 1


class Slow(Named):
    """Takes at least 20 ms to choose the first legal move."""

    name = "slow"

    def __call__(self, game, state):
        import time
        time.sleep(0.02)
        return game.actions(state)[0]


def test_a_match_measures_each_players_time_per_move():
    result = match(TTT, Slow(), FirstMove(), games=4, seed=1, progress=False,
                   executor="serial")
    thinking = [pair for g in result.games for pair in g.thinking]
    assert len(thinking) == sum(g.plies for g in result.games)       # one time per move
    assert {name for name, _ in thinking} == {"slow", "first"}
    assert result.seconds_per_move("slow") >= 0.02 > result.seconds_per_move("first")
    assert result.seconds_per_move("nobody") == 0.0
    again = match(TTT, Slow(), FirstMove(), games=4, seed=1, progress=False,
                  executor="serial")
    assert again.games == result.games            # the times differ, the games are equal


def test_a_record_times_every_move_and_not_the_forfeited_one():
    from gamelib import play_game
    record = play_game(C4, [FirstMove(), Crasher()])
    assert record.forfeit and len(record.seconds) == len(record.moves) == 3
    record = play_game(TTT, [Slow(), FirstMove()])
    assert len(record.seconds) == len(record.moves)
    assert all(s >= 0.02 for s in record.seconds[::2])


def test_dataframes_and_text():
    result = tournament(TTT, {"a": RandomPlayer(), "b": FirstMove()}, games=4, seed=1,
                        progress=False, executor="serial")
    frame = result.to_dataframe()
    assert {"player", "wins", "draws", "losses", "score", "ci_low", "ci_high",
            "elo", "elo_se"} <= set(frame.columns)
    assert list(frame["player"]) == [row["player"] for row in result.to_records()]
    grid = result.pairwise_dataframe()
    assert grid.loc["a", "b"] + grid.loc["b", "a"] == 1
    assert "score" in str(result) and "<table" in result._repr_html_()
    one = result.matches["a", "b"]
    assert isinstance(one, MatchResult) and "a vs b (4 games)" in str(one)
    assert 'class="gamelib-match"' in one._repr_html_() and "seed" in one._repr_html_()
    assert len(one.to_dataframe()) == 2
    assert isinstance(result, TournamentResult) and "seed=1" in repr(result)


# --- broken players --------------------------------------------------------------------


def test_a_player_that_raises_or_moves_illegally_forfeits_and_the_tournament_goes_on():
    players = {"random": RandomPlayer(), "cheater": Cheater(), "crasher": Crasher()}
    result = tournament(C4, players, games=4, seed=2, progress=False, executor="serial")
    assert len(result.games) == 12
    rows = {row["player"]: row for row in result.to_records()}
    # cheater vs crasher: both deterministic, so the 4 games are 2 games played twice
    assert result.repeats == 2
    assert rows["cheater"]["losses"] == 6 == rows["cheater"]["forfeits"]
    assert rows["crasher"]["wins"] == 2 and rows["crasher"]["forfeits"] == 4
    assert rows["random"]["wins"] == 8
    for g in result.forfeits:
        loser = next(name for name in g.seats if name != g.winner)
        assert loser in ("cheater", "crasher")
        detail = "RuntimeError: boom" if loser == "crasher" else "with an illegal move: move 99"
        assert "forfeits" in g.reason and detail in g.reason


# --- executors ---------------------------------------------------------------------------


PLAYERS = {"random": RandomPlayer(), "first": FirstMove(), "counter": Counter()}


@pytest.fixture(scope="module")
def serial_result():
    return tournament(C4, PLAYERS, games=8, seed=11, openings=2, progress=False,
                      executor="serial")


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            yield client


def test_process_pool_gives_the_serial_results(serial_result):
    with ProcessPoolExecutor(2) as pool:
        pooled = tournament(C4, PLAYERS, games=8, seed=11, openings=2, progress=False,
                            executor=pool, chunksize=3)
    assert table(pooled) == table(serial_result)
    assert pooled.to_records() == serial_result.to_records()


def test_default_executor_gives_the_serial_results(serial_result):
    default = tournament(C4, PLAYERS, games=8, seed=11, openings=2, progress=False)
    assert default.to_records() == serial_result.to_records()


def test_dask_executor_gives_the_serial_results(serial_result, dask_client):
    on_dask = tournament(C4, PLAYERS, games=8, seed=11, openings=2, progress=False,
                         executor=dask_client.get_executor())
    assert table(on_dask) == table(serial_result)
    assert on_dask.to_records() == serial_result.to_records()
    via_client = tournament(C4, PLAYERS, games=8, seed=11, openings=2, progress=False,
                            executor=dask_client)
    assert via_client.to_records() == serial_result.to_records()


def test_thread_pool_gives_the_serial_results(serial_result):
    with ThreadPoolExecutor(3) as pool:
        threaded = tournament(C4, PLAYERS, games=8, seed=11, openings=2, progress=False,
                              executor=pool, chunksize=1)
    assert table(threaded) == table(serial_result)


@pytest.mark.parametrize("player", [
    RandomPlayer(seed=3), FirstMove(), Counter(), Crasher(), Cheater(),
    MinimaxPlayer(depth=2), AlphaBetaPlayer(depth=3), AlphaBetaPlayer(time_limit=0.05),
    MCTSPlayer(iterations=50, seed=1), MCTSPlayer(time_limit=0.05, seed=1)],
    ids=repr)
def test_players_survive_a_pickle_round_trip(player):
    copy = pickle.loads(pickle.dumps(player))
    state = C4.play("33")
    assert type(copy) is type(player) and repr(copy) == repr(player)
    if isinstance(player, (Crasher, Cheater)):
        return
    move = copy(C4, state)
    assert move in C4.actions(state)
    if not getattr(player, "time_limit", None):   # time-limited search may differ
        assert move == player(C4, state)


def test_perfect_player_survives_a_pickle_round_trip():
    from gamelib.solver import PerfectPlayer
    player = PerfectPlayer()
    copy = pickle.loads(pickle.dumps(player))
    state = C4.play("1141465142351133000452254232560240330")   # a Test_L3_R1 position
    assert repr(copy) == repr(player) and copy(C4, state) == player(C4, state)


def test_search_players_give_the_same_results_in_a_process_pool():
    players = ["alphabeta:2", "mcts:30", MinimaxPlayer(depth=1)]
    serial = tournament(C4, players, games=4, seed=12, openings=2, progress=False,
                        executor="serial")
    with ProcessPoolExecutor(2) as pool:
        pooled = tournament(C4, players, games=4, seed=12, openings=2, progress=False,
                            executor=pool)
    assert table(pooled) == table(serial)
    assert pooled.to_records() == serial.to_records()
    assert {row["player"] for row in serial.to_records()} == {"alphabeta:2", "mcts:30",
                                                              "minimax:1"}


def test_unpicklable_players_run_serially_and_get_a_clear_error_for_a_pool():
    lam = lambda game, state: game.actions(state)[0]  # noqa: E731
    result = match(TTT, lam, "random", games=2, seed=1, progress=False, executor="serial")
    assert len(result.games) == 2
    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(TypeError, match="cannot be pickled"):
            match(TTT, lam, "random", games=2, seed=1, progress=False, executor=pool)


# --- progress bar --------------------------------------------------------------------------


def test_progress_bar_shows_and_can_be_turned_off(capsys):
    match(TTT, "random", FirstMove(), games=4, seed=1, executor="serial")
    err = capsys.readouterr().err
    assert "random vs first" in err and "4/4" in err and "random scores" in err
    match(TTT, "random", FirstMove(), games=4, seed=1, executor="serial", progress=False)
    assert capsys.readouterr().err == ""


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("games, swap, message", [
    (0, True, "positive whole number"), (-2, False, "positive whole number"),
    (2.0, True, "positive whole number"), (7, True, "must be even")])
def test_bad_game_counts_are_refused(games, swap, message):
    with pytest.raises(ValueError, match=message):
        match(TTT, "random", "random", games=games, swap_seats=swap, progress=False)
    with pytest.raises(ValueError, match=message):
        tournament(TTT, ["random", "random"], games=games, swap_seats=swap, progress=False)


def test_other_bad_input_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="unknown player 'nobody'"):
        tournament(TTT, ["random", "nobody"], games=2, progress=False)
    with pytest.raises(TypeError, match="executor must be None"):
        match(TTT, "random", "random", games=2, progress=False, executor="threads")
    with pytest.raises(TypeError, match="executor must be None"):
        match(TTT, "random", "random", games=2, progress=False, executor=4)
    with pytest.raises(ValueError, match="chunksize must be"):
        match(TTT, "random", "random", games=2, progress=False, chunksize=0)
    with pytest.raises(ValueError, match="at least 2 players"):
        tournament(TTT, ["random"], games=2, progress=False)
    with pytest.raises(TypeError, match="a dict"):
        tournament(TTT, "random,first", games=2, progress=False)
    with pytest.raises(TypeError, match="player_b must be a player"):
        match(TTT, "random", 42, games=2, progress=False)
    with pytest.raises(ValueError, match="openings must be"):
        match(TTT, "random", "random", games=2, openings=-1, progress=False)
    with pytest.raises(ValueError, match="already ends the game"):
        match(TTT, "random", "random", games=2, progress=False,
              openings=[[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]])
    with pytest.raises(IllegalMoveError):
        match(C4, "random", "random", games=2, openings=["48"], progress=False)


# --- command line -----------------------------------------------------------------------------


def test_cli_tournament_prints_the_standings(capsys):
    code = main(["tournament", "connect4", "--players", "random,random", "--games", "4",
                 "--seed", "3", "--workers", "1", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0
    assert "random (2)" in out and "95% CI" in out and "4 games, seed 3" in out


def test_cli_tournament_reports_bad_input(capsys):
    assert main(["tournament", "tictactoe", "--players", "random,nobody",
                 "--games", "4", "--workers", "1"]) == 2
    assert "unknown player 'nobody'" in capsys.readouterr().err
    assert main(["tournament", "tictactoe", "--players", "random,random",
                 "--games", "3", "--workers", "1"]) == 2
    assert "must be even" in capsys.readouterr().err


def test_a_deterministic_self_play_counts_each_distinct_game_once():
    # The same deterministic player in both seats: swapping seats replays the same game.
    result = match(TicTacToe(), "alphabeta", "alphabeta", games=6, seed=1, progress=False,
                   executor="serial")
    assert len(result.games) == 6 and len(result.distinct_games) == 1
    assert result.repeats == 5 and "6 games, 1 distinct" in str(result)
    tally = result.tally(result.players[0])
    assert tally.games == 1 and tally.draws == 1


@pytest.mark.slow
def test_random_openings_are_drawn_again_until_they_are_new():
    game = TicTacToe()
    result = match(game, "alphabeta", "minimax", games=18, openings=1, seed=3,
                   progress=False, executor="serial")
    openings = [g.opening for g in result.games[::2]]
    assert sorted(openings) == [((r, c),) for r in range(3) for c in range(3)]
    assert result.repeats == 0


@pytest.mark.slow
def test_a_tournament_counts_repeated_games_once_and_says_so():
    result = tournament(TicTacToe(), ["alphabeta", "minimax"], games=4, seed=2,
                        progress=False, executor="serial")
    assert result.repeats > 0
    assert all(row["games"] == len(result.distinct_games) for row in result.by_seat())
    assert "counted once" in result.table() and "counted once" in result._repr_html_()
