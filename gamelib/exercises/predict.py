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
from gamelib.search.minimax import minimax
from gamelib.search.players import AlphaBetaPlayer
from gamelib.search.trace import Trace

NOT_GIVEN = object()


@dataclass
class Question:
    """One predict-then-run question: the question, the true answer, hints, the solution.

    `answer()` runs the library's search; `read(prediction)` turns what the student wrote
    into a comparable value (or raises ValueError saying what is expected); `slip(wrong,
    right)` names a known wrong answer ("" if it is not one we know).
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

    def ask(self) -> Note:
        """The question, and how to answer it."""
        return Note(f"Predict: {self.title}", f"{self.question} Write your answer in the "
                    f"cell below ({self.name} = your answer), then run the check.")

    def check(self, prediction: Any = NOT_GIVEN) -> CheckResult:
        """Compare the prediction (found by name in the notebook if not given) with the run."""
        if prediction is NOT_GIVEN:
            prediction = _find(self.name, inspect.currentframe())
        if prediction is NOT_GIVEN or prediction is None or prediction is Ellipsis \
                or isinstance(prediction, Question):      # the question, not an answer
            return CheckResult(self.title, NOT_YET, f"no prediction yet: write "
                               f"`{self.name} = <your answer>` in the cell above, run it, "
                               "then run this check again.")
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
            return CheckResult(self.title, PASSED, f"yes: {_show(right)}. {self.why}",
                               details=[f"See it yourself: {self.run}"])
        return CheckResult(self.title, FAILED, f"you predicted {_show(guess)}, but that is "
                           "not what the search does.",
                           hint=self.slip(guess, right) or "run .hint() for a hint, or "
                           "work through the tree on paper, one node at a time.",
                           diagnosis="wrong")

    def hint(self) -> Note:
        """The next hint (one more at each call), then a note that there are no more."""
        note, self.hints_given = next_hint(self.title, self.hints, self.hints_given,
                                           "Run .solution() to see the answer and why.")
        return note

    def solution(self) -> Note:
        """The answer the search gives, and why."""
        return Note(f"{self.title}: the answer is {_show(self.answer())}.",
                    f"{self.why} See it yourself: {self.run}")


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
        return "{" + ", ".join(str(v) for v in sorted(value)) + "}" if value else "none"
    return str(value)


def number(prediction: Any) -> int | float:
    """A prediction that must be a number: any kind of number will do (4, 4.0, numpy's
    int64(4)), never a bool, a string or NaN; a whole value comes back as an int."""
    if isinstance(prediction, bool) or not isinstance(prediction, Real) \
            or isinstance(prediction, (str, bytes)):
        raise ValueError(f"the answer is a number, like 12; you wrote {prediction!r} "
                         f"({type(prediction).__name__}).")
    value = float(prediction)
    if math.isnan(value):
        raise ValueError("the answer is a number, like 12; you wrote NaN (not a number).")
    return int(value) if value.is_integer() else value


def whole(prediction: Any) -> int:
    """A prediction that must be a whole number (12, 12.0, numpy integers; never a bool)."""
    value = number(prediction)
    if not isinstance(value, int):
        raise ValueError(f"the answer is a whole number, like 12; you wrote {prediction!r}.")
    return value


def numbers(prediction: Any) -> frozenset[int]:
    """A prediction that is a collection of leaf numbers, like {1, 2} (or [] for none)."""
    if isinstance(prediction, (str, bytes)) or not isinstance(
            prediction, (set, frozenset, list, tuple)):
        raise ValueError(f"the answer is a set of leaf numbers, like {{1, 2}} (or set() "
                         f"if none is pruned); you wrote {prediction!r}.")
    if any(isinstance(item, (tuple, list)) for item in prediction):
        raise ValueError(f"you wrote positions ({', '.join(map(repr, prediction))}); the "
                         "question asks for the numbers written on the pruned leaves, like "
                         "{1, 2}.")
    return frozenset(whole(item) for item in prediction)


# ---- how many leaves at depth 3 (lesson 02) -------------------------------------------

def connect_four_leaves(depth: int) -> int:
    """How many positions minimax scores from the empty Connect Four board at `depth`."""
    game = ConnectFour()
    return minimax(game, game.initial_state, depth=depth).stats.leaves


def leaves_slip(guess: int, right: int) -> str:
    """The known wrong counts of leaves at depth 3 in Connect Four."""
    known = {
        1 + 7 + 49 + 343: "that counts every node (1 + 7 + 49 + 343); the leaves are only "
                          "the positions at depth 3, where the search stops.",
        7 * 3: "the counts multiply, they do not add: every one of the 7 moves has 7 answers.",
        7 * 6 * 5: "a column does not fill up after three discs: every move stays legal.",
        7 ** 2: "that is depth 2 (two moves); depth 3 is one more move.",
        7 ** 4: "that is depth 4; depth 3 means three moves (plies) from the root.",
    }
    return known.get(guess, "")


leaves_at_depth_3 = Question(
    title="how many leaves at depth 3?",
    name="leaves_at_depth_3",
    question="Minimax searches Connect Four from the empty board with depth=3 (three "
             "moves: red, yellow, red) and scores the positions where it stops with the "
             "evaluation function. How many positions does it score (its leaves)?",
    answer=lambda: connect_four_leaves(3),
    read=whole,
    slip=leaves_slip,
    hints=["How many moves does red have from the empty board? And yellow after each of "
           "them? Can a column be full, or a game be over, after three discs?",
           "Every position along the way has 7 legal moves, and no game ends in three "
           "moves: the count multiplies by 7 at each level."],
    why="Every position has 7 moves and no game can end within three moves, so minimax "
        "scores 7 × 7 × 7 = 343 positions: b^d leaves for b moves and depth d.",
    run="minimax(ConnectFour(), ConnectFour().initial_state, depth=3).stats.leaves",
)


# ---- the minimax value of a small tree (lesson 02) -------------------------------------

VALUE_TREE: list[Tree] = [[5, 1], [4, 7], [2, 9]]


def value_slip(guess: int, right: int) -> str:
    """The known wrong values for VALUE_TREE."""
    known = {
        9: "9 is the best leaf for MAX, but MIN chooses after MAX: MIN would answer with 2.",
        1: "1 is the smallest leaf: MAX moves first and avoids the subtree where MIN can "
           "reach it.",
        7: "7 is the best of the larger leaves; but in each subtree MIN picks the smaller.",
        5: "5 is MAX's best first leaf, but MIN answers the left move with 1, not 5.",
    }
    return known.get(guess, "")


minimax_value = Question(
    title="the minimax value of a tree",
    name="minimax_value",
    question=f"MAX chooses one of three moves, then MIN one of two replies; the leaves "
             f"(scores for MAX) are GameTree({VALUE_TREE}). What is the minimax value of "
             "the root?",
    answer=lambda: minimax(GameTree(VALUE_TREE), ()).value,
    read=number,
    slip=value_slip,
    hints=["Work bottom up: first the value of each MIN node (the smaller of its two "
           "leaves).",
           "The MIN nodes are worth 1, 4 and 2. MAX takes the largest."],
    why="MIN answers each move with its smaller leaf (1, 4, 2); MAX takes the middle move, "
        "worth 4.",
    run=f"minimax(GameTree({VALUE_TREE}), ()).value",
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
    title="which leaves will alpha-beta prune?",
    name="pruned_leaves",
    question=f"Alpha-beta searches GameTree({PRUNE_TREE}) left to right: MAX chooses one "
             "of three moves, then MIN replies. Which leaves does it never look at? Give "
             "their numbers as a set, like {1, 2} (every leaf has a different number).",
    answer=lambda: pruned_leaf_values(PRUNE_TREE),
    read=numbers,
    slip=prune_slip,
    hints=["The left subtree is searched in full: MIN's value there is 4, so from then on "
           "alpha = 4.",
           "In the middle, MIN's first reply is 2 <= alpha = 4: the move is worth at most "
           "2 to MAX, so MIN's other replies there are pruned. What happens on the right, "
           "where the first reply is 5?"],
    why="Left: MIN's value is 4 (alpha = 4). Middle: the first reply 2 <= 4 prunes 9 and "
        "7. Right: 5 is more than 4, so MIN looks on; 3 <= 4 prunes 8.",
    run=f"alphabeta(GameTree({PRUNE_TREE}), (), trace=Trace()) drawn with draw_tree",
)

# ---- lesson 00: legal moves with a full column, and who wins a game -------------------

FULL_CENTRE = "333333"


def no_slip(guess: Any, right: Any) -> str:
    """No known wrong answer to name."""
    return ""


def legal_moves_slip(guess: int, right: int) -> str:
    """The known wrong counts of legal moves after FULL_CENTRE."""
    return {7: "column 3 holds six discs, as many as the board has rows: it is full, so "
               "it is no longer a legal move.",
            1: "a full column is the only one that cannot be played; the others are all "
               "still empty."}.get(guess, "")


moves_left = Question(
    title="how many legal moves?",
    name="moves_left",
    question=f'Red and yellow play column 3 six times in turn: game.play("{FULL_CENTRE}"). '
             "How many legal moves does the player to move have now?",
    answer=lambda: len(ConnectFour().actions(ConnectFour().play(FULL_CENTRE))),
    read=whole,
    slip=legal_moves_slip,
    hints=["How many rows does the board have? How many discs are in column 3 now?"],
    why="The board has six rows, so column 3 is full after six discs; every other column "
        "is empty and can still be played.",
    run=f'len(game.actions(game.play("{FULL_CENTRE}")))',
)


def player_name(prediction: Any) -> str | None:
    """A prediction that names a player: 'X' (red), 'O' (yellow) or None for a draw."""
    if prediction is None:
        return None
    words = {"x": "X", "red": "X", "o": "O", "yellow": "O", "draw": None, "none": None}
    if isinstance(prediction, str) and prediction.strip().lower() in words:
        return words[prediction.strip().lower()]
    raise ValueError(f"the answer is 'X' (red), 'O' (yellow) or 'draw'; you wrote "
                     f"{prediction!r}.")


def lookahead_game_winner() -> str | None:
    """Who wins lesson 00's game: alpha-beta at depth 4 (red) against a random player."""
    record = play_game(ConnectFour(), [AlphaBetaPlayer(depth=4), RandomPlayer(seed=1)],
                       seed=1)
    return record.winner


who_wins = Question(
    title="who wins?",
    name="who_wins",
    question="Alpha-beta looking 4 moves ahead plays red (X) against a player that picks "
             "random moves (yellow, O). Who wins: 'X', 'O', or 'draw'?",
    answer=lookahead_game_winner,
    read=player_name,
    slip=lambda guess, right: ("a random player almost never blocks a line of three: "
                               "looking ahead finds the win." if guess != right else ""),
    hints=["Looking ahead 4 moves, a player sees every four-in-a-row it can make within "
           "two of its own moves. Does a random player stop such lines?"],
    why="Looking ahead, red sees lines it can complete; the random player does not stop "
        "them.",
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
    return {1 + 3 + 6 + 6: "that is the tree if no game ended early; some lines end when "
                           "a player completes three in a row, and have no children.",
            3 * 2 * 1: "that counts the games (the leaves of a full tree), not the "
                       "positions; and some games end early.",
            13: "did you leave out the start position? It is a node of the tree too."
            }.get(guess, "")


tree_positions = Question(
    title="how many positions in the tree?",
    name="tree_positions",
    question=f"Start from the position game.play({CORNER}): X to move, three empty "
             "cells. How many positions does the whole game tree below it have, counting "
             "the start, every position in between, and every finished game (a position "
             "reached by two different orders counts twice: it is two nodes of the tree)?",
    answer=corner_tree_size,
    read=whole,
    slip=tree_slip,
    hints=["Draw it: 1 start, 3 moves for X, then 2 answers for O after each. Does any "
           "line end before the board is full?",
           "After X's move, O can complete the middle row (1, 0), (1, 1), (1, 2) where "
           "that cell is still free: those lines end there."],
    why="1 start, 3 positions after X, 6 after O's answers; O completes the middle row in "
        "two of them, so only 4 positions are left for X's last move.",
    run="draw_tree(minimax(game, start, trace=Trace()), boards=True)",
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
        return ("9 × 8 × ... × 1 = 362,880 (6 digits) counts every order of filling all "
                "nine cells: that is an upper bound, and games that end early are fewer.")
    if guess < right:
        return ("most games are long: a win needs at least five moves, and most games go "
                "on to the seventh move or later. Start from 9 × 8 × 7 × 6 × 5.")
    return ""


games_digits = Question(
    title="how many games of Tic-Tac-Toe?",
    name="games_digits",
    question="A game of Tic-Tac-Toe is one line of play from the empty board to a win or "
             "a full board. How many different games are there? Answer with the number of "
             "digits of that count (for example 3 for a count between 100 and 999).",
    answer=lambda: len(str(tictactoe_games())),
    read=whole,
    slip=digits_slip,
    hints=["If no game ended before the board is full, there would be 9 × 8 × 7 × ... × 1 "
           "games. How many is that?",
           "Games that end early cut that number down: by more than a factor of three?"],
    why="There are 255,168 games: fewer than the 362,880 orders of filling all nine "
        "cells, because many games end early, but still six digits.",
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
    return {7: "7 is the count in the order the tree is written; with the best replies "
               "first, the right subtree is cut after its first leaf too.",
            3: "the first subtree is searched in full: MIN there has nothing to compare "
               "with yet (alpha is minus infinity), so all 3 of its leaves are scored.",
            9: "alpha-beta with the best move first prunes more, not less.",
            4: "each later subtree needs its first (best) reply scored: that is what shows "
               "it is no better than the 3 MAX already has."}.get(guess, "")


best_order_leaves = Question(
    title="how many leaves with the best move first?",
    name="best_order_leaves",
    question=f"Alpha-beta searches the textbook tree GameTree({TEXTBOOK_TREE}) again, but "
             "now every node searches its moves best first (MAX's highest-valued move "
             "first, MIN's lowest-valued reply first). How many leaves does it score?",
    answer=lambda: best_first_leaves(TEXTBOOK_TREE),
    read=whole,
    slip=best_first_slip,
    hints=["MAX's best move is the left one (worth 3); its leaves come in the order 3, 8, "
           "12. Can MIN cut anything there, with alpha still minus infinity?",
           "In the middle and on the right, MIN's best reply, 2, comes first: is 2 <= "
           "alpha = 3?"],
    why="Left: all 3 leaves (nothing to compare with yet; alpha becomes 3). Middle and "
        "right: the first reply, 2, is already <= 3, so one leaf each: 3 + 1 + 1.",
    run="alphabeta(tree, (), order=exact_order(True)).stats.leaves",
)

QUESTIONS = {q.name: q for q in (leaves_at_depth_3, minimax_value, pruned_leaves,
                                 moves_left, who_wins, tree_positions, games_digits,
                                 best_order_leaves)}
"""Every predict-then-run question, by the name of the variable the student sets."""
