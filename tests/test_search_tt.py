"""The transposition table: bounds need their flags; the naive cache that forgets them
returns wrong values."""

import random

from gamelib import ConnectFour, NaiveCache, TicTacToe, TranspositionTable, alphabeta, minimax
from gamelib.games.tictactoe import TicTacToeState
from gamelib.search import Trace
from gamelib.search.scoring import WIN
from gamelib.search.trace import EXACT, LOWER, UPPER


def test_store_and_lookup_flip_for_the_other_player():
    table = TranspositionTable()
    table.store("s", 5, LOWER, 3, "m", ply=2, maximizing=True)
    assert table.lookup("s", ply=2, maximizing=True) == (5, LOWER, 3, "m")
    # Seen by a search in which the player to move at "s" is MIN: value and bound flip.
    assert table.lookup("s", ply=2, maximizing=False) == (-5, UPPER, 3, "m")
    assert table.lookup("missing") is None
    assert "s" in table and len(table) == 1


def test_win_distances_are_kept_relative_to_the_position():
    table = TranspositionTable()
    # A win 5 plies below the root, for a position 2 plies below it: a win in 3 from there.
    table.store("s", WIN - 5, EXACT, 10, None, ply=2, maximizing=True)
    assert table.lookup("s", ply=0).value == WIN - 3
    assert table.lookup("s", ply=4).value == WIN - 7


def test_deeper_entries_are_kept_and_size_is_bounded():
    table = TranspositionTable(max_entries=1)
    table.store("a", 1, EXACT, 5, None)
    table.store("a", 2, EXACT, 3, None)          # shallower: ignored
    assert table.lookup("a").value == 1
    table.store("b", 1, EXACT, 5, None)          # full: not added
    assert "b" not in table
    table.clear()
    assert len(table) == 0


def test_naive_cache_stores_bounds_as_exact():
    cache = NaiveCache()
    cache.store("s", 5, LOWER, 3, None)
    assert cache.lookup("s").flag == EXACT


# O to move; O wins (in 5 plies), but alpha-beta with the naive cache says draw.
NAIVE_FAILS = TicTacToeState("..X"
                             "..X"
                             "O..", "O", None, 3, 3, 3)


def test_naive_cache_gives_a_wrong_value():
    game = TicTacToe()
    truth = minimax(game, NAIVE_FAILS).value
    assert truth == WIN - 5
    assert alphabeta(game, NAIVE_FAILS, tt=TranspositionTable()).value == truth
    assert alphabeta(game, NAIVE_FAILS, tt=NaiveCache()).value != truth


def test_naive_cache_is_wrong_often_and_the_real_table_never():
    game = TicTacToe()
    rng = random.Random(7)
    wrong_naive = 0
    for _ in range(100):
        state = game.initial_state
        for _ in range(rng.randrange(2, 6)):
            state = game.result(state, rng.choice(game.actions(state)))
        if game.is_terminal(state):
            continue
        truth = minimax(game, state).value
        assert alphabeta(game, state, tt=TranspositionTable(), order="centre").value == truth
        wrong_naive += alphabeta(game, state, tt=NaiveCache()).value != truth
    assert wrong_naive > 0


def test_table_saves_nodes_and_records_hits():
    game = TicTacToe()
    without = alphabeta(game, game.initial_state)
    table = TranspositionTable()
    trace = Trace()
    with_tt = alphabeta(game, game.initial_state, tt=table, trace=trace)
    assert with_tt.value == without.value == 0
    assert with_tt.stats.nodes < without.stats.nodes / 2
    assert with_tt.stats.tt_hits > 0 and table.hits == with_tt.stats.tt_hits
    assert trace.count("tt_hit") == with_tt.stats.tt_hits
    hit = next(node for node in trace.nodes().values() if node.tt_hit)
    assert hit.bound in (EXACT, LOWER, UPPER)


def test_table_shared_between_depth_limited_searches():
    game = ConnectFour()
    state = game.play("3342")
    table = TranspositionTable()
    for depth in (2, 3, 4):
        assert alphabeta(game, state, depth=depth, tt=table).value == \
            minimax(game, state, depth=depth).value
