"""Search-tree pictures as HTML for widgets, using gamelib.viz (SVG, or text without dot).

A board draws the search that chose the AI's move, from what that search recorded
while it searched (never by searching again): minimax and alpha-beta record the top
plies of their tree (a bounded `Trace`), MCTS its final statistics tree to the same
depth. Players that record nothing get a sentence saying why there is no tree.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gamelib.platform import N_, _
from gamelib.search.result import MCTSResult, SearchResult

STATIC = Path(__file__).parent / "static"
VIEWPORT_WORDS = {"zoom_out": N_("zoom out"), "zoom_in": N_("zoom in"), "fit": N_("Fit"),
                  "fit_name": N_("fit the whole tree"), "actual": N_("actual size, centred"),
                  "tree": N_("search tree"),
                  "help": N_("Drag or use the arrow keys to move around; + and - zoom.")}
"""The viewport's words (static/viewport.js shows them), by key."""


class TreeViewport(anywidget.AnyWidget):
    """HTML like an ipywidgets HTML (`value`), but a tree picture in it is shown in a
    viewport of its own (static/viewport.js): at its natural, readable size, with pan
    and zoom, opening centred on the root, or on the stepper's current node."""

    _esm = STATIC / "viewport.js"
    _css = STATIC / "viewport.css"
    value = traitlets.Unicode("").tag(sync=True)
    keep_view = traitlets.Bool(False).tag(sync=True)
    """True for a stepper: a new picture keeps the zoom and pans only to keep the current
    node in view; False: each picture opens afresh, centred on its root."""
    words = traitlets.Dict().tag(sync=True)
    """The viewport's buttons' names and help (VIEWPORT_WORDS), in the language spoken."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("words", {key: _(text) for key, text in VIEWPORT_WORDS.items()})
        super().__init__(**kwargs)


def drawing_html(drawing: Any) -> str:
    """A gamelib.viz drawing as HTML: inline SVG, or the viz's text fallback."""
    bundle = drawing._repr_mimebundle_() if hasattr(drawing, "_repr_mimebundle_") else {}
    if isinstance(bundle, tuple):       # (data, metadata): a picture with its alt text
        bundle, metadata = bundle
        alt = metadata.get("image/svg+xml", {}).get("alt", "")
        svg = bundle["image/svg+xml"]
        svg = svg[svg.find("<svg"):] if "<svg" in svg else svg
        return svg.replace("<svg", f'<svg role="img" aria-label="{escape(alt)}"', 1)
    if "text/html" in bundle:
        return bundle["text/html"]
    return f"<pre>{escape(str(bundle.get('text/plain', drawing)))}</pre>"


def draw(result: SearchResult, max_nodes: int, max_depth: int | None = None) -> Any:
    """The viz drawing of a search: draw_mcts for MCTS results, draw_tree otherwise."""
    from gamelib import viz  # imported late: a drawing is only made on request

    if isinstance(result, MCTSResult):
        title = _("MCTS: {n} iterations; the most visited move, {move}, is played").format(
            n=result.stats.iterations, move=result.move)
        return viz.draw_mcts(result, max_nodes=max_nodes, boards=False, title=title)
    return viz.draw_tree(result, max_nodes=max_nodes, max_depth=max_depth, boards=False,
                         pruned="group")


def tree_html(result: SearchResult, max_nodes: int = 10, max_depth: int | None = None,
              below: str = "") -> str:
    """The recorded tree of `result` as HTML, or a sentence saying why there is none;
    `below`: what to say under the drawing (e.g. the expected line past the cut)."""
    if result.trace is None:
        from gamelib.widgets.explain import algorithm_name
        return "<i>{}</i>".format(escape(_(
            "This {algorithm} search did not record its tree, so there is nothing to "
            "draw.").format(algorithm=algorithm_name(result.algorithm))))
    try:
        picture = drawing_html(draw(result, max_nodes, max_depth))
    except Exception as error:  # a drawing problem must not break the game
        why = f"{type(error).__name__}: {error}"
        return "<i>{}</i>".format(escape(_("Could not draw the tree: {error}").format(
            error=why)))
    note = f"<div class='gamelib-why-text'>{escape(below)}</div>" if below else ""
    return f"<div class='gamelib-tree-picture'>{picture}</div>{note}"
