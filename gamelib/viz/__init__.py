"""Pictures from data: search trees, MCTS trees, board thumbnails and plots.

Everything here draws what a search recorded (a SearchResult or its Trace); nothing
re-runs an algorithm. Drawings are `graphviz.Digraph` objects that show themselves in a
notebook; `save(drawing, "tree.svg")` writes a file.
"""

from gamelib.viz.rendering import (GraphvizNotFoundError, Drawing, find_renderer, render,
                                render_svg, save)
from gamelib.viz.iteration import draw_iteration, iteration_events
from gamelib.viz.mcts import draw_mcts
from gamelib.viz.tree import draw_tree

__all__ = ["draw_tree", "draw_mcts", "draw_iteration", "iteration_events", "Drawing", "GraphvizNotFoundError", "find_renderer", "render",
           "render_svg", "save"]
