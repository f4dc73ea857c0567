"""The lesson exercises: for each, `check()`, `hint()` and `solution()`, and the checks
behind them.

Every check runs the student's code, compares what it did (at trace level where it is a
search) with the library's reference, and names a mistake only when the evidence singles
it out; otherwise it shows where the student's answer first differs. A check returns a
CheckResult that shows itself in a notebook (green: passed, red: not yet right, with a
hint; grey: not implemented yet). Model solutions are in `gamelib.exercises.solutions`.
"""

from typing import Any

from gamelib.exercises.alignment import alignment_exercise, check_alignment
from gamelib.exercises.common import CheckResult, never_raises
from gamelib.exercises.evaluation import check_eval_fn
from gamelib.exercises.first_player import check_centre_player
from gamelib.exercises.exercise import Exercise, Note
from gamelib.exercises.is_win import check_is_win
from gamelib.exercises.rules import check_rule_move
from gamelib.exercises.threats import check_useful_threats
from gamelib.exercises.wilson import check_wilson
from gamelib.platform import N_
from gamelib.exercises.mcts_checks import check_backprop, check_ucb
from gamelib.exercises.mcts_parts import Node, run_mcts
from gamelib.exercises.search_checks import check_alphabeta, check_minimax
from gamelib.exercises import predict  # noqa: F401  predict, then run: ask(), check(), hint()
from gamelib.exercises import learning as _learning

# Lesson 10's questions live in their own module; they are asked and graded like the rest,
# as predict.<name> and in predict.QUESTIONS.
predict.QUESTIONS.update(_learning.QUESTIONS)
vars(predict).update(_learning.QUESTIONS)
from gamelib.exercises import unit_tests  # noqa: F401  writing tests: check(), hint(), solution()

centre_player_exercise = Exercise(N_("the centre player"), "centre_player",
                                  check_centre_player, [
    N_("game.actions(state) is the list of columns that still have room; `3 in "
       "game.actions(state)` says whether the centre column can be played."),
    N_("One line will do: return 3 if 3 in game.actions(state) else "
       "min(game.actions(state))."),
], "first_player.py")

is_win_exercise = Exercise("is_win", "is_win", check_is_win, [
    N_("A line is a start cell plus a direction. There are four directions: right (0, 1), "
       "down (1, 0), down-right (1, 1) and down-left (1, -1)."),
    N_("Loop over every cell (row in range(state.rows), col in range(state.cols)) and every "
       "direction (dr, dc); the k cells of that line are (row + i*dr, col + i*dc) for i in "
       "range(state.k)."),
    N_("Before reading a cell, make sure the whole line stays on the board: the last cell "
       "(row + (k-1)*dr, col + (k-1)*dc) must have 0 <= row < state.rows and 0 <= col < "
       "state.cols. Then all(state.cell(...) == player for i in range(k)) tells you if it is "
       "a win. Return False after the loops."),
], "is_win.py")

minimax_exercise = Exercise(N_("minimax"), "my_minimax", check_minimax, [
    N_("Both helpers start the same way: if game.is_terminal(state) or depth == 0, return "
       "(eval_fn(state, player), None), with `player` the root player, even at MIN's nodes."),
    N_("max_value: start with best = -math.inf; for each move in game.actions(state), get the "
       "child's value with min_value(game.result(state, move), depth - 1); keep the largest "
       "value and the move that gave it. min_value is the mirror image (start at +math.inf, "
       "call max_value, keep the smallest)."),
    N_("Return (best_value, best_move) after the loop, where best_move is the move tried at "
       "this node (the loop variable), not the move the child returned. Any move order is "
       "fine for minimax."),
], "minimax.py")

alphabeta_exercise = Exercise(N_("alpha-beta"), "my_alphabeta", check_alphabeta, [
    N_("Start from your minimax: the same two helpers, with two more parameters, alpha and "
       "beta, passed down to every child: min_value(child, alpha, beta, depth - 1)."),
    N_("In max_value, after each child: keep the best value, then raise alpha = max(alpha, "
       "best). In min_value: lower beta = min(beta, best)."),
    N_("Cut off: in max_value return at once when best >= beta; in min_value when best <= "
       "alpha (>= and <=, not > and <)."),
    N_("Search the moves in the order game.actions(state) gives them: which leaves alpha-beta "
       "prunes depends on the order, and the check compares your leaves with the reference's."),
], "alphabeta.py")

eval_exercise = Exercise(N_("evaluation function"), "my_eval", check_eval_fn, [
    N_("Start from heuristics.window_eval(state, player): it already counts, for each window "
       "of 4 cells, how close each player is to filling it."),
    N_("Keep it zero-sum: whatever you add, add it for `player` and subtract the same for the "
       "opponent, so my_eval(state, 'O') == -my_eval(state, 'X'). Return a finite number "
       "(never NaN or infinity)."),
    N_("Ideas that help: discs in the centre columns (they lie in the most windows: "
       "heuristics.centre_eval), and three-in-a-window threats on your good rows (lesson 05)."),
    N_("Look past the horizon: at a leaf, if the player to move (state.to_move) can complete "
       "four at once (heuristics.threats.winning_moves), that player has in fact won; give "
       "such positions a big score, smaller than a real win."),
], "evaluation.py")

ucb_exercise = Exercise(N_("UCB score"), "ucb_score", check_ucb, [
    N_("If visits == 0, return math.inf: a child never tried must be tried first."),
    N_("Otherwise UCB1 is the mean reward plus an exploration bonus: total / visits + "
       "c * math.sqrt(math.log(parent_visits) / visits)."),
], "mcts.py")

backprop_exercise = Exercise(N_("backpropagation"), "backpropagate", check_backprop, [
    N_("Walk up the tree: while node is not None: ...; node = node.parent. That updates the "
       "node itself, every ancestor, and the root."),
    N_("At each node add 1 to node.visits."),
    N_("The reward is from the point of view of node.mover, the player who moved INTO the "
       "node: add 1 if winner == node.mover, 0.5 if winner is None (a draw), else 0."),
], "mcts.py")

threats_exercise = Exercise(N_("the useful threats"), "my_useful_threats",
                            check_useful_threats, [
    N_("Start from every threat of both players: heuristics.threats(state, 'X') + "
       "heuristics.threats(state, 'O'). Each is a Threat with .player, .col and .row (rows "
       "count from 1 at the bottom)."),
    N_("A threat is useless if another threat (of either player) is in the same column on a "
       "lower row, or if the other player threatens the very same cell (same column, same "
       "row). Keep all the others."),
    N_("For each threat t, look for u in the list with u.col == t.col and u.row < t.row, and "
       "for u with u.col == t.col, u.row == t.row and u.player != t.player; keep t if there "
       "is neither."),
], "threats.py")

rules_exercise = Exercise(N_("win if you can, block if you must"), "rule_move",
                          check_rule_move, [
    N_("heuristics.winning_moves(state, player) lists the columns where `player` would "
       "complete four with the next disc. The player to move is state.to_move; the other "
       "one is the opponent."),
    N_("First the player to move's own winning columns: if there is one, return it. Only "
       "then the opponent's: if there is one, return it (that is the block). Else return "
       "None."),
], "rules.py")

wilson_exercise = Exercise(N_("Wilson interval"), "wilson", check_wilson, [
    N_("First p = wins / games. Then the three parts of the formula: the centre "
       "(p + z*z / (2*games)) / (1 + z*z / games), and the half-width z / (1 + z*z / games) "
       "* math.sqrt(p * (1 - p) / games + z*z / (4 * games * games))."),
    N_("Return (centre - half, centre + half), each kept inside [0, 1] with max(0.0, ...) "
       "and min(1.0, ...). z = 1.96 gives 95%."),
], "wilson.py")

@never_raises(N_("the TD(0) step"))
def check_td_step(td_step: Any) -> CheckResult:
    """Lesson 10's check of `td_step` (exercises/td_step.py, imported when called: it loads
    the learning code, and numpy where installed, which the other exercises do not need)."""
    from gamelib.exercises.td_step import check_td_step as check
    return check(td_step)


td_step_exercise = Exercise(N_("the TD(0) step"), "td_step", check_td_step, [
    N_("First the target: if game.is_terminal(after), the result for X, result_for_x(after) "
       "(+1, 0 or -1); otherwise the network's own value of the next position, "
       "network.value(after)."),
    N_("Then V(state): found = features(network, state) names the entries V(state) reads, "
       "and value = value_of(network, found) is V(state). delta = target - value."),
    N_("Move every entry V(state) read by alpha * delta * (1 - value * value) with "
       "add_to_entries(network, found, amount), and return delta."),
], "td.py")

EXERCISES = {ex.function: ex for ex in (centre_player_exercise, is_win_exercise,
                                        minimax_exercise, alphabeta_exercise, eval_exercise,
                                        threats_exercise, rules_exercise, ucb_exercise,
                                        backprop_exercise, wilson_exercise,
                                        alignment_exercise, td_step_exercise)}
"""Every exercise, by the name of the function the student writes."""

__all__ = ["CheckResult", "Exercise", "Note", "EXERCISES", "centre_player_exercise",
           "check_centre_player", "wilson_exercise", "check_wilson",
           "rules_exercise", "check_rule_move", "threats_exercise",
           "check_useful_threats", "is_win_exercise",
           "minimax_exercise", "alphabeta_exercise", "eval_exercise", "ucb_exercise",
           "backprop_exercise", "alignment_exercise",
           "check_alignment", "td_step_exercise", "check_td_step", "check_is_win", "check_minimax", "check_alphabeta",
           "check_eval_fn", "check_ucb", "check_backprop", "Node", "run_mcts"]
