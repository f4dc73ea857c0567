"""MCTS: finds the minimax move, credits each node to the player who moved into it,
and is reproducible with a seed."""

import math
import random

import pytest

from gamelib import ConnectFour, GameTree, MCTSPlayer, TicTacToe, Trace, mcts, minimax
from gamelib.search.mcts import MCTS, random_playout


def random_position(game, rng, low, high):
    """The state after between `low` and `high - 1` random moves (or the end of the game)."""
    state = game.initial_state
    for _ in range(rng.randrange(low, high)):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(game.actions(state)))
    return state


def clear_best_positions(count=40, seed=11):
    """Tic-Tac-Toe positions where one move is better (win / draw / loss) than all others."""
    game = TicTacToe()
    rng = random.Random(seed)
    found, seen = [], set()
    while len(found) < count:
        state = random_position(game, rng, 1, 6)
        if game.is_terminal(state) or state in seen:
            continue
        seen.add(state)
        values = minimax(game, state).move_values
        outcome = {move: (v > 0) - (v < 0) for move, v in values.items()}
        best = max(outcome.values())
        tops = [move for move, o in outcome.items() if o == best]
        if len(tops) == 1 and len(values) >= 3:
            found.append((state, tops[0]))
    return found


@pytest.mark.slow
def test_mcts_finds_the_minimax_move_in_tictactoe():
    game = TicTacToe()
    for state, best in clear_best_positions():
        result = mcts(game, state, iterations=1500, seed=0)
        assert result.move == best, (state.board, state.to_move, result.visits)


def test_same_seed_same_result():
    game = ConnectFour()
    state = game.play("3342")
    one = mcts(game, state, iterations=500, seed=42)
    two = mcts(game, state, iterations=500, seed=42)
    assert one.visits == two.visits and one.q == two.q and one.pv == two.pv
    other = mcts(game, state, iterations=500, seed=43)
    assert other.visits != one.visits


class NoFlip(MCTS):
    """The classic bug: every node credited from the root player's point of view."""

    def backpropagate(self, path, won):
        root_player = self.game.to_move(self.root.state)
        for_root = won if path[-1].mover == root_player else 1.0 - won
        for node in reversed(path):
            node.visits += 1
            node.total += for_root


def run_buggy(game, iterations=3000, seed=0):
    search = NoFlip(game, game.initial_state, math.sqrt(2), None, random.Random(seed), None)
    search.run(iterations, None)
    return search.result()


# MAX's move 0 looks good to random playouts (4 of 5 replies lose for MIN), but MIN has
# one winning reply, so its true value is -1; move 1 is a sure draw.
TRAP = [[-1, 1, 1, 1, 1], [0, 0, 0, 0, 0]]
# Three plies: after move 0, three of MIN's four replies lose for MIN, but its first
# reply leaves MAX only losing moves (value -1). After move 1, MAX can hold the draw, but
# after MIN's first reply only with its one drawing move among losing ones (value 0).
DEEP = [[[-1, -1, -1, -1], [1, 1], [1, 1], [1, 1]], [[-1, -1, 0], [0, 0]]]


@pytest.mark.parametrize("tree, best", [(TRAP, 1), (DEEP, 1)])
def test_synthetic_trees_need_the_sign_flip(tree, best):
    game = GameTree(tree)
    assert minimax(game, game.initial_state).move == best
    assert mcts(game, game.initial_state, iterations=3000, seed=0).move == best
    assert run_buggy(game).move != best       # the test can tell the bug apart


def test_statistics_are_from_the_movers_point_of_view():
    game = GameTree(TRAP)
    result = mcts(game, game.initial_state, iterations=3000, seed=1)
    root = result.tree
    trap = next(child for child in root.children if child.move == 0)
    assert trap.mover == "MAX"
    winning_reply = next(child for child in trap.children if child.move == 0)
    assert winning_reply.mover == "MIN"
    assert winning_reply.q == 1.0            # MIN always wins after it
    assert winning_reply.visits == max(child.visits for child in trap.children)
    assert result.q[0] < 0.25 and result.q[1] == 0.5
    assert result.value == result.q[result.move]


def test_draws_count_half():
    game = GameTree([[0, 0], [0]])
    result = mcts(game, game.initial_state, iterations=50, seed=0)
    assert set(result.q.values()) == {0.5}


def test_trace_records_the_four_steps():
    game = TicTacToe()
    trace = Trace()
    result = mcts(game, game.initial_state, iterations=30, seed=3, trace=trace)
    assert trace.algorithm == "mcts"
    assert trace.count("select") == trace.count("playout") == 30
    assert trace.count("expand") == result.stats.nodes          # the root included
    assert trace[0].kind == "expand" and trace[0].node == 0 and trace[0].parent is None
    nodes = trace.nodes()
    assert nodes[0].visits == 30
    for child in result.tree.children:
        assert nodes[child.id].visits == child.visits
        assert math.isclose(nodes[child.id].total, child.total)
    first_select = next(e for e in trace if e.kind == "select")
    assert first_select.path == (0,)
    backprops = [e for e in trace if e.kind == "backprop"][:2]
    assert backprops[-1].node == 0                # bottom up: ends at the root


def test_budgets_and_errors():
    game = ConnectFour()
    timed = mcts(game, game.initial_state, time_limit=0.05, seed=0)
    assert timed.stats.iterations > 10 and timed.stats.seconds < 0.5
    assert mcts(game, game.initial_state, seed=0).stats.iterations == 1000
    with pytest.raises(ValueError):
        mcts(game, game.initial_state, iterations=0)
    with pytest.raises(ValueError):
        mcts(game, game.play("3333333"[:6] + "2"), iterations=10, c=-1)
    with pytest.raises(ValueError, match="game is over"):
        mcts(game, game.play("0101010"), iterations=10)


def test_pluggable_playout_policy():
    game = ConnectFour()
    calls = []

    def leftmost(game, state, rng):
        calls.append(state)
        return game.actions(state)[0]

    result = mcts(game, game.initial_state, iterations=20, seed=0, playout=leftmost)
    assert calls and result.stats.iterations == 20
    assert random_playout(game, game.initial_state, random.Random(0)) in range(7)


def test_mcts_player_is_reproducible():
    game = ConnectFour()
    one, two = MCTSPlayer(iterations=100, seed=5), MCTSPlayer(iterations=100, seed=5)
    state = game.play("33")
    assert one(game, state) == two(game, state)
    assert one.last_result.visits == two.last_result.visits


# --- MCTS-Solver ---------------------------------------------------------------------

def as_reward(value: float) -> float:
    """A minimax value (for the player to move) as an MCTS reward: 1, 0.5 or 0."""
    return 1.0 if value > 0 else 0.0 if value < 0 else 0.5


def small_positions(count=40, seed=3):
    """Tic-Tac-Toe positions with 3 to 6 marks, not over."""
    game = TicTacToe()
    rng = random.Random(seed)
    found = {}
    while len(found) < count:
        state = random_position(game, rng, 3, 7)
        if not game.is_terminal(state):
            found[state] = None
    return list(found)


def test_solver_proves_what_minimax_knows():
    game = TicTacToe()
    for state in small_positions():
        exact = minimax(game, state)
        result = mcts(game, state, iterations=50_000, seed=0, solver=True)
        assert result.solved == as_reward(exact.value), state.board
        assert result.stats.iterations < 50_000          # it stopped once solved
        for move, proven in result.proven.items():
            assert proven == as_reward(exact.move_values[move]), (state.board, move)
        assert as_reward(exact.move_values[result.move]) == as_reward(exact.value)
        assert result.value == as_reward(exact.value)


def test_solver_on_the_trap_tree():
    game = GameTree(TRAP)
    result = mcts(game, game.initial_state, iterations=3000, seed=0, solver=True)
    assert result.proven == {0: 0.0, 1: 0.5}
    assert result.solved == 0.5 and result.move == 1
    assert result.stats.iterations < 3000


def test_solver_plays_a_proven_win_at_once():
    game = ConnectFour()
    state = game.play("334455")          # X: three in the bottom row, open at both ends
    result = mcts(game, state, iterations=100_000, seed=0, solver=True)
    assert result.move in (2, 6) and result.solved == 1.0
    assert result.stats.iterations < 100


def test_solver_proves_a_double_threat_lost():
    game = ConnectFour()
    state = game.play("33445")           # O to move, X threatens columns 2 and 6
    result = mcts(game, state, iterations=20_000, seed=0, solver=True)
    assert result.solved == 0.0
    assert result.proven == {move: 0.0 for move in game.actions(state)}


def test_solver_never_chooses_a_proven_loss():
    game = ConnectFour()
    state = game.play("00112")           # O to move must block column 3 (0-based)
    for seed in range(5):
        result = mcts(game, state, iterations=300, seed=seed, solver=True)
        assert result.move == 3
        lost = [move for move, proven in result.proven.items() if proven == 0.0]
        assert lost and 3 not in lost


def test_without_the_solver_nothing_is_proven():
    game = GameTree(TRAP)
    trace = Trace()
    result = mcts(game, game.initial_state, iterations=300, seed=0, trace=trace)
    assert result.proven is None and result.stats.iterations == 300
    assert trace.count("prove") == 0
    assert all(node.proven is None for node in result.tree.children)


def test_solver_trace_records_each_proof_once():
    game = TicTacToe()
    state = game.play([(0, 0), (1, 1), (0, 1)])
    trace = Trace()
    result = mcts(game, state, iterations=5000, seed=1, solver=True, trace=trace)
    proofs = [event for event in trace.events if event.kind == "prove"]
    assert len({event.node for event in proofs}) == len(proofs) > 0
    tree = trace.nodes()
    root = tree[0]
    assert root.proven == 1.0 - result.solved       # for the root's "mover"
    for child in root.children:
        node = tree[child]
        assert node.proven == result.proven.get(node.move)
    assert {event.note for event in proofs} <= {"proven win", "proven draw", "proven loss"}
    for index, event in enumerate(trace.events):    # a move proven lost is never selected
        if event.kind == "prove" and event.value == 0.0:
            assert not any(event.node in later.path for later in trace.events[index:]
                           if later.kind == "select")


def test_solver_is_reproducible_and_player_uses_it():
    game = ConnectFour()
    state = game.play("3342")
    one = mcts(game, state, iterations=400, seed=5, solver=True)
    two = mcts(game, state, iterations=400, seed=5, solver=True)
    assert one.visits == two.visits and one.proven == two.proven
    player = MCTSPlayer(iterations=300, seed=1, solver=True)
    assert player.name == "mcts-solver:300"
    assert player(game, game.play("334455")) in (2, 6)


def test_a_timed_search_stamps_its_time_before_the_collector_runs_again():
    # The collector is paused during the search. Re-enabled before the result was built,
    # its first collection walked the whole new tree inside the call (7-22 ms late).
    import gc
    import time
    game = ConnectFour()
    state = game.play("3342")
    collections = []

    def note(phase, info):
        if phase == "start":
            collections.append(info["generation"])

    assert gc.isenabled()
    gc.collect()
    gc.callbacks.append(note)
    try:
        started = time.perf_counter()
        result = mcts(game, state, time_limit=0.2, seed=0)
        elapsed = time.perf_counter() - started
    finally:
        gc.callbacks.remove(note)
    assert 2 not in collections and gc.isenabled()   # no full walk of the tree in the call
    # (Python 3.12 may still run a young-generation collection; the time below is what counts)
    assert result.stats.iterations > 10
    assert result.stats.seconds <= elapsed <= 0.2 + 0.05


def test_the_default_playout_is_random_playout(monkeypatch):
    import importlib
    mcts_module = importlib.import_module("gamelib.search.mcts")   # not the function
    calls = []

    def counted(game, state, rng):
        calls.append(state)
        return random_playout(game, state, rng)

    monkeypatch.setattr(mcts_module, "random_playout", counted)
    game = TicTacToe()
    default = mcts(game, game.initial_state, iterations=50, seed=3)
    assert calls                                    # the default policy is the one that runs
    monkeypatch.undo()
    explicit = mcts(game, game.initial_state, iterations=50, seed=3, playout=random_playout)
    assert default.visits == explicit.visits


def test_ucb_of_an_unvisited_child_is_infinite():
    from gamelib.search.mcts import ucb
    assert ucb(0.0, 0, 10, 1.4) == math.inf
    assert ucb(3.0, 4, 10, 0.0) == 0.75
    assert ucb(3.0, 4, 10, 1.0) == 0.75 + math.sqrt(math.log(10) / 4)
