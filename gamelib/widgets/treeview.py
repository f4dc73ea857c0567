"""Search-tree pictures as HTML for widgets, using gamelib.viz (SVG, or text without dot)."""

from __future__ import annotations

from html import escape
from typing import Any

from gamelib.search.result import SearchResult


def drawing_html(drawing: Any) -> str:
    """A gamelib.viz drawing as HTML: inline SVG, or the viz's text fallback."""
    bundle = drawing._repr_mimebundle_() if hasattr(drawing, "_repr_mimebundle_") else {}
    if "image/svg+xml" in bundle:
        svg = bundle["image/svg+xml"]
        return svg[svg.find("<svg"):] if "<svg" in svg else svg
    if "text/html" in bundle:
        return bundle["text/html"]
    return f"<pre>{escape(str(bundle.get('text/plain', drawing)))}</pre>"


def draw(result: SearchResult, max_nodes: int, **options: Any) -> Any:
    """The viz drawing of a search: draw_mcts for MCTS results, draw_tree otherwise."""
    from gamelib import viz  # imported late: a drawing is only made on request

    if result.visits is not None and hasattr(viz, "draw_mcts"):
        title = (f"MCTS: {result.stats.iterations} iterations; the most visited move, "
                 f"{result.move}, is played")
        return viz.draw_mcts(result, max_nodes=max_nodes, boards=False, title=title,
                             **options)
    return viz.draw_tree(result, max_nodes=max_nodes, boards=False, **options)


def tree_html(result: SearchResult | None, max_nodes: int = 80) -> str:
    """The tree of `result` as HTML, or a sentence saying why there is none."""
    if result is None:
        return ("<i>No search to draw yet: the AI has not searched "
                "(a random player never does).</i>")
    if result.algorithm == "perfect":
        return ("<i>The exact solver (or its opening book) chose this move; its search "
                "covers far too many positions to draw. Lesson 08 shows how it works.</i>")
    if result.trace is None:
        return (f"<i>The {escape(result.algorithm)} search of this move was not recorded, "
                f"so there is no tree to draw.</i>")
    try:
        return drawing_html(draw(result, max_nodes))
    except Exception as error:  # a drawing problem must not break the game
        why = f"{type(error).__name__}: {error}"
        return f"<i>Could not draw the tree: {escape(why)}</i>"
