"""What every public search checks where it starts, once per call (never per node).

`check_root` refuses a state that is not a position of the game (the wrong type, another
game's or board's, or one play could never reach: see `gamelib.games.checks.check_state`)
and makes room for the search's recursion: minimax and alpha-beta recurse once per ply
(two Python frames), so a full search on a tall board (e.g. `ConnectFour(600, 1, 2)`,
600 plies) needs more than Python's default limit of 1,000 frames. The limit is raised
as far as the search needs (never lowered: another thread may be searching too), up to
what `MAX_PLY` plies take; a full search that could go deeper is refused up front with
the advice to give a depth.
"""

from __future__ import annotations

import sys
from types import FrameType

from gamelib.games.base import Game, State
from gamelib.games.checks import check_state
from gamelib.platform import _
from gamelib.search.checks import check_depth
from gamelib.search.scoring import MAX_PLY

FRAMES_PER_PLY = 2
"""Python frames a depth-first search stacks per ply (`visit`, then max/min_value)."""

SPARE_FRAMES = 200
"""Frames beyond the search's own: the caller's stack, scoring a leaf, the recorder."""


def check_root(game: Game, state: State, depth: int | None = None,
               name: str = "state") -> State:
    """`state` if a search of `game` may start there, `depth` plies deep (None: to the
    end of the game); else a TypeError or ValueError saying what is wrong."""
    check_state(game, state, name)
    depth = check_depth(depth)              # a clear error for a depth that is no depth
    left = game.plies_left(state)
    if left is None:
        return state
    if depth is None and left > MAX_PLY:
        raise ValueError(_("a full search from this state could go {left} plies deep, more "
                           "than any search goes ({most}); give a depth (at most {most}), "
                           "or use mcts").format(left=left, most=MAX_PLY))
    plies = left if depth is None else min(depth, left)
    make_room(plies)
    return state


def make_room(plies: int) -> None:
    """Raise Python's recursion limit, if need be, for a depth-first search `plies` deep
    started from here."""
    needed = FRAMES_PER_PLY * plies + SPARE_FRAMES
    if needed <= sys.getrecursionlimit() // 2:
        return                  # the usual case: plenty of room, no need to count frames
    needed += _stack_depth()
    if needed > sys.getrecursionlimit():
        sys.setrecursionlimit(needed)


def _stack_depth() -> int:
    """How many frames the calling thread has on its stack now."""
    frame: FrameType | None = sys._getframe()
    depth = 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth
