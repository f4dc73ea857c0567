"""Checks for lessons 02 and 03: the student's minimax and alpha-beta, read at trace level.

The student writes `my_search(game, state, depth, eval_fn) -> (value, move)`. The check
runs it on a few positions (textbook trees and Tic-Tac-Toe middle games) and on 60 small
generated trees, through a `RecordingGame`, so it sees which positions were scored, in
which order, and what came back. The reference is the library's own search
(`gamelib.search.minimax` and `alphabeta`), read from its `Trace`.

A wrong search is first shown on the smallest case where it differs: the smallest
generated tree that shows the difference, shrunk (a child removed, a subtree replaced by
a child or a leaf, a value moved towards 0) while it still does, drawn with the order in
which each search scored each leaf. This small search-and-shrink is written here rather
than taken from hypothesis: it needs no extra package in the lessons or the browser
build, it is deterministic, and it finishes in well under a second.

- minimax passes when it scores the same leaves as the reference (in any order: the
  lesson does not fix one; max/min or negamax, recursion or loops), returns the
  minimax value and one of the best moves.
- alpha-beta passes when it scores the same leaves in the same order as the library's
  alpha-beta searching moves in `game.actions(state)` order (the lesson fixes that
  order, since the leaves pruned depend on it), fail-hard or fail-soft alike.

When they differ, each classic mistake in `gamelib.exercises.mistakes` is replayed in
the student's own move order, and a mistake is named only when its model does exactly
what the student's code did on every position tried. Otherwise the check says, in words,
the first point where the student's search leaves the reference's on that smallest case.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, crashed,
                                      never_raises, not_yet)
from gamelib.exercises.mistakes import ALIKE, HINTS, diagnosis_of, models
from gamelib.exercises.recording import Path, RecordingGame, ReorderedGame
from gamelib.games import GameTree, TicTacToe
from gamelib.games.gametree import Tree
from gamelib.platform import N_, _, display_width, ngettext, pad
from gamelib.search import Trace, alphabeta, minimax

TEXTBOOK: Tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
EQUAL: Tree = [[3, 12, 8], [3, 4, 6], [14, 5, 2]]             # a leaf equal to alpha
THREE_LEVELS: Tree = [[[1, 5], [4, 2]], [[3, 1], [8, 9]], [[2, 7], [9, 4]]]
DEEP_CUTOFF: Tree = [[[[4, 6], [7, 9]], [[1, 2], [0, 1]]], [[[8, 1], [9, 2]], [[5, 3], [7, 2]]],
               [[[3, 6], [9, 0]], [[2, 7], [1, 4]]]]
UNEVEN: Tree = [[-3, [5, 8]], [[-1, 7], -2], [[-6, -4], [2, -5]]]    # games that end early
NEGATIVE: Tree = [[-3, -12, -8], [-2, -4, -6], [-14, -5, -2]]        # every value below 0

TREES: tuple[tuple[str, Tree, int], ...] = (
    (N_("textbook tree"), TEXTBOOK, 2), (N_("equal-values tree"), EQUAL, 2),
    (N_("three-level tree"), THREE_LEVELS, 3),
    (N_("three-level tree, depth-limited"), THREE_LEVELS, 2),
    (N_("deep-cutoff tree"), DEEP_CUTOFF, 4),
    (N_("deep-cutoff tree, depth-limited"), DEEP_CUTOFF, 3),
    (N_("uneven tree"), UNEVEN, 3), (N_("all-negative tree"), NEGATIVE, 2))
TIC_TAC_TOE = ((N_("Tic-Tac-Toe middle game"), [(1, 1), (0, 0), (2, 2), (0, 2)], 5),
               (N_("Tic-Tac-Toe, depth 2"), [(1, 1), (0, 1)], 2),
               (N_("Tic-Tac-Toe, O to move"), [(1, 1), (0, 0), (2, 2)], 3))
SMALLEST = N_("smallest tree found")


def tree_eval(game: GameTree) -> Callable:
    """Leaves: their number; inner nodes: the mean of the leaves below (for MAX)."""
    def evaluate(state: tuple, player: str) -> float:
        node = game.node(state)
        if not isinstance(node, list):
            return game.utility(state, player)
        leaves = [game.node(state + leaf) for leaf in GameTree(node).leaves()]
        mean = sum(leaf for leaf in leaves if not isinstance(leaf, list)) / len(leaves)
        return mean if player == "MAX" else -mean
    return evaluate


def ttt_eval(game: TicTacToe) -> Callable:
    """Finished games: the utility (+1/0/-1); else (my open lines - theirs) / 10."""
    def evaluate(state: Any, player: str) -> float:
        if game.is_terminal(state):
            return game.utility(state, player)
        other = game.opponent(player)
        return (_open_lines(state, player) - _open_lines(state, other)) / 10
    return evaluate


def _open_lines(state: Any, player: str) -> int:
    """Lines of k cells on which the opponent has no mark."""
    count = 0
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(state.k)]
                if all(0 <= rr < state.rows and 0 <= cc < state.cols for rr, cc in cells):
                    if all(state.cell(rr, cc) in (player, ".") for rr, cc in cells):
                        count += 1
    return count


@dataclass
class Case:
    """One position to search: the game, the start state, the depth, the evaluation."""

    name: str
    game: Any
    state: Any
    depth: int
    eval_fn: Callable

    def title(self) -> str:
        """The case's name in the language gamelib speaks ("textbook tree", "small tree 3")."""
        if self.name.startswith("small tree "):
            return _("small tree {number}").format(number=self.name.split()[-1])
        return _(self.name)

    def where(self, path: Path) -> str:
        """The node at the end of `path`, in words."""
        if not path:
            return _("the root")
        if isinstance(self.game, GameTree):
            return _("node {path}").format(path="".join(map(str, path)))
        return _("the position after {moves}").format(moves=", ".join(map(str, path)))

    def draw(self, path: Path = ()) -> str:
        """The case, and the position at `path`, as text."""
        if isinstance(self.game, GameTree):
            text = f"{self.title()}: GameTree({self.game.tree}), depth={self.depth}"
            if path:
                text += "\n" + _("{node} is the subtree {subtree}").format(
                    node=self.where(path), subtree=self.game.node(path))
            return text
        state = self.state
        for move in path:
            state = self.game.result(state, move)
        head = _("{case}: depth={depth}, {player} to move at the root").format(
            case=self.title(), depth=self.depth, player=self.game.to_move(self.state))
        if path:
            head += _("; {node} ({player} to move):").format(node=self.where(path),
                                                             player=self.game.to_move(state))
        return head + "\n" + self.game.render(state)


def cases() -> list[Case]:
    """The positions every search check uses."""
    found = []
    for name, tree, depth in TREES:
        game = GameTree(tree)
        found.append(Case(name, game, game.initial_state, depth, tree_eval(game)))
    ttt = TicTacToe()
    for name, moves, depth in TIC_TAC_TOE:
        found.append(Case(name, ttt, ttt.play(moves), depth, ttt_eval(ttt)))
    return found


@dataclass
class Run:
    """What one search did on one case: its answer and the leaves it scored, in order."""

    value: Any
    move: Any
    leaves: list[Path]
    players: list[str] = field(default_factory=list)
    orders: dict = field(default_factory=dict)
    trace: Trace | None = None


class ReturnTypeError(Exception):
    """The search returned something other than a (value, move) pair."""


def run(fn: Callable, case: Case) -> Run:
    """Run `fn(game, state, depth, eval_fn)` on `case` through a RecordingGame."""
    record = RecordingGame(case.game, case.state)
    try:
        answer = fn(record, case.state, case.depth, record.eval_fn(case.eval_fn))
    except RecursionError as error:
        raise StudentError(f"RecursionError: {error} (a search that never stops: does "
                           "each call use depth - 1, and stop at depth 0?)") from error
    except Exception as error:                          # student code may raise anything
        raise StudentError(f"{type(error).__name__}: {error}") from error
    if answer is None:
        value, move = None, None
    elif isinstance(answer, (tuple, list)) and len(answer) == 2:
        value, move = answer
    else:
        raise ReturnTypeError(f"the search should return (value, move), it returned "
                              f"{answer!r}")
    return Run(value, move, record.leaf_paths(), [leaf.player for leaf in record.scored()],
               record.child_orders())


def reference(case: Case, pruning: bool, orders: dict | None = None) -> Run:
    """The library's search on `case` (in the move order `orders`, if given), read from
    its trace."""
    game = ReorderedGame(case.game, orders or {})
    search = alphabeta if pruning else minimax
    trace = Trace()
    result = search(game, case.state, depth=case.depth, eval_fn=case.eval_fn,
                    scoring="plain", trace=trace)
    return Run(result.value, result.move, trace_leaf_paths(trace), trace=trace)


def trace_leaf_paths(trace: Trace) -> list[Path]:
    """The paths (moves from the root) of the leaves a trace scored, in order."""
    nodes = trace.nodes()
    return [_path(nodes, event.node) for event in trace.leaves()]


def _path(nodes: dict, node_id: int) -> Path:
    """The moves from the root to the node `node_id` of a rebuilt trace tree."""
    moves = []
    while nodes[node_id].parent is not None:
        moves.append(nodes[node_id].move)
        node_id = nodes[node_id].parent
    return tuple(reversed(moves))


def best_moves(case: Case) -> set:
    """Every root move whose minimax value equals the best value (ties are all right)."""
    result = minimax(case.game, case.state, depth=case.depth, eval_fn=case.eval_fn,
                     scoring="plain")
    return {move for move, value in result.move_values.items()
            if same_value(value, result.value)}


def same_value(a: Any, b: Any) -> bool:
    """True if two search values are the same number (numpy scalars and ints included)."""
    try:
        a, b = float(a), float(b)
    except (TypeError, ValueError):
        return False
    return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def same_move(a: Any, b: Any) -> bool:
    """True if two moves are the same (a list [r, c] is the move (r, c))."""
    if isinstance(a, list):
        a = tuple(a)
    try:
        return bool(a == b)
    except Exception:                                     # e.g. a numpy array
        return False


# -- the check -------------------------------------------------------------------------


def check_search(exercise: str, fn: Callable, pruning: bool) -> CheckResult:
    """The shared check: minimax (pruning=False) or alpha-beta (pruning=True)."""
    runs: list[tuple[Case, Run]] = []
    for case in cases() + small_trees():
        try:
            mine = run(fn, case)
        except ReturnTypeError as error:
            return CheckResult(exercise, FAILED, str(error),
                               hint=_("end with `return max_value(state, ...)`, and make "
                                      "max_value / min_value return a pair (value, move)."),
                               diagnosis="return type", details=[case.draw()])
        except StudentError as error:
            if "NotImplemented" in str(error):
                return crashed(exercise, error)
            result = crashed(exercise, error)
            result.details.append(case.draw())
            return result
        if mine.value is None and not mine.leaves:
            return not_yet(exercise, getattr(fn, "__name__", "your function"))
        runs.append((case, mine))

    verdict = _compare(exercise, fn, runs, pruning)
    if verdict is not None:
        return verdict
    leaves = sum(len(mine.leaves) for _case, mine in runs)
    if pruning:
        message = _("on {count} positions your search scored the same leaves in the same order "
                    "as the reference (so the same moves pruned), and returned the right "
                    "values and moves ({leaves} leaves in all).")
    else:
        message = _("on {count} positions your search scored every position the reference "
                    "scores, and returned the right values and moves ({leaves} leaves in all).")
    return CheckResult(exercise, PASSED, message.format(count=len(runs), leaves=leaves))


def _agrees(mine: Run, ref: Run, in_order: bool, case: Case | None = None) -> bool:
    """True if two runs scored the same leaves (in the same order if `in_order`) and
    returned the same value. Out of order, given the case, the same positions will do:
    a minimax that remembers positions it has scored (a cache) skips transpositions."""
    if not same_value(mine.value, ref.value):
        return False
    if in_order:
        return mine.leaves == ref.leaves
    if set(mine.leaves) == set(ref.leaves):         # a leaf scored twice (e.g. to order
        return True                                 # the moves) is still right
    return case is not None and len(set(mine.leaves)) == len(mine.leaves) and \
        {_state(case, p) for p in mine.leaves} == {_state(case, p) for p in ref.leaves}


def _state(case: Case, path: Path) -> Any:
    """The position at the end of `path`."""
    state = case.state
    for move in path:
        state = case.game.result(state, move)
    return state


def _differs(case: Case, mine: Run, ref: Run, pruning: bool) -> bool:
    """True if the student's run is not what the reference did on `case`."""
    if not _agrees(mine, ref, in_order=pruning, case=case):
        return True
    return not any(same_move(mine.move, best) for best in best_moves(case))


def _compare(exercise: str, fn: Callable, runs: list[tuple[Case, Run]], pruning: bool
             ) -> CheckResult | None:
    """None if every run agrees with the reference, else the verdict that explains why not:
    a named mistake only when its model fits every run, always a counterexample."""
    refs = [reference(case, pruning) for case, _mine in runs]
    swapped = _pair_swapped(exercise, runs, refs)
    if swapped is not None:
        return swapped
    bad = [(case, mine, ref) for (case, mine), ref in zip(runs, refs)
           if _differs(case, mine, ref, pruning)]
    if not bad:
        return None
    case, mine, ref = _smallest(fn, bad, pruning)
    picture = _details(case, mine, ref, pruning)
    if _agrees(mine, ref, in_order=pruning, case=case):
        return _explain_move(exercise, runs, case, mine, pruning, picture)
    off = _depth_offset(runs)
    if off:
        depth_hint = HINTS["depth"]
        return CheckResult(exercise, FAILED, _("with depth={depth} you scored unfinished "
                                               "positions {plies} plies ahead.").format(
                                                   depth=case.depth, plies=case.depth + off),
                           hint=_("{hint} (Yours is off by {off}.)").format(
                               hint=_(depth_hint), off=f"{off:+d}"),
                           diagnosis="depth", details=picture)
    named = _matching_model(runs, pruning)
    if named is not None:
        return CheckResult(exercise, FAILED, _summary(case, mine, ref), hint=_(HINTS[named]),
                           diagnosis=named, details=picture)
    if pruning:
        in_their_order = [reference(c, True, m.orders) for c, m in runs]
        if all(_agrees(m, r, True) and same_move(m.move, r.move)
               for (c, m), r in zip(runs, in_their_order)):
            return _explain_order(exercise, case, mine, ref)
    return _first_difference(exercise, case, mine, pruning, picture)


# -- counterexamples: the smallest tree on which the student's search differs --------------


def small_trees(count: int = 60, seed: int = 2024) -> list[Case]:
    """Small game trees of every shape up to three levels (some ending early), with values
    from -4 to 4 so that ties are common, smallest first; every other one searched with
    the depth limit one above the bottom."""
    rng = random.Random(seed)
    trees: list[Tree] = []

    def grow(height: int) -> Tree:
        """A random tree at most `height` levels deep."""
        if height == 0 or (height == 1 and rng.random() < 0.15):
            return rng.randint(-4, 4)
        return [grow(height - 1) if rng.random() < 0.85 else rng.randint(-4, 4)
                for _ in range(rng.randint(1, 3))]
    while len(trees) < count:
        tree = grow(rng.choice((1, 2, 2, 3, 3)))
        if isinstance(tree, list) and tree not in trees:
            trees.append(tree)
    trees.sort(key=_size)
    return [_tree_case(f"small tree {i + 1}", tree, limited=i % 2 == 1)
            for i, tree in enumerate(trees)]


def _tree_case(name: str, tree: Tree, limited: bool = False) -> Case:
    """The search of `tree` to its bottom, or with the depth one less if `limited`."""
    game = GameTree(tree)
    depth = max(1, _height(tree) - (1 if limited else 0))
    return Case(name, game, game.initial_state, depth, tree_eval(game))


def _height(tree: Any) -> int:
    """How many levels of moves the tree has."""
    return 1 + max(map(_height, tree)) if isinstance(tree, list) and tree else 0


def _size(tree: Any) -> int:
    """How many nodes the tree has."""
    return 1 + sum(map(_size, tree)) if isinstance(tree, list) else 1


def _smaller(tree: Any) -> list[Any]:
    """Trees one step smaller than `tree`: a child removed, a subtree replaced by one of
    its children or by a leaf, a leaf value moved towards 0."""
    if not isinstance(tree, list):
        return [v for v in dict.fromkeys((0, tree // 2, tree - (tree > 0) + (tree < 0)))
                if v != tree]
    found: list[Any] = []
    if len(tree) > 1:
        found += [tree[:i] + tree[i + 1:] for i in range(len(tree))]
    found += [child for child in tree if isinstance(child, list)]
    for i, child in enumerate(tree):
        for smaller in _smaller(child):
            found.append(tree[:i] + [smaller] + tree[i + 1:])
    return [t for t in found if t != []]


def _smallest(fn: Callable, bad: list[tuple[Case, Run, Run]], pruning: bool,
              budget: int = 300) -> tuple[Case, Run, Run]:
    """The smallest case on which the student's search differs: the smallest small tree
    that does, shrunk step by step while it still differs; else the first case."""
    trees = [b for b in bad if b[0].name.startswith("small tree")]
    if not trees:
        return bad[0]
    best = min(trees, key=lambda b: _size(b[0].game.tree))
    limited = best[0].depth < _height(best[0].game.tree)
    tried = 0
    shrinking = True
    while shrinking and tried < budget:
        shrinking = False
        for tree in _smaller(best[0].game.tree):
            tried += 1
            case = _tree_case(SMALLEST, tree, limited)
            try:
                mine = run(fn, case)
            except (StudentError, ReturnTypeError):
                continue
            ref = reference(case, pruning)
            if _differs(case, mine, ref, pruning):
                best, shrinking = (case, mine, ref), True
                break
    case = best[0]
    return Case(SMALLEST, case.game, case.state, case.depth, case.eval_fn), \
        best[1], best[2]


def _pair_swapped(exercise: str, runs: list[tuple[Case, Run]], refs: list[Run]
                  ) -> CheckResult | None:
    """The verdict for a search that returns (move, value) instead of (value, move)."""
    for (case, mine), ref in zip(runs, refs):
        legal = case.game.actions(case.state)
        if not (same_value(mine.move, ref.value) and any(same_move(mine.value, m)
                                                         for m in legal)):
            return None
    case, mine = runs[0]
    return CheckResult(exercise, FAILED, _("on the {case} you returned ({value}, {move}): "
                                           "that looks like (move, value).").format(
                                               case=case.title(), value=repr(mine.value),
                                               move=repr(mine.move)),
                       hint=_("return the pair the other way round: (value, move), the value "
                              "first, as the exercise asks."), diagnosis="return type",
                       details=[case.draw()])


def _depth_offset(runs: list[tuple[Case, Run]]) -> int:
    """k if every unfinished position the student scored, on every case, lies k plies
    beyond the depth limit (k != 0), else 0."""
    offsets = set()
    for case, mine in runs:
        for path in mine.leaves:
            state = case.state
            for move in path:
                state = case.game.result(state, move)
            if not case.game.is_terminal(state):
                offsets.add(len(path) - case.depth)
    return offsets.pop() if len(offsets) == 1 and 0 not in offsets else 0


def _matching_model(runs: list[tuple[Case, Run]], pruning: bool) -> str | None:
    """The diagnosis of the mistake whose model did exactly what the student's code did on
    every case (in the student's move order), if exactly one diagnosis fits."""
    found = set()
    for name, wrong in models(pruning).items():
        if all(_same_as_model(case, mine, wrong, pruning) for case, mine in runs):
            found.add(diagnosis_of(name))
    if len(found) > 1:
        return ALIKE.get(frozenset(found))
    return found.pop() if found else None


def _same_as_model(case: Case, mine: Run, wrong: Callable, pruning: bool) -> bool:
    """True if the model, in the student's move order, did what the student's code did."""
    game = ReorderedGame(case.game, mine.orders)
    reordered = Case(case.name, game, case.state, case.depth, case.eval_fn)
    try:
        theirs = run(wrong, reordered)
    except (StudentError, ReturnTypeError):
        return False
    return _agrees(mine, theirs, in_order=pruning) and same_move(mine.move, theirs.move)


def _summary(case: Case, mine: Run, ref: Run) -> str:
    """One sentence on what differs."""
    return _("on the {case} you scored {leaves} leaves and got value {value}; the reference "
             "scores {ref_leaves} leaves and gets {ref_value}.").format(
                 case=case.title(), leaves=len(mine.leaves), value=repr(mine.value),
                 ref_leaves=len(ref.leaves), ref_value=repr(ref.value))


def _paths(case: Case, paths: list[Path]) -> str:
    """Leaf paths written compactly (the first 24)."""
    if isinstance(case.game, GameTree):
        text = " ".join("".join(map(str, p)) for p in paths[:24])
    else:
        text = " ".join("/".join(f"{r}{c}" for r, c in p) for p in paths[:24])
    return text + (" ..." if len(paths) > 24 else "")


def _details(case: Case, mine: Run, ref: Run, pruning: bool) -> list[str]:
    """The case drawn, both answers, and the leaves each search scored (in order)."""
    answer = _("value {value!r}, move {move!r}")
    answers = "\n".join(labelled([_("your answer:"), _("reference answer:")],
                                 [answer.format(value=mine.value, move=mine.move),
                                  answer.format(value=ref.value, move=ref.move)]))
    if isinstance(case.game, GameTree) and _size(case.game.tree) <= 40:
        return [f"{case.title()}: GameTree({case.game.tree}), depth={case.depth} " + _(
                "(a node is named by its child indices from the root: node 10 is the first "
                "child of the root's second child)"), _outline(case, mine, ref), answers]
    lines = [case.draw(), answers,
             *labelled([_("your leaves:"), _("reference leaves:")],
                       [_paths(case, mine.leaves), _paths(case, ref.leaves)])]
    if isinstance(case.game, GameTree):
        lines.append(_("(a leaf is written as its path of child indices from the root)"))
    else:
        lines.append(_("(a leaf is written as its moves from the root, rc = row, column)"))
    return lines


def labelled(labels: list[str], texts: list[str]) -> list[str]:
    """Each text after its label, the labels padded to one width so the texts line up."""
    width = max(display_width(label) for label in labels) + 1
    return [pad(label, width) + text for label, text in zip(labels, texts)]


def _outline(case: Case, mine: Run, ref: Run) -> str:
    """A small tree drawn as an outline: each node, and when each search scored it."""
    yours = {p: i + 1 for i, p in reversed(list(enumerate(mine.leaves)))}
    theirs = {p: i + 1 for i, p in reversed(list(enumerate(ref.leaves)))}
    you = _("you")
    mark_width = max(6, display_width(you) + 1)
    lines = [pad(_("node"), 12) + pad(_("kind"), 9) + pad(you, mark_width) +
             pad(_("reference"), 11) + _("(the order in which each search scored the "
                                         "position; - never)")]

    def walk(node: Any, path: Path) -> None:
        """One line per node, depth first."""
        name = _("root") if not path else "  " * len(path) + "".join(map(str, path))
        kind = (("MAX" if len(path) % 2 == 0 else "MIN") if isinstance(node, list)
                else _("leaf {value}").format(value=node))
        marks = ""
        if path in yours or path in theirs or not isinstance(node, list):
            marks = f"#{yours[path]}" if path in yours else "-"
            marks = pad(marks, mark_width) + (f"#{theirs[path]}" if path in theirs else "-")
        lines.append(f"{pad(name, 12)}{pad(kind, 9)}{marks}".rstrip())
        if isinstance(node, list):
            for i, child in enumerate(node):
                walk(child, path + (i,))
    walk(case.game.tree, ())
    return "\n".join(lines)


def _explain_order(exercise: str, case: Case, mine: Run, ref: Run) -> CheckResult:
    """A correct alpha-beta that searched the moves in another order than the game's."""
    path, theirs = next((p, moves) for p, moves in _orders_by_path(case, mine).items()
                        if moves != _natural(case, p))
    return CheckResult(
        exercise, FAILED, _("your pruning is right for the order you searched the moves in, "
                            "but at {where} of the {case} you searched {yours}, and "
                            "game.actions gives {natural}.").format(
                                where=case.where(path), case=case.title(), yours=theirs,
                                natural=_natural(case, path)),
        hint=_("search the moves in the order game.actions(state) gives them (the exercise "
               "asks for it): which leaves alpha-beta prunes depends on the move order, and "
               "the check compares your leaves with the reference's in that order."),
        diagnosis="move order", details=_details(case, mine, ref, True))


def _natural(case: Case, path: Path) -> list:
    """The game's move order at `path`."""
    state = case.state
    for move in path:
        state = case.game.result(state, move)
    return list(case.game.actions(state))


def _orders_by_path(case: Case, mine: Run) -> dict[Path, list]:
    """The student's move order at each inner node, by path, shallowest first (only the
    moves searched)."""
    seen: dict[Path, list] = {}
    for leaf in mine.leaves:
        for i in range(len(leaf)):
            moves = seen.setdefault(leaf[:i], [])
            if leaf[i] not in moves:
                moves.append(leaf[i])
    return {p: moves for p, moves in sorted(seen.items(), key=lambda kv: len(kv[0]))
            if moves != _natural(case, p)[:len(moves)]}


def _first_difference(exercise: str, case: Case, mine: Run, pruning: bool,
                      picture: list[str]) -> CheckResult:
    """No known mistake fits: say where the student's search first leaves the reference's
    (searched in the student's own move order, so order alone is never the difference)."""
    ref = reference(case, pruning, mine.orders)
    nodes = ref.trace.nodes() if ref.trace is not None else {}
    by_path = {_path(nodes, i): node for i, node in nodes.items()}
    hint = _("compare your search with the reference on the case shown: what should "
             "happen there, and what does your code do? Step through the reference with "
             "SearchStepper to see it.")
    if not pruning:
        message = _set_difference(case, mine, ref)
    else:
        message = _sequence_difference(case, mine, ref, by_path)
    if message is None:                                     # the same leaves: the value
        count = len(mine.leaves)
        same = ngettext("on the {case} you scored the same {count} leaf as the reference, "
                        "but your search returned the value {value}, and the reference "
                        "{ref_value}.",
                        "on the {case} you scored the same {count} leaves as the reference, "
                        "but your search returned the value {value}, and the reference "
                        "{ref_value}.", count).format(
                            case=case.title(), count=count, value=repr(mine.value),
                            ref_value=repr(ref.value))
        hint = _("the leaves are right; the way their values go up the tree is not. MAX takes "
                 "the largest child value, MIN the smallest, and every value is from the "
                 "root player's point of view (or, in negamax form, negated at each level).")
        return CheckResult(exercise, FAILED, same, hint=hint, diagnosis="value",
                           details=picture)
    text, path = message
    if not isinstance(case.game, GameTree):
        picture = [case.draw(path)] + picture[1:]
    return CheckResult(exercise, FAILED, text, hint=hint, diagnosis="first difference",
                       details=picture)


def _set_difference(case: Case, mine: Run, ref: Run) -> tuple[str, Path] | None:
    """Minimax: the first leaf one search scored and the other did not."""
    mine_set, ref_set = set(mine.leaves), set(ref.leaves)
    missing = [p for p in ref.leaves if p not in mine_set]
    extra = [p for p in mine.leaves if p not in ref_set]
    if not missing and not extra:
        return None
    searched = {p[:i] for p in mine.leaves for i in range(len(p) + 1)}
    if missing:
        leaf = missing[0]
        if leaf in searched:
            below = next(p for p in mine.leaves if p[:len(leaf)] == leaf)
            return (_("on the {case} the reference stops at {stop} and scores it (the game "
                      "is over there, or the depth limit is reached), but you went on below "
                      "it and scored {below}.").format(case=case.title(), stop=case.where(leaf),
                                                       below=case.where(below)), leaf)
        gap = next(leaf[:i] for i in range(1, len(leaf) + 1) if leaf[:i] not in searched)
        return (_("on the {case} you never searched below {gap}: the reference searches it "
                  "and scores {leaf} there. Minimax looks at every move of every position "
                  "down to the depth limit (or the end of the game).").format(
                      case=case.title(), gap=case.where(gap), leaf=case.where(leaf)), gap[:-1])
    leaf = extra[0]
    stop = next((leaf[:i] for i in range(len(leaf)) if leaf[:i] in ref_set), None)
    if stop is not None:
        return (_("on the {case} the reference stops at {stop} and scores it (the game "
                  "is over there, or the depth limit is reached), but you went on below "
                  "it and scored {below}.").format(case=case.title(), stop=case.where(stop),
                                                   below=case.where(leaf)), stop)
    return (_("on the {case} you scored {leaf}, which the reference never scores: it goes "
              "on below it.").format(case=case.title(), leaf=case.where(leaf)), leaf[:-1])


def _sequence_difference(case: Case, mine: Run, ref: Run, by_path: dict
                         ) -> tuple[str, Path] | None:
    """Alpha-beta: the first leaf where the two sequences part, explained at the node
    where the searches part."""
    i = next((i for i, (a, b) in enumerate(zip(mine.leaves, ref.leaves)) if a != b),
             min(len(mine.leaves), len(ref.leaves)))
    if i == len(mine.leaves) == len(ref.leaves):
        return None
    after = (_("after leaf #{number} ({leaf})").format(number=i,
                                                         leaf=case.where(mine.leaves[i - 1]))
             if i else _("at the start"))
    if i == len(ref.leaves) or (i < len(mine.leaves) and _pruned_by_ref(mine.leaves[i], by_path)):
        leaf = mine.leaves[i]
        if leaf in mine.leaves[:i]:
            return (_("on the {case}, {after}, you scored {leaf} a second time (it was your "
                      "leaf #{number}); alpha-beta scores each leaf once. If you score "
                      "positions to sort the moves, don't: the exercise searches them in the "
                      "order game.actions gives.").format(
                          case=case.title(), after=after, leaf=case.where(leaf),
                          number=mine.leaves.index(leaf) + 1), leaf[:-1])
        pruned = _pruned_by_ref(leaf, by_path)
        if pruned is None:
            return (_("on the {case}, {after}, you went on to score {leaf}; the reference "
                      "scores nothing more: it is done.").format(
                          case=case.title(), after=after, leaf=case.where(leaf)), leaf[:-1])
        node, move = pruned
        return (_("on the {case}, {after}, you went on to score {leaf}. The reference prunes "
                  "move {move} at {node}: {reason}").format(
                      case=case.title(), after=after, leaf=case.where(leaf), move=repr(move),
                      node=case.where(node), reason=_cut_reason(by_path.get(node))), node)
    leaf = ref.leaves[i]
    theirs = mine.leaves[i] if i < len(mine.leaves) else None
    parted = _common_prefix(leaf, theirs) if theirs is not None else leaf[:-1]
    ref_node = by_path.get(parted)
    window = (" " + _("The reference searches it with the window alpha={alpha}, beta={beta} "
                      "at {node}, which is still open.").format(
                          alpha=ref_node.alpha, beta=ref_node.beta, node=case.where(parted))
              if ref_node and ref_node.alpha is not None else "")
    yours = (_("you scored {leaf} instead").format(leaf=case.where(theirs))
             if theirs is not None else _("you scored nothing more"))
    child = leaf[:len(parted) + 1]
    if leaf in mine.leaves:
        fate = _("you do score it, but as your leaf #{number}: your search takes another path "
                 "there.").format(number=mine.leaves.index(leaf) + 1)
    elif any(p[:len(child)] == child for p in mine.leaves):
        fate = _("you searched below move {move} at {node}, but never scored {leaf}.").format(
            move=repr(child[-1]), node=case.where(parted), leaf=case.where(leaf))
    else:
        fate = _("you never searched move {move} at {node}.").format(
            move=repr(child[-1]), node=case.where(parted))
    return (_("on the {case}, {after}, the reference scores {leaf} next; {yours}; "
              "{fate}").format(case=case.title(), after=after, leaf=case.where(leaf),
                               yours=yours, fate=fate) + window, parted)


def _pruned_by_ref(leaf: Path, by_path: dict) -> tuple[Path, Any] | None:
    """(node, move) if the reference pruned the move that leads towards `leaf`."""
    for i in range(len(leaf)):
        node = by_path.get(leaf[:i])
        if node is not None and leaf[i] in tuple(node.pruned_moves):
            return leaf[:i], leaf[i]
    return None


def _cut_reason(node: Any) -> str:
    """Why the reference cut off at `node`, from its trace."""
    if node is None or node.value is None:
        return _("it cannot change the result.")
    if node.maximizing:
        return _("there MAX already has {value}, at least beta={beta}, so MIN above will "
                 "never let the game come here.").format(value=repr(node.value),
                                                         beta=repr(node.beta))
    return _("there MIN already holds MAX to {value}, at most alpha={alpha}, so MAX above "
             "will never let the game come here.").format(value=repr(node.value),
                                                          alpha=repr(node.alpha))


def _common_prefix(a: Path, b: Path) -> Path:
    """The longest path both start with."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


def _explain_move(exercise: str, runs: list[tuple[Case, Run]], case: Case, mine: Run,
                  pruning: bool, picture: list[str]) -> CheckResult:
    """Right leaves and value, but a move that is not one of the best."""
    named = _matching_model(runs, pruning)
    best = sorted(best_moves(case), key=str)
    message = ngettext("on the {case} your value {value} is right, but you chose move "
                       "{move}; the best move is {best}.",
                       "on the {case} your value {value} is right, but you chose move "
                       "{move}; the best moves are {best}.", len(best)).format(
                           case=case.title(), value=repr(mine.value), move=repr(mine.move),
                           best=", ".join(map(repr, best)))
    if named is not None:
        return CheckResult(exercise, FAILED, message, hint=_(HINTS[named]), diagnosis=named,
                           details=picture)
    if mine.move is None:
        hint = _("you returned None as the move: return the move tried at this node that "
                 "led to the best value (the loop variable), not the move the child search "
                 "returned (None at the leaves, so None all the way up).")
        return CheckResult(exercise, FAILED, message, hint=hint, diagnosis="no move",
                           details=picture)
    result = minimax(case.game, case.state, depth=case.depth, eval_fn=case.eval_fn,
                     scoring="plain")
    values = ", ".join(f"{m!r}: {v!r}" for m, v in result.move_values.items())
    return CheckResult(exercise, FAILED, message,
                       hint=_("remember the move together with the value, and only when the "
                              "value is better than the best so far; then return that move."),
                       diagnosis="wrong move",
                       details=picture + [_("the value of each root move: {values}").format(
                           values=values)])


@never_raises(N_("minimax"))
def check_minimax(my_minimax: Callable) -> CheckResult:
    """Check the student's `my_minimax(game, state, depth, eval_fn) -> (value, move)`."""
    return check_search("minimax", my_minimax, pruning=False)


@never_raises(N_("alpha-beta"))
def check_alphabeta(my_alphabeta: Callable) -> CheckResult:
    """Check the student's `my_alphabeta(game, state, depth, eval_fn) -> (value, move)`."""
    return check_search("alpha-beta", my_alphabeta, pruning=True)
