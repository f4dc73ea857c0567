"""Players, play_game, and the terminal front end."""

import io
import subprocess
import sys

import pytest

from gamelib import ConnectFour, GameTree, HumanPlayer, RandomPlayer, TicTacToe, play_game
from gamelib.arena.players import parse_move


def test_random_games_are_reproducible_with_a_seed():
    game = ConnectFour()
    one = play_game(game, [RandomPlayer(), RandomPlayer()], seed=5)
    two = play_game(game, [RandomPlayer(), RandomPlayer()], seed=5)
    other = play_game(game, [RandomPlayer(), RandomPlayer()], seed=6)
    assert one.moves == two.moves and one.winner == two.winner
    assert one.moves != other.moves


def test_record_is_consistent_with_the_rules():
    game = TicTacToe()
    for seed in range(50):
        record = play_game(game, [RandomPlayer(), RandomPlayer()], seed=seed)
        assert record.states[0] == game.initial_state
        assert len(record.states) == len(record.moves) + 1
        assert game.play(record.moves) == record.final_state
        assert game.is_terminal(record.final_state)
        assert record.winner == game.winner(record.final_state)
        assert record.utility("X") == game.utility(record.final_state, "X")


def test_players_by_seat_mapping():
    game = TicTacToe()
    first = lambda g, s: g.actions(s)[0]  # noqa: E731
    record = play_game(game, {"O": RandomPlayer(1), "X": first})
    assert record.moves[0] == (0, 0)


def test_a_player_that_raises_forfeits():
    def broken(game, state):
        raise RuntimeError("thinking too hard")

    record = play_game(TicTacToe(), [RandomPlayer(0), broken])
    assert record.forfeit and record.winner == "X"
    assert "O forfeits" in record.reason and "thinking too hard" in record.reason
    assert len(record.moves) == 1


def test_an_illegal_move_forfeits_with_the_reason():
    record = play_game(ConnectFour(), [lambda g, s: 9, RandomPlayer(0)])
    assert record.forfeit and record.winner == "O" and record.moves == []
    assert "off the board" in record.reason
    assert record.reason.startswith("X forfeits with an illegal move:")
    assert "Error" not in record.reason          # plain words, as a lesson prints them


def test_bad_player_lists_are_refused():
    with pytest.raises(ValueError, match="needs 2 players"):
        play_game(TicTacToe(), [RandomPlayer()])
    with pytest.raises(TypeError, match="not callable"):
        play_game(TicTacToe(), [RandomPlayer(), "minimax"])
    with pytest.raises(ValueError, match="seats"):
        play_game(TicTacToe(), {"X": RandomPlayer(), "Y": RandomPlayer()})


def test_game_tree_games_end_at_leaves():
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    record = play_game(tree, [lambda g, s: 0, lambda g, s: 0])
    assert record.final_state == (0, 0) and record.winner == "MAX"


@pytest.mark.parametrize("text, legal, expected", [
    ("3", [0, 3, 4], 3),
    (" 1 2 ", [(1, 2)], (1, 2)),
    ("(1, 2)", [(1, 2)], (1, 2)),
    ("1,2", [(1, 2)], (1, 2)),
    ("9", [0, 3], None),
    ("__import__('os')", [0], None),
    ("", [0], None),
    ("1 2 3", [(1, 2)], None),
])
def test_parse_move_never_evaluates(text, legal, expected):
    assert parse_move(text, legal) == expected


def test_human_player_re_asks_until_legal():
    answers = iter(["x", "7", "exit()", "3"])
    out = io.StringIO()
    human = HumanPlayer(read=lambda prompt: next(answers), out=out)
    game = ConnectFour()
    assert human(game, game.initial_state) == 3
    assert out.getvalue().count("is not a legal move") == 3
    assert "0 1 2 3 4 5 6" in out.getvalue()


def run_cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "gamelib", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_cli_plays_a_whole_tictactoe_game_from_stdin():
    moves = "\n".join(f"{r} {c}" for r in range(3) for c in range(3)) + "\n"
    done = run_cli("play", "tictactoe", "--opponent", "random", "--seed", "3", stdin=moves)
    assert done.returncode == 0, done.stderr
    assert ("wins after" in done.stdout) or ("draw after" in done.stdout)


def test_cli_reports_an_abandoned_game_without_a_traceback():
    done = run_cli("play", "connect4", "--first", "human", stdin="")
    assert done.returncode == 1 and "abandoned" in done.stdout
    assert "Traceback" not in done.stderr


def test_cli_rejects_an_unknown_opponent():
    done = run_cli("play", "connect4", "--opponent", "deepblue")
    assert done.returncode == 2 and "unknown player 'deepblue'" in done.stderr
