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
from typing import Any, Callable

from gamelib.games.base import Game, Player, State
from gamelib.games.gametree import GameTree

INF = math.inf

WIN = 1_000_000
"""The score of a win at the root itself; a win `ply` moves away scores WIN - ply."""

MAX_PLY = 1_000
"""No search goes deeper than this, so scores above WIN - MAX_PLY are always wins."""

PLAIN, DEPTH = "plain", "depth"

EvalFn = Callable[[State, Player], float]


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


def terminal_value(game: Game, state: State, player: Player, ply: int, scoring: str) -> float:
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
    raise ValueError(
        f"a depth-limited search (depth={depth}) needs an evaluation function for the "
        f"positions where it stops, and {game!r} has no `evaluate`: pass "
        f"eval_fn=lambda state, player: ... (higher = better for `player`), or depth=None "
        f"to search to the end of the game")


def check_depth(depth: Any) -> int | None:
    """`depth` as a whole number of plies >= 0, or None for a full-depth search."""
    if depth is None:
        return None
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise ValueError(f"depth must be None (search to the end) or a whole number of "
                         f"plies >= 0, got {depth!r}")
    return min(depth, MAX_PLY)


def is_win_score(value: float) -> bool:
    """True for a depth-aware score that means a forced win or loss."""
    return abs(value) > WIN - MAX_PLY - 1 and value not in (INF, -INF)


def describe_value(value: float) -> str:
    """A score in words: "win in 3", "loss in 4", "draw", or the number itself."""
    if value == 0:
        return "draw (0)"
    if is_win_score(value):
        plies = WIN - int(abs(value))
        return f"{'win' if value > 0 else 'loss'} in {plies} {'ply' if plies == 1 else 'plies'}"
    return f"{value:+g}"
