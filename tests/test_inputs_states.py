"""Every public search and player checks the state it starts from, once, and says what is
wrong with it: the wrong type (a position string, None), another game's or another
board's state, or one play could never reach (overlapping discs, floating discs, counts
that do not alternate, to_move='Z', a winner without a line). Long inputs are quoted
briefly, and full searches on very tall boards find room for their recursion.
"""

import random
import re
import timeit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelib import (AlphaBetaPlayer, ConnectFour, GameTree, MCTSPlayer, MinimaxPlayer,
                     RandomPlayer, TicTacToe, alphabeta, iterative_deepening, mcts, minimax,
                     play_game)
from gamelib.games.checks import brief, check_state
from gamelib.games.connect4 import ConnectFourState
from gamelib.games.tictactoe import TicTacToeState
from gamelib.search.root import check_root
from gamelib.solver import PerfectPlayer, analyze, solve

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

C4 = ConnectFour()
TTT = TicTacToe()
TREE = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
S = C4.play("3342")                             # X to move; X: 3, 4  O: 3, 2

ENTRIES = {
    "minimax": lambda game, state: minimax(game, state, depth=2),
    "alphabeta": lambda game, state: alphabeta(game, state, depth=2),
    "iterative_deepening": lambda game, state: iterative_deepening(game, state, time_limit=0.05),
    "mcts": lambda game, state: mcts(game, state, iterations=20, seed=0),
    "MinimaxPlayer": lambda game, state: MinimaxPlayer(depth=2)(game, state),
    "AlphaBetaPlayer": lambda game, state: AlphaBetaPlayer(depth=2)(game, state),
    "AlphaBetaPlayer(time_limit)": lambda game, state: AlphaBetaPlayer(time_limit=0.05)(game, state),
    "MCTSPlayer": lambda game, state: MCTSPlayer(iterations=20, seed=0)(game, state),
    "RandomPlayer": lambda game, state: RandomPlayer(0)(game, state),
    "play_game(start=)": lambda game, state: play_game(
        game, [RandomPlayer(0), RandomPlayer(1)], start=state),
}

BAD = [  # (game, state, words the message must hold)
    (C4, "3342", ["must be a state of ConnectFour", "position string", "game.play('3342')"]),
    (C4, None, ["must be a state of ConnectFour", "None"]),
    (C4, TTT.initial_state, ["must be a state of ConnectFour", "TicTacToeState"]),
    (TTT, C4.play("3"), ["must be a state of TicTacToe", "ConnectFourState"]),
    (ConnectFour(5, 7), S, ["another size", "6, 7, 4"]),
    (TicTacToe(4, 4, 3), TTT.initial_state, ["another size"]),
    (C4, S._replace(to_move="Z"), ["to_move", "'Z'"]),
    (C4, S._replace(to_move="O"), ["X has 2 discs and O has 2", "X is to move"]),
    (C4, S._replace(o=S.o | S.x), ["same cell"]),
    (C4, S._replace(x=S.x | 1 << 5), ["floats"]),
    (C4, S._replace(x=S.x | 1 << 6), ["outside the board"]),
    (C4, S._replace(x=S.x | 1 << 50), ["outside the board"]),
    (C4, S._replace(x=-1), ["bitboards"]),
    (C4, S._replace(x=S.x | 1 << 0 | 1 << 7 | 1 << 35, to_move="O"),
     ["X has 5 discs and O has 2"]),
    (C4, C4.play("0101010")._replace(winner=None), ["X has 4 in a row but winner is None"]),
    (C4, S._replace(winner="O"), ["winner is 'O'", "no 4 in a row"]),
    (C4, S._replace(winner="Z"), ["winner must be"]),
    (C4, C4.initial_state._replace(   # X's line lies under discs played after it
        x=sum(1 << 7 * c for c in range(4)) | 1 << 22 | 1 << 36,
        o=1 << 1 | 1 << 8 | 1 << 15 | 1 << 35 | 1 << 42, to_move="O", winner="X"),
     ["already had 4 in a row before its last move"]),
    (ConnectFour(first_move_rule=True), C4.play("3"), ["first-move rule"]),
    (TTT, TicTacToeState("XXX......", "O", None, 3, 3, 3), ["X has 3 marks and O has 0"]),
    (TTT, TicTacToeState("XXXOO....", "O", None, 3, 3, 3), ["winner is None"]),
    (TTT, TicTacToeState("XX.OO....", "X", "X", 3, 3, 3), ["no 3 in a row"]),
    (TTT, TicTacToeState("XX.OO.Z..", "X", None, 3, 3, 3), ["other than"]),
    (TTT, TicTacToeState("XX.OO", "X", None, 3, 3, 3), ["string of 9 marks"]),
    (TTT, TicTacToeState("X........", "Z", None, 3, 3, 3), ["to_move", "'Z'"]),
    (TREE, (5,), ["not a path", "children 0..2"]),
    (TREE, (-1,), ["not a path"]),
    (TREE, (0, 1, 0), ["not a path", "below the leaf"]),
    (TREE, (True,), ["not a path"]),
    (TREE, "01", ["must be a state of GameTree"]),
]


@pytest.mark.parametrize("entry", sorted(ENTRIES))
@pytest.mark.parametrize("game, state, words", BAD, ids=lambda value: str(value)[:30])
def test_every_search_and_player_refuses_a_bad_state_saying_why(entry, game, state, words):
    if state is None and entry == "play_game(start=)":
        return                                  # start=None: the initial state
    with pytest.raises(ValueError) as error:
        ENTRIES[entry](game, state)
    assert "state" in str(error.value) or "start" in str(error.value)
    for word in words:
        assert word in str(error.value), (str(error.value), word)


@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_a_game_that_is_not_a_game_is_named(entry):
    with pytest.raises(TypeError, match=r"a class: call it"):
        ENTRIES[entry](ConnectFour, S)


@pytest.mark.parametrize("call", [
    lambda: alphabeta(ConnectFour(), "3342", depth=2),
    lambda: mcts(TicTacToe(), ConnectFour().play("3"), iterations=50),
    lambda: alphabeta(ConnectFour(5, 7), ConnectFour().play("3342"), depth=2)])
def test_the_reported_calls_give_clear_errors(call):
    with pytest.raises(ValueError, match=r"state (must be a state of|belongs to a board)"):
        call()


def test_the_solver_and_the_perfect_player_check_states_too():
    bad = S._replace(o=S.o | S.x)
    for call in (lambda: solve(bad), lambda: analyze(bad), lambda: PerfectPlayer()(C4, bad)):
        with pytest.raises(ValueError, match="same cell"):
            call()


def test_good_states_of_every_kind_are_accepted():
    rng = random.Random(1)
    for game in (C4, TTT, ConnectFour(4, 5, 3), TicTacToe(4, 5, 3), TREE,
                 ConnectFour(first_move_rule=True)):
        for _ in range(50):
            state = game.initial_state
            while True:
                assert check_state(game, state) is state
                if game.is_terminal(state):
                    break
                state = game.result(state, rng.choice(game.actions(state)))


def columns_of(game, state):
    """Each column's discs from the bottom up, read cell by cell; None if a disc floats,
    lies outside the board or shares its cell."""
    rows, cols = game.rows, game.cols
    stacks = []
    for col in range(cols):
        stack = []
        for row in range(rows):
            bit = 1 << (col * (rows + 1) + row)
            mark = "X" if state.x & bit else "O" if state.o & bit else None
            if mark is None:
                break
            stack.append(mark)
        stacks.append(stack)
    if sum(map(len, stacks)) != (state.x | state.o).bit_count() or state.x & state.o:
        return None
    return stacks


def has_k(stacks, rows, mark, k):
    """A plain scan of every cell and direction for k of `mark` in a row."""
    cell = {(col, row): m for col, stack in enumerate(stacks) for row, m in enumerate(stack)}
    return any(all(cell.get((c + i * dc, r + i * dr)) == mark for i in range(k))
               for (c, r) in cell for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)))


def consistent(game, state):
    """What the check promises, judged cell by cell: the discs stack in their columns,
    the counts alternate, the right player is to move, and the winner (or nobody) is
    the one with a line."""
    stacks = columns_of(game, state)
    if stacks is None or state.to_move not in "XO" or len(state.to_move) != 1:
        return False
    xs = sum(stack.count("X") for stack in stacks)
    os = sum(stack.count("O") for stack in stacks)
    if xs - os not in (0, 1) or state.to_move != ("X" if xs == os else "O"):
        return False
    lines = {mark for mark in "XO" if has_k(stacks, game.rows, mark, game.k)}
    if state.winner is None:
        return not lines
    return lines == {state.winner} and (state.winner == "X") == (xs > os)


def reachable(game, state):
    """Whether play reaches `state`: a replay that tries every order of the columns'
    discs alternating X and O."""
    stacks = columns_of(game, state)
    if stacks is None:
        return False
    seen = set()

    def replay(current, heights):
        if current == state:
            return True
        if current.winner is not None or heights in seen:
            return False
        seen.add(heights)
        for col in range(game.cols):
            height = heights[col]
            if height < len(stacks[col]) and stacks[col][height] == current.to_move:
                if replay(game.result(current, col),
                          heights[:col] + (height + 1,) + heights[col + 1:]):
                    return True
        return False

    return replay(game.initial_state, (0,) * game.cols)


@FAST
@given(x=st.integers(0, (1 << 20) - 1), o=st.integers(0, (1 << 20) - 1),
       to_move=st.sampled_from(["X", "O", "Z"]), winner=st.sampled_from([None, "X", "O"]),
       plies=st.lists(st.integers(0, 3), max_size=12))
def test_any_hand_made_state_is_refused_unless_consistent(x, o, to_move, winner, plies):
    """A 4 x 4 board, three in a row: random bit patterns, and positions of random games
    with one field changed. A state play reaches is never refused; one the check lets
    through is consistent (judged cell by cell), and search answers from it."""
    game = ConnectFour(4, 4, 3)
    state = game.initial_state
    for col in plies:
        if game.is_terminal(state) or col not in game.actions(state):
            break
        state = game.result(state, col)
    board = sum(((1 << 4) - 1) << (5 * c) for c in range(4))
    candidates = [ConnectFourState(x & board, o & board, to_move, winner, 4, 4, 3),
                  state._replace(to_move=to_move), state._replace(winner=winner),
                  state._replace(x=state.x ^ (x & board))]
    for candidate in candidates:
        try:
            check_state(game, candidate)
        except ValueError as error:
            assert "state is not a position" in str(error)
            assert not reachable(game, candidate), candidate
        else:
            assert consistent(game, candidate), candidate
            if not game.is_terminal(candidate):
                assert alphabeta(game, candidate, depth=2).move in game.actions(candidate)


def test_the_check_costs_microseconds():
    """Once per search call, never per node: a tournament makes thousands of calls."""
    for game, state in ((C4, S), (TTT, TTT.play([(1, 1), (0, 0)])), (TREE, (1,))):
        check_root(game, state)
        seconds = min(timeit.repeat(lambda: check_root(game, state), number=200, repeat=5))
        assert seconds / 200 < 100e-6, (game, seconds / 200)


# -- long inputs are quoted briefly --------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: ConnectFour().play("3" * 10 ** 6), lambda: ConnectFour().play("x" * 10 ** 6),
    lambda: ConnectFour().play("0123456" * 10 ** 5), lambda: solve("3" * 10 ** 6),
    lambda: analyze("3" * 10 ** 6), lambda: solve("x" * 10 ** 6),
    lambda: solve("0123456" * 10 ** 5, engine="python"),
    lambda: alphabeta(ConnectFour(), "3" * 10 ** 6, depth=2),
    lambda: play_game(ConnectFour(), [RandomPlayer(), RandomPlayer()], start="3" * 10 ** 6)])
def test_a_million_character_input_is_quoted_briefly(call):
    with pytest.raises(ValueError) as error:
        call()
    message = str(error.value)
    assert len(message) < 400, message[:500]
    assert re.search(r"\.\.\. \((1000000|700000) characters\)", message), message


def test_short_inputs_are_quoted_whole():
    whole_game = "0" * 6 + "1" * 6 + "2" * 6 + "3" * 6 + "4" * 6 + "5" * 6 + "6" * 6 + "9"
    with pytest.raises(ValueError) as error:
        ConnectFour().play(whole_game)
    assert repr(whole_game.strip()) in str(error.value)
    assert brief("abc") == "'abc'" and brief("a" * 1000).endswith("... (1000 characters)")


# -- very tall boards ----------------------------------------------------------------------

@pytest.mark.parametrize("search", [
    lambda game: minimax(game, game.initial_state),
    lambda game: alphabeta(game, game.initial_state),
    lambda game: alphabeta(game, game.initial_state, order="centre", tt=None),
    lambda game: AlphaBetaPlayer().explain(game, game.initial_state),
    lambda game: MinimaxPlayer().explain(game, game.initial_state)])
def test_full_search_on_a_600_row_board_works(search):
    game = ConnectFour(600, 1, 2)       # one column, X and O alternate: a draw in 600 plies
    result = search(game)
    assert result.move == 0 and result.value == 0 and len(result.pv) == 600


def test_iterative_deepening_on_a_600_row_board_goes_as_deep_as_its_time_allows():
    game = ConnectFour(600, 1, 2)
    result = AlphaBetaPlayer(time_limit=2).explain(game, game.initial_state)
    assert result.move == 0 and result.stats.depth >= 1


def test_a_full_search_deeper_than_any_search_is_refused_up_front():
    game = ConnectFour(1000, 2, 2)
    with pytest.raises(ValueError, match=r"could go 2000 plies deep.*give a depth"):
        alphabeta(game, game.initial_state)
    assert alphabeta(game, game.initial_state, depth=3).move in (0, 1)
    assert iterative_deepening(game, game.initial_state, time_limit=0.2).move in (0, 1)


@pytest.mark.parametrize("game, move", [
    (ConnectFour(), 10 ** 5000), (ConnectFour(), "3" * 10 ** 6), (ConnectFour(), [1] * 10 ** 5),
    (TicTacToe(), (10 ** 6000, 1)), (TicTacToe(), "x" * 10 ** 6), (TREE, "7" * 10 ** 6)],
    ids=["5000 digits", "a string", "a list", "a tuple", "x string", "tree"])
def test_a_huge_move_is_quoted_briefly(game, move):
    with pytest.raises(ValueError) as error:
        game.result(game.initial_state, move)
    assert len(str(error.value)) < 300 and "move" in str(error.value)
    with pytest.raises(ValueError) as error:
        game.check_move(game.initial_state, move)
    assert len(str(error.value)) < 300


def test_a_huge_thing_to_solve_is_quoted_briefly():
    with pytest.raises(TypeError) as error:
        solve([3] * 10 ** 6)
    assert len(str(error.value)) < 300 and "characters" in str(error.value)
