"""The counts every textbook quotes, asserted on our rules."""

from functools import lru_cache

import pytest

from gamelib import ConnectFour, GameTree, TicTacToe


def count_games(game, state) -> int:
    """Number of distinct move sequences from `state` to the end of the game."""
    if game.is_terminal(state):
        return 1
    return sum(count_games(game, game.result(state, m)) for m in game.actions(state))


def reachable_positions(game):
    """Every state reachable from the initial state (the initial state included)."""
    seen = {game.initial_state}
    frontier = [game.initial_state]
    while frontier:
        state = frontier.pop()
        for move in game.actions(state):
            child = game.result(state, move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def test_tictactoe_has_255168_games():
    game = TicTacToe()
    assert count_games(game, game.initial_state) == 255_168


def test_tictactoe_has_5478_positions_and_958_terminal():
    game = TicTacToe()
    positions = reachable_positions(game)
    assert len(positions) == 5_478
    assert sum(game.is_terminal(s) for s in positions) == 958


def test_tictactoe_game_outcomes_split_as_known():
    """Of the 255,168 games: 131,184 won by X, 77,904 by O, 46,080 drawn."""
    game = TicTacToe()

    @lru_cache(maxsize=None)
    def outcomes(state):
        if game.is_terminal(state):
            return {"X": (1, 0, 0), "O": (0, 1, 0), None: (0, 0, 1)}[game.winner(state)]
        totals = [0, 0, 0]
        for move in game.actions(state):
            for i, n in enumerate(outcomes(game.result(state, move))):
                totals[i] += n
        return tuple(totals)

    assert outcomes(game.initial_state) == (131_184, 77_904, 46_080)


def positions_per_ply(game, plies):
    """Distinct positions after exactly n plies, n = 0..plies."""
    layer = {game.initial_state}
    counts = [1]
    for _ in range(plies):
        layer = {game.result(s, m) for s in layer for m in game.actions(s)}
        counts.append(len(layer))
    return counts


def test_connect_four_positions_per_ply_0_to_7():
    assert positions_per_ply(ConnectFour(), 7) == [1, 7, 49, 238, 1120, 4263, 16422, 54859]


@pytest.mark.slow
def test_connect_four_positions_at_ply_8():
    assert positions_per_ply(ConnectFour(), 8)[-1] == 184_275


def test_first_move_rule_removes_the_centre_opening_only():
    game = ConnectFour(first_move_rule=True)
    assert game.actions(game.initial_state) == [0, 1, 2, 4, 5, 6]
    after = game.result(game.initial_state, 0)
    assert 3 in game.actions(after)
    assert positions_per_ply(game, 2) == [1, 6, 42]


def test_textbook_tree_leaves_and_players():
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert [tree.utility(s, "MAX") for s in tree.leaves()] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert tree.to_move(()) == "MAX" and tree.to_move((0,)) == "MIN"
    assert tree.utility((1, 0), "MIN") == -2


def test_small_mnk_boards_are_consistent():
    """3x3 with k=2: the first player always wins by move 3."""
    game = TicTacToe(3, 3, 2)
    positions = reachable_positions(game)
    terminal = [s for s in positions if game.is_terminal(s)]
    assert all(game.winner(s) is not None for s in terminal)
