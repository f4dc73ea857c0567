"""Differential tests: our rules against OpenSpiel's independent implementation."""

import random


from gamelib import ConnectFour, TicTacToe

import pyspiel  # OpenSpiel: test-only dependency, pinned in requirements/test.txt


def our_returns(game, state):
    """Utilities in OpenSpiel's order (first player, second player)."""
    return [game.utility(state, p) for p in game.players]


def play_both(game, spiel_game, to_ours, to_spiel, seed):
    """Play one random game in both implementations, comparing at every step."""
    rng = random.Random(seed)
    ours, theirs = game.initial_state, spiel_game.new_initial_state()
    while True:
        assert game.is_terminal(ours) == theirs.is_terminal()
        if theirs.is_terminal():
            assert our_returns(game, ours) == theirs.returns()
            assert game.actions(ours) == []
            return
        assert sorted(to_spiel(m) for m in game.actions(ours)) == theirs.legal_actions()
        assert game.players.index(game.to_move(ours)) == theirs.current_player()
        action = rng.choice(theirs.legal_actions())
        ours = game.result(ours, to_ours(action))
        theirs.apply_action(action)


def test_tictactoe_agrees_with_openspiel_over_3000_games():
    game = TicTacToe()
    spiel = pyspiel.load_game("tic_tac_toe")
    for seed in range(3000):
        play_both(game, spiel, lambda a: divmod(a, 3), lambda m: m[0] * 3 + m[1], seed)


def test_connect_four_agrees_with_openspiel_over_2000_games():
    game = ConnectFour()
    spiel = pyspiel.load_game("connect_four")
    for seed in range(2000):
        play_both(game, spiel, lambda a: a, lambda m: m, seed)


def test_connect_four_boards_match_openspiel_text():
    """Same discs in the same cells, not just the same outcome."""
    game = ConnectFour()
    spiel = pyspiel.load_game("connect_four")
    rng = random.Random(7)
    for _ in range(200):
        ours, theirs = game.initial_state, spiel.new_initial_state()
        while not theirs.is_terminal():
            action = rng.choice(theirs.legal_actions())
            ours, _ = game.result(ours, action), theirs.apply_action(action)
        spiel_rows = str(theirs).strip().splitlines()
        our_rows = [row.replace(" ", "").replace("X", "x").replace("O", "o")
                    for row in str(ours).splitlines()]
        assert our_rows == spiel_rows
