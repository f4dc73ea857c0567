"""Game review: each move of a game marked best, fine, mistake or blunder, by exact values.

For every move reviewed, every legal move of that position gets its exact value with
perfect play from both sides: the Connect Four solver (its opening book first, then a
search with a node budget) on the standard 7x6 board, a full alpha-beta search on
Tic-Tac-Toe. Then the move played is compared with the best one:

- best: as good as the best move;
- fine: the same result, at most one move slower to win (or quicker to lose);
- mistake: the same result (win, draw or loss), but clearly slower to win or quicker
  to lose;
- blunder: it changes the result (a win thrown into a draw or a loss, a draw into a loss).

A Connect Four game is reviewed within a time budget (`REVIEW_SECONDS`): the opening
book answers its positions at once, the solver the rest, latest first. A move whose
position the solver cannot finish in the time left is left unjudged ("?"), unless its
scores were solved beforehand (`known`: a board solves them while the student thinks,
see `gamelib.widgets.foresight`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from gamelib.games.base import BoardGame, Game, Move, Side, State
from gamelib.games.checks import check_state
from gamelib.platform import N_, _, ngettext

BEST, FINE, MISTAKE, BLUNDER, UNKNOWN = "best", "fine", "mistake", "blunder", "?"
VERDICT_WORDS = {BEST: N_("best"), FINE: N_("fine"), MISTAKE: N_("mistake"),
                 BLUNDER: N_("blunder"), UNKNOWN: "?"}
"""Each verdict as a student reads it (translated where shown)."""
REVIEW_SECONDS = 2.0
"""Connect Four: the time a whole game's review may take (the book answers early
positions at once, the solver later ones in milliseconds)."""
SIZE = 42


@dataclass(frozen=True)
class Outcome:
    """A move's exact value for the player making it: result and how many of their own
    moves (win) or the other side's moves (loss) until the game is decided."""

    result: str                 # "win", "draw" or "loss"
    moves: int = 0              # win: own moves to the win; loss: the other side's moves

    def words(self) -> str:
        """In words: "wins in 3 moves", "draw", "loses in 2 moves"."""
        if self.result == "draw":
            return _("draw")
        if self.result == "win":
            return ngettext("wins in {count} move", "wins in {count} moves",
                            self.moves).format(count=self.moves)
        return ngettext("loses in {count} move", "loses in {count} moves",
                        self.moves).format(count=self.moves)

    def rank(self) -> tuple[int, int]:
        """Sort key, bigger is better: a quick win, ..., a draw, ..., a slow loss."""
        if self.result == "win":
            return (2, -self.moves)
        return (1, 0) if self.result == "draw" else (0, self.moves)


@dataclass(frozen=True)
class MoveReview:
    """One reviewed move: who played what where, its verdict and the best alternative."""

    index: int                          # position in the move list (0 = the first move)
    player: Side
    move: Move
    verdict: str                        # BEST, FINE, MISTAKE, BLUNDER or UNKNOWN
    played: Outcome | None
    best_moves: tuple[Move, ...]
    best: Outcome | None

    def sentence(self, name: Callable[[Move], str] = repr) -> str:
        """One line for a student: the verdict, what the move led to, what was best."""
        if self.verdict == UNKNOWN:
            return _("{move}: not judged (the position is too early to solve within the "
                     "review's time)").format(move=name(self.move))
        played = self.played.words() if self.played else "?"
        text = f"{name(self.move)}: {_(VERDICT_WORDS[self.verdict])} ({played})"
        if self.verdict != BEST and self.best is not None:
            text += f"; {self.best_text(name)}"
        return text

    def best_text(self, name: Callable[[Move], str] = repr) -> str:
        """What was best instead: "best was 2 (wins in 3 moves)" ("" for a best move)."""
        if self.verdict in (BEST, UNKNOWN) or self.best is None:
            return ""
        if not self.best_moves:
            return _("a better move {outcome}").format(outcome=self.best.words())
        return _("best was {moves} ({outcome})").format(
            moves=_(" or ").join(name(m) for m in self.best_moves[:2]),
            outcome=self.best.words())


def verdict(played: Outcome, best: Outcome) -> str:
    """Compare the move played with the best move (both for the player who moved)."""
    if played.rank() == best.rank():
        return BEST
    if played.result != best.result:
        return BLUNDER
    return FINE if abs(played.moves - best.moves) <= 1 else MISTAKE


def review_game(game: Game, moves: Sequence[Move], start: State | None = None,
                side: Side | None = None, seconds: float = REVIEW_SECONDS,
                known: Mapping[int, int] | None = None) -> list[MoveReview]:
    """Review `moves` played from `start` (default: the initial position); only `side`'s
    moves when given, else both sides'. Connect Four: within `seconds`, with `known`
    exact scores by position key (`Position.key`, solved beforehand) taken as found."""
    state = game.initial_state if start is None else check_state(game, start, "start")
    states = [state]
    for move in moves:
        states.append(game.result(states[-1], move))
    reviewed = [i for i in range(len(moves)) if side is None or game.to_move(states[i]) == side]
    if _is_standard_connect_four(game):
        return solver_reviews(game, states, moves, reviewed, seconds,  # type: ignore[arg-type]
                              known)
    if getattr(game, "rows", 9) * getattr(game, "cols", 1) > 16:
        raise ValueError(f"a full search of {game!r} would take too long to review")
    return [_review_move(game, states[i], moves[i], i, search_values(game, states[i]))
            for i in reviewed]


def _review_move(game: Game, state: State, move: Move, index: int,
                 outcomes: dict[Move, Outcome | None]) -> MoveReview:
    """The review of `move` in `state`, given every legal move's outcome."""
    player = game.to_move(state)
    known = {m: o for m, o in outcomes.items() if o is not None}
    played = outcomes.get(move)
    if played is None or not known:
        return MoveReview(index, player, move, UNKNOWN, played, (), None)
    best = max(known.values(), key=Outcome.rank)
    best_moves = tuple(m for m, o in known.items() if o.rank() == best.rank())
    return MoveReview(index, player, move, verdict(played, best), played, best_moves, best)


def _is_standard_connect_four(game: Game) -> bool:
    """True for Connect Four on the 7x6 board (a ValueError for other Connect Four sizes:
    the exact solver knows only that one)."""
    from gamelib.games.connect4 import ConnectFour
    if not isinstance(game, ConnectFour):
        return False
    if (game.rows, game.cols, game.k) != (6, 7, 4):
        raise ValueError("the Connect Four review uses the exact solver, which solves "
                         "the standard 7x6 board only")
    return True


def search_values(game: Game, state: State) -> dict[Move, Outcome | None]:
    """Every legal move's exact outcome, by a full-depth alpha-beta search."""
    from gamelib.search import alphabeta
    from gamelib.search.scoring import WIN, is_win_score
    from gamelib.search.tt import TranspositionTable

    result = alphabeta(game, state, depth=None, tt=TranspositionTable(), all_values=True)
    outcomes: dict[Move, Outcome | None] = {}
    for move, value in result.move_values.items():
        if not is_win_score(value):
            outcomes[move] = Outcome("draw")
        else:
            plies = WIN - int(abs(value))
            outcomes[move] = (Outcome("win", (plies + 1) // 2) if value > 0
                              else Outcome("loss", plies // 2))
    return outcomes


class SolverReview:
    """Exact scores of the positions of one Connect Four game, within a time budget.

    The opening book answers first (a position it holds, or a column of one it holds),
    then the solver, latest position first: late positions take it milliseconds, so the
    budget goes to the early ones that are left. A position the solver does not finish
    in the time left stays unknown (None). `scores`: exact scores by position key known
    beforehand; `seconds=None`: no time limit; `solver`: a solver of its own (else the
    shared one)."""

    def __init__(self, seconds: float | None = REVIEW_SECONDS,
                 scores: Mapping[int, int] | None = None, solver: Any = None) -> None:
        from gamelib.solver.api import get_solver, opening_book
        from gamelib.solver.engine import nodes_per_second
        self.book = opening_book()
        self.solver = get_solver() if solver is None else solver
        self.deadline = math.inf if seconds is None else time.perf_counter() + seconds
        self.rate = nodes_per_second(self.solver)        # until a search measures it
        self.scores: dict[int, int | None] = dict(scores or {})

    def score(self, pos: Any, cap: float | None = None) -> int | None:
        """The exact score of `pos` for the player to move, or None if out of time (or
        past `cap` seconds for this one position)."""
        key = pos.key()
        if self.scores.get(key) is not None:
            return self.scores[key]
        value = self.book.score(pos)
        if value is None:
            value = 0 if pos.moves == SIZE else self._search(pos, cap)
        self.scores[key] = value
        return value

    def known(self, pos: Any) -> int | None:
        """The score of `pos` if the book holds it or it was solved, without searching."""
        if pos.key() in self.scores:
            return self.scores[pos.key()]
        return self.book.score(pos)

    def _search(self, pos: Any, cap: float | None) -> int | None:
        """Solve `pos` with the nodes the time left allows (the rate measured as it goes)."""
        left = self.deadline - time.perf_counter()
        if cap is not None:
            left = min(left, cap)
        if left <= 0:
            return None
        before, start = self.solver.nodes, time.perf_counter()
        value = self.solver.solve(pos, False, max(1, int(left * self.rate)))
        nodes, spent = self.solver.nodes - before, time.perf_counter() - start
        if nodes > 1000 and spent > 0.05:
            self.rate = int(nodes / spent)
        return None if self.solver.aborted else value

    def column(self, pos: Any, col: int, cap: float | None = None,
               search: bool = True) -> int | None:
        """The score of playing `col` in `pos` for the player to move there."""
        if pos.is_winning_move(col):
            return (SIZE + 1 - pos.moves) // 2
        book = self.book.scores(pos)
        if book and col in book:
            return book[col]
        child = pos.play_col(col)
        value = self.score(child, cap) if search else self.known(child)
        return None if value is None else -value


def solver_reviews(game: BoardGame, states: Sequence[State], moves: Sequence[Move],
                   reviewed: Sequence[int], seconds: float = REVIEW_SECONDS,
                   known: Mapping[int, int] | None = None) -> list[MoveReview]:
    """The reviews of `moves[i]` for each i in `reviewed` (states[i] is the position
    before moves[i]), within `seconds`, with the `known` scores (by position key). The
    verdicts first: every position with a small share of the time each (latest first:
    late positions take milliseconds), then with larger shares, then all the time left;
    then, in the same passes, a best column to name for each move that was not best."""
    plan = ReviewPlan(game, states, moves, reviewed, SolverReview(seconds, known))
    caps = (seconds / 50, seconds / 5, None)
    for cap in caps:
        plan.score_positions(cap)
    for cap in caps:
        plan.find_best_columns(cap)
    return plan.reviews()


class ReviewPlan:
    """What the review of some moves of one Connect Four game reads (each position's score,
    the played column's, a best column), and the searches that find it, into `values`."""

    def __init__(self, game: BoardGame, states: Sequence[State], moves: Sequence[Move],
                 reviewed: Sequence[int], values: SolverReview) -> None:
        from gamelib.solver.position import Position
        self.game, self.states, self.moves, self.reviewed = game, states, moves, reviewed
        self.values = values
        self.positions = {i: Position.from_state(states[i]) for i in reviewed}
        self.wanted = sorted([self.positions[i] for i in reviewed]
                             + [self.positions[i].play_col(moves[i]) for i in reviewed
                                if not self.positions[i].is_winning_move(moves[i])],
                             key=lambda p: -p.moves)
        self.best_column: dict[int, Move] = {}

    def search(self, cap: float | None) -> None:
        """One pass: score every wanted position, then look for a best column for each
        move that was not best, each search within `cap` seconds (None: the time left)."""
        self.score_positions(cap)
        self.find_best_columns(cap)

    def score_positions(self, cap: float | None) -> None:
        """Score every wanted position (what the verdicts need), each search within `cap`
        seconds (None: the time left)."""
        for pos in self.wanted:
            self.values.score(pos, cap)

    def find_best_columns(self, cap: float | None) -> None:
        """Look for a best column to name for each move that was not best, each search
        within `cap` seconds (None: the time left)."""
        from gamelib.solver.engine import centre_distance
        values = self.values
        for i in self.reviewed:
            pos, best = self.positions[i], values.known(self.positions[i])
            played = values.column(pos, self.moves[i], search=False)
            if i in self.best_column or best is None or played is None or played == best:
                continue
            for col in sorted(self.game.actions(self.states[i]), key=centre_distance):
                if col != self.moves[i] and values.column(pos, col, cap) == best:
                    self.best_column[i] = col
                    break

    def reviews(self) -> list[MoveReview]:
        """Each reviewed move judged from what the searches found."""
        values, positions = self.values, self.positions
        return [_judged(self.game, self.states[i], i, self.moves[i], values.known(positions[i]),
                        values.column(positions[i], self.moves[i], search=False),
                        self.best_column.get(i)) for i in self.reviewed]


def _judged(game: BoardGame, state: State, index: int, move: Move, best_score: int | None,
            played_score: int | None, best_column: Move | None) -> MoveReview:
    """A move's review from the position's score and the played column's score."""
    player = game.to_move(state)
    mine, theirs = _stones(state, game)
    played = None if played_score is None else _outcome(played_score, mine, theirs)
    if best_score is None or played is None:
        return MoveReview(index, player, move, UNKNOWN, played, (), None)
    best = _outcome(best_score, mine, theirs)
    found = verdict(played, best)
    best_moves = (move,) if found == BEST else (best_column,) if best_column is not None else ()
    return MoveReview(index, player, move, found, played, best_moves, best)


def _outcome(score: int, mine: int, theirs: int) -> Outcome:
    """A solver score (for the player to move) as an Outcome in moves."""
    if score > 0:
        return Outcome("win", max(1, 22 - score - mine))
    if score < 0:
        return Outcome("loss", max(1, 22 + score - theirs))
    return Outcome("draw")


def _stones(state: State, game: BoardGame) -> tuple[int, int]:
    """(stones of the player to move, stones of the other player)."""
    board = "".join(state.cell(r, c) for r in range(game.rows) for c in range(game.cols))
    me = game.to_move(state)
    return board.count(me), board.count(game.opponent(me))


def review_text(game: Game, reviews: list[MoveReview], name: Callable[[Move], str] = repr
                ) -> str:
    """The review as lines of text (for the command line)."""
    lines = [f"{r.index + 1:>3}. {r.player}  {r.sentence(name)}" for r in reviews]
    counts = {v: sum(r.verdict == v for r in reviews) for v in (BEST, FINE, MISTAKE, BLUNDER)}
    lines.append(", ".join(_("{count} {verdict}").format(count=n, verdict=_(VERDICT_WORDS[v]))
                           for v, n in counts.items()))
    return "\n".join(lines)
