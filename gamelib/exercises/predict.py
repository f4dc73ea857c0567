"""Predict, then run: questions whose answer you write down before the search shows it.

In a lesson:

    from gamelib.exercises import predict
    predict.leaves_at_depth_3.ask()          # the question
    leaves_at_depth_3 = ...                  # your prediction: replace the ...
    predict.leaves_at_depth_3.check()        # right or not, and why
    predict.leaves_at_depth_3.hint()         # one more hint at each call
    predict.leaves_at_depth_3.solution()     # the answer, as the search finds it

`check()` finds your prediction by its name in the notebook (`check(value)` checks a
value instead) and compares it with what the library's search really does, run at the
moment you check, so the answer is always the one the code gives.
"""

from __future__ import annotations

import functools
import inspect
import math
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, Callable

from gamelib.arena.play import play_game
from gamelib.arena.players import RandomPlayer
from gamelib.exercises.common import FAILED, NOT_YET, PASSED, CheckResult, could_not_judge
from gamelib.exercises.exercise import Note, next_hint
from gamelib.games.connect4 import ConnectFour
from gamelib.games.gametree import GameTree, Tree
from gamelib.search.alphabeta import alphabeta
from gamelib.games.tictactoe import TicTacToe
from gamelib.platform import N_, _
from gamelib.search.minimax import minimax
from gamelib.search.players import AlphaBetaPlayer
from gamelib.search.trace import Trace

NOT_GIVEN = object()


@dataclass
class Question:
    """One predict-then-run question: the question, the true answer, hints, the solution.

    `answer()` runs the library's search; `read(prediction)` turns what the student wrote
    into a comparable value (or raises ValueError saying what is expected); `slip(wrong,
    right)` names a known wrong answer ("" if it is not one we know), in the language gamelib
    speaks. The question, hints and why are marked for translation where they are written;
    `values` fills the {names} of the question and the why (their English is the same text
    with the values in place).
    """

    title: str
    name: str
    question: str
    answer: Callable[[], Any]
    read: Callable[[Any], Any]
    slip: Callable[[Any, Any], str]
    hints: list[str]
    why: str
    run: str
    hints_given: int = field(default=0, repr=False)
    values: dict[str, Any] = field(default_factory=dict, repr=False)

    def _say(self, text: str) -> str:
        """`text` in the language gamelib speaks now, its {names} filled from `values`."""
        return _(text).format(**self.values) if self.values else _(text)

    def ask(self) -> Note:
        """The question, and how to answer it."""
        return Note(_("Predict: {title}").format(title=_(self.title)),
                    _("{question} Write your answer in the cell below ({name} = your answer), "
                      "then run the check.").format(question=self._say(self.question), name=self.name))

    def check(self, prediction: Any = NOT_GIVEN) -> CheckResult:
        """Compare the prediction (found by name in the notebook if not given) with the run."""
        if prediction is NOT_GIVEN:
            prediction = _find(self.name, inspect.currentframe())
        if prediction is NOT_GIVEN or prediction is None or prediction is Ellipsis \
                or isinstance(prediction, Question):      # the question, not an answer
            return CheckResult(self.title, NOT_YET, _(
                "no prediction yet: write `{name} = <your answer>` in the cell above, run it, "
                "then run this check again.").format(name=self.name))
        try:
            return self._compare(prediction)
        except Exception as error:                  # the check's own mistake
            return could_not_judge(self.title, error, None)

    def _compare(self, prediction: Any) -> CheckResult:
        """The verdict on a prediction that has been given."""
        try:
            guess = self.read(prediction)
        except ValueError as error:
            return CheckResult(self.title, FAILED, str(error), diagnosis="format")
        right = self.answer()
        if guess == right:
            return CheckResult(self.title, PASSED,
                               _("yes: {answer}. {why}").format(answer=_show(right),
                                                                why=self._say(self.why)),
                               details=[_("See it yourself: {run}").format(
                                   run=self._say(self.run))])
        return CheckResult(self.title, FAILED, _(
            "you predicted {guess}, but that is not what the code does when it runs.").format(
                guess=_show(guess)),
            hint=_(self.slip(guess, right)) or _("run .hint() for a hint, or work it out on "
                                              "paper, one step at a time."),
            diagnosis="wrong")

    def hint(self) -> Note:
        """The next hint (one more at each call), then a note that there are no more."""
        note, self.hints_given = next_hint(self.title, [self._say(h) for h in self.hints],
                                           self.hints_given,
                                           _("Run .solution() to see the answer and why."))
        return note

    def solution(self) -> Note:
        """The answer the search gives, and why."""
        return Note(_("{title}: the answer is {answer}.").format(
            title=_(self.title), answer=_show(self.answer())),
            _("{why} See it yourself: {run}").format(why=self._say(self.why),
                                                      run=self._say(self.run)))


def _find(name: str, frame: Any) -> Any:
    """The value called `name` in the nearest calling frame outside this module."""
    frame = frame.f_back if frame is not None else None
    while frame is not None:
        if frame.f_globals.get("__name__") != __name__:
            return frame.f_locals.get(name, frame.f_globals.get(name, NOT_GIVEN))
        frame = frame.f_back
    return NOT_GIVEN


def _show(value: Any) -> str:
    """An answer in words: sets sorted, numbers as they are."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(str(v) for v in sorted(value)) + "}" if value else _("none")
    return str(value)


def number(prediction: Any) -> int | float:
    """A prediction that must be a number: any kind of number will do (4, 4.0, numpy's
    int64(4)), never a bool, a string or NaN; a whole value comes back as an int."""
    if isinstance(prediction, bool) or not isinstance(prediction, Real) \
            or isinstance(prediction, (str, bytes)):
        raise ValueError(_("the answer is a number, like 12; you wrote {answer} ({kind}).")
                         .format(answer=repr(prediction), kind=type(prediction).__name__))
    value = float(prediction)
    if math.isnan(value):
        raise ValueError(_("the answer is a number, like 12; you wrote NaN (not a number)."))
    return int(value) if value.is_integer() else value


def whole(prediction: Any) -> int:
    """A prediction that must be a whole number (12, 12.0, numpy integers; never a bool)."""
    value = number(prediction)
    if not isinstance(value, int):
        raise ValueError(_("the answer is a whole number, like 12; you wrote {answer}.")
                         .format(answer=repr(prediction)))
    return value


def numbers(prediction: Any) -> frozenset[int]:
    """A prediction that is a collection of leaf numbers, like {1, 2} (or [] for none)."""
    if isinstance(prediction, (str, bytes)) or not isinstance(
            prediction, (set, frozenset, list, tuple)):
        raise ValueError(_("the answer is a set of leaf numbers, like {{1, 2}} (or set() if "
                           "none is pruned); you wrote {answer}.").format(answer=repr(prediction)))
    if any(isinstance(item, (tuple, list)) for item in prediction):
        raise ValueError(_("you wrote positions ({positions}); the question asks for the "
                           "numbers written on the pruned leaves, like {{1, 2}}.").format(
                               positions=", ".join(map(repr, prediction))))
    return frozenset(whole(item) for item in prediction)


# ---- how many leaves at depth 3 (lesson 02) -------------------------------------------

def connect_four_leaves(depth: int) -> int:
    """How many positions minimax scores from the empty Connect Four board at `depth`."""
    game = ConnectFour()
    return minimax(game, game.initial_state, depth=depth).stats.leaves


def leaves_slip(guess: int, right: int) -> str:
    """The known wrong counts of leaves at depth 3 in Connect Four."""
    known = {
        1 + 7 + 49 + 343: N_("that counts every node (1 + 7 + 49 + 343); the leaves are "
                             "only the positions at depth 3, where the search stops."),
        7 * 3: N_("the counts multiply, they do not add: every one of the 7 moves has 7 "
                  "answers."),
        7 * 6 * 5: N_("a column does not fill up after three discs: every move stays legal."),
        7 ** 2: N_("that is depth 2 (two moves); depth 3 is one more move."),
        7 ** 4: N_("that is depth 4; depth 3 means three moves (plies) from the root."),
    }
    return known.get(guess, "")


leaves_at_depth_3 = Question(
    title=N_("how many leaves at depth 3?"),
    name="leaves_at_depth_3",
    question=N_("Minimax searches Connect Four from the empty board with depth=3 (three "
                "moves: red, yellow, red) and scores the positions where it stops with the "
                "evaluation function. How many positions does it score (its leaves)?"),
    answer=lambda: connect_four_leaves(3),
    read=whole,
    slip=leaves_slip,
    hints=[N_("How many moves does red have from the empty board? And yellow after each of "
              "them? Can a column be full, or a game be over, after three discs?"),
           N_("Every position along the way has 7 legal moves, and no game ends in three "
              "moves: the count multiplies by 7 at each level.")],
    why=N_("Every position has 7 moves and no game can end within three moves, so minimax "
           "scores 7 × 7 × 7 = 343 positions: b^d leaves for b moves and depth d."),
    run="minimax(ConnectFour(), ConnectFour().initial_state, depth=3).stats.leaves",
)


# ---- the minimax value of a small tree (lesson 02) -------------------------------------

VALUE_TREE: list[Tree] = [[5, 1], [4, 7], [2, 9]]


def value_slip(guess: int, right: int) -> str:
    """The known wrong values for VALUE_TREE."""
    known = {
        9: N_("9 is the best leaf for MAX, but MIN chooses after MAX: MIN would answer with "
              "2."),
        1: N_("1 is the smallest leaf: MAX moves first and avoids the subtree where MIN can "
              "reach it."),
        7: N_("7 is the best of the larger leaves; but in each subtree MIN picks the "
              "smaller."),
        5: N_("5 is MAX's best first leaf, but MIN answers the left move with 1, not 5."),
    }
    return known.get(guess, "")


minimax_value = Question(
    title=N_("the minimax value of a tree"),
    name="minimax_value",
    question=N_("MAX chooses one of three moves, then MIN one of two replies; the leaves "
                "(scores for MAX) are GameTree({tree}). What is the minimax value of the "
                "root?"),
    answer=lambda: minimax(GameTree(VALUE_TREE), ()).value,
    read=number,
    slip=value_slip,
    hints=[N_("Work bottom up: first the value of each MIN node (the smaller of its two "
              "leaves)."),
           N_("The MIN nodes are worth 1, 4 and 2. MAX takes the largest.")],
    why=N_("MIN answers each move with its smaller leaf (1, 4, 2); MAX takes the middle "
           "move, worth 4."),
    run=f"minimax(GameTree({VALUE_TREE}), ()).value",
    values={"tree": VALUE_TREE},
)


# ---- which leaves alpha-beta prunes (lesson 03) ----------------------------------------

PRUNE_TREE: list[Tree] = [[4, 6], [2, 9, 7], [5, 3, 8]]


def pruned_leaf_values(tree: list[Tree]) -> frozenset[int]:
    """The values of the leaves alpha-beta never scores, searching left to right."""
    game = GameTree(tree)
    trace = alphabeta(game, (), trace=Trace()).trace
    assert trace is not None
    nodes = trace.nodes()
    scored = {nodes[event.node].state for event in trace.leaves()}
    values = (game.node(leaf) for leaf in game.leaves() if leaf not in scored)
    return frozenset(int(value) for value in values if not isinstance(value, list))


def leaf_positions(tree: list[Tree], values: frozenset[int], first: int) -> frozenset[int]:
    """Where the leaves with these values stand, counted from the left from `first`."""
    game = GameTree(tree)
    leaves = [game.node(leaf) for leaf in game.leaves()]
    return frozenset(i for i, value in enumerate(leaves, first) if value in values)


def prune_slip(guess: frozenset[int], right: frozenset[int]) -> str:
    """What is wrong with a guessed set of pruned leaves."""
    for first, counted in ((0, "from 0"), (1, "from 1")):
        if guess and guess == leaf_positions(PRUNE_TREE, right, first):
            return (f"those are the right leaves, but as positions (counted from the left, "
                    f"{counted}); the question asks for the numbers written on them.")
    extra, missing = sorted(guess - right), sorted(right - guess)
    parts = []
    if 4 in extra or 6 in extra:
        parts.append("the first subtree is always searched in full: before it, MAX has "
                     "nothing to compare with (alpha is still minus infinity)")
    if 2 in extra or 5 in extra:
        parts.append("a MIN node's first reply is always scored: it is what shows the "
                     "move is no better than what MAX already has")
    if 3 in extra:
        parts.append("3 is scored: after 5 (more than MAX's 4), MIN must look further, "
                     "and only 3 shows the move is worth at most 3")
    if missing:
        parts.append(f"alpha-beta also skips {', '.join(map(str, missing))}: once a reply "
                     "is worth no more than the 4 MAX already has, MIN's other replies "
                     "cannot matter")
    return "; ".join(parts) + "." if parts else ""


pruned_leaves = Question(
    title=N_("which leaves will alpha-beta prune?"),
    name="pruned_leaves",
    question=N_("Alpha-beta searches GameTree({tree}) left to right: MAX chooses one of "
                "three moves, then MIN replies. Which leaves does it never look at? Give "
                "their numbers as a set, like {{1, 2}} (every leaf has a different number)."),
    answer=lambda: pruned_leaf_values(PRUNE_TREE),
    read=numbers,
    slip=prune_slip,
    hints=[N_("The left subtree is searched in full: MIN's value there is 4, so from then "
              "on alpha = 4."),
           N_("In the middle, MIN's first reply is 2 <= alpha = 4: the move is worth at most "
              "2 to MAX, so MIN's other replies there are pruned. What happens on the right, "
              "where the first reply is 5?")],
    why=N_("Left: MIN's value is 4 (alpha = 4). Middle: the first reply 2 <= 4 prunes 9 "
           "and 7. Right: 5 is more than 4, so MIN looks on; 3 <= 4 prunes 8."),
    run=N_("alphabeta(GameTree({tree}), (), trace=Trace()) drawn with draw_tree"),
    values={"tree": PRUNE_TREE},
)

# ---- lesson 00: legal moves with a full column, and who wins a game -------------------

FULL_CENTRE = "333333"


def no_slip(guess: Any, right: Any) -> str:
    """No known wrong answer to name."""
    return ""


def legal_moves_slip(guess: int, right: int) -> str:
    """The known wrong counts of legal moves after FULL_CENTRE."""
    return {7: N_("column 3 holds six discs, as many as the board has rows: it is full, so "
                  "it is no longer a legal move."),
            1: N_("a full column is the only one that cannot be played; the others are all "
                  "still empty.")}.get(guess, "")


moves_left = Question(
    title=N_("how many legal moves?"),
    name="moves_left",
    question=N_('Red and yellow play column 3 six times in turn: game.play("{moves}"). '
                "How many legal moves does the player to move have now?"),
    answer=lambda: len(ConnectFour().actions(ConnectFour().play(FULL_CENTRE))),
    read=whole,
    slip=legal_moves_slip,
    hints=[N_("How many rows does the board have? How many discs are in column 3 now?")],
    why=N_("The board has six rows, so column 3 is full after six discs; every other column "
           "is empty and can still be played."),
    run=f'len(game.actions(game.play("{FULL_CENTRE}")))',
    values={"moves": FULL_CENTRE},
)


def player_name(prediction: Any) -> str | None:
    """A prediction that names a player: 'X' (red), 'O' (yellow) or None for a draw."""
    if prediction is None:
        return None
    words = {"x": "X", "red": "X", "o": "O", "yellow": "O", "draw": None, "none": None}
    if isinstance(prediction, str) and prediction.strip().lower() in words:
        return words[prediction.strip().lower()]
    raise ValueError(_("the answer is 'X' (red), 'O' (yellow) or 'draw'; you wrote "
                       "{answer}.").format(answer=repr(prediction)))


def lookahead_game_winner() -> str | None:
    """Who wins lesson 00's game: alpha-beta at depth 4 (red) against a random player."""
    record = play_game(ConnectFour(), [AlphaBetaPlayer(depth=4), RandomPlayer(seed=1)],
                       seed=1)
    return record.winner


who_wins = Question(
    title=N_("who wins?"),
    name="who_wins",
    question=N_("Alpha-beta looking 4 moves ahead plays red (X) against a player that picks "
                "random moves (yellow, O). Who wins: 'X', 'O', or 'draw'?"),
    answer=lookahead_game_winner,
    read=player_name,
    slip=lambda guess, right: (_("a random player almost never blocks a line of three: "
                                 "looking ahead finds the win.") if guess != right else ""),
    hints=[N_("Looking ahead 4 moves, a player sees every four-in-a-row it can make within "
              "two of its own moves. Does a random player stop such lines?")],
    why=N_("Looking ahead, red sees lines it can complete; the random player does not stop "
           "them."),
    run="play_game(game, [AlphaBetaPlayer(depth=4), RandomPlayer(seed=1)], seed=1).winner",
)


# ---- lesson 01: the size of a small tree, and of the whole game ------------------------

CORNER = [(0, 0), (1, 1), (0, 1), (0, 2), (2, 0), (1, 0)]
"""Lesson 01's position with three empty cells (moves from the empty board)."""


def tree_size(game: Any, state: Any) -> int:
    """How many nodes the game tree below `state` has, `state` included."""
    if game.is_terminal(state):
        return 1
    return 1 + sum(tree_size(game, game.result(state, move)) for move in game.actions(state))


def corner_tree_size() -> int:
    """The number of nodes of lesson 01's small tree."""
    game = TicTacToe()
    return tree_size(game, game.play(CORNER))


def tree_slip(guess: int, right: int) -> str:
    """The known wrong sizes of the corner tree."""
    return {1 + 3 + 6 + 6: N_("that is the tree if no game ended early; some lines end "
                              "when a player completes three in a row, and have no "
                              "children."),
            3 * 2 * 1: N_("that counts the games (the leaves of a full tree), not the "
                          "positions; and some games end early."),
            13: N_("did you leave out the start position? It is a node of the tree too.")
            }.get(guess, "")


tree_positions = Question(
    title=N_("how many positions in the tree?"),
    name="tree_positions",
    question=N_("Start from the position game.play({moves}): X to move, three empty "
                "cells. How many positions does the whole game tree below it have, counting "
                "the start, every position in between, and every finished game (a position "
                "reached by two different orders counts twice: it is two nodes of the "
                "tree)?"),
    answer=corner_tree_size,
    read=whole,
    slip=tree_slip,
    hints=[N_("Draw it: 1 start, 3 moves for X, then 2 answers for O after each. Does any "
              "line end before the board is full?"),
           N_("After X's move, O can complete the middle row (1, 0), (1, 1), (1, 2) where "
              "that cell is still free: those lines end there.")],
    why=N_("1 start, 3 positions after X, 6 after O's answers; O completes the middle row "
           "in two of them, so only 4 positions are left for X's last move."),
    run="draw_tree(minimax(game, start, trace=Trace()), boards=True)",
    values={"moves": CORNER},
)


@functools.cache
def tictactoe_games() -> int:
    """How many different games of Tic-Tac-Toe there are (move sequences to an end)."""
    game = TicTacToe()

    def count(state: Any) -> int:
        if game.is_terminal(state):
            return 1
        return sum(count(game.result(state, move)) for move in game.actions(state))
    return count(game.initial_state)


def digits_slip(guess: int, right: int) -> str:
    """The known wrong numbers of digits of the Tic-Tac-Toe game count."""
    if guess > right:
        return _("9 × 8 × ... × 1 = 362,880 (6 digits) counts every order of filling all "
                 "nine cells: that is an upper bound, and games that end early are fewer.")
    if guess < right:
        return _("most games are long: a win needs at least five moves, and most games go "
                 "on to the seventh move or later. Start from 9 × 8 × 7 × 6 × 5.")
    return ""


games_digits = Question(
    title=N_("how many games of Tic-Tac-Toe?"),
    name="games_digits",
    question=N_("A game of Tic-Tac-Toe is one line of play from the empty board to a win "
                "or a full board. How many different games are there? Answer with the "
                "number of digits of that count (for example 3 for a count between 100 and "
                "999)."),
    answer=lambda: len(str(tictactoe_games())),
    read=whole,
    slip=digits_slip,
    hints=[N_("If no game ended before the board is full, there would be 9 × 8 × 7 × ... × "
              "1 games. How many is that?"),
           N_("Games that end early cut that number down: by more than a factor of three?")],
    why=N_("There are 255,168 games: fewer than the 362,880 orders of filling all nine "
           "cells, because many games end early, but still six digits."),
    run="count_games(game, game.initial_state)",
)


# ---- lesson 03: leaves scored with the best move first ---------------------------------

TEXTBOOK_TREE: list[Tree] = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def best_first_leaves(tree: list[Tree]) -> int:
    """How many leaves alpha-beta scores on `tree` with every node's best move first."""
    game = GameTree(tree)

    def for_max(state: Any) -> float:
        if game.is_terminal(state):
            return game.utility(state, "MAX")
        value = minimax(game, state).value
        return value if game.to_move(state) == "MAX" else -value

    def best_first(game_: Any, state: Any, moves: Any) -> list:
        values = {m: for_max(game.result(state, m)) for m in moves}
        return sorted(moves, key=lambda m: values[m], reverse=game.to_move(state) == "MAX")
    return alphabeta(game, (), order=best_first).stats.leaves


def best_first_slip(guess: int, right: int) -> str:
    """The known wrong counts of leaves scored with the best move first."""
    return {7: N_("7 is the count in the order the tree is written; with the best replies "
                  "first, the right subtree is cut after its first leaf too."),
            3: N_("the first subtree is searched in full: MIN there has nothing to compare "
                  "with yet (alpha is minus infinity), so all 3 of its leaves are scored."),
            9: N_("alpha-beta with the best move first prunes more, not less."),
            4: N_("each later subtree needs its first (best) reply scored: that is what "
                  "shows it is no better than the 3 MAX already has.")}.get(guess, "")


best_order_leaves = Question(
    title=N_("how many leaves with the best move first?"),
    name="best_order_leaves",
    question=N_("Alpha-beta searches the textbook tree GameTree({tree}) again, but now "
                "every node searches its moves best first (MAX's highest-valued move first, "
                "MIN's lowest-valued reply first). How many leaves does it score?"),
    answer=lambda: best_first_leaves(TEXTBOOK_TREE),
    read=whole,
    slip=best_first_slip,
    hints=[N_("MAX's best move is the left one (worth 3); its leaves come in the order 3, "
              "8, 12. Can MIN cut anything there, with alpha still minus infinity?"),
           N_("In the middle and on the right, MIN's best reply, 2, comes first: is 2 <= "
              "alpha = 3?")],
    why=N_("Left: all 3 leaves (nothing to compare with yet; alpha becomes 3). Middle and "
           "right: the first reply, 2, is already <= 3, so one leaf each: 3 + 1 + 1."),
    run="alphabeta(tree, (), order=exact_order(True)).stats.leaves",
    values={"tree": TEXTBOOK_TREE},
)

# ---- lesson 04: the best moves at depth 2, and the horizon -----------------------------

FLOOR = "3040"
"""Lesson 04's position: X on columns 3 and 4 of the floor, O twice in column 0."""
HORIZON = "365231134243"
"""Lesson 04's horizon position: X to move, a trap two plies beyond depth 2."""


def columns(prediction: Any) -> frozenset[int]:
    """A prediction that is a set of columns, like {1, 2}; a single column is one column."""
    if isinstance(prediction, (set, frozenset, list, tuple)) and not any(
            isinstance(item, (tuple, list)) for item in prediction):
        return frozenset(whole(item) for item in prediction)
    if isinstance(prediction, Real) and not isinstance(prediction, bool):
        return frozenset({whole(prediction)})
    raise ValueError(_("the answer is a set of columns, like {{1, 2}}; you wrote "
                       "{answer}.").format(answer=repr(prediction)))


def best_at_depth(moves: str, depth: int) -> frozenset[int]:
    """The columns worth the most to the player to move at `depth` (window count)."""
    game = ConnectFour()
    result = alphabeta(game, game.play(moves), depth=depth, order="centre", all_values=True)
    top = max(result.move_values.values())
    return frozenset(m for m, v in result.move_values.items() if v == top)


def floor_slip(guess: frozenset[int], right: frozenset[int]) -> str:
    """What is wrong with a guessed set of best columns in FLOOR."""
    if guess < right:
        return _("right, but not all: the position is symmetric around X's two discs.")
    if guess & {3, 4}:
        return _("stacking on your own discs makes a vertical pair; a third disc on the "
                 "floor beside X's two makes a row of three open at both ends.")
    return ""


best_columns = Question(
    title=N_("which columns does depth 2 like best?"),
    name="best_columns",
    question=N_('In game.play("{moves}") X has two discs side by side on the floor '
                "(columns 3 and 4) and O two discs in column 0. Alpha-beta searches two "
                "plies (X's move, O's answer) and scores the leaves with the window count. "
                "Which of X's columns get the highest value? Give a set, like {{1, 2}}."),
    answer=lambda: best_at_depth(FLOOR, 2),
    read=columns,
    slip=floor_slip,
    hints=[N_("Which move gives X three in a row on the floor, with room at both ends? The "
              "window count gives 100 for a window with three of your discs."),
           N_("There are two such moves, one on each side.")],
    why=N_("Columns 2 and 5 both make three in a row on the floor, open at both ends: O can "
           "block only one end, and the window count sees the three that stays."),
    run=f'alphabeta(game, game.play("{FLOOR}"), depth=2, all_values=True).move_values',
    values={"moves": FLOOR},
)


def truth(prediction: Any) -> bool:
    """A prediction that is True or False (or yes / no)."""
    if isinstance(prediction, bool):
        return prediction
    if isinstance(prediction, str) and prediction.strip().lower() in ("yes", "no"):
        return prediction.strip().lower() == "yes"
    raise ValueError(_("the answer is True or False; you wrote {answer}.").format(
        answer=repr(prediction)))


def deeper_agrees() -> bool:
    """Does depth 6 pick the same column as depth 2 in HORIZON?"""
    game = ConnectFour()
    state = game.play(HORIZON)
    return (alphabeta(game, state, depth=6, order="centre").move
            == alphabeta(game, state, depth=2, order="centre").move)


deeper_search_agrees = Question(
    title=N_("will a deeper search agree?"),
    name="deeper_search_agrees",
    question=N_('In game.play("{moves}"), X to move, alpha-beta at depth 2 picks column 2. '
                "Will alpha-beta at depth 6 pick column 2 too? Answer True or False."),
    answer=deeper_agrees,
    read=truth,
    slip=lambda guess, right: "" if guess == right else _(
        "a deeper search sees what happens after O's answer: look two plies further "
        "after column 2."),
    hints=[N_("Depth 2 sees X's move and O's answer, then stops. What can O do on the move "
              "after that, which depth 2 never looks at?")],
    why=N_("Depth 6 sees that column 2 lets O force a win just beyond depth 2's horizon, "
           "and plays another column."),
    run=N_("the table below: the move at each depth from 1 to 6"),
    values={"moves": HORIZON},
)


# ---- lesson 07: which child UCB1 picks, and the sign flip ------------------------------

UCB_CHILDREN = {"a": (9.0, 12), "b": (3.0, 5), "c": (0.0, 3)}
"""Three children as (summed reward W, visits N); their parent has N = 20."""
UCB_PARENT = 20


def ucb_choice() -> str:
    """The child UCB1 (c = sqrt 2) selects among UCB_CHILDREN."""
    from gamelib.search.mcts import ucb
    return max(UCB_CHILDREN, key=lambda child: ucb(*UCB_CHILDREN[child], UCB_PARENT,
                                                  math.sqrt(2)))


def child_name(prediction: Any) -> str:
    """A prediction that names one of UCB_CHILDREN."""
    if isinstance(prediction, str) and prediction.strip().lower() in UCB_CHILDREN:
        return prediction.strip().lower()
    raise ValueError(_("the answer is one of {children}; you wrote {answer}.").format(
        children=", ".join(map(repr, UCB_CHILDREN)), answer=repr(prediction)))


def ucb_slip(guess: str, right: str) -> str:
    """The known wrong choices among UCB_CHILDREN."""
    return {"a": N_("a has the best average (0.75), but it has been visited most: its "
                    "exploration bonus is the smallest."),
            "c": N_("c has the biggest bonus, but its average is 0: the bonus alone does not "
                    "make up for that here.")}.get(guess, "")


ucb_pick = Question(
    title=N_("which child will UCB1 pick?"),
    name="ucb_pick",
    question=N_("A node visited 20 times has three children, with (W, N) = (summed reward, "
                "visits): a = (9, 12), b = (3, 5), c = (0, 3). Which child does UCB1 with "
                "c = √2 select next? Answer 'a', 'b' or 'c'."),
    answer=ucb_choice,
    read=child_name,
    slip=ucb_slip,
    hints=[N_("Compute W / N for each child, then the bonus √2 · √(ln 20 / N); ln 20 is "
              "about 3.0."),
           N_("Averages 0.75, 0.6 and 0; bonuses about 0.71, 1.09 and 1.41. Add them up.")],
    why=N_("a scores 0.75 + 0.71, b 0.6 + 1.09 and c 0 + 1.41: b's fair average and its "
           "bigger bonus together beat both."),
    run=N_("the scores printed by the cell below"),
)


def flip_slip(guess: int, right: int) -> str:
    """The known wrong counts of blocks without the sign flip."""
    if guess > right:
        return _("without the flip, every node counts wins for the same player, so at O's "
                 "nodes MCTS picks the reply that is best for X: it expects O not to "
                 "complete the row, and sees no need to block.")
    return ""


blocks_without_flip = Question(
    title=N_("does MCTS block without the sign flip?"),
    name="blocks_without_flip",
    question=N_("In a Tic-Tac-Toe position X, to move, must block O's two in the middle "
                "row at once. MCTS runs 5 times, 1000 iterations each, with a "
                "backpropagation that forgets to flip the result at each level (every node "
                "counts the wins of the player at the root). In how many of the 5 runs does "
                "it block?"),
    answer=lambda: _sign_flip()["without the sign flip"],
    read=whole,
    slip=flip_slip,
    hints=[N_("At O's nodes, selection picks the child with the highest W / N. Whose wins "
              "does W count in the broken version?")],
    why=N_("Without the flip every average says how good a move is for X, also at O's "
           "nodes: there selection picks the reply that helps X most, so MCTS never sees O "
           "complete the row, and never blocks."),
    run="sign_flip_demo(iterations=1000, runs=5)",
)


def _sign_flip() -> dict[str, int]:
    """How often MCTS blocks with and without the sign flip (lesson 07's demo)."""
    from gamelib.exercises.mcts_checks import sign_flip_demo
    return sign_flip_demo(iterations=1000, runs=5)


# ---- lesson 08: games in a round robin, and games needed to tell two players apart -----

ROUND_ROBIN_PLAYERS, GAMES_PER_PAIR = 4, 20
TRUE_SCORE = 0.7


def round_robin_slip(guess: int, right: int) -> str:
    """The known wrong game counts of a round robin."""
    n, g = ROUND_ROBIN_PLAYERS, GAMES_PER_PAIR
    return {n * (n - 1) * g: N_("that counts every pair twice (A against B, and B against "
                                "A): a match between two players is played once."),
            n * g: N_("every player plays a match against each of the others, not just "
                      "one."),
            g: N_("that is one pair's match; how many pairs are there?")}.get(guess, "")


tournament_games = Question(
    title=N_("how many games in the round robin?"),
    name="tournament_games",
    question=N_("{players} players play a round robin: every pair of players plays a match "
                "of {games} games (seats swapped inside the match). How many games are "
                "played in all?"),
    answer=lambda: math.comb(ROUND_ROBIN_PLAYERS, 2) * GAMES_PER_PAIR,
    read=whole,
    slip=round_robin_slip,
    hints=[N_("Count the pairs first: with players A, B, C and D, write them down: AB, AC, "
              "..."),
           N_("There are 4 × 3 / 2 pairs.")],
    why=N_("4 players make 4 × 3 / 2 = 6 pairs, and each pair plays 20 games."),
    run=N_("len(table.games) after the tournament"),
    values={"players": ROUND_ROBIN_PLAYERS, "games": GAMES_PER_PAIR},
)


def games_to_tell_apart(score: float = TRUE_SCORE) -> int:
    """The fewest games for which a 95% Wilson interval around `score` leaves out 0.5."""
    from gamelib.arena.stats import wilson_interval
    games = 1
    while not 0.5 < wilson_interval(score * games, games)[0]:
        games += 1
    return games


def games_slip(guess: int, right: int) -> str:
    """What is wrong with a guessed number of games."""
    if guess < right:
        return _("with so few games the interval is still wider than the gap between "
                 "{score} and 0.5: its half-width is about 1.96 √(0.21 / n).").format(
                     score=TRUE_SCORE)
    return _("fewer are enough: solve 1.96 √(0.21 / n) < 0.2 for n, and round up a little "
             "(Wilson's interval is a bit wider than that).") if guess > right else ""


games_needed = Question(
    title=N_("how many games to tell two players apart?"),
    name="games_needed",
    question=N_("A player scores exactly {score} of the points against another (say, wins "
                "{percent} of the games, no draws). What is the smallest number of games "
                "after which its 95% Wilson interval leaves out 0.5, so that we can say it "
                "is stronger?"),
    answer=games_to_tell_apart,
    read=whole,
    slip=games_slip,
    hints=[N_("The interval's half-width is about 1.96 × √(p(1 - p) / n); with p = "
              "{score}, p(1 - p) = 0.21. It must be smaller than {score} - 0.5."),
           N_("1.96 × √(0.21 / n) < 0.2 gives n > 20.2; Wilson's interval pulls its centre "
              "towards 0.5, so a few more games than that.")],
    why=N_("The interval around {score} is about 1.96 √(0.21 / n) wide on each side; it "
           "leaves out 0.5 once that is below 0.2, and Wilson's interval, pulled towards "
           "0.5, needs a few games more than the rough rule."),
    run=N_("the intervals printed by the cell below"),
    values={"score": TRUE_SCORE, "percent": f"{TRUE_SCORE:.0%}"},
)


# ---- lesson 05: the double-threat moves, and who wins a zugzwang ----------------------

DOUBLE_SETUP, BOTH_THREATEN = "3344", "010101"


def double_threat_columns() -> frozenset[int]:
    """The columns that give X a double threat in DOUBLE_SETUP."""
    from gamelib.heuristics import double_threat_moves
    game = ConnectFour()
    return frozenset(double_threat_moves(game, game.play(DOUBLE_SETUP)))


double_threat = Question(
    title=N_("which moves make a double threat?"),
    name="double_threat",
    question=N_('In game.play("{moves}") X has two discs on the floor (columns 3 and 4) '
                "and O two on top of them; X to move. Which of X's moves make two threats "
                "that O cannot both block? Give a set of columns, like {{1, 2}}."),
    answer=double_threat_columns,
    read=columns,
    slip=lambda guess, right: (_("right, but not all: the position is symmetric.") if guess
                               < right else _("a double threat needs two empty cells that "
                                              "each complete four, both playable at once.")
                               if guess - right else ""),
    hints=[N_("A third X disc beside the two on the floor makes three in a row. Where are "
              "its two ends, and can O block both?")],
    why=N_("Column 2 or column 5 makes three in a row on the floor with both ends open: O "
           "can block one end, and X plays the other."),
    run=f'heuristics.double_threat_moves(game, game.play("{DOUBLE_SETUP}"))',
    values={"moves": DOUBLE_SETUP},
)


ZUGZWANG = "652415411346543525022361330240351142"
"""Lesson 05's zugzwang: six empty cells in columns 0 and 6, O's threat on top of column 6."""


def zugzwang_winner() -> str | None:
    """Who wins ZUGZWANG with perfect play, by the solver: 'X', 'O' or None (a draw)."""
    state = ConnectFour().play(ZUGZWANG)
    score = _solve(state)
    other = "O" if state.to_move == "X" else "X"
    return state.to_move if score > 0 else other if score < 0 else None


def zugzwang_slip(guess: str | None, right: str | None) -> str:
    """What is wrong with a guessed winner of ZUGZWANG."""
    if guess == "X":
        return _("moving first is no help here: X plays the 1st, 3rd and 5th of the six "
                 "cells left, and someone must play right under O's threat.")
    if guess is None:
        return _("the board fills up completely: count the six empty cells, and ask who "
                 "plays the last one, on top of column 6.")
    return ""


zugzwang_outcome = Question(
    title=N_("who wins this zugzwang?"),
    name="zugzwang_outcome",
    question=N_('In game.play("{moves}") only columns 0 and 6 have room, three cells each; '
                "O has a threat on the top cell of column 6, and nobody can win with the "
                "next disc. X to move. Who wins with perfect play: 'X', 'O', or 'draw'?"),
    answer=zugzwang_winner,
    read=player_name,
    slip=zugzwang_slip,
    hints=[N_("Whoever puts a disc on row 5 of column 6 lets the other player take row 6. "
              "Six cells are left: who plays the 1st, 3rd and 5th of them?")],
    why=N_("X must move into six empty cells and plays the 1st, 3rd and 5th of them: O "
           "answers so that X runs out of other moves and must put a disc right under O's "
           "threat (zugzwang); O completes four with the last disc of the game."),
    run=f'solver.analyze(game.play("{ZUGZWANG}"))',
    values={"moves": ZUGZWANG},
)


# ---- lesson 06: which rule comes first, and which first move wins ----------------------

def rule_player_column() -> int:
    """The column the report's rule player plays in BOTH_THREATEN."""
    from gamelib.heuristics import RulePlayer
    game = ConnectFour()
    return int(RulePlayer()(game, game.play(BOTH_THREATEN)))


rule_first = Question(
    title=N_("win first, or block first?"),
    name="rule_first",
    question=N_('In game.play("{moves}") X has three discs in column 0 and O three in '
                "column 1; X to move. Which column does the rule player (win if you can, "
                "block if you must) play?"),
    answer=rule_player_column,
    read=whole,
    slip=lambda guess, right: (_("blocking column 1 stops O, but X can end the game at "
                                 "once: a win now comes before any block.") if guess == 1
                               else ""),
    hints=[N_("Which rule does the player ask first: can I win now, or must I block?")],
    why=N_("Winning ends the game at once, so 'win if you can' comes first: X completes "
           "column 0, and O's threat never matters."),
    run=f'rules.explain(game, game.play("{BOTH_THREATEN}")).rule',
    values={"moves": BOTH_THREATEN},
)


def first_move_winners() -> frozenset[int]:
    """The first moves that win Connect Four for X with perfect play, by the solver."""
    from gamelib.solver import analyze
    return frozenset(col for col, score in analyze(ConnectFour().initial_state).items()
                     if score > 0)


def first_move_slip(guess: frozenset[int], right: frozenset[int]) -> str:
    """What is wrong with a guessed set of winning first moves."""
    if guess > right:
        return _("only one column wins; the columns next to it are not as good: with "
                 "perfect play they lead to a draw.")
    if not guess:
        return _("the first player wins Connect Four with perfect play, with one first "
                 "move.")
    return ""


first_move_wins = Question(
    title=N_("which first moves win?"),
    name="first_move_wins",
    question=N_("With perfect play from both sides, which first moves win the game for X on "
                "the empty 7 x 6 board? Give a set of columns, like {1, 2} (or set() for "
                "none)."),
    answer=first_move_winners,
    read=columns,
    slip=first_move_slip,
    hints=[N_("Which column takes part in the most lines of four? Allis proved in 1988 "
              "that the first player wins, and with exactly one first move.")],
    why=N_("Only the centre column wins for the first player (Allis 1988): the columns next "
           "to it draw, and the two outer columns on each side lose."),
    run=N_("solver.analyze(game.initial_state), in the cell below"),
)


# ---- lesson 09: a score, and a bit of a bitboard ---------------------------------------

def score_slip(guess: int, right: int) -> str:
    """The known wrong scores of DOUBLE_SETUP."""
    return {22 - 3: N_("X has two stones now; its third makes the double threat, and its "
                       "fourth (after O's block) completes four: count that fourth stone."),
            22 - 5: N_("O blocks one end, and X wins with its very next stone: its 4th."),
            0: N_("X to move can make a double threat on the floor (lesson 05).")
            }.get(guess, "")


score_3344 = Question(
    title=N_("what is the score?"),
    name="score_3344",
    question=N_('What is the solver\'s score of game.play("{moves}") for X, the player to '
                "move (22 minus the number of stones the winner has played when it completes "
                "four; 0 for a draw; negative for a loss)?"),
    answer=lambda: int(_solve(ConnectFour().play(DOUBLE_SETUP))),
    read=whole,
    slip=score_slip,
    hints=[N_("Lesson 05: X to move can make a double threat on the floor. With which of "
              "its stones does X then win?")],
    why=N_("X plays column 2 or 5 (its 3rd stone): three on the floor, open at both ends; "
           "O blocks one end and X completes four with its 4th stone: 22 - 4 = 18."),
    run=f'solver.solve(game.play("{DOUBLE_SETUP}"))',
    values={"moves": DOUBLE_SETUP},
)


def _solve(state: Any) -> int:
    """The exact score of a Connect Four position, for the player to move."""
    from gamelib.solver import solve
    return int(solve(state))


bit_index = Question(
    title=N_("which bit is this cell?"),
    name="bit_index",
    question=N_("In the bitboard layout, column c owns bits 7c to 7c + 5, bottom row "
                "first. Which bit stands for the cell in column 2, row 3 (rows counted from 0 "
                "at the bottom: the fourth cell up)?"),
    answer=lambda: ConnectFour().play("2222").o.bit_length() - 1,   # O's top disc
    read=whole,
    slip=lambda guess, right: {2 * 6 + 3: N_("each column owns 7 bits, not 6: the 7th is "
                                             "the empty bit on top."),
                               3 * 7 + 2: N_("column and row are swapped: column 2 starts "
                                             "at bit 14.")}.get(guess, ""),
    hints=[N_("Column 2 starts at bit 7 × 2. Count up from there.")],
    why=N_("Column 2 starts at bit 14 (bits 0-6 are column 0, 7-13 column 1); row 3 is 3 "
           "bits up: 14 + 3 = 17."),
    run=N_("the bit index of each cell, printed by the cell below"),
)


def next_question() -> int:
    """The fifth question the solver asks about the empty board: its loop
    (`narrow_by_null_windows`), each search answered as the board's score (the opening
    book's) says, as a search that stops at the window's edge does."""
    from gamelib.solver.negamax import narrow_by_null_windows, score_range
    score = _solve(ConnectFour().initial_state)
    asked: list[int] = []

    def above(mid: int, position: Any) -> int:
        asked.append(mid)
        return mid if score <= mid else mid + 1

    narrow_by_null_windows(above, *score_range(0, weak=False), None)
    return asked[4]


def probe_slip(guess: int, right: int) -> str:
    """The known wrong next questions: halving [-3, 5], or starting at an end of it."""
    if guess in (1, 2):
        return N_("that halves [-3, 5], but a range at most 12 points wide is not halved: "
                  "the solver steps a point at a time, starting from 0.")
    if guess in (-3, -2, 4, 5):
        return N_("the range holds 0, so the solver starts there, not at an end of the "
                  "range.")
    return ""


next_probe = Question(
    title=N_("which question comes next?"),
    name="next_probe",
    question=N_('The solver narrows the score of the empty board with yes/no questions. It '
                'has asked "above -10?" (yes), "above 10?" (no), "above -4?" (yes) and '
                '"above 5?" (no), so the score is in [-3, 5]. About which score m does it '
                'ask next ("above m?")?'),
    answer=next_question,
    read=whole,
    slip=probe_slip,
    hints=[N_("How wide is [-3, 5]? Step 5 says what the solver does once the range is at "
              "most 12 points wide.")],
    why=N_("[-3, 5] is 8 points wide, at most 12 (STEPPING_WIDTH), so the solver stops "
           "halving and steps: it asks about 0 (yes: the empty board scores 1), then about "
           "1 (no), and the score is 1."),
    run=N_("the loop of narrow_by_null_windows in gamelib/solver/negamax.py, which the "
           "compiled solver runs too"),
)


QUESTIONS = {q.name: q for q in (leaves_at_depth_3, minimax_value, pruned_leaves,
                                 moves_left, who_wins, tree_positions, games_digits,
                                 best_order_leaves, best_columns, deeper_search_agrees,
                                 ucb_pick, blocks_without_flip, tournament_games,
                                 games_needed, double_threat, zugzwang_outcome, rule_first,
                                 first_move_wins, score_3344, bit_index, next_probe)}
"""Every predict-then-run question, by the name of the variable the student sets."""
