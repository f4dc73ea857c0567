"""Pictures from data: search trees, MCTS trees, board thumbnails, boards with scores, plots.

Everything here draws what a search recorded (a SearchResult or its Trace); nothing
re-runs an algorithm. Drawings are `graphviz.Digraph` objects that show themselves in a
notebook (or, without Graphviz, an install hint and the tree as text);
`save(drawing, "tree.svg")` writes a file.
"""

from gamelib.viz.column_scores import ColumnScores
from gamelib.viz.iteration import draw_iteration, iteration_events
from gamelib.viz.mcts import draw_mcts
from gamelib.viz.plots import (count_nodes, deepening_rounds, mcts_convergence, new_figure,
                               new_plot, plot_deepening, plot_mcts_convergence,
                               plot_nodes_vs_depth, plot_tournament, save_figure)
from gamelib.viz.rendering import (Drawing, GraphvizNotFoundError, find_renderer, render,
                                   render_svg, save)
from gamelib.viz.tables import Table, table
from gamelib.viz.tree import draw_tree

__all__ = ["draw_tree", "draw_mcts", "draw_iteration", "iteration_events",
           "Drawing", "GraphvizNotFoundError", "find_renderer", "render", "render_svg", "save",
           "count_nodes", "plot_nodes_vs_depth", "mcts_convergence", "plot_mcts_convergence",
           "deepening_rounds", "plot_deepening", "plot_tournament", "save_figure", "new_figure",
           "new_plot",
           "table", "Table", "ColumnScores"]
