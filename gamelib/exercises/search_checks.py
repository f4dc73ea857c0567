"""Checks for lessons 02 and 03: the student's minimax and alpha-beta, read at trace level.

The student writes `my_search(game, state, depth, eval_fn) -> (value, move)`. The check
runs it on a few positions (textbook trees and Tic-Tac-Toe middle games) through a
`RecordingGame`, so it sees which positions were scored, in which order, for whom, and
which moves were never searched. It compares all that with the reference solution and,
when they differ, with each classic mistake in `gamelib.exercises.mistakes`, to say
which mistake it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gamelib.exercises.common import (FAILED, PASSED, CheckResult, StudentError, call,
                                      crashed, not_yet)
from gamelib.exercises.mistakes import HINTS, search
from gamelib.exercises.recording import RecordingGame
from gamelib.games import GameTree, TicTacToe
from gamelib.games.gametree import Tree

TEXTBOOK: Tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
EQUAL: Tree = [[3, 12, 8], [3, 4, 6], [14, 5, 2]]             # a leaf equal to alpha
THREE_LEVELS: Tree = [[[1, 5], [4, 2]], [[3, 1], [8, 9]], [[2, 7], [9, 4]]]
DEEP_CUTOFF: Tree = [[[[4, 6], [7, 9]], [[1, 2], [0, 1]]], [[[8, 1], [9, 2]], [[5, 3], [7, 2]]],
               [[[3, 6], [9, 0]], [[2, 7], [1, 4]]]]


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

    def describe(self) -> str:
        """The case in a few words, and its position when it is a board."""
        if isinstance(self.game, GameTree):
            return f"{self.name}: GameTree({self.game.tree}), depth={self.depth}"
        return f"{self.name}: depth={self.depth}, {self.game.to_move(self.state)} to move\n" \
               f"{self.game.render(self.state)}"


def cases() -> list[Case]:
    """The positions every search check uses."""
    found = []
    for name, tree, depth in (("textbook tree", TEXTBOOK, 2), ("equal-values tree", EQUAL, 2),
                              ("three-level tree", THREE_LEVELS, 3),
                              ("three-level tree, depth-limited", THREE_LEVELS, 2),
                              ("deep-cutoff tree", DEEP_CUTOFF, 4),
                              ("deep-cutoff tree, depth-limited", DEEP_CUTOFF, 3)):
        game = GameTree(tree)
        found.append(Case(name, game, game.initial_state, depth, tree_eval(game)))
    ttt = TicTacToe()
    for name, moves, depth in (("Tic-Tac-Toe middle game", [(1, 1), (0, 0), (2, 2), (0, 2)], 5),
                               ("Tic-Tac-Toe, depth 2", [(1, 1), (0, 1)], 2)):
        found.append(Case(name, ttt, ttt.play(moves), depth, ttt_eval(ttt)))
    return found


@dataclass
class Run:
    """What one search did on one case."""

    value: Any
    move: Any
    record: RecordingGame


def run(fn: Callable, case: Case) -> Run:
    """Run `fn(game, state, depth, eval_fn)` on `case` through a RecordingGame."""
    record = RecordingGame(case.game, case.state)
    answer = fn(record, case.state, case.depth, record.eval_fn(case.eval_fn))
    if answer is None:
        return Run(None, None, record)
    if not isinstance(answer, tuple) or len(answer) != 2:
        raise TypeError(f"the search should return (value, move), it returned {answer!r}")
    return Run(answer[0], answer[1], record)


def reference(case: Case, pruning: bool, mistake: str | None = None) -> Run:
    """The reference search (or one with `mistake`) on `case`."""
    return run(lambda g, s, d, e: search(g, s, d, e, pruning, mistake), case)


def best_moves(case: Case) -> set:
    """Every root move whose minimax value equals the best value (ties are all right)."""
    game, state = case.game, case.state
    value = reference(case, pruning=False).value
    player = game.to_move(state)
    return {move for move in game.actions(state)
            if _min_value(game, game.result(state, move), case.depth - 1, case.eval_fn,
                          player) == value}


def _min_value(game: Any, state: Any, depth: int, eval_fn: Callable, player: str) -> float:
    """Plain minimax value of a MIN node, for finding every best root move."""
    def value(state: Any, depth: int, is_max: bool) -> float:
        """Plain minimax value for `player`."""
        if game.is_terminal(state) or depth == 0:
            return eval_fn(state, player)
        values = [value(game.result(state, m), depth - 1, not is_max) for m in game.actions(state)]
        return max(values) if is_max else min(values)
    return value(state, depth, False)


def check_search(exercise: str, fn: Callable, pruning: bool) -> CheckResult:
    """The shared check: minimax (pruning=False) or alpha-beta (pruning=True)."""
    all_cases = cases()
    runs: list[tuple[Case, Run, Run]] = []
    for case in all_cases:
        try:
            mine = run(fn, case)
        except TypeError as error:
            if "should return" in str(error):
                return CheckResult(exercise, FAILED, str(error),
                                   hint="end with `return max_value(state, ...)`, and make "
                                        "max_value / min_value return a pair (value, move).",
                                   diagnosis="return type")
            return crashed(exercise, StudentError(f"TypeError: {error}"))
        except StudentError as error:
            return crashed(exercise, error)
        except Exception as error:                   # student code may raise anything
            return crashed(exercise, StudentError(f"{type(error).__name__}: {error}"))
        if mine.value is None and not mine.record.leaves:
            return not_yet(exercise, fn.__name__)
        runs.append((case, mine, reference(case, pruning)))

    for check in (_check_depth, _check_player):
        verdict = check(exercise, runs)
        if verdict is not None:
            return verdict

    for case, mine, ref in runs:
        if mine.record.leaf_paths() != ref.record.leaf_paths() or mine.value != ref.value:
            return _explain_difference(exercise, runs, case, mine, ref, pruning)

    for case, mine, ref in runs:
        if mine.move not in best_moves(case):
            return _explain_move(exercise, case, mine, ref)

    leaves = sum(len(ref.record.leaves) for _, _, ref in runs)
    what = "the same leaves in the same order, the same pruned moves, " if pruning else \
        "every position the reference visits, "
    return CheckResult(exercise, PASSED, f"on {len(runs)} positions your search scored {what}"
                       f"and returned the right values and moves ({leaves} leaves in all).")


def _check_depth(exercise: str, runs: list) -> CheckResult | None:
    """Depth off by one: positions scored one ply too deep or too shallow."""
    for case, mine, _ in runs:
        plies = {leaf.ply for leaf in mine.record.leaves
                 if not case.game.is_terminal(mine.record._state_at[leaf.path])}
        wrong = sorted(p for p in plies if p != case.depth)
        if wrong:
            off = wrong[0] - case.depth
            return CheckResult(
                exercise, FAILED, f"with depth={case.depth} you scored unfinished positions "
                f"{wrong[0]} plies ahead.",
                hint=(f"depth off by one ({'+' if off > 0 else ''}{off}): depth counts plies, "
                      f"so depth={case.depth} scores positions {case.depth} moves ahead. "
                      "Stop when depth == 0 and call the children with depth - 1."),
                diagnosis="depth", details=[case.describe()])
    return None


def _check_player(exercise: str, runs: list) -> CheckResult | None:
    """Leaves scored for the wrong player."""
    for case, mine, _ in runs:
        root = case.game.to_move(case.state)
        wrong = [leaf for leaf in mine.record.leaves if leaf.player != root]
        if wrong:
            return CheckResult(exercise, FAILED, f"you called eval_fn(..., {wrong[0].player!r}) "
                               f"in a search where {root!r} moves first.",
                               hint=HINTS["leaf player"], diagnosis="leaf player",
                               details=[case.describe()])
    return None


def _explain_difference(exercise: str, runs: list, case: Case, mine: Run, ref: Run,
                        pruning: bool) -> CheckResult:
    """Name the mistake whose leaves match the student's, else show the first difference."""
    mistakes = ("no switch",) + (("strict", "no window", "half window", "wrong bound")
                                 if pruning else ())
    for mistake in mistakes:
        if all(_same(mine_run, reference(c, pruning, mistake)) for c, mine_run, _ in runs):
            return CheckResult(exercise, FAILED, _summary(case, mine, ref), hint=HINTS[mistake],
                               diagnosis=mistake, details=_details(case, mine, ref, pruning))
    for mistake in mistakes:
        if _same(mine, reference(case, pruning, mistake)):
            return CheckResult(exercise, FAILED, _summary(case, mine, ref), hint=HINTS[mistake],
                               diagnosis=mistake, details=_details(case, mine, ref, pruning))
    mine_leaves, ref_leaves = mine.record.leaf_paths(), ref.record.leaf_paths()
    if not pruning and set(mine_leaves) < set(ref_leaves):
        hint = ("minimax looks at every move: you skipped some. Is there a `return` or "
                "`break` inside the loop over game.actions(state)?")
        diagnosis = "skipped"
    elif pruning and set(ref_leaves) < set(mine_leaves):
        hint = ("you searched leaves the reference prunes: after each child, update the bound "
                "and return as soon as the window closes (alpha >= beta).")
        diagnosis = "too few cutoffs"
    elif pruning and set(mine_leaves) < set(ref_leaves):
        hint = ("you pruned moves that could still change the result: cut off only when "
                "v >= beta at MAX or v <= alpha at MIN, with the window from the parent.")
        diagnosis = "too many cutoffs"
    elif mine_leaves == ref_leaves:
        hint = ("you scored the right leaves but combined their values wrongly: MAX takes the "
                "largest child value, MIN the smallest, and each level returns its own value.")
        diagnosis = "value"
    else:
        hint = "compare your leaves with the reference's below, and follow the first difference."
        diagnosis = "order"
    return CheckResult(exercise, FAILED, _summary(case, mine, ref), hint=hint,
                       diagnosis=diagnosis, details=_details(case, mine, ref, pruning))


def _same(a: Run, b: Run) -> bool:
    """True if two searches scored the same leaves in the same order and got the same value."""
    return a.record.leaf_paths() == b.record.leaf_paths() and a.value == b.value


def _summary(case: Case, mine: Run, ref: Run) -> str:
    """One sentence on what differs."""
    return (f"on the {case.name} you scored {len(mine.record.leaves)} leaves and got value "
            f"{mine.value!r}; the reference scores {len(ref.record.leaves)} leaves and gets "
            f"{ref.value!r}.")


def _details(case: Case, mine: Run, ref: Run, pruning: bool) -> list[str]:
    """The case, both leaf sequences (as move paths) and, for alpha-beta, the pruned moves."""
    def paths(run_: Run) -> str:
        """The first leaves' paths, written compactly."""
        return " ".join("".join(map(str, p)) if isinstance(case.game, GameTree) else str(p)
                        for p in run_.record.leaf_paths()[:24])

    lines = [case.describe(), f"your leaves:      {paths(mine)}", f"reference leaves: {paths(ref)}"]
    first = next((i for i, (a, b) in enumerate(zip(mine.record.leaf_paths(),
                                                   ref.record.leaf_paths())) if a != b), None)
    if first is not None:
        lines.append(f"first difference: leaf #{first + 1}")
    if pruning:
        lines.append(f"your pruned moves:      {_pruned(mine)}")
        lines.append(f"reference pruned moves: {_pruned(ref)}")
    if isinstance(case.game, GameTree):
        lines.append("(a leaf is written as its path of child indices from the root)")
    return lines


def _pruned(run_: Run) -> str:
    """The pruned moves as 'node: moves' pairs."""
    pruned = run_.record.pruned()
    if not pruned:
        return "none"
    return ", ".join(f"at {''.join(map(str, p)) or 'root'}: {moves}" for p, moves in pruned.items())


def _explain_move(exercise: str, case: Case, mine: Run, ref: Run) -> CheckResult:
    """Right value, wrong move: usually the move of another level."""
    if mine.move is None:
        hint = ("you returned None as the move: return the move you tried at this level "
                "(the loop variable), not the move the child search returned.")
    else:
        hint = ("returns the move of the wrong level: the move to return is the one tried "
                "at this node (the loop variable), not the best move one level below that "
                "the child search returned.")
    return CheckResult(exercise, FAILED, f"on the {case.name} your value {mine.value!r} is right, "
                       f"but you chose move {mine.move!r}; the best move is {ref.move!r}.",
                       hint=hint, diagnosis="wrong level", details=[case.describe()])


def check_minimax(my_minimax: Callable) -> CheckResult:
    """Check the student's `my_minimax(game, state, depth, eval_fn) -> (value, move)`."""
    return check_search("minimax", my_minimax, pruning=False)


def check_alphabeta(my_alphabeta: Callable) -> CheckResult:
    """Check the student's `my_alphabeta(game, state, depth, eval_fn) -> (value, move)`."""
    return check_search("alpha-beta", my_alphabeta, pruning=True)
