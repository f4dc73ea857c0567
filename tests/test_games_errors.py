"""Every bad input gets a clear error, and the state it was given stays usable."""

import pytest

from gamelib import ConnectFour, GameTree, IllegalMoveError, TicTacToe


def test_illegal_move_error_is_a_value_error():
    assert issubclass(IllegalMoveError, ValueError)


@pytest.mark.parametrize("move, words", [
    ((1, 1), ["(1, 1)", "taken", "'X'", "legal moves"]),
    ((3, 0), ["off the board", "rows are 0..2"]),
    ((0, -1), ["off the board", "columns 0..2"]),
    (4, ["not a (row, col) pair"]),
    ("a1", ["not a (row, col) pair"]),
    ((1.0, 2), ["not a (row, col) pair"]),
    ((True, 0), ["not a (row, col) pair"]),
])
def test_tictactoe_bad_moves(move, words):
    game = TicTacToe()
    state = game.result(game.initial_state, (1, 1))
    before = (state, game.actions(state))
    with pytest.raises(IllegalMoveError) as error:
        game.result(state, move)
    for word in words:
        assert word in str(error.value)
    assert (state, game.actions(state)) == before
    assert game.result(state, (0, 0)).cell(0, 0) == "O"


def test_tictactoe_move_after_the_end():
    game = TicTacToe()
    won = game.play([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(won, (2, 2))


@pytest.mark.parametrize("move, words", [
    (7, ["off the board", "0..6"]),
    (-1, ["off the board"]),
    ("3", ["not a column number"]),
    (None, ["not a column number"]),
    (3.0, ["not a column number"]),
])
def test_connect_four_bad_moves(move, words):
    game = ConnectFour()
    state = game.play("33")
    with pytest.raises(IllegalMoveError) as error:
        game.result(state, move)
    for word in words:
        assert word in str(error.value)
    assert game.result(state, 3).height(3) == 3


def test_connect_four_full_column_names_the_legal_moves():
    game = ConnectFour()
    state = game.play("333333")
    with pytest.raises(IllegalMoveError, match=r"column 3 is full; legal moves: \[0, 1, 2, 4, 5, 6\]"):
        game.result(state, 3)
    assert state.height(3) == 6 and game.actions(state) == [0, 1, 2, 4, 5, 6]


def test_connect_four_first_move_rule_error():
    game = ConnectFour(first_move_rule=True)
    with pytest.raises(IllegalMoveError, match="may not open in the centre"):
        game.result(game.initial_state, 3)


@pytest.mark.parametrize("text, words", [
    ("44a3", ["'a'", "position 3", "digits 0..6"]),
    ("478", ["'7'", "position 2"]),
    ("48", ["'8'", "position 2"]),
    ("3333333", ["position 7", "full"]),
    ("01010102", ["position 8", "game is over"]),
])
def test_bad_position_strings_name_the_character_and_position(text, words):
    with pytest.raises(IllegalMoveError) as error:
        ConnectFour().play(text)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize("make, words", [
    (lambda: TicTacToe(3, 3, 4), ["k=4", "at most 3"]),
    (lambda: TicTacToe(0, 3, 3), ["rows", "positive"]),
    (lambda: TicTacToe(3, "3", 3), ["cols", "positive"]),
    (lambda: ConnectFour(6, 7, 8), ["k=8", "at most 7"]),
    (lambda: ConnectFour(0, 7, 4), ["rows"]),
    (lambda: ConnectFour(6, 10, 4), ["at most 9"]),
    (lambda: ConnectFour(6, 8, 4, first_move_rule=True), ["odd number of columns"]),
    (lambda: GameTree([]), ["empty list"]),
    (lambda: GameTree([[1, "x"]]), ["'x'", "(0, 1)"]),
    (lambda: GameTree(5), ["list of children"]),
])
def test_bad_constructor_parameters(make, words):
    with pytest.raises(ValueError) as error:
        make()
    for word in words:
        assert word in str(error.value)


def test_game_tree_bad_moves():
    tree = GameTree([[3, 12], [2]])
    with pytest.raises(IllegalMoveError, match=r"legal moves: \[0, 1\]"):
        tree.result((), 2)
    with pytest.raises(IllegalMoveError, match="leaf"):
        tree.result((0, 1), 0)
    with pytest.raises(ValueError, match="not a leaf"):
        tree.utility((0,), "MAX")
