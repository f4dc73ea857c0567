"""How a PlayBoard asks its opponent for a move, with the explanation and the top of the
search tree when the player can give them (the menu itself: each adapter's `presets`),
and what a learned evaluation saw, in words for its "why this move?"."""

from __future__ import annotations

import math
import sys
from typing import TYPE_CHECKING, Any, TypeGuard

from gamelib.games.base import Game, Move, State
from gamelib.games.connect4 import ConnectFourState
from gamelib.platform import N_, _, ngettext
from gamelib.search.players import SearchPlayer
from gamelib.search.result import SearchResult
from gamelib.search.trace import Trace

if TYPE_CHECKING:     # gamelib.learning needs numpy; a board loads it only for a td player
    from gamelib.learning.player import LearnedResult, PatternWeight
    from gamelib.widgets.adapters import WhySection


TREE_PLIES = 2
"""How many plies below the root a board's search records, for "Show the tree"."""


def records_its_tree(player: Any) -> bool:
    """True for players whose search records a bounded trace while it chooses (minimax,
    alpha-beta, iterative deepening, MCTS); random and perfect players record nothing."""
    return isinstance(player, SearchPlayer)


def choose_move(player: Any, game: Game, state: State, tree_plies: int | None = None
                ) -> tuple[Move, SearchResult | None]:
    """Ask `player` for a move, with its explanation when it can give one; with
    `tree_plies`, a search player records the top of its own search (no second search)."""
    explain = getattr(player, "explain", None)
    if explain is not None:
        if tree_plies is not None and records_its_tree(player):
            result = explain(game, state, trace=Trace(max_ply=tree_plies))
        else:
            result = explain(game, state)
        if result is not None and result.move is not None:
            return result.move, result
    move = player(game, state)
    return move, getattr(player, "last_result", None)


# -- what a learned evaluation saw ---------------------------------------------------------

SHOWN_PATTERNS = 3
"""How many n-tuples the "why this move?" of a learned evaluation names (the heaviest)."""

BOUND_WORDS = {"upper": N_("at most {value}"), "lower": N_("at least {value}")}
"""How a value that alpha-beta only bounded reads."""


def is_learned(result: SearchResult | None) -> TypeGuard[LearnedResult]:
    """True for the result of a learned evaluation's search (a `LearnedResult`). Such a
    result exists only once gamelib.learning is loaded, so asking never loads it."""
    learning = sys.modules.get("gamelib.learning.player")
    return learning is not None and isinstance(result, learning.LearnedResult)


def column_values_words(result: LearnedResult) -> str:
    """Each column's value from the learned evaluation at the searched depth, best first."""
    ranked = sorted(result.learned_values.items(), key=lambda item: -item[1])
    values = ", ".join(_("column {col} {value}").format(col=move, value=_(BOUND_WORDS.get(
        result.move_bounds.get(move, ""), "{value}")).format(value=f"{value:+.2f}"))
        for move, value in ranked)
    depth = result.stats.depth
    return ngettext("Looking {n} ply ahead, the learned evaluation gives {values} (for the "
                    "AI: +1 a sure win, -1 a sure loss).",
                    "Looking {n} plies ahead, the learned evaluation gives {values} (for the "
                    "AI: +1 a sure win, -1 a sure loss).", depth).format(n=depth, values=values)


def span(numbers: list[int]) -> str:
    """"3" or "2-4": the range a set of columns or rows covers."""
    low, high = min(numbers), max(numbers)
    return f"{low}" if low == high else f"{low}-{high}"


def pattern_words(pattern: PatternWeight, after: ConnectFourState, ai: str) -> str:
    """One n-tuple in words: where its cells are, whose discs they hold, its weight."""
    rows = [after.rows - row for row, _ in pattern.cells]          # from the bottom, from 1
    discs = [after.cell(row, col) for row, col in pattern.cells]
    mine, yours = discs.count(ai), len(discs) - discs.count(ai) - discs.count(".")
    weight = pattern.weight if ai == "X" else -pattern.weight
    return _("{cells} cells in columns {columns}, rows {rows} from the bottom, holding {mine} "
             "of its discs and {yours} of yours ({weight})").format(
        cells=len(pattern.cells), columns=span([col for _row, col in pattern.cells]),
        rows=span(rows), mine=mine, yours=yours, weight=f"{weight:+.2f}")


def saw_words(result: LearnedResult) -> str:
    """Which n-tuples weighed most in the position the chosen move leads to, and how
    their sum becomes the network's value there."""
    after, ai = result.after, result.state.to_move
    if after.winner is not None:
        return _("Column {col} wins at once, so no learned value is needed.").format(
            col=result.move)
    heaviest = [pattern_words(p, after, ai) for p in result.patterns[:SHOWN_PATTERNS]]
    total = sum(p.weight for p in result.patterns) * (1 if ai == "X" else -1)
    return _("What the network saw after column {col}: each of its {n} n-tuples (groups of "
             "cells, read with their mirror image) adds the entry its cells look up; those "
             "that weighed most (+ for the AI, - against it) were {heaviest}. All together "
             "they add up to {total}, which tanh turns into a value of {value} for the "
             "AI.").format(col=result.move, n=len(result.patterns), heaviest="; ".join(heaviest),
                           total=f"{total:+.2f}", value=f"{math.tanh(total):+.2f}")


def with_learned_words(result: SearchResult, section: WhySection | None) -> WhySection | None:
    """`section` (the game's own words) led by what a learned evaluation saw, when the
    result comes from one; else `section` unchanged."""
    if not is_learned(result):
        return section
    from gamelib.widgets.adapters import WhySection
    learned = f"{column_values_words(result)} {saw_words(result)}"
    if section is None:
        return WhySection(learned, [])
    return WhySection(f"{learned} {section.words}", section.rows)
