"""Shared look of every drawing: colours, number formats, and reading a result or a trace."""

from __future__ import annotations

import functools
import html
import math
from typing import Any

from gamelib.platform import DEFAULT_LANGUAGE, _, language
from gamelib.search.result import SearchResult
from gamelib.search.scoring import describe_value, is_win_score
from gamelib.search.trace import Trace

MAX_COLOUR = "#1f5fa8"      # blue: MAX nodes (the player to move at the root)
MIN_COLOUR = "#b8541a"      # orange: MIN nodes
LEAF_COLOUR = "#444444"
PV_COLOUR = "#111111"
EDGE_COLOUR = "#8a8a8a"     # ordinary edges: lighter than those a value came through
CHOSEN_COLOUR = "#2ca02c"   # green: the move the search chose
PRUNED_COLOUR = "#9a9a9a"   # grey: pruned branches
CUT_COLOUR = "#c62828"      # red: the reason for a cutoff
TT_COLOUR = "#7b3fa0"       # purple: transposition-table hits
CURRENT_FILL = "#fff3b0"    # yellow: the node a stepper is at
CURRENT_COLOUR = "#e08e00"
SELECT_COLOUR = "#e08e00"   # orange: an MCTS selection path
NEW_FILL = "#d9f2d9"        # light green: a node just expanded
FONT = "Helvetica"          # dot maps it to the system's sans-serif; graphviz-pure knows it
HANGUL_FONTS = ("Noto Sans CJK KR", "NanumGothic", "Malgun Gothic", "Apple SD Gothic Neo")
"""Fonts with Hangul that Linux (fonts-noto-cjk, fonts-nanum), Windows and macOS have, in
that order: a Korean drawing names them after its Latin font, so that its words are drawn
in the first one the system has instead of as empty boxes."""


GENERIC_FONTS = ("sans-serif", "serif", "monospace")


def font_families(latin: str = FONT) -> str:
    """The font list of a drawing's words (a Graphviz fontname or an SVG font-family):
    `latin` as it is in English; in Korean, the fonts `latin` names, then the Hangul fonts,
    then its generic family (sans-serif if it names none), which comes last."""
    if language() == DEFAULT_LANGUAGE:
        return latin
    names = [name.strip() for name in latin.split(",") if name.strip()]
    generic = [name for name in names if name in GENERIC_FONTS] or ["sans-serif"]
    named = [name for name in names if name not in GENERIC_FONTS]
    return ",".join((*named, *HANGUL_FONTS, *generic))


HANGUL_FONT_FILES = ("nanum", "notosanscjk", "notoserifcjk", "malgun", "applesdgothic")
"""How the files of the Hangul fonts are named (lower case, without spaces)."""


@functools.cache
def matplotlib_hangul_fonts() -> frozenset[str]:
    """The Hangul fonts matplotlib can use. It lists fonts in a cache made when it first
    ran, so a font installed since then is added from the system's font files here."""
    from matplotlib import font_manager

    known = {entry.name for entry in font_manager.fontManager.ttflist}
    if not known & set(HANGUL_FONTS):
        for path in font_manager.findSystemFonts():
            name = path.lower().replace(" ", "").replace("-", "")
            if any(part in name for part in HANGUL_FONT_FILES):
                try:
                    font_manager.fontManager.addfont(path)
                except (OSError, RuntimeError, ValueError):    # a file it cannot read
                    continue
        known = {entry.name for entry in font_manager.fontManager.ttflist}
    return frozenset(known & set(HANGUL_FONTS))


def matplotlib_families() -> list[str]:
    """The font families of a plot's words in Korean: matplotlib's sans-serif font (DejaVu
    Sans, which has no Hangul), then the Hangul fonts this system has, which matplotlib
    falls back on glyph by glyph; [] in English (the plot keeps its own fonts)."""
    if language() == DEFAULT_LANGUAGE:
        return []
    from matplotlib import rcParams

    installed = matplotlib_hangul_fonts()
    return [rcParams["font.sans-serif"][0], *[name for name in HANGUL_FONTS
                                              if name in installed], "sans-serif"]


# How big a drawing gets by default (the rest folds into "+n" stubs): a few hundred nodes
# at most inline, fewer when every node holds a board picture.
TREE_MAX_NODES = 100        # minimax / alpha-beta trees with plain labels
TREE_BOARD_MAX_NODES = 60   # ... with board thumbnails
MCTS_MAX_NODES = 150        # MCTS trees with plain labels
MCTS_BOARD_MAX_NODES = 40   # ... with board thumbnails


def unpack(source: SearchResult | Trace) -> tuple[Trace, SearchResult | None]:
    """The trace to draw and, when given a result, the result too."""
    if isinstance(source, SearchResult):
        if source.trace is None:
            raise ValueError(_("this {algorithm} result has no trace to draw: run the "
                               "search with trace=Trace(), e.g. "
                               "{algorithm}(game, state, trace=Trace())").format(
                algorithm=source.algorithm))
        return source.trace, source
    if isinstance(source, Trace):
        return source, None
    raise TypeError(_("expected a SearchResult or a Trace, got {kind}").format(
        kind=type(source).__name__))


def fmt_value(value: float | None) -> str:
    """A value for a label: "+∞", "win in 3", "-2", "0.25", or "?" when not known yet."""
    if value is None:
        return "?"
    if value == math.inf:
        return "+∞"
    if value == -math.inf:
        return "-∞"
    if is_win_score(value):
        return describe_value(value, unit=False)
    if float(value).is_integer():
        return f"{int(value)}"
    return f"{value:.3g}"


def fmt_bound(value: float | None, bound: str | None) -> str:
    """A node's value with its bound: "3", ">= 3" (lower bound) or "<= 2" (upper bound)."""
    prefix = {"lower": ">= ", "upper": "<= "}.get(bound or "", "")
    return prefix + fmt_value(value)


def fmt_window(alpha: float | None, beta: float | None) -> str:
    """The (alpha, beta) window a node was searched with, e.g. "α=3 β=+∞"."""
    if alpha is None and beta is None:
        return ""
    return f"α={fmt_value(alpha)} β={fmt_value(beta)}"


def fmt_move(move: Any) -> str:
    """A move for an edge label: "(1,2)" for a (row, col) pair, else the move itself."""
    if isinstance(move, tuple):
        return "(" + ",".join(str(part) for part in move) + ")"
    return str(move)


def esc(text: Any) -> str:
    """Text made safe inside a Graphviz HTML-like label."""
    return html.escape(str(text), quote=True)


def small(text: str, size: int = 9, colour: str = "#555555") -> str:
    """Already-escaped label text in a smaller, coloured font."""
    return f'<FONT POINT-SIZE="{size}" COLOR="{colour}">{text}</FONT>'


def html_label(rows: list[str]) -> str:
    """An HTML-like label: a borderless table with one centred cell per row."""
    cells = "".join(f"<TR><TD>{row}</TD></TR>" for row in rows if row)
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">{cells}</TABLE>>'


def edge_label(text: str) -> str:
    """An edge label on a white patch, so it stays readable where it crosses a line."""
    return (f'<<TABLE BORDER="0" CELLPADDING="1" CELLSPACING="0" BGCOLOR="white">'
            f"<TR><TD>{esc(text)}</TD></TR></TABLE>>")
