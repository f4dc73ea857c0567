"""Checks for lesson 06: the student's UCB1 score and backpropagation.

`check_ucb` compares `ucb_score(total, visits, parent_visits, c)` with UCB1 on a few
numbers and recognises the usual slips (no square root, no logarithm, N and n swapped,
total instead of mean, c ignored, unvisited children not tried first).
`check_backprop` runs `backpropagate(node, winner)` on a path root -> X -> O -> X for a
win of X, a win of O and a draw, compares every node's visits and total with the
convention (1 to the nodes whose mover won, 0.5 to all for a draw, 0 otherwise), and
recognises the missing sign flip and the missing draw credit. Both then let the small
MCTS in `mcts_parts` play a Tic-Tac-Toe position where X must block, to show the effect.
"""

from __future__ import annotations

import math
from typing import Callable

from gamelib.exercises.common import (FAILED, NOT_YET, PASSED, CheckResult, StudentError,
                                      call, crashed, not_yet)
from gamelib.exercises.mcts_parts import chain, most_visited, run_mcts
from gamelib.exercises.solutions.mcts import backpropagate as reference_backprop
from gamelib.exercises.solutions.mcts import ucb_score as reference_ucb
from gamelib.games import TicTacToe

NUMBERS = [(3.0, 5, 20, 1.4), (0.0, 1, 2, 1.0), (7.5, 10, 100, 0.5), (2.0, 4, 4, 2.0),
           (4.5, 6, 30, math.sqrt(2))]

UCB_SLIPS: dict[str, tuple[Callable, str]] = {
    "no sqrt": (lambda t, n, N, c: t / n + c * math.log(N) / n,
                "take the square root: c * sqrt(ln(N) / n)."),
    "no log": (lambda t, n, N, c: t / n + c * math.sqrt(N / n),
               "use the natural logarithm of the parent's visits: sqrt(math.log(N) / n)."),
    "swapped": (lambda t, n, N, c: t / n + c * math.sqrt(math.log(n) / N),
                "N (the parent's visits) goes inside the log, n (the child's) below: "
                "sqrt(ln(N) / n)."),
    "total": (lambda t, n, N, c: t + c * math.sqrt(math.log(N) / n),
              "use the mean reward total / visits, not the total: a child visited often "
              "would look good just for being visited."),
    "no c": (lambda t, n, N, c: t / n + math.sqrt(math.log(N) / n),
             "multiply the exploration term by c (the exploration constant argument)."),
    "minus": (lambda t, n, N, c: t / n - c * math.sqrt(math.log(N) / n),
              "the exploration term is added: rarely tried children get a bonus."),
    "no mean": (lambda t, n, N, c: c * math.sqrt(math.log(N) / n),
                "add the mean reward total / visits (exploitation) to the exploration term."),
}

# X to move must block O's row at (1, 2): every other move loses.
MUST_BLOCK = [(0, 0), (1, 0), (2, 1), (1, 1)]
BLOCK = (1, 2)


def blocks(ucb: Callable, backprop: Callable, iterations: int = 1000, runs: int = 5) -> int:
    """In how many of `runs` seeded runs the small MCTS with these functions plays the
    only move that saves X in MUST_BLOCK."""
    game = TicTacToe()
    state = game.play(MUST_BLOCK)
    return sum(most_visited(run_mcts(game, state, iterations, ucb, backprop, seed=seed)) == BLOCK
               for seed in range(runs))


def show_in_play(ucb: Callable, backprop: Callable, iterations: int = 1000,
                 runs: int = 5) -> str:
    """How often the small MCTS with these functions finds the only move that saves X."""
    try:
        found = blocks(ucb, backprop, iterations, runs)
    except Exception as error:                       # student code inside the search
        return f"MCTS with your functions crashed: {type(error).__name__}: {error}"
    return (f"In play: X to move must block at {BLOCK} or lose. MCTS with your functions "
            f"({iterations} iterations) blocks in {found} of {runs} runs.")


def backprop_without_sign_flip(node, winner) -> None:
    """The classic bug, for the lesson's demonstration: every node on the path is credited
    from the point of view of the player to move at the root, so the opponent's nodes
    look best when the opponent plays badly."""
    path = []
    while node is not None:
        path.append(node)
        node = node.parent
    root_player = path[-2].mover if len(path) > 1 else None
    for node in path:
        node.visits += 1
        node.total += 0.5 if winner is None else 1 if winner == root_player else 0


def sign_flip_demo(iterations: int = 1000, runs: int = 5) -> dict[str, int]:
    """How often MCTS blocks in MUST_BLOCK, with and without the sign flip."""
    return {"with the sign flip": blocks(reference_ucb, reference_backprop, iterations, runs),
            "without the sign flip": blocks(reference_ucb, backprop_without_sign_flip,
                                            iterations, runs)}


def check_ucb(ucb_score: Callable) -> CheckResult:
    """Check `ucb_score(total, visits, parent_visits, c)` against UCB1."""
    exercise = "UCB score"
    try:
        unvisited = call(ucb_score, 0.0, 0, 10, 1.4)
    except StudentError as error:
        if "ZeroDivision" in str(error):
            return CheckResult(exercise, FAILED, "ucb_score(0, 0, 10, 1.4) divides by zero.",
                               hint="a child that was never visited must be tried first: "
                                    "return math.inf when visits == 0.", diagnosis="unvisited")
        return crashed(exercise, error)
    answers = []
    for args in NUMBERS:
        try:
            answers.append(call(ucb_score, *args))
        except StudentError as error:
            return crashed(exercise, error)
    if unvisited is None or any(a is None for a in answers):
        return not_yet(exercise, "ucb_score")
    if unvisited != math.inf:
        return CheckResult(exercise, FAILED, f"an unvisited child scores {unvisited!r}.",
                           hint="a child that was never visited must be tried first: "
                                "return math.inf when visits == 0.", diagnosis="unvisited")
    expected = [reference_ucb(*args) for args in NUMBERS]
    if all(math.isclose(a, e, rel_tol=1e-9) for a, e in zip(answers, expected)):
        return CheckResult(exercise, PASSED, "right on every test: mean + c * sqrt(ln N / n), "
                           "and infinity for unvisited children.")
    for name, (slip, hint) in UCB_SLIPS.items():
        if all(math.isclose(a, slip(*args), rel_tol=1e-9) for a, args in zip(answers, NUMBERS)):
            return CheckResult(exercise, FAILED, _ucb_example(answers, expected), hint=hint,
                               diagnosis=name)
    return CheckResult(exercise, FAILED, _ucb_example(answers, expected),
                       hint="UCB1 = total / visits + c * math.sqrt(math.log(parent_visits) "
                            "/ visits).", diagnosis="formula")


def _ucb_example(answers: list, expected: list) -> str:
    """The first numbers that differ."""
    for args, a, e in zip(NUMBERS, answers, expected):
        if not math.isclose(a, e, rel_tol=1e-9):
            t, n, N, c = args
            return (f"ucb_score(total={t}, visits={n}, parent_visits={N}, c={c:.3g}) gave "
                    f"{a:.4f}, expected {e:.4f}.")
    return "the scores differ."


def check_backprop(backpropagate: Callable) -> CheckResult:
    """Check `backpropagate(node, winner)` on a path root -> X -> O -> X."""
    exercise = "backpropagation"
    got, want = {}, {}
    for winner in ("X", "O", None):
        mine, ref = chain([None, "X", "O", "X"]), chain([None, "X", "O", "X"])
        try:
            call(backpropagate, mine[-1], winner)
        except StudentError as error:
            return crashed(exercise, error)
        reference_backprop(ref[-1], winner)
        got[winner] = [(n.visits, n.total) for n in mine]
        want[winner] = [(n.visits, n.total) for n in ref]
    if all(v == (0, 0.0) for stats in got.values() for v in stats):
        return CheckResult(exercise, NOT_YET, "backpropagate changed no node: fill in the "
                           "cell above, run it, then run this check again.")
    details = [f"winner {w or 'none (draw)'}: your (visits, total) root..leaf {got[w]}, "
               f"expected {want[w]}" for w in ("X", "O", None)]
    play = show_in_play(reference_ucb, backpropagate)
    result = _diagnose_backprop(got, want)
    if result is None:
        return CheckResult(exercise, PASSED, "every node on the path got one more visit and "
                           "the right reward for its mover (win 1, draw 0.5, loss 0). " + play)
    diagnosis, message, hint = result
    return CheckResult(exercise, FAILED, message, hint=hint, diagnosis=diagnosis,
                       details=details + [play])


def _diagnose_backprop(got: dict, want: dict) -> tuple[str, str, str] | None:
    """(diagnosis, message, hint) for the first mistake found, or None if all is right."""
    if got == want:
        return None
    visits = [[v for v, _ in got[w]] for w in got]
    if any(v[0] == 0 for v in visits) and all(v[1:] == [1, 1, 1] for v in visits):
        return ("root", "the root was not updated.",
                "walk up to and including the root (loop while node is not None): the root's "
                "visits are the N in its children's UCB scores.")
    if any(v[1:] != [1, 1, 1] for v in visits):
        return ("visits", f"visits along the path became {visits[0]}, expected [1, 1, 1, 1].",
                "add exactly 1 to `visits` of every node on the path, leaf to root.")
    totals = {w: [t for _, t in got[w]][1:] for w in got}
    if any(t < 0 for ts in totals.values() for t in ts):
        return ("minus one", "some totals went negative.",
                "rewards here are 1 for a win, 0.5 for a draw, 0 for a loss (not +1/-1), "
                "from the point of view of the node's mover.")
    for w in ("X", "O"):
        if len(set(totals[w])) == 1:
            return ("sign flip", f"after a win for {w} every node on the path got the same "
                    f"reward ({totals[w][0]:g}).",
                    "missing sign flip: credit each node from the point of view of its mover "
                    "(the player who moved into it): a win for X is 1 for X's nodes and 0 for "
                    "O's nodes. Without the flip, each player picks the opponent's best moves.")
    if totals[None] == [0, 0, 0]:
        return ("draw credit", "after a draw the nodes got nothing.",
                "missing draw credit: a draw is worth 0.5 to both players, so add 0.5 to "
                "every node's total when winner is None (a draw is better than a loss).")
    if totals[None] != [0.5, 0.5, 0.5]:
        return ("draw credit", f"after a draw the totals are {totals[None]}.",
                "a draw is worth 0.5 to every node, whoever moved into it.")
    return ("reward", "the totals after a decisive game are not right.",
            "add 1 when winner == node.mover, 0.5 when winner is None, else 0.")
