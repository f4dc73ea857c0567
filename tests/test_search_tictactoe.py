"""Perfect Tic-Tac-Toe, and why wins found sooner must score higher."""

import pytest

from gamelib import (AlphaBetaPlayer, MinimaxPlayer, RandomPlayer, TicTacToe, alphabeta,
                     minimax, play_game)
from gamelib.search import TranspositionTable
from gamelib.search.scoring import WIN, describe_value
from gamelib.games.tictactoe import TicTacToeState


def position(board: str, to_move: str) -> TicTacToeState:
    """A Tic-Tac-Toe position from its board string (row by row)."""
    return TicTacToeState(board, to_move, None, 3, 3, 3)


@pytest.mark.heavy
def test_empty_board_is_a_draw():
    game = TicTacToe()
    result = alphabeta(game, game.initial_state, tt=TranspositionTable(), order="centre")
    assert result.value == 0
    assert set(minimax(game, game.initial_state).move_values.values()) == {0}
    assert len(result.pv) == 9          # best play fills the board


@pytest.mark.slow
def test_perfect_player_never_loses_to_random():
    game = TicTacToe()
    perfect = AlphaBetaPlayer()
    losses = 0
    for seed in range(100):
        for seat in ("X", "O"):
            players = {seat: perfect, game.opponent(seat): RandomPlayer(seed)}
            record = play_game(game, players)
            assert not record.forfeit
            losses += record.winner == game.opponent(seat)
    assert losses == 0


@pytest.mark.heavy
def test_perfect_players_draw_each_other():
    game = TicTacToe()
    assert play_game(game, [AlphaBetaPlayer(), AlphaBetaPlayer()]).winner is None
    assert play_game(game, [MinimaxPlayer(), AlphaBetaPlayer(order=None)]).winner is None


# X to move: (2, 0) wins at once; (0, 1) also wins, but only after more moves.
SLOW_OR_FAST = position("X.."
                        "XO."
                        "..O", "X")


def test_depth_aware_scores_take_the_win_in_one():
    game = TicTacToe()
    result = minimax(game, SLOW_OR_FAST)
    assert result.move == (2, 0)
    assert result.value == WIN - 1
    assert describe_value(result.value) == "win in 1 ply"
    assert alphabeta(game, SLOW_OR_FAST, tt=TranspositionTable()).move == (2, 0)


def test_plain_scores_pick_a_slower_win():
    """The lesson's point: with +1/0/-1, a win is a win, however late it comes."""
    game = TicTacToe()
    plain = minimax(game, SLOW_OR_FAST, scoring="plain")
    assert plain.value == 1
    assert plain.move == (0, 1)              # wins too, but not now
    assert game.winner(game.result(SLOW_OR_FAST, plain.move)) is None
    assert plain.move_values[(2, 0)] == plain.move_values[(0, 1)] == 1


# O to move and lost whatever it does (X has a double threat after most moves).
LOST = position("X.."
                ".XO"
                "...", "O")


def test_a_lost_side_delays_the_loss():
    game = TicTacToe()
    deep = minimax(game, LOST)
    assert deep.value < 0 and describe_value(deep.value).startswith("loss in")
    # The depth-aware move blocks the immediate threat; X needs more moves to win.
    after = game.result(LOST, deep.move)
    assert not any(game.winner(game.result(after, m)) == "X" for m in game.actions(after))
    assert deep.move == (2, 2)
    # Plain scoring sees every move as -1 and plays the first, which loses at once.
    plain = minimax(game, LOST, scoring="plain")
    assert plain.value == -1 and plain.move == (0, 1)
    after = game.result(LOST, plain.move)
    assert any(game.winner(game.result(after, m)) == "X" for m in game.actions(after))


def test_scoring_option_is_checked():
    game = TicTacToe()
    with pytest.raises(ValueError, match="scoring"):
        minimax(game, LOST, scoring="fast")
