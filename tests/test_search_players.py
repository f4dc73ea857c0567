"""Search players for the arena and the command line, and Connect Four's evaluation."""

import random

import pytest

from gamelib import (AlphaBetaPlayer, ConnectFour, MCTSPlayer, MinimaxPlayer, RandomPlayer,
                     TicTacToe, play_game)
from gamelib.arena.specs import player_from_spec
from gamelib.cli import main
from gamelib.games.connect4 import window_masks
from gamelib.games.connect4_windows import window_count


@pytest.mark.parametrize("spec, kind, name", [
    ("minimax", MinimaxPlayer, "minimax"),
    ("minimax:3", MinimaxPlayer, "minimax:3"),
    ("alphabeta", AlphaBetaPlayer, "alphabeta"),
    ("alphabeta:4", AlphaBetaPlayer, "alphabeta:4"),
    ("id:0.5", AlphaBetaPlayer, "id:0.5"),
    ("id", AlphaBetaPlayer, "id:1"),
    ("mcts", MCTSPlayer, "mcts:1000"),
    ("mcts:200", MCTSPlayer, "mcts:200"),
    ("mcts:0.5s", MCTSPlayer, "mcts:0.5s"),
    ("mcts-solver", MCTSPlayer, "mcts-solver:1000"),
    ("mcts-solver:200", MCTSPlayer, "mcts-solver:200"),
])
def test_specs(spec, kind, name):
    player = player_from_spec(spec, seed=1)
    assert isinstance(player, kind) and player.name == name


@pytest.mark.parametrize("spec", ["minimax:x", "alphabeta:-1", "id:0", "id:fast", "mcts:0",
                                  "mcts:many", "mcts-solver:lots"])
def test_bad_specs_say_what_is_allowed(spec):
    with pytest.raises(ValueError, match="setting"):
        player_from_spec(spec)


def test_players_explain_their_moves():
    game = ConnectFour()
    state = game.play("3342")
    for player in (MinimaxPlayer(depth=2), AlphaBetaPlayer(depth=4),
                   AlphaBetaPlayer(time_limit=0.1), MCTSPlayer(iterations=200, seed=0)):
        result = player.explain(game, state)
        assert result.move in game.actions(state)
        assert set(result.move_values) <= set(game.actions(state))
        assert player.last_result is result
        assert player(game, state) in game.actions(state)
        assert result.report().count("\n") >= len(result.move_values)


def test_depth_limited_players_work_without_an_evaluation():
    # Tic-Tac-Toe has no `evaluate`: depth-limited players score the horizon 0.
    game = TicTacToe()
    state = game.play([(0, 0), (1, 1), (0, 1)])
    for player in (MinimaxPlayer(depth=2), AlphaBetaPlayer(depth=2), AlphaBetaPlayer(
            time_limit=0.2)):
        assert player(game, state) == (0, 2)       # blocks X's row


def test_all_values_gives_exact_values_for_every_move():
    game = TicTacToe()
    state = game.play([(0, 0), (1, 1)])
    result = AlphaBetaPlayer(all_values=True).explain(game, state)
    assert set(result.move_bounds.values()) == {"exact"}


def test_search_players_beat_random_at_connect_four():
    game = ConnectFour()
    for seed in range(3):
        for player in (AlphaBetaPlayer(depth=3), MCTSPlayer(iterations=300)):
            record = play_game(game, [player, RandomPlayer()], seed=seed)
            assert record.winner == "X", (player, seed)
            record = play_game(game, [RandomPlayer(), player], seed=seed)
            assert record.winner == "O", (player, seed)


def test_mcts_player_seeded_by_play_game():
    game = TicTacToe()
    one = play_game(game, [MCTSPlayer(iterations=50), MCTSPlayer(iterations=50)], seed=9)
    two = play_game(game, [MCTSPlayer(iterations=50), MCTSPlayer(iterations=50)], seed=9)
    assert one.moves == two.moves


def test_cli_analyse(capsys):
    assert main(["analyse", "connect4", "4453", "--player", "alphabeta:4"]) == 0
    out = capsys.readouterr().out
    assert "alphabeta: plays" in out and "expected line" in out and "nodes" in out
    assert main(["analyse", "tictactoe", "X...O...."]) == 0
    assert "plays" in capsys.readouterr().out
    assert main(["analyse", "tictactoe", "XX..O....", "--player", "mcts:300",
                 "--seed", "1"]) == 0
    assert "visits" in capsys.readouterr().out
    assert main(["analyse", "tictactoe", "XXX.OO..."]) == 1          # game over
    assert main(["analyse", "tictactoe", "XXXX....."]) == 2          # impossible
    assert main(["analyse", "connect4", "4453", "--player", "random"]) == 2
    assert main(["analyse", "connect4", "4458"]) == 2                # bad column


def test_cli_play_against_a_search_player(monkeypatch, capsys):
    answers = iter(["1 1", "0 0", "2 2", "0 2", "2 0", "1 0", "2 1", "1 2", "0 1"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "tictactoe", "--opponent", "alphabeta"]) == 0
    out = capsys.readouterr().out
    assert "O wins" in out or "draw" in out


# --- Connect Four's evaluation: the seed's window count ---------------------------------

def brute_force_windows(state, player):
    """The window count straight from the board picture."""
    board = [[state.cell(r, c) for c in range(state.cols)] for r in range(state.rows)]
    other = "O" if player == "X" else "X"
    score = 0
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(state.k)]
                if not all(0 <= rr < state.rows and 0 <= cc < state.cols for rr, cc in cells):
                    continue
                window = [board[rr][cc] for rr, cc in cells]
                points = {state.k: 1_000_000, state.k - 1: 100, state.k - 2: 1}
                if window.count(other) == 0:
                    score += points.get(window.count(player), 0)
                elif window.count(player) == 0:
                    score -= points.get(window.count(other), 0)
    return score


@pytest.mark.parametrize("shape", [(6, 7, 4), (4, 5, 3), (9, 9, 5)])
def test_evaluation_is_the_window_count(shape):
    rows, cols, k = shape
    game = ConnectFour(rows, cols, k)
    rng = random.Random(0)
    for _ in range(60):
        state = game.initial_state
        for _ in range(rng.randrange(0, rows * cols)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        for player in "XO":
            expected = brute_force_windows(state, player)
            assert game.evaluate(state, player) == expected
            points = [0] * (k + 1)
            points[k], points[k - 1], points[k - 2] = 1_000_000, 100, 1
            assert window_count(*((state.x, state.o) if player == "X" else (state.o, state.x)),
                                window_masks(rows, cols, k), points) == expected


def test_evaluation_examples():
    game = ConnectFour()
    assert game.evaluate(game.initial_state, "X") == 0
    # X in columns 3 and 4 of the bottom row, O on top of 3: X has open twos.
    state = game.play("332")
    assert game.evaluate(state, "X") == -game.evaluate(state, "O")
    assert game.evaluate(game.play("303132"), "X") > 100       # three in a column
