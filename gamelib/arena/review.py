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

A Connect Four position too early to solve within the budget is left unjudged ("?").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from gamelib.games.base import BoardGame, Game, Move, Side, State
from gamelib.games.checks import check_state

BEST, FINE, MISTAKE, BLUNDER, UNKNOWN = "best", "fine", "mistake", "blunder", "?"
NODE_BUDGET = 3_000_000
"""Connect Four: solver nodes per column before a position counts as too early to judge."""


@dataclass(frozen=True)
class Outcome:
    """A move's exact value for the player making it: result and how many of their own
    moves (win) or the other side's moves (loss) until the game is decided."""

    result: str                 # "win", "draw" or "loss"
    moves: int = 0              # win: own moves to the win; loss: the other side's moves

    def words(self) -> str:
        """In words: "wins in 3 moves", "draw", "loses in 2 moves"."""
        if self.result == "draw":
            return "draw"
        verb = "wins" if self.result == "win" else "loses"
        return f"{verb} in {self.moves} move{'' if self.moves == 1 else 's'}"

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
            return (f"{name(self.move)}: not judged (the position is too early to solve "
                    f"quickly)")
        played = self.played.words() if self.played else "?"
        text = f"{name(self.move)}: {self.verdict} ({played})"
        if self.verdict != BEST and self.best is not None:
            alternatives = " or ".join(name(m) for m in self.best_moves[:2])
            text += f"; best was {alternatives} ({self.best.words()})"
        return text


def verdict(played: Outcome, best: Outcome) -> str:
    """Compare the move played with the best move (both for the player who moved)."""
    if played.rank() == best.rank():
        return BEST
    if played.result != best.result:
        return BLUNDER
    return FINE if abs(played.moves - best.moves) <= 1 else MISTAKE


def review_game(game: Game, moves: Sequence[Move], start: State | None = None,
                side: Side | None = None) -> list[MoveReview]:
    """Review `moves` played from `start` (default: the initial position); only `side`'s
    moves when given, else both sides'."""
    state = game.initial_state if start is None else check_state(game, start, "start")
    values = _value_finder(game)
    reviews = []
    for index, move in enumerate(moves):
        player = game.to_move(state)
        if side is None or player == side:
            reviews.append(_review_move(game, state, move, index, values(state)))
        state = game.result(state, move)
    return reviews


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


def _value_finder(game: Game) -> Callable[[State], dict[Move, Outcome | None]]:
    """How to value every legal move of a position in `game`."""
    from gamelib.games.connect4 import ConnectFour
    if isinstance(game, ConnectFour):
        if (game.rows, game.cols, game.k) != (6, 7, 4):
            raise ValueError("the Connect Four review uses the exact solver, which solves "
                             "the standard 7x6 board only")
        return SolverValues(game)
    if getattr(game, "rows", 9) * getattr(game, "cols", 1) > 16:
        raise ValueError(f"a full search of {game!r} would take too long to review")
    return lambda state: search_values(game, state)


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


class SolverValues:
    """Every legal Connect Four move's exact outcome, from the opening book or the solver."""

    def __init__(self, game: BoardGame, budget: int = NODE_BUDGET) -> None:
        from gamelib.solver.api import get_solver
        from gamelib.solver.book import OpeningBook
        self.game, self.budget = game, budget
        self.solver = get_solver()
        self.book = OpeningBook.load()

    def __call__(self, state: State) -> dict[Move, Outcome | None]:
        from gamelib.solver.position import Position
        pos = Position.from_state(state)
        stones = _stones(state, self.game)
        return {col: self._outcome(pos, col, stones) for col in self.game.actions(state)}

    def _outcome(self, pos: Any, col: int, stones: tuple[int, int]) -> Outcome | None:
        """The exact outcome of playing `col` (None: not solved within the budget)."""
        from gamelib.solver.api import child_score
        child = pos.play_col(col)
        found = None if pos.is_winning_move(col) else self.book.lookup(child)
        if found is not None:
            score = -found[0]
        else:
            score = child_score(self.solver, pos, col, max_nodes=self.budget)
            if self.solver.aborted:
                return None
        mine, theirs = stones
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
    lines.append(", ".join(f"{n} {v}" for v, n in counts.items()))
    return "\n".join(lines)
