"""Model solution: unit tests for the games and for a minimax player (Kopec, Classic
Computer Science Problems in Python, ch. 8). Each test names what it needs: `tictactoe`,
`connect4` or `player` (a callable (game, state) -> move)."""


def play_ttt(game, *moves):
    """The Tic-Tac-Toe state after the given (row, col) moves, X first."""
    state = game.initial_state
    for move in moves:
        state = game.result(state, move)
    return state


# ---- Tic-Tac-Toe -------------------------------------------------------------------------

def test_tictactoe_empty_board_has_nine_moves(tictactoe):
    moves = tictactoe.actions(tictactoe.initial_state)
    assert sorted(moves) == [(r, c) for r in range(3) for c in range(3)]


def test_tictactoe_taken_cell_is_not_offered(tictactoe):
    state = play_ttt(tictactoe, (1, 1))
    assert (1, 1) not in tictactoe.actions(state)
    assert len(tictactoe.actions(state)) == 8


def test_tictactoe_every_line_wins(tictactoe):
    lines = [[(0, 0), (0, 1), (0, 2)], [(0, 0), (1, 0), (2, 0)],     # row, column
             [(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]     # both diagonals
    for line in lines:
        others = [cell for cell in [(r, c) for r in range(3) for c in range(3)]
                  if cell not in line][:2]
        state = play_ttt(tictactoe, line[0], others[0], line[1], others[1], line[2])
        assert tictactoe.is_terminal(state), f"X's line {line} should end the game"
        assert tictactoe.utility(state, "X") == 1
        assert tictactoe.utility(state, "O") == -1


def test_tictactoe_draw(tictactoe):
    # X O X / X O O / O X X: full, nobody has three in a row
    state = play_ttt(tictactoe, (0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2),
                     (2, 1), (2, 0), (2, 2))
    assert tictactoe.is_terminal(state)
    assert tictactoe.utility(state, "X") == 0
    assert tictactoe.actions(state) == []


def test_tictactoe_game_goes_on(tictactoe):
    state = play_ttt(tictactoe, (0, 0), (1, 1))
    assert not tictactoe.is_terminal(state)


# ---- Connect Four ------------------------------------------------------------------------

def test_connect4_empty_board_has_seven_moves(connect4):
    assert connect4.actions(connect4.initial_state) == [0, 1, 2, 3, 4, 5, 6]


def test_connect4_full_column_is_not_offered(connect4):
    state = connect4.play("000000")                    # column 0 is full
    assert connect4.actions(state) == [1, 2, 3, 4, 5, 6]


def test_connect4_every_line_wins(connect4):
    games = {"vertical": "0101010", "horizontal": "0011223",
             "rising to the right": "432350142036244", "rising to the left": "6543546321433"}
    for name, moves in games.items():
        state = connect4.play(moves[:-1])
        assert not connect4.is_terminal(state), f"no line yet before the {name} one"
        state = connect4.result(state, int(moves[-1]))
        assert connect4.is_terminal(state), f"the {name} line should end the game"
        assert connect4.utility(state, "X") == 1, name
        assert connect4.utility(state, "O") == -1, name


def test_connect4_draw(connect4):
    moves = "015502320345364356222230416104501114435666"   # 42 discs, nobody wins
    state = connect4.play(moves[:-1])
    assert not connect4.is_terminal(state)
    state = connect4.result(state, int(moves[-1]))
    assert connect4.is_terminal(state)
    assert connect4.utility(state, "X") == 0
    assert connect4.actions(state) == []


# ---- a minimax player --------------------------------------------------------------------

def test_player_takes_a_win_in_one(player, tictactoe):
    # X X .      X to move: (2, 2) wins at once; O threatens (0, 2), but winning comes first
    state = play_ttt(tictactoe, (2, 0), (0, 0), (2, 1), (0, 1))
    assert player(tictactoe, state) == (2, 2)


def test_player_blocks_a_loss_in_one(player, tictactoe):
    # O to move; X has (2, 0) and (2, 1): only (2, 2) stops X's row
    state = play_ttt(tictactoe, (2, 0), (0, 0), (2, 1))
    assert player(tictactoe, state) == (2, 2)


def test_player_finds_a_win_in_two(player, tictactoe):
    # X (0,0), (0,2); O (0,1), (2,0). X to move: (2, 2) makes two threats, (1, 1) and (1, 2)
    state = play_ttt(tictactoe, (0, 0), (0, 1), (0, 2), (2, 0))
    assert player(tictactoe, state) == (2, 2)


def test_player_takes_a_win_in_connect_four(player, connect4):
    state = connect4.play("010101")                    # X has three in column 0
    assert player(connect4, state) == 0
