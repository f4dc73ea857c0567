"""A referee for every board shape the constructors accept: random games, each move
judged by a plain scan of the lines through the new disc or mark, against the winner the
fast path (bitboards, compiled when numba is there; slices of the board string) names.

Connect Four: every shape the compiled k-in-a-row test serves (boards of up to 63 bits:
where a shift of 64 bits or more wrapped and named winners without a line), then a
sample of the taller and wider shapes up to the largest board a constructor accepts;
shapes beyond that are refused with a message. Tic-Tac-Toe: every shape up to 9 x 9,
then a sample of the larger ones.
"""

import random

import pytest

from gamelib import ConnectFour, TicTacToe
from gamelib.games.checks import MAX_CELLS
from gamelib.games.connect4 import has_line, window_masks

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def line_through(grid, row, col, k):
    """Does the mark at grid[row][col] end k in a row (any direction)? A plain count of
    equal marks on both sides of it, nothing shared with the game's code."""
    rows, cols, mark = len(grid), len(grid[0]), grid[row][col]
    for dr, dc in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < rows and 0 <= c < cols and grid[r][c] == mark:
                run, r, c = run + 1, r + sign * dr, c + sign * dc
        if run >= k:
            return True
    return False


def referee_connect_four(game, rng):
    """Play one random game of `game`, judging every move; the number of moves."""
    rows, cols, k = game.rows, game.cols, game.k
    grid = [["."] * cols for _ in range(rows)]      # row 0 at the top, like `cell`
    heights = [0] * cols
    state, moves = game.initial_state, []
    while True:
        legal = game.actions(state)
        open_columns = [c for c in range(cols) if heights[c] < rows]
        if game.is_terminal(state):
            assert legal == []
            return len(moves)
        assert legal == open_columns, (game, moves)
        col = rng.choice(legal)
        row = rows - 1 - heights[col]
        heights[col] += 1
        mover = state.to_move
        grid[row][col] = mover
        state = game.result(state, col)
        moves.append(col)
        won = line_through(grid, row, col, k)
        assert (state.winner == mover) == won and state.winner in (None, mover), (
            f"{game!r} after {''.join(map(str, moves))}: the referee says "
            f"{'a win' if won else 'no line'}, the game says winner={state.winner!r}")
        line = game.winning_line(state)
        if won:
            assert line is not None and len(line) == k
            assert all(grid[r][c] == mover for r, c in line)
        else:
            assert line is None
        if game.is_terminal(state) and rows * cols <= 500:
            assert state.board == "".join("".join(row_) for row_ in grid)


def referee_tictactoe(game, rng):
    """Play one random game of an m,n,k game, judging every move."""
    rows, cols, k = game.rows, game.cols, game.k
    grid = [["."] * cols for _ in range(rows)]
    state, moves = game.initial_state, 0
    while not game.is_terminal(state):
        move = rng.choice(game.actions(state))
        mover = state.to_move
        grid[move[0]][move[1]] = mover
        state = game.result(state, move)
        moves += 1
        won = line_through(grid, *move, k)
        assert (state.winner == mover) == won, (game, moves)
        line = game.winning_line(state)
        assert (line is not None) == won
        if won:
            assert all(grid[r][c] == mover for r, c in line)
    assert state.winner is not None or "." not in state.board
    return moves


def compiled_shapes():
    """Every Connect Four shape (rows, cols, k) whose board fits in 63 bits."""
    return [(rows, cols, k) for cols in range(1, 10) for rows in range(1, 63 // cols)
            for k in range(1, max(rows, cols) + 1)]


@pytest.mark.slow
def test_every_shape_the_compiled_line_test_serves_names_the_right_winner():
    shapes = compiled_shapes()
    assert len(shapes) > 2500 and (14, 4, 5) in shapes and (62, 1, 62) in shapes
    rng = random.Random(2026)
    for shape in shapes:
        game = ConnectFour(*shape)
        for _ in range(2):
            referee_connect_four(game, rng)


@pytest.mark.parametrize("shape, moves", [
    ((14, 4, 5), "1033102231312010121113"),       # O "won" here without a line
    ((20, 3, 4), "0120120120"), ((9, 6, 8), "012345012345"), ((11, 5, 6), "0123401234"),
    ((8, 7, 8), "01234560123456"), ((62, 1, 3), "0" * 62)])
def test_games_reported_with_a_wrong_winner(shape, moves):
    game = ConnectFour(*shape)
    state = game.play(moves[:-1])
    state = game.result(state, int(moves[-1]))
    assert (state.winner is None) == (game.winning_line(state) is None)


def test_every_compiled_shape_agrees_with_a_brute_force_scan_on_any_pattern():
    """Any pattern of stones (reachable or not), so the long diagonals are tried too."""
    compiled = pytest.importorskip("gamelib.games.connect4_jit")
    rng = random.Random(7)
    for rows, cols, k in compiled_shapes():
        windows = window_masks(rows, cols, k)
        cells = [c * (rows + 1) + r for c in range(cols) for r in range(rows)]
        for density in (0.5, 0.7, 0.85):
            for _ in range(4):
                bits = sum(1 << cell for cell in cells if rng.random() < density)
                expected = any(bits & window == window for window in windows)
                assert compiled.compiled_has_line(bits, rows, k) == expected, (rows, cols, k)
                assert has_line(bits, rows, k) == expected, (rows, cols, k)


def test_a_sample_of_the_larger_connect_four_shapes():
    """Boards past 63 bits use Python's unbounded integers: up to the largest board the
    constructor accepts (MAX_CELLS cells)."""
    rng = random.Random(11)
    shapes = [(MAX_CELLS // cols, cols, k) for cols, k in ((1, 2), (1, 1000), (9, 4), (9, 9))]
    shapes += [(62, 1, 62), (63, 1, 4), (30, 2, 30), (7, 8, 5), (8, 7, 8), (9, 9, 5)]
    while len(shapes) < 40:
        cols = rng.randrange(1, 10)
        rows = rng.randrange(max(2, 64 // cols), 200)
        shapes.append((rows, cols, rng.randrange(1, min(max(rows, cols), 12) + 1)))
    for shape in shapes:
        game = ConnectFour(*shape)
        referee_connect_four(game, rng)


@pytest.mark.slow
def test_every_small_tictactoe_shape_and_a_sample_of_larger_ones():
    rng = random.Random(3)
    shapes = [(rows, cols, k) for rows in range(1, 10) for cols in range(1, 10)
              for k in range(1, max(rows, cols) + 1)]
    shapes += [(rng.randrange(10, 40), rng.randrange(10, 40), rng.randrange(3, 8))
               for _ in range(10)] + [(100, 100, 5), (1, 1000, 3), (1, 2000, 1000), (40, 40, 40),
                                     (30, 70, 25)]
    for shape in shapes:
        game = TicTacToe(*shape)
        for _ in range(2 if shape[0] * shape[1] < 1000 else 1):
            referee_tictactoe(game, rng)


@pytest.mark.parametrize("make", [lambda: ConnectFour(MAX_CELLS + 1, 1, 2),
                                  lambda: ConnectFour(10 ** 6, 9, 4),
                                  lambda: TicTacToe(1000, 1000, 5),
                                  lambda: TicTacToe(1, 10 ** 9, 3)])
def test_boards_too_big_to_hold_are_refused_with_a_message(make):
    with pytest.raises(ValueError, match=r"cells; boards may have at most 10,000"):
        make()


def test_the_largest_boards_are_made_at_once():
    """A Connect Four board's lines are listed only when an evaluation needs them; a
    Tic-Tac-Toe board keeps four slices a cell, whatever k (every line through every
    cell took minutes and gigabytes for long lines on long boards)."""
    import time
    started = time.perf_counter()
    ConnectFour(MAX_CELLS // 9, 9, 4)
    ConnectFour(MAX_CELLS, 1, 2)
    assert time.perf_counter() - started < 1.0
    for shape in ((1, MAX_CELLS, 1000), (10, 1000, 500), (100, 100, 100)):
        started = time.perf_counter()
        TicTacToe(*shape)
        assert time.perf_counter() - started < 5.0, shape
