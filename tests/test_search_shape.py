"""Alpha-beta and minimax read as the book's pseudocode: MAX-VALUE and MIN-VALUE start with
the terminal and depth tests, can be called on their own, and test each node for the end
of the game once."""

import math

from gamelib import ConnectFour, GameTree, TicTacToe, alphabeta, minimax
from gamelib.search.alphabeta import AlphaBeta
from gamelib.search.minimax import Minimax


class CountingTerminal(ConnectFour):
    """Connect Four that counts its terminal tests."""

    calls = 0

    def is_terminal(self, state):
        CountingTerminal.calls += 1
        return super().is_terminal(state)


def test_max_value_alone_is_the_textbook_function():
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    search = AlphaBeta(tree, tree.initial_state, None, None, None, None)
    value, line = search.max_value(tree.initial_state, -math.inf, math.inf, 0)
    assert value == 3 and line == (0, 0)
    assert search.leaves == 7                       # 4 and 6 pruned, as in the book
    plain = Minimax(tree, tree.initial_state, None, None, None, None)
    assert plain.max_value(tree.initial_state, 0) == (3, (0, 0)) and plain.leaves == 9
    # A finished game is its own value: the first test of MAX-VALUE.
    ttt = TicTacToe()
    won = ttt.play([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    search = AlphaBeta(ttt, ttt.initial_state, None, None, "plain", None)
    assert search.min_value(won, -math.inf, math.inf, 5) == (1, ())


def test_each_node_is_tested_for_the_end_of_the_game_once():
    game = CountingTerminal()
    state = game.play("3342")
    for search in (lambda: alphabeta(game, state, depth=4),
                   lambda: minimax(game, state, depth=3)):
        CountingTerminal.calls = 0
        result = search()
        assert CountingTerminal.calls == result.stats.nodes     # the root's by the entry check


def test_without_a_trace_table_or_deadline_the_layer_is_skipped(monkeypatch):
    from gamelib.search import trace as trace_module
    calls = []
    for name in ("enter", "leave", "scored", "prune", "tt_hit"):
        monkeypatch.setattr(trace_module.Recorder, name,
                            lambda self, *args, name=name: calls.append(name))
    game = ConnectFour()
    result = alphabeta(game, game.play("3342"), depth=3)
    assert result.stats.nodes > 100 and result.stats.cutoffs > 0
    assert calls == ["enter", "leave"]              # the root's, and nothing per node
    calls.clear()
    minimax(game, game.play("3342"), depth=2)
    assert calls == ["enter", "leave"]
