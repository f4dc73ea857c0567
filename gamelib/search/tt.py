"""Transposition tables: remember what a search learned about a position.

Alpha-beta often reaches the same position by different move orders (X then O then X
again, in another order). A transposition table stores, per position, the value found,
how deep below it the search looked, the best move, and a flag saying what the value
means:

- EXACT: the true value (the search saw it inside its (alpha, beta) window);
- LOWER: a lower bound, true value >= value (a MAX node was cut off: "fail high");
- UPPER: an upper bound, true value <= value (every move failed low).

A later visit may reuse an entry only if it looked at least as deep, and a bound only
when it settles the question for the new window (a lower bound >= beta, an upper bound
<= alpha). `NaiveCache` forgets the flags and treats every stored value as exact: the
classic bug, kept for the lesson that shows why the flags are needed.

Entries are stored from the point of view of the player to move at the position, with
win distances counted from the position itself, so one table stays right whichever
player is at the root and however far below the root the position is met.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from gamelib.search.scoring import is_win_score
from gamelib.search.trace import EXACT, LOWER, UPPER


class Entry(NamedTuple):
    """What the table knows about one position (values as the searcher sees them)."""

    value: float
    flag: str          # EXACT, LOWER or UPPER
    depth: float       # plies searched below the position (math.inf: to the end)
    move: Any          # the best move found there (None at leaves)


FLIP = {EXACT: EXACT, LOWER: UPPER, UPPER: LOWER}
"""A bound seen from the other side: a lower bound for MAX is an upper bound for MIN."""


def _to_stored(value: float, ply: int) -> float:
    """A win `n` plies below the root, met `ply` plies below it, is a win in n - ply."""
    if not is_win_score(value):
        return value
    return value + ply if value > 0 else value - ply


def _from_stored(value: float, ply: int) -> float:
    """The inverse of `_to_stored`: a stored win in m, met `ply` plies below the root."""
    if not is_win_score(value):
        return value
    return value - ply if value > 0 else value + ply


class TranspositionTable:
    """A dict from states to `Entry`s, with the EXACT / LOWER / UPPER flags.

    `max_entries` bounds its size: when full, new positions are not added (existing ones
    are still updated). `hits` counts the answers it gave that a search used.
    """

    def __init__(self, max_entries: int | None = None) -> None:
        self.table: dict[Any, Entry] = {}
        self.max_entries = max_entries
        self.hits = 0
        self.stores = 0

    def __len__(self) -> int:
        return len(self.table)

    def __contains__(self, state: Any) -> bool:
        return state in self.table

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} positions, {self.hits} hits)"

    def clear(self) -> None:
        """Forget everything."""
        self.table.clear()
        self.hits = self.stores = 0

    def lookup(self, state: Any, ply: int = 0, maximizing: bool = True) -> Entry | None:
        """The entry for `state` as seen by a search `ply` plies below its root, where
        `maximizing` says whether the player to move at `state` is the root player."""
        entry = self.table.get(state)
        if entry is None:
            return None
        value = _from_stored(entry.value, ply)
        if maximizing:
            return Entry(value, entry.flag, entry.depth, entry.move)
        return Entry(-value, FLIP[entry.flag], entry.depth, entry.move)

    def store(self, state: Any, value: float, flag: str, depth: float, move: Any,
              ply: int = 0, maximizing: bool = True) -> None:
        """Remember `value` (with its flag) for `state`, searched `depth` plies deep."""
        if not maximizing:
            value, flag = -value, FLIP[flag]
        old = self.table.get(state)
        if old is None and self.max_entries is not None and len(self.table) >= self.max_entries:
            return
        if old is not None and old.depth > depth:
            return          # keep what a deeper search found
        self.table[state] = Entry(_to_stored(value, ply), flag, depth, move)
        self.stores += 1

    def best_move(self, state: Any) -> Any:
        """The best move stored for `state`, or None."""
        entry = self.table.get(state)
        return None if entry is None else entry.move


class NaiveCache(TranspositionTable):
    """A transposition table that stores every value as EXACT, bounds included.

    Wrong on purpose: a value that was only a bound (found with a narrow alpha-beta
    window) comes back later as if it were the true value. `tests/test_search_tt.py`
    finds a position where this changes the answer.
    """

    def store(self, state: Any, value: float, flag: str, depth: float, move: Any,
              ply: int = 0, maximizing: bool = True) -> None:
        """Remember `value` for `state` as if it were exact, whatever its flag."""
        super().store(state, value, EXACT, depth, move, ply, maximizing)
