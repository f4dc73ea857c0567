"""Mutation tests of the exercise checks: every automatic mutant of a model solution that
behaves differently from it on the exercise's domain is rejected, with a counterexample;
the mutants that behave the same (equivalent) are listed with why. Run with -s to see
the kill rate of each exercise."""

from __future__ import annotations

import math
import random
import signal
from contextlib import contextmanager
from typing import Any, Callable

import pytest

from gamelib.exercises import (check_alignment, check_alphabeta, check_backprop,
                               check_centre_player, check_is_win, check_minimax,
                               check_rule_move, check_ucb, check_useful_threats, check_wilson)
from gamelib.exercises.mcts_checks import LARGE
from gamelib.exercises.mcts_parts import Node
from gamelib.exercises.recording import RecordingGame
from gamelib.exercises.search_checks import cases, same_move, same_value, tree_eval
from gamelib.exercises.solutions import alignment as alignment_solution
from gamelib.exercises.solutions import alphabeta as alphabeta_solution
from gamelib.exercises.solutions import first_player as first_player_solution
from gamelib.exercises.solutions import is_win as is_win_solution
from gamelib.exercises.solutions import mcts as mcts_solution
from gamelib.exercises.solutions import minimax as minimax_solution
from gamelib.exercises.solutions import rules as rules_solution
from gamelib.exercises.solutions import threats as threats_solution
from gamelib.exercises.solutions import wilson as wilson_solution
from gamelib.games import GameTree
from gamelib.search import minimax
from mutants import Mutant, function_source, mutants


class Hangs(BaseException):
    """The mutant ran past its time (an endless loop); not an Exception, so that no check
    catches it as the student's error."""


@contextmanager
def time_limit(seconds: float):
    """Stop what runs inside after `seconds` of this process's CPU time (an endless loop in
    a mutant); CPU time, not the clock's, so a busy machine does not make a mutant hang."""
    def stop(signum: int, frame: Any) -> None:
        raise Hangs
    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


# -- the domains, and what behaving differently means on them ------------------------------

def random_trees(count: int, seed: int = 99) -> list[Any]:
    """Random game trees up to four levels deep, with early ends, values -9..9."""
    rng = random.Random(seed)

    def grow(height: int) -> Any:
        if height == 0 or rng.random() < 0.1:
            return rng.randint(-9, 9)
        return [grow(height - 1) for _ in range(rng.randint(1, 3))]
    found = []
    while len(found) < count:
        tree = grow(rng.randint(1, 4))
        if isinstance(tree, list):
            found.append(tree)
    return found


def search_domain() -> list[tuple[Any, Any, int, Callable]]:
    """(game, state, depth, eval_fn): random trees searched fully and one level short,
    and the Tic-Tac-Toe positions of the check."""
    found = []
    for i, tree in enumerate(random_trees(120)):
        game = GameTree(tree)
        height = _height(tree)
        depth = height if i % 2 or height == 1 else height - 1
        found.append((game, game.initial_state, depth, tree_eval(game)))
    found += [(c.game, c.state, c.depth, c.eval_fn) for c in cases()
              if not isinstance(c.game, GameTree)]
    return found


def _height(tree: Any) -> int:
    return 1 + max(map(_height, tree)) if isinstance(tree, list) else 0


def search_behaviour(fn: Callable, game: Any, state: Any, depth: int, eval_fn: Callable,
                     pruning: bool) -> Any:
    """What the exercise asks about one search: value, leaves (in order for alpha-beta,
    as a set for minimax), and whether the move is one of the best."""
    record = RecordingGame(game, state)
    try:
        with time_limit(2):
            value, move = fn(record, state, depth, record.eval_fn(eval_fn))
    except (Exception, Hangs) as error:
        return ("raised", type(error).__name__)
    leaves = record.leaf_paths()
    result = minimax(game, state, depth=depth, eval_fn=eval_fn, scoring="plain")
    best = any(same_move(move, m) for m, v in result.move_values.items()
               if same_value(v, result.value))
    return (round(float(value), 9) if isinstance(value, (int, float)) else repr(value),
            tuple(leaves) if pruning else frozenset(leaves), best)


def search_differs(fn: Callable, model: Callable, pruning: bool) -> bool:
    """True if `fn` behaves unlike the model on some position of the domain."""
    return any(search_behaviour(fn, *case, pruning) != search_behaviour(model, *case, pruning)
               for case in search_domain())


def ucb_differs(fn: Callable, model: Callable) -> bool:
    """True if `fn` gives another score than UCB1 on a grid of arguments (an unvisited
    child may score any large number)."""
    for visits in range(0, 12):
        for parent in (max(1, visits), visits + 1, 3 * visits + 2, 100):
            for total in (0, visits / 3, visits / 2, visits, 0.5 * visits + 0.25):
                for c in (0.5, 1.0, math.sqrt(2), 2.0):
                    try:
                        with time_limit(1):
                            got = fn(total, visits, parent, c)
                    except (Exception, Hangs):
                        return True
                    want = model(total, visits, parent, c)
                    if visits == 0:
                        if not (isinstance(got, (int, float)) and got >= LARGE):
                            return True
                    elif not (isinstance(got, (int, float)) and
                              math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-12)):
                        return True
    return False


def backprop_stats(fn: Callable, seed: int) -> Any:
    """Every node's (visits, total) after random playouts backpropagated into a random
    tree whose nodes may already have statistics (the root's total aside)."""
    rng = random.Random(seed)
    nodes = [Node(state=None)]
    for _ in range(rng.randint(1, 7)):
        parent = rng.choice(nodes)
        mover = "O" if parent.mover == "X" else "X"
        node = Node(state=None, parent=parent, mover=mover)
        if rng.random() < 0.5:
            node.visits = rng.randint(1, 9)
            node.total = rng.randint(0, 2 * node.visits) / 2
        parent.children.append(node)
        nodes.append(node)
    nodes[0].visits = sum(n.visits for n in nodes[0].children)
    seen = []
    for _ in range(rng.randint(1, 4)):
        try:
            with time_limit(1):
                fn(rng.choice(nodes), rng.choice(("X", "O", None)))
        except (Exception, Hangs) as error:
            return ("raised", type(error).__name__)
        seen.append([nodes[0].visits] + [(n.visits, n.total) for n in nodes[1:]])
    return seen


def backprop_differs(fn: Callable, model: Callable) -> bool:
    """True if `fn` leaves other statistics than the model on some random scenario."""
    return any(backprop_stats(fn, seed) != backprop_stats(model, seed) for seed in range(200))


def random_boards(count: int, seed: int = 5) -> list[tuple[Any, str]]:
    """Random boards of several shapes, each with a player to ask about."""
    from gamelib.games.tictactoe import TicTacToeState
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        rows, cols = rng.randint(1, 6), rng.randint(1, 7)
        k = rng.randint(2, max(2, min(5, max(rows, cols))))
        fill = rng.random()
        board = "".join(rng.choice("XO") if rng.random() < fill else "."
                        for _ in range(rows * cols))
        found.append((TicTacToeState(board, "X", None, rows, cols, k), rng.choice("XO")))
    return found


def is_win_differs(fn: Callable, model: Callable) -> bool:
    """True if `fn` answers otherwise than the model on some random board."""
    for state, player in random_boards(3000):
        try:
            with time_limit(1):
                got = fn(state, player)
        except (Exception, Hangs):
            return True
        if not (isinstance(got, bool) and got == model(state, player)):
            return True
    return False


def alignment_differs(fn: Callable, model: Callable) -> bool:
    """True if `fn` answers otherwise than the model on some random Connect Four bitboard
    (stones only on the 42 cells, never on a column's empty top bit)."""
    from gamelib.exercises.alignment import bit
    rng = random.Random(6)
    cells = [bit(c, r) for c in range(7) for r in range(6)]
    for _ in range(4000):
        density = rng.uniform(0.05, 0.5)
        bits = sum(b for b in cells if rng.random() < density)
        try:
            with time_limit(1):
                got = fn(bits)
        except (Exception, Hangs):
            return True
        if bool(got) != model(bits) or not isinstance(got, (bool, int)):
            return True
    return False


def connect_four_positions(count: int, seed: int) -> list[Any]:
    """Unfinished Connect Four positions from random games (other ones than the checks')."""
    from gamelib.games import ConnectFour
    game, rng, found = ConnectFour(), random.Random(seed), []
    while len(found) < count:
        state = game.initial_state
        for _ in range(rng.randint(0, 36)):
            legal = game.actions(state)
            after = game.result(state, 3 if 3 in legal and rng.random() < 0.3
                                else rng.choice(legal))
            if game.is_terminal(after):
                break
            state = after
        found.append(state)
    return found


def move_differs(fn: Callable, accepted: Callable[[Any], Any], seed: int) -> bool:
    """True if `fn(game, state)` gives an answer `accepted(state)` does not allow, on some
    random position (accepted: a list of right columns, or None when None is right)."""
    from gamelib.games import ConnectFour
    game = ConnectFour()
    for state in connect_four_positions(800, seed):
        try:
            with time_limit(1):
                got = fn(game, state)
        except (Exception, Hangs):
            return True
        right = accepted(state)
        if (got is None) != (right is None) or (right is not None and
                                                 not (type(got) is int and got in right)):
            return True
    return False


def centre_differs(fn: Callable, model: Callable) -> bool:
    """True if `fn` plays another column than the model on some random position."""
    from gamelib.games import ConnectFour
    return move_differs(fn, lambda state: [model(ConnectFour(), state)], seed=21)


def rules_differ(fn: Callable, model: Callable) -> bool:
    """True if `fn` gives an answer the rules do not allow on some random position."""
    from gamelib.exercises.rules import right_answers
    return move_differs(fn, lambda state: right_answers(state)[0], seed=22)


def threats_differ(fn: Callable, model: Callable) -> bool:
    """True if `fn` finds other useful threats than the reference on some random position."""
    from gamelib.exercises.threats import as_threats, useful
    for state in connect_four_positions(400, seed=23):
        try:
            with time_limit(1):
                got = as_threats(fn(state))
        except (Exception, Hangs):
            return True
        if got != useful(state):
            return True
    return False


def wilson_differs(fn: Callable, model: Callable) -> bool:
    """True if `fn`'s interval differs from the model's on some result of up to 80 games."""
    for games in range(1, 81):
        for wins in range(games + 1):
            try:
                with time_limit(1):
                    got = fn(wins, games)
                low, high = got
                if any(abs(a - b) > 1e-4 for a, b in zip((low, high), model(wins, games))):
                    return True
            except (Exception, Hangs):
                return True
    return False


# -- the exercises -------------------------------------------------------------------------

EXERCISES = {
    "alignment": (alignment_solution, "alignment", check_alignment, alignment_differs),
    "is_win": (is_win_solution, "is_win", check_is_win, is_win_differs),
    "minimax": (minimax_solution, "my_minimax", check_minimax,
                lambda fn, model: search_differs(fn, model, pruning=False)),
    "alpha-beta": (alphabeta_solution, "my_alphabeta", check_alphabeta,
                   lambda fn, model: search_differs(fn, model, pruning=True)),
    "UCB score": (mcts_solution, "ucb_score", check_ucb, ucb_differs),
    "backpropagation": (mcts_solution, "backpropagate", check_backprop, backprop_differs),
    "centre player": (first_player_solution, "centre_player", check_centre_player,
                      centre_differs),
    "rules": (rules_solution, "rule_move", check_rule_move, rules_differ),
    "useful threats": (threats_solution, "my_useful_threats", check_useful_threats,
                       threats_differ),
    "Wilson interval": (wilson_solution, "wilson", check_wilson, wilson_differs),
}


def judge(exercise: str) -> dict[str, list[tuple[Mutant, str]]]:
    """Every mutant of the exercise's model solution, sorted into killed, survived (a
    difference the check missed), equivalent (no difference on the domain) and hangs."""
    module, name, check, differs = EXERCISES[exercise]
    model = getattr(module, name)
    sorted_out: dict[str, list[tuple[Mutant, str]]] = {
        "killed": [], "survived": [], "equivalent": [], "hangs": [], "no counterexample": []}
    for mutant in mutants(function_source(module, name)):
        try:
            fn = mutant.load(name)
        except Exception as error:                        # e.g. a name dropped at import
            sorted_out["killed"].append((mutant, f"does not load: {error}"))
            continue
        different = differs(fn, model)              # each call inside has its own limit
        try:
            with time_limit(20):
                result = check(fn)
        except Hangs:
            sorted_out["hangs"].append((mutant, "endless loop"))
            continue
        assert result.status != "could not judge", (mutant.what, mutant.source, str(result))
        if not different:
            sorted_out["equivalent"].append((mutant, f"check: {result.status}"))
        elif result.passed:
            sorted_out["survived"].append((mutant, str(result)))
        elif result.status == "not implemented yet":    # e.g. the whole loop dropped
            sorted_out["killed"].append((mutant, "does nothing"))
        elif not (result.details or f"{name}(" in result.message):   # a concrete case
            sorted_out["no counterexample"].append((mutant, str(result)))
        else:
            sorted_out["killed"].append((mutant, result.diagnosis))
    return sorted_out


EQUIVALENT = {
    ("minimax", "Gt -> GtE", 17): "MAX keeps the last of equally good moves, not the first: "
                                  "still a best move, which is all the exercise asks",
    ("minimax", "Lt -> LtE", 28): "MIN's choice among equal values is never returned (only "
                                  "the root's move is), and its value is the same",
    ("alpha-beta", "Lt -> LtE", 29): "MIN's choice among equal values is never returned, and "
                                     "beta = min(beta, value) is the same for equal values",
    ("is_win", "1 -> -1", 2): "a direction reversed (e.g. (0, -1) for (0, 1)): every start "
                              "cell is tried, so each line is still found from its other end",
    ("is_win", "pair swapped", 2): "the down-left direction (1, -1) written as (-1, 1): the "
                                   "same lines, found from their other end",
    ("rules", "statement at line 13 dropped", 3): "the final `return None` dropped: a "
                                                 "Python function returns None anyway",
    ("Wilson interval", "1.0 -> 2.0", 8): "min(2.0, high) for min(1.0, high): Wilson's upper "
                                         "end never exceeds 1, so the cap never acts",
}
"""The mutants that behave like the model on the whole domain, and why."""


@pytest.mark.parametrize("exercise", [
    pytest.param(name, marks=[] if name == "UCB score" else [pytest.mark.slow])
    for name in EXERCISES])
def test_every_mutant_that_behaves_differently_is_rejected_with_a_counterexample(exercise):
    found = judge(exercise)
    killed, survived = len(found["killed"]), len(found["survived"])
    total = killed + survived + len(found["no counterexample"])
    print(f"\n{exercise}: {killed} of {total} differing mutants rejected "
          f"({100 * killed / max(1, total):.0f}%); {len(found['equivalent'])} equivalent; "
          f"{len(found['hangs'])} endless loops")
    for mutant, note in found["equivalent"]:
        why = EQUIVALENT.get((exercise, mutant.what, mutant.line), "NOT EXPLAINED")
        print(f"  equivalent: {mutant.what} (line {mutant.line}); {note}; {why}")
    for mutant, note in found["hangs"]:
        print(f"  endless loop: {mutant.what} (line {mutant.line})")
    assert not found["survived"], [(m.what, m.line, note) for m, note in found["survived"]]
    assert {(exercise, m.what, m.line) for m, _ in found["equivalent"]} == \
        {key for key in EQUIVALENT if key[0] == exercise}, "a new equivalent mutant: say why"
    assert not found["no counterexample"], [(m.what, note) for m, note in
                                            found["no counterexample"]]


def test_time_limit_stops_an_endless_loop_by_cpu_time():
    with pytest.raises(Hangs):
        with time_limit(0.2):
            while True:
                pass
