"""How a search scores the positions where it stops: terminal states and the depth limit.

Every value in gamelib.search is from the point of view of the player to move at the
root of the search (MAX): higher is better for them.

Two ways to score a finished game, chosen with `scoring=`:

- ``"plain"``: the game's utility as it is: +1 win, 0 draw, -1 loss (or, for a GameTree,
  the leaf's number). A win in one move and a win in five score the same, so a plain
  search may dawdle on the way to a win, and a lost side gives up at once.
- ``"depth"``: wins found sooner score higher and losses found later score higher. A win
  `ply` moves below the root scores ``WIN - ply``, a loss ``-(WIN - ply)``, a draw 0.
  `WIN` is far above any evaluation, so a forced win always beats a good-looking
  position, and `describe_value` turns such a score back into words ("win in 3").

The default is "depth" for real games and "plain" for GameTree, whose leaves are the
numbers printed in the textbook.
"""

from __future__ import annotations

import math
from typing import Callable

from gamelib.games.base import Game, Side, State
from gamelib.games.gametree import GameTree
from gamelib.platform import _, ngettext

INF = math.inf

WIN = 1_000_000
"""The score of a win at the root itself; a win `ply` moves away scores WIN - ply."""

MAX_PLY = 1_000
"""No search goes deeper than this, so scores above WIN - MAX_PLY are always wins."""

EVAL_LIMIT = WIN - MAX_PLY
"""The win band starts here: a score at or beyond +-EVAL_LIMIT (999,000) means a proven
win or loss. An evaluation function must therefore return numbers strictly between
-EVAL_LIMIT and +EVAL_LIMIT; a search refuses any other value (and NaN) with a clear
error, rather than read a big heuristic value as a forced win."""

PLAIN, DEPTH = "plain", "depth"

EvalFn = Callable[[State, Side], float]


def default_scoring(game: Game) -> str:
    """"plain" for textbook trees (their leaves are the book's numbers), else "depth"."""
    return PLAIN if isinstance(game, GameTree) else DEPTH


def check_scoring(game: Game, scoring: str | None) -> str:
    """The scoring to use: `scoring` if given and known, else the game's default."""
    if scoring is None:
        return default_scoring(game)
    if scoring not in (PLAIN, DEPTH):
        raise ValueError(f"scoring must be {PLAIN!r} or {DEPTH!r}, got {scoring!r}")
    return scoring


def terminal_value(game: Game, state: State, player: Side, ply: int, scoring: str) -> float:
    """The score of a finished game for `player`, found `ply` moves below the root."""
    utility = game.utility(state, player)
    if scoring == PLAIN or utility == 0:
        return utility
    return utility * (WIN - ply)


def find_eval_fn(game: Game, depth: int | None, eval_fn: EvalFn | None) -> EvalFn | None:
    """The evaluation a depth-limited search uses: `eval_fn`, else the game's `evaluate`.

    A full-depth search (depth=None) needs none. A depth-limited one without either gets
    a clear error here rather than a crash deep inside the search.
    """
    if eval_fn is not None:
        return eval_fn
    own = getattr(game, "evaluate", None)
    if own is not None:
        return own
    if depth is None:
        return None
    raise ValueError(_(
        "a depth-limited search (depth={depth}) needs an evaluation function for the "
        "positions where it stops, and {game!r} has no `evaluate`: pass "
        "eval_fn=lambda state, player: ... (higher = better for `player`), or depth=None "
        "to search to the end of the game").format(depth=depth, game=game))


def no_idea(state: State, player: Side) -> float:
    """An evaluation that knows nothing: every unfinished position scores 0.

    What depth-limited players and iterative deepening use on games without an
    `evaluate` (Tic-Tac-Toe): they still see every win and loss within their horizon.
    """
    return 0


def eval_or_no_idea(game: Game, eval_fn: EvalFn | None) -> EvalFn:
    """`eval_fn`, else the game's `evaluate`, else `no_idea`."""
    return eval_fn or getattr(game, "evaluate", None) or no_idea


def is_win_score(value: float) -> bool:
    """True for a depth-aware score that means a forced win or loss (|value| >= EVAL_LIMIT)."""
    return abs(value) >= EVAL_LIMIT and value not in (INF, -INF)


def describe_value(value: float, unit: bool = True) -> str:
    """A score in words: "win in 3 plies", "loss in 4 plies" (without the unit, for
    drawings: "win in 3"), or the number itself ("+2", "0")."""
    if is_win_score(value):
        plies = WIN - int(abs(value))
        if value > 0:
            words = ngettext("win in {count} ply", "win in {count} plies", plies) if unit \
                else _("win in {count}")
        else:
            words = ngettext("loss in {count} ply", "loss in {count} plies", plies) if unit \
                else _("loss in {count}")
        return words.format(count=plies)
    return f"{value:+g}" if value else "0"
