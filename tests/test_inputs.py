"""Every input handled: a clear error (of an expected type, saying what is allowed) or a
valid result; never a hang, a traceback or a forfeit by the harness.

One property test per family of input (player specs, position strings, search
arguments, human input lines, command-line arguments), then one test per case found by
probing the library.
"""

import gc
import io
import math
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelib import (AlphaBetaPlayer, ConnectFour, GameTree, HumanPlayer, IllegalMoveError,
                     MCTSPlayer, MinimaxPlayer, RandomPlayer, TicTacToe, alphabeta,
                     iterative_deepening, mcts, minimax, play_game)
from gamelib.arena import GameAbandoned, match, tournament
from gamelib.arena.players import parse_move
from gamelib.arena.specs import FACTORIES, check_player, player_from_spec
from gamelib.cli import main, program_name
from gamelib.games.checks import check_state, plain_move
from gamelib.search.scoring import EVAL_LIMIT, describe_value, is_win_score
from gamelib.solver import PerfectPlayer, to_position

FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

TREE = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
HOSTILE_TEXT = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="0123456789-+.:s ²³٣۳१\n\t_eEinfa", max_size=10),
    st.sampled_from(["", " ", "-", "--3", "²", "٣", "1e3", "nan", "inf", "-inf", "0", "-1",
                     "3.0", "1_0", "0x10", "9" * 5000]))


# -- player specs --------------------------------------------------------------------------

@FAST
@given(name=st.sampled_from(sorted(FACTORIES) + ["", "ALPHABETA", "bogus"]),
       setting=st.one_of(st.none(), HOSTILE_TEXT))
def test_any_player_spec_builds_a_player_or_says_what_is_allowed(name, setting):
    spec = name if setting is None else f"{name}:{setting}"
    try:
        player = player_from_spec(spec, seed=0)
    except ValueError as error:
        assert re.search(r"setting|known players|takes no", str(error)), error
        return
    assert callable(player)
    for attribute in ("depth", "iterations"):
        value = getattr(player, attribute, None)
        assert value is None or (type(value) is int and value >= 1)
    time_limit = getattr(player, "time_limit", None)
    assert time_limit is None or 0 < time_limit < math.inf


@pytest.mark.parametrize("spec", ["alphabeta:0", "minimax:0", "alphabeta:-1", "minimax:²",
                                  "alphabeta:٣", "id:inf", "id:nan", "id:-1", "mcts:0s",
                                  "mcts:+5", "perfect:0"])
def test_hostile_specs_are_refused_with_the_setting_explained(spec):
    with pytest.raises(ValueError, match="setting"):
        player_from_spec(spec)


def test_a_spec_that_is_not_a_string_is_refused():
    with pytest.raises(TypeError, match="spec is a string"):
        player_from_spec(42)


# -- position strings ----------------------------------------------------------------------

@FAST
@given(text=st.one_of(st.text(alphabet="0123456789", max_size=45),
                      st.text(alphabet="0123456 \n\tx-", max_size=20), st.text(max_size=10)))
def test_any_position_string_gives_a_state_or_names_the_bad_character(text):
    game = ConnectFour()
    try:
        state = game.play(text)
    except IllegalMoveError as error:
        assert re.search(r"character .* at position \d+", str(error)), error
        return
    assert state.ply == len(text.strip())


@FAST
@given(moves=st.lists(st.integers(0, 6), max_size=12),
       before=st.sampled_from(["", " ", "\n", "\t "]), after=st.sampled_from(["", "\n", " \r\n"]))
def test_play_and_the_solver_read_a_string_with_whitespace_alike(moves, before, after):
    game, text = ConnectFour(), "".join(map(str, moves))
    padded = before + text + after
    try:
        state = game.play(text)
    except IllegalMoveError:
        with pytest.raises(ValueError):
            game.play(padded)
        with pytest.raises(ValueError):
            to_position(padded)
        return
    assert game.play(padded) == state
    if not game.is_terminal(state):
        assert to_position(padded).key() == to_position(state).key()


@pytest.mark.parametrize("moves", [None, 4453, np.int64(4453), b"4453", 3.5])
def test_play_says_what_it_accepts(moves):
    with pytest.raises(TypeError, match="position string of 0-based column digits"):
        ConnectFour().play(moves)


def test_play_takes_numpy_arrays_and_lists_of_numpy_ints():
    game = ConnectFour()
    assert game.play(np.array([3, 3, 4, 2])) == game.play("3342")
    assert game.play([np.int64(3), np.int32(3)]) == game.play("33")


# -- search arguments ----------------------------------------------------------------------

NUMBERS = st.one_of(st.none(), st.booleans(), st.integers(-3, 4), st.floats(allow_nan=True),
                    st.sampled_from([np.int64(2), np.int32(1), np.float64(0.01), "1", b"1",
                                     [1], 3.0, math.inf, -math.inf]))


@FAST
@given(depth=NUMBERS)
def test_any_depth_searches_or_says_depth_counts_plies(depth):
    for search in (minimax, alphabeta):
        try:
            result = search(TREE, (), depth=depth, eval_fn=lambda state, player: 0)
        except ValueError as error:
            assert "depth counts plies" in str(error) and ">= 1" in str(error)
            assert depth is not None
            continue
        assert depth is None or type(depth) is not bool
        assert result.move in (0, 1, 2)


@FAST
@given(iterations=NUMBERS, time_limit=NUMBERS, c=NUMBERS)
def test_any_mcts_budget_searches_or_says_what_is_allowed(iterations, time_limit, c):
    if isinstance(time_limit, (int, float)) and not isinstance(time_limit, bool):
        time_limit = min(time_limit, 0.01)          # keep a valid budget short
    try:
        result = mcts(TREE, (), iterations=iterations, time_limit=time_limit, c=c, seed=0)
    except ValueError as error:
        assert re.search(r"iterations must|time_limit must|constant c must", str(error))
        return
    assert result.move in (0, 1, 2) and result.stats.iterations >= 1


@FAST
@given(time_limit=NUMBERS, max_depth=NUMBERS)
def test_any_iterative_deepening_arguments_search_or_say_what_is_allowed(time_limit, max_depth):
    if isinstance(time_limit, (int, float)) and not isinstance(time_limit, bool):
        time_limit = min(time_limit, 0.05)
    try:
        result = iterative_deepening(TREE, (), time_limit=time_limit, max_depth=max_depth)
    except ValueError as error:
        assert re.search(r"time_limit must|max_depth counts plies", str(error)), error
        return
    assert result.move in (0, 1, 2) and result.stats.depth >= 1
    if result.stats.depth == 2:
        assert (result.move, result.value) == (0, 3)


@FAST
@given(value=st.one_of(st.floats(), st.integers(-10**7, 10**7)))
def test_evaluations_in_the_win_band_are_refused_never_read_as_wins(value):
    game = ConnectFour()
    state = game.play("3342")
    try:
        result = alphabeta(game, state, depth=1, eval_fn=lambda s, p: value)
    except ValueError as error:
        assert not -EVAL_LIMIT < value < EVAL_LIMIT
        assert "999,000" in str(error) and "evaluation" in str(error)
        return
    assert -EVAL_LIMIT < value < EVAL_LIMIT and not is_win_score(result.value)


# -- human input lines ---------------------------------------------------------------------

@FAST
@given(line=HOSTILE_TEXT)
def test_a_human_is_asked_again_after_any_bad_line(line):
    game = ConnectFour()
    answers = iter([line, "3"])
    out = io.StringIO()
    move = HumanPlayer(read=lambda prompt: next(answers), out=out)(game, game.initial_state)
    if move != 3 or line.strip() not in ("3", "(3)", "3,"):
        assert move == 3 or move in game.actions(game.initial_state)
    if parse_move(line, game.actions(game.initial_state)) is None:
        assert "is not a legal move" in out.getvalue() and "0-9" in out.getvalue()


@pytest.mark.parametrize("line", ["--3", "²", "٣", "", "   ", "-3", "3 3", "x", "9" * 5000,
                                  "3.0", "+3"])
def test_hostile_lines_are_not_moves(line):
    assert parse_move(line, list(range(7))) is None


@pytest.mark.parametrize("leave", [EOFError, KeyboardInterrupt])
def test_a_human_who_leaves_abandons_the_game_instead_of_forfeiting(leave):
    def read(prompt):
        raise leave

    with pytest.raises(GameAbandoned):
        play_game(ConnectFour(), [HumanPlayer(read=read, out=io.StringIO()), RandomPlayer()])


def test_tictactoe_human_moves_are_row_and_column():
    game = TicTacToe()
    answers = iter(["(1,²)", "1 1"])
    human = HumanPlayer(read=lambda prompt: next(answers), out=io.StringIO())
    assert human(game, game.initial_state) == (1, 1)


# -- command-line arguments ----------------------------------------------------------------

CLI_TOKENS = st.sampled_from(["play", "analyse", "tournament", "solve", "book", "tictactoe",
                              "connect4", "--player", "--opponent", "--players", "--games",
                              "--limit", "--bench", "--seed", "--first", "random", "mcts:5",
                              "alphabeta:1", "alphabeta:0", "perfect", "x", "-1", "0", "2",
                              "²", "3342", "X...O....", "", "--plies", "--out", "--weak",
                              "random,mcts:3", "human", "ai"])


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(argv=st.lists(CLI_TOKENS, min_size=1, max_size=6))
def test_any_command_line_exits_with_a_status_never_a_traceback(argv, monkeypatch, capsys,
                                                                tmp_path):
    if argv[0] == "solve" and len(argv) > 1 and set(argv[1]) <= set("0123456"):
        argv[1] = "3342x"      # solving an early position takes minutes: keep it an error
    if argv[0] == "book":
        return                 # generating a book solves for minutes (tested below)
    if "analyse" in argv and "perfect" in argv:
        return                 # perfect play needs the solver: covered by its own tests
    monkeypatch.setattr("sys.stdin", io.StringIO(""))   # a human at EOF at once
    try:
        status = main(argv)
    except SystemExit as exit_:                          # argparse: usage error
        status = exit_.code
    assert isinstance(status, int) and 0 <= status <= 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    if status == 2:
        assert "error" in captured.err


def run(argv, capsys):
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = exit_.code
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("text", ["", "-", " - "])
def test_solve_the_empty_board_from_the_book_at_once(text, capsys):
    status, out, err = run(["solve", text], capsys)
    assert status == 0 and "opening book" in out
    assert "score:   -2  -1   0   1   0  -1  -2" in out     # the published scores


def test_solve_bench_names_a_junk_line(tmp_path, capsys):
    bench = tmp_path / "set.txt"
    bench.write_text("4453 -2\n\njunk line\n")
    status, out, err = run(["solve", "--bench", str(bench)], capsys)
    assert status == 2 and "line 3" in err and "junk line" in err and "Traceback" not in err


@pytest.mark.parametrize("name", ["L3_R1", "Test_L3_R1", "Test_L3_R1.txt"])
def test_solve_bench_takes_a_set_that_ships_with_gamelib(name, capsys):
    status, out, err = run(["solve", "--bench", name, "--limit", "3"], capsys)
    assert status == 0, err
    assert "positions 3, correct 3" in out


def test_solve_bench_names_the_shipped_sets_when_the_file_is_missing(tmp_path, capsys):
    status, out, err = run(["solve", "--bench", str(tmp_path / "L9_R9.txt")], capsys)
    assert status == 2 and "cannot read" in err and "L2_R1" in err and "Traceback" not in err


@pytest.mark.parametrize("limit", ["0", "-1"])
def test_solve_bench_limit_must_be_positive(limit, tmp_path, capsys):
    bench = tmp_path / "set.txt"
    bench.write_text("4453 -2\n")
    status, out, err = run(["solve", "--bench", str(bench), "--limit", limit], capsys)
    assert status == 2 and "--limit" in err and ">= 1" in err


def test_book_needs_an_output_file_and_starts_it_from_the_shipped_book(capsys, tmp_path):
    from gamelib.solver.book import OpeningBook, default_path
    status, out, err = run(["book", "--plies", "1"], capsys)
    assert status == 2 and "--out" in err
    shipped = default_path().read_bytes()
    mine = tmp_path / "book.txt"
    status, out, err = run(["book", "--plies", "1", "--out", str(mine)], capsys)
    assert status == 0 and default_path().read_bytes() == shipped
    assert len(OpeningBook.load(mine)) == len(OpeningBook.load())    # nothing left to solve


def test_analyse_reads_and_prints_zero_based_columns(capsys):
    status, out, err = run(["analyse", "connect4", "3342", "--player", "alphabeta:2"], capsys)
    assert status == 0
    board = ConnectFour().render(ConnectFour().play("3342"))
    assert board in out
    played = re.search(r"plays (\d)", out).group(1)
    assert 0 <= int(played) <= 6
    assert "expected line: " + played in out


def test_the_program_name_is_how_it_was_started():
    assert program_name("/usr/bin/gamelib") == "gamelib"
    assert program_name("/x/gamelib/__main__.py") == "python -m gamelib"


@pytest.mark.parametrize("argv", [["analyse", "tictactoe", "--player", "perfect"],
                                  ["tournament", "tictactoe", "--players", "perfect,random",
                                   "--games", "2", "--workers", "1", "--no-progress"],
                                  ["play", "tictactoe", "--opponent", "perfect"],
                                  ["analyse", "connect4", "--player", "alphabeta:0"]])
def test_players_that_cannot_play_are_refused_before_any_game(argv, capsys):
    status, out, err = run(argv, capsys)
    assert status == 2 and "error:" in err


def test_a_tournament_with_forfeits_fails(monkeypatch, capsys):
    from gamelib.arena import specs

    def broken(arg, seed):
        return lambda game, state: "not a move"

    monkeypatch.setitem(specs.FACTORIES, "broken", broken)
    status, out, err = run(["tournament", "tictactoe", "--players", "broken,random",
                            "--games", "2", "--workers", "1", "--no-progress"], capsys)
    assert status == 1 and "forfeit" in err


# -- depth 0 means the same everywhere -----------------------------------------------------

def test_depth_zero_is_refused_by_every_entry_point():
    game = ConnectFour()
    calls = [lambda: minimax(game, game.initial_state, depth=0),
             lambda: alphabeta(game, game.initial_state, depth=0),
             lambda: iterative_deepening(game, game.initial_state, max_depth=0),
             lambda: MinimaxPlayer(depth=0), lambda: AlphaBetaPlayer(depth=0),
             lambda: AlphaBetaPlayer(depth=-1), lambda: player_from_spec("alphabeta:0")]
    for call in calls:
        with pytest.raises(ValueError, match=r"plies.*>= 1"):
            call()


# -- numpy numbers -------------------------------------------------------------------------

def test_numpy_integers_are_moves_and_come_out_as_python_ints():
    game, ttt = ConnectFour(), TicTacToe()
    assert game.result(game.initial_state, np.int64(3)) == game.play("3")
    assert ttt.result(ttt.initial_state, (np.int64(1), np.int32(2))) == ttt.result(
        ttt.initial_state, (1, 2))
    assert plain_move((np.int64(1), np.int8(2))) == (1, 2)
    assert type(plain_move(np.int64(3))) is int


@pytest.mark.parametrize("move", [3.0, True, "3", None])
def test_moves_that_are_not_whole_numbers_are_refused(move):
    game = ConnectFour()
    with pytest.raises(IllegalMoveError, match="whole numbers 0..6"):
        game.result(game.initial_state, move)


def test_a_player_returning_numpy_argmax_does_not_forfeit():
    game = ConnectFour()

    def argmax_player(game, state):
        return np.argmax([1 if c in game.actions(state) else 0 for c in range(7)])

    record = play_game(game, [argmax_player, RandomPlayer()], seed=1)
    assert not record.forfeit and all(type(move) is int for move in record.moves)


def test_numpy_numbers_as_depth_and_iterations():
    assert alphabeta(TREE, (), depth=np.int64(2), eval_fn=lambda s, p: 0).value == 3
    assert mcts(TREE, (), iterations=np.int64(20), seed=0).stats.iterations == 20
    assert AlphaBetaPlayer(depth=np.int64(3)).name == "alphabeta:3"


@pytest.mark.parametrize("kwargs", [{"time_limit": "1"}, {"c": "1"}, {"iterations": True},
                                    {"iterations": 2.0}])
def test_mcts_arguments_of_the_wrong_kind_get_clear_errors(kwargs):
    with pytest.raises(ValueError, match="must be"):
        mcts(TREE, (), **kwargs)
    with pytest.raises(ValueError, match="must be"):
        MCTSPlayer(**kwargs)


def test_game_trees_take_numpy_numbers_and_refuse_nan():
    assert minimax(GameTree(np.array([[3, 12, 8], [2, 4, 6], [14, 5, 2]])), ()).value == 3
    tree = GameTree([[np.float64(1.5), np.int64(2)]])
    assert type(tree.tree[0][1]) is int and tree.result((), np.int64(0)) == (0,)
    for bad in (math.nan, math.inf):
        with pytest.raises(ValueError, match=r"path \(1, 0\)"):
            GameTree([[1, 2], [bad, 3]])


# -- the perfect player --------------------------------------------------------------------

def test_the_perfect_player_keeps_the_first_move_rule():
    game = ConnectFour(first_move_rule=True)
    result = PerfectPlayer().explain(game, game.initial_state)
    assert result.move in game.actions(game.initial_state) and result.move != game.centre
    assert result.move == 2 and result.value == 0      # columns 2 and 4 draw, the rest lose
    assert result.move_values == {0: -2, 1: -1, 2: 0, 4: 0, 5: -1, 6: -2}
    record = play_game(game, [PerfectPlayer(), RandomPlayer()], seed=0, max_moves=2)
    assert not record.forfeit and record.moves[0] == 2


def test_the_perfect_player_refuses_other_games_before_the_first_game():
    with pytest.raises(ValueError, match="standard 7x6"):
        match(TicTacToe(), "perfect", "random", games=2, executor="serial", progress=False)
    with pytest.raises(ValueError, match="standard 7x6"):
        tournament(TicTacToe(), ["perfect", "random"], games=2, executor="serial",
                   progress=False)


# -- the win band --------------------------------------------------------------------------

def test_a_big_heuristic_value_does_not_stop_iterative_deepening():
    game = TicTacToe()
    result = iterative_deepening(game, game.initial_state, time_limit=5,
                                 eval_fn=lambda state, player: EVAL_LIMIT - 1)
    assert result.stats.depth > 1 and describe_value(result.value) != "win in 0 plies"


def test_plain_scores_beyond_the_band_do_not_stop_iterative_deepening():
    tree = GameTree([1.5e6, [[3e6]]])        # the deeper leaf is better
    result = iterative_deepening(tree, (), time_limit=5)
    assert result.move == 1 and result.value == 3e6


# -- MCTS's clock --------------------------------------------------------------------------

def test_mcts_with_a_tiny_time_limit_still_answers():
    game = ConnectFour()
    result = mcts(game, game.initial_state, time_limit=1e-9, seed=0)
    assert result.stats.iterations >= 1 and result.move in range(7)


def test_mcts_pauses_the_collector_and_restores_it_even_on_errors():
    seen = []

    def playout(game, state, rng):
        seen.append(gc.isenabled())
        raise RuntimeError("broken playout")

    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        mcts(TicTacToe(), TicTacToe().initial_state, iterations=5, playout=playout)
    assert seen == [False] and gc.isenabled()


# -- boards and states ---------------------------------------------------------------------

def test_check_state_refuses_another_games_state():
    with pytest.raises(ValueError, match="must be a state of ConnectFour"):
        check_state(ConnectFour(), TicTacToe().initial_state)
    with pytest.raises(ValueError, match="another size"):
        check_state(ConnectFour(), ConnectFour(rows=5).initial_state)
    with pytest.raises(ValueError, match="not a path"):
        check_state(TREE, (5,))
    with pytest.raises(ValueError, match="start must be"):
        play_game(ConnectFour(), [RandomPlayer(), RandomPlayer()], start="3342")


def test_check_player_refuses_non_players():
    with pytest.raises(TypeError, match="must be a player"):
        check_player(ConnectFour(), 42, "opponent")


def test_play_board_checks_its_opponent_and_start():
    pytest.importorskip("ipywidgets")
    from gamelib.widgets import PlayBoard
    with pytest.raises(TypeError, match="opponent must be a player"):
        PlayBoard(ConnectFour(), opponent=42)
    with pytest.raises(ValueError, match="plies"):
        PlayBoard(ConnectFour(), opponent="alphabeta:0")
    with pytest.raises(ValueError, match="standard 7x6"):
        PlayBoard(TicTacToe(), opponent="perfect")
    with pytest.raises(ValueError, match="start must be a state of ConnectFour"):
        PlayBoard(ConnectFour(), start=TicTacToe().initial_state)
