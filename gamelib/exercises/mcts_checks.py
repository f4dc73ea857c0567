"""Checks for lesson 07: the student's UCB1 score and backpropagation.

`check_ucb` compares `ucb_score(total, visits, parent_visits, c)` with UCB1 on a few
numbers and recognises the usual slips (no square root, no logarithm, N and n swapped,
total instead of mean, c ignored, unvisited children not tried first).
An unvisited child may score math.inf or any large stand-in (at least LARGE).
`check_backprop` runs `backpropagate(node, winner)` on fresh paths (root -> X -> O -> X,
...) for a win of X, a win of O and a draw, on a path whose nodes already have statistics
(so `visits = 1` differs from `visits += 1`), and on one tree that takes several playouts
in a row (so a path kept between calls, e.g. in a default argument, shows), and compares
every node's visits and total with the convention (1 to the nodes whose mover won, 0.5 to
all for a draw, 0 otherwise); the root's total is not compared, since MCTS never reads it. Both checks
name a slip only when a model of it gives exactly the student's numbers, and the
backpropagation check then lets the small MCTS in `mcts_parts` play a Tic-Tac-Toe
position where X must block, to show the effect.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from numbers import Real
from typing import Callable

from gamelib.exercises.common import never_raises
from gamelib.exercises.common import (FAILED, NOT_YET, PASSED, CheckResult, StudentError,
                                      call, crashed, not_yet, plain)
from gamelib.exercises.mcts_parts import Node, most_visited, run_mcts
from gamelib.exercises.solutions.mcts import backpropagate as reference_backprop
from gamelib.exercises.solutions.mcts import ucb_score as reference_ucb
from gamelib.games import TicTacToe
from gamelib.platform import N_, _

LARGE = 1e3
"""An unvisited child's score must be at least this (math.inf, or a large stand-in such as
1e9): a visited child scores at most 1 + c * sqrt(ln N), below 100 for any c <= 10 and
N <= 10**40, so the unvisited child is tried first."""

NUMBERS = [(3.0, 5, 20, 1.4), (0.0, 1, 2, 1.0), (7.5, 10, 100, 0.5), (2.0, 4, 4, 2.0),
           (4.5, 6, 30, math.sqrt(2)), (9.0, 4, 50, 1.2), (1, 1, 3, 0.7)]
"""The arguments tried: means below and above 1, whole and not (so total // visits shows),
ints as well as floats."""

UCB_SLIPS: dict[str, tuple[Callable, str]] = {
    "no sqrt": (lambda t, n, N, c: t / n + c * math.log(N) / n,
                N_("take the square root: c * sqrt(ln(N) / n).")),
    "no log": (lambda t, n, N, c: t / n + c * math.sqrt(N / n),
               N_("use the natural logarithm of the parent's visits: sqrt(math.log(N) / n).")),
    "swapped": (lambda t, n, N, c: t / n + c * math.sqrt(math.log(n) / N),
                N_("N (the parent's visits) goes inside the log, n (the child's) below: "
                "sqrt(ln(N) / n).")),
    "total": (lambda t, n, N, c: t + c * math.sqrt(math.log(N) / n),
              N_("use the mean reward total / visits, not the total: a child visited often "
              "would look good just for being visited.")),
    "no c": (lambda t, n, N, c: t / n + math.sqrt(math.log(N) / n),
             N_("multiply the exploration term by c (the exploration constant argument).")),
    "minus": (lambda t, n, N, c: t / n - c * math.sqrt(math.log(N) / n),
              N_("the exploration term is added: rarely tried children get a bonus.")),
    "floor division": (lambda t, n, N, c: t // n + c * math.sqrt(math.log(N) / n),
                       N_("the mean is total / visits: // rounds it down to a whole number "
                       "(2.25 becomes 2.0).")),
    "no mean": (lambda t, n, N, c: c * math.sqrt(math.log(N) / n),
                N_("add the mean reward total / visits (exploitation) to the exploration term.")),
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
        return _("MCTS with your functions crashed: {error}").format(
            error=f"{type(error).__name__}: {error}")
    return _("In play: X to move must block at {block} or lose. MCTS with your functions "
             "({iterations} iterations) blocks in {found} of {runs} runs.").format(
                 block=BLOCK, iterations=iterations, found=found, runs=runs)


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


@never_raises(N_("UCB score"))
def check_ucb(ucb_score: Callable) -> CheckResult:
    """Check `ucb_score(total, visits, parent_visits, c)` against UCB1."""
    exercise = N_("UCB score")
    try:
        unvisited = call(ucb_score, 0.0, 0, 10, 1.4)
    except StudentError as error:
        if "ZeroDivision" in str(error):
            return CheckResult(exercise, FAILED, _("ucb_score(0, 0, 10, 1.4) divides by "
                                                   "zero."),
                               hint=_("a child that was never visited must be tried first: "
                                      "return math.inf when visits == 0."),
                               diagnosis="unvisited")
        return crashed(exercise, error)
    answers = []
    for args in NUMBERS:
        try:
            answers.append(call(ucb_score, *args))
        except StudentError as error:
            return crashed(exercise, error)
    if unvisited is None or any(a is None for a in answers):
        return not_yet(exercise, "ucb_score")
    if not _number(unvisited) or not unvisited >= LARGE:
        return CheckResult(exercise, FAILED, _("ucb_score(0.0, 0, 10, 1.4) returned {answer}: "
                                               "an unvisited child scores that.").format(
                                                   answer=repr(unvisited)),
                           hint=_("a child that was never visited must be tried first: "
                                  "return math.inf (or a number larger than any score a "
                                  "visited child can get) when visits == 0."),
                           diagnosis="unvisited")
    odd = next((a for a in answers if not _number(a)), None)
    if odd is not None:
        args = NUMBERS[answers.index(odd)]
        return CheckResult(exercise, FAILED, _("ucb_score{args} returned {answer}; it should "
                                               "return a number.").format(
                                                   args=args, answer=repr(odd)),
                           hint=_("return a float: the mean reward plus the exploration "
                                  "bonus."), diagnosis="type")
    expected = [reference_ucb(*args) for args in NUMBERS]
    if all(math.isclose(a, e, rel_tol=1e-9) for a, e in zip(answers, expected)):
        return CheckResult(exercise, PASSED, _("right on every test: mean + c * sqrt(ln N / "
                                               "n), and infinity for unvisited children."))
    for name, (slip, hint) in UCB_SLIPS.items():
        if all(math.isclose(a, slip(*args), rel_tol=1e-9) for a, args in zip(answers, NUMBERS)):
            return CheckResult(exercise, FAILED, _ucb_example(answers, expected), hint=_(hint),
                               diagnosis=name)
    return CheckResult(exercise, FAILED, _ucb_example(answers, expected),
                       hint=_("UCB1 = total / visits + c * math.sqrt(math.log(parent_visits) "
                              "/ visits)."), diagnosis="formula")


def _number(value: object) -> bool:
    """True for a real number (numpy's scalars included), not a bool or None."""
    value = plain(value)
    return isinstance(value, Real) and not isinstance(value, bool)


def _ucb_example(answers: list, expected: list) -> str:
    """The first numbers that differ."""
    for args, a, e in zip(NUMBERS, answers, expected):
        if not math.isclose(a, e, rel_tol=1e-9):
            t, n, N, c = args
            return _("ucb_score(total={total}, visits={visits}, parent_visits={parent}, "
                     "c={c}) gave {got}, expected {expected}.").format(
                         total=t, visits=n, parent=N, c=f"{c:.3g}", got=f"{a:.4f}",
                         expected=f"{e:.4f}")
    return _("the scores differ.")


PATHS = ([None, "X", "O", "X"], [None, "X", "O"], [None, "O", "X", "O", "X"])
"""The paths (root first, each node's mover) the backpropagation check runs on."""

EARLIER = [(9, 4.0), (5, 2.5), (3, 1.0), (2, 1.5), (1, 0.5)]
"""(visits, total) that the nodes of a path already have from earlier playouts: adding
must keep them, so `visits = 1` or `total = reward` shows."""

TREE = [None, "X", "O", "X", "O", "X"]
TREE_PARENTS = [None, 0, 1, 0, 3, 4]
"""A small tree (root first): root -> X -> O, and root -> X -> O -> X, given by each
node's mover and the index of its parent."""

CALLS = [(2, "X"), (5, "O"), (2, None), (1, "X"), (5, "X"), (4, None)]
"""Playouts backpropagated one after another into TREE: (node index, winner)."""


@dataclass
class Scenario:
    """Nodes, and the backpropagations done on them one after another."""

    text: str
    movers: list
    parents: list
    calls: list
    earlier: list = field(default_factory=list)

    def nodes(self) -> list[Node]:
        """Fresh nodes for this scenario."""
        nodes: list[Node] = []
        for i, (mover, parent) in enumerate(zip(self.movers, self.parents)):
            node = Node(state=None, parent=None if parent is None else nodes[parent],
                        mover=mover)
            if i < len(self.earlier):
                node.visits, node.total = self.earlier[i]
            if node.parent is not None:
                node.parent.children.append(node)
            nodes.append(node)
        return nodes

    def name(self, i: int) -> str:
        """Node i in words."""
        if i == 0:
            return _("the root")
        depth, at = 0, i
        while self.parents[at] is not None:
            depth, at = depth + 1, self.parents[at]
        return _("node #{number} ({depth} below the root, mover {mover})").format(
            number=i, depth=depth, mover=self.movers[i])


def _path_text(movers: list) -> str:
    """root -> X -> O."""
    return " -> ".join(_("root") if m is None else m for m in movers)


def scenarios() -> list[Scenario]:
    """Fresh paths (one playout each), paths with earlier statistics, and one tree that
    takes several playouts in a row."""
    found = []
    for movers in sorted(PATHS, key=len):                  # the smallest cases first
        for winner in ("X", "O", None):
            found.append(Scenario(_("the path {path} (fresh nodes)").format(
                                      path=_path_text(movers)), movers,
                                  [None] + list(range(len(movers) - 1)),
                                  [(len(movers) - 1, winner)]))
    for winner in ("X", None):
        movers = PATHS[2]
        found.append(Scenario(_("the path {path}, whose nodes already have (visits, total) "
                                "{earlier} from earlier playouts").format(
                                    path=_path_text(movers), earlier=EARLIER), movers,
                              [None] + list(range(len(movers) - 1)),
                              [(len(movers) - 1, winner)], EARLIER))
    found.append(Scenario(_("the tree root -> X(#1) -> O(#2) and root -> X(#3) -> O(#4) -> "
                            "X(#5), fresh nodes, with several playouts in a row"), TREE,
                          TREE_PARENTS, CALLS))
    return found


def _outcome(winner: str | None) -> str:
    """A win for X, a draw."""
    return _("a draw") if winner is None else _("a win for {player}").format(player=winner)


def _credit(winner: str | None, mover: str | None, draw: float = 0.5, loss: float = 0
            ) -> float:
    """The reward for a node whose mover is `mover`: 1 win, `draw`, `loss`."""
    if winner is None:
        return draw
    return 1 if winner == mover else loss


def _walk(node) -> list:
    """The node and its ancestors, bottom up."""
    path = []
    while node is not None:
        path.append(node)
        node = node.parent
    return path


def _backprop_model(reward: Callable, skip_root: bool = False, only_leaf: bool = False,
                    assign: str = "") -> Callable:
    """A backpropagation that adds 1 visit and `reward(winner, node, path)` to each node
    (or sets the statistic named by `assign` instead of adding to it)."""
    def backpropagate(node, winner) -> None:
        """The model."""
        path = _walk(node)
        if only_leaf:
            path = path[:1]
        if skip_root:
            path = path[:-1]
        for each in path:
            each.visits = 1 if assign == "visits" else each.visits + 1
            gain = reward(winner, each, path)
            each.total = gain if assign == "total" else each.total + gain
    return backpropagate


def _right(w: str | None, n: Node, path: list) -> float:
    """The right reward."""
    return _credit(w, n.mover)


BACKPROP_MODELS: dict[str, tuple[str, Callable]] = {
    "leaf's view": ("sign flip", _backprop_model(
        lambda w, n, path: _credit(w, path[0].mover))),
    "root player's view": ("sign flip", _backprop_model(
        lambda w, n, path: _credit(w, path[-2].mover if len(path) > 1 else None))),
    "player to move": ("wrong player", _backprop_model(
        lambda w, n, path: _credit(w, "O" if n.mover == "X" else "X"))),
    "no draw credit": ("draw credit", _backprop_model(
        lambda w, n, path: _credit(w, n.mover, draw=0))),
    "draw counted as a win": ("draw credit", _backprop_model(
        lambda w, n, path: _credit(w, n.mover, draw=1))),
    "root skipped": ("root", _backprop_model(_right, skip_root=True)),
    "only the leaf": ("only one node", _backprop_model(_right, only_leaf=True)),
    "+1/-1 rewards": ("minus one", _backprop_model(
        lambda w, n, path: _credit(w, n.mover, draw=0, loss=-1))),
    "visits = 1": ("assigned", _backprop_model(_right, assign="visits")),
    "total = reward": ("assigned", _backprop_model(_right, assign="total")),
}

BACKPROP_HINTS = {
    "sign flip": N_("missing sign flip: credit each node from the point of view of its mover "
                  "(the player who moved into it): a win for X is 1 for X's nodes and 0 for "
                  "O's nodes. Without the flip, each player picks the opponent's best moves."),
    "wrong player": N_("you credit the wrong player: node.mover is the player who moved INTO "
                     "the node, and a win for X adds 1 to the nodes X moved into "
                     "(winner == node.mover), not to the nodes where X is to move."),
    "draw credit": N_("a draw is worth 0.5 to both players: add 0.5 to every node's total "
                    "when winner is None (a draw is better than a loss, worse than a win)."),
    "root": N_("walk up to and including the root (loop while node is not None): the root's "
             "visits are the N in its children's UCB scores."),
    "only one node": N_("you updated only the node the playout started from: walk up the "
                      "tree (node = node.parent) until you pass the root, updating every "
                      "node on the way."),
    "minus one": N_("rewards here are 1 for a win, 0.5 for a draw, 0 for a loss (not +1/-1), "
                  "from the point of view of the node's mover."),
    "assigned": N_("you overwrite a statistic instead of adding to it: a node's visits and "
                 "total sum over every playout through it, so write node.visits += 1 and "
                 "node.total += reward (with =, the earlier playouts are forgotten)."),
}


def _run_backprop(backpropagate: Callable) -> dict:
    """(visits, total) of every node, root first, after each call of each scenario."""
    found = {}
    for number, scenario in enumerate(scenarios()):
        nodes = scenario.nodes()
        for step, (index, winner) in enumerate(scenario.calls):
            backpropagate(nodes[index], winner)
            found[(number, step)] = [(n.visits, n.total) for n in nodes]
    return found


def _same_stats(mine: dict, theirs: dict) -> bool:
    """True if every node's visits and total agree, except the root's total (MCTS never
    reads it: it is no child's score)."""
    return all(_same_nodes(mine[key], stats) for key, stats in theirs.items())


def _same_nodes(got: list, want: list) -> bool:
    """True if the nodes' statistics agree (the root's total aside)."""
    if len(got) != len(want) or got[0][0] != want[0][0]:
        return False
    return all(a == b for a, b in zip(got[1:], want[1:]))


@never_raises(N_("backpropagation"))
def check_backprop(backpropagate: Callable) -> CheckResult:
    """Check `backpropagate(node, winner)` on fresh paths (a win of X, of O, a draw), on
    nodes with earlier statistics, and over several playouts in a row in one tree."""
    exercise = N_("backpropagation")
    try:
        got = _run_backprop(lambda node, winner: call(backpropagate, node, winner))
    except StudentError as error:
        return crashed(exercise, error)
    if got == _run_backprop(lambda node, winner: None):
        return CheckResult(exercise, NOT_YET, _("backpropagate changed no node: fill in the "
                                                "cell above, run it, then run this check "
                                                "again."))
    want = _run_backprop(reference_backprop)
    if _same_stats(got, want):
        play = show_in_play(reference_ucb, backpropagate)
        return CheckResult(exercise, PASSED, _(
            "every node on the path got one more visit and the right reward for its mover "
            "(win 1, draw 0.5, loss 0), added to what it had, over several playouts in a "
            "row.") + " " + play)
    details = _backprop_details(got, want)
    named = {d for d, model in BACKPROP_MODELS.values()
             if _same_stats(got, _run_backprop(model))}
    if len(named) == 1:
        diagnosis = named.pop()
        return CheckResult(exercise, FAILED, details[0], hint=_(BACKPROP_HINTS[diagnosis]),
                           diagnosis=diagnosis,
                           details=details[1:] + [show_in_play(reference_ucb, backpropagate)])
    hint = _("for each node from the one given up to the root: visits += 1, and total += 1 "
             "if winner == node.mover, 0.5 if winner is None, else 0.")
    if any(_number(a[0]) and a[0] > b[0] for key in want for a, b in zip(got[key], want[key])):
        hint += " " + _("Some node got more visits than playouts went through it: does each "
                        "call start from a fresh path? A default argument such as path=[] is "
                        "created once and shared by every call.")
    return CheckResult(exercise, FAILED, details[0], hint=hint,
                       diagnosis="first difference", details=details[1:])


def _backprop_details(got: dict, want: dict) -> list[str]:
    """The first call after which a node differs (the smallest case: fresh paths come
    first), in words, then every node."""
    every = scenarios()
    for (number, step), stats in want.items():
        mine = got[(number, step)]
        if _same_nodes(mine, stats):
            continue
        scenario = every[number]
        i = next(i for i, (a, b) in enumerate(zip(mine, stats))
                 if a != b and not (i == 0 and a[0] == b[0]))
        calls = "; ".join(f"backpropagate({scenario.name(n)}, {w!r})"
                          for n, w in scenario.calls[:step + 1])
        return [_("on {scenario}, after {outcome} backpropagated from {start}, {node} has "
                  "visits {visits}, total {total}; it should have visits {right_visits}, total "
                  "{right_total}.").format(
                      scenario=scenario.text, outcome=_outcome(scenario.calls[step][1]),
                      start=scenario.name(scenario.calls[step][0]), node=scenario.name(i),
                      visits=_g(mine[i][0]), total=_g(mine[i][1]), right_visits=stats[i][0],
                      right_total=f"{stats[i][1]:g}"),
                _("the calls, in order: {calls}").format(calls=calls),
                _("your (visits, total), node #0 (root) first: {stats}").format(stats=mine),
                _("expected:                                   {stats}").format(stats=stats)]
    return [_("the statistics differ.")]


def _g(value: object) -> str:
    """A number written briefly (1.0 as 1); anything else as its repr."""
    return format(plain(value), "g") if _number(value) else repr(value)
