"""Minimax and alpha-beta searches drawn as trees, from a recorded Trace.

Read a picture like this: MAX nodes are blue up-triangles, MIN nodes orange
down-triangles, leaves grey boxes; #n is the order the node was visited in; each node
shows its value (`>= v` / `<= v` when alpha-beta only proved a bound) and the window
(alpha, beta) it was searched with; bold edges are the principal variation, the green
edge the chosen move; grey dashed stubs are the moves a cutoff skipped.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from gamelib.platform import _, ngettext
from gamelib.search.result import SearchResult
from gamelib.search.trace import EXACT, Leaf, Trace, TraceNode
from gamelib.viz import style as st
from gamelib.viz.boards import board_table, has_thumbnail
from gamelib.viz.legend import add_legend, legend_rows
from gamelib.viz.rendering import Drawing
from gamelib.viz.select import (ancestors, descendants, hidden_children, middle_of_deepest,
                                root_of, select_nodes, subtree_sizes)

RANK_WIDTH = 16           # by default, at most this many nodes side by side
EDGE_LABEL_LIMIT = 80      # more nodes than this: no move labels on edges
GROUP_PRUNED_OVER = 3      # pruned="auto": one stub per move up to this many (in a tree
                           # drawn whole), else one stub per cutoff


def draw_tree(source: SearchResult | Trace, *, upto: int | None = None,
              current: int | None = None, boards: bool | None = None,
              max_nodes: int | None = None, max_depth: int | None = None,
              rankdir: str = "TB", edge_labels: bool | None = None, windows: bool = True,
              numbers: bool = True, pruned: str = "auto", legend: bool = True,
              title: str | None = None, collapse: Iterable[int] = (),
              follow: Sequence = (), merge: bool = False) -> Drawing:
    """Draw a minimax / alpha-beta search (a SearchResult with a trace, or a Trace).

    upto: draw the tree as recorded by the first `upto` events (for step-by-step replays);
    current: highlight this node id (a stepper's position) and the path to it;
    boards: board thumbnails inside nodes (None: when the game has them and the tree is
        small); max_nodes / max_depth: size limits, the rest collapses into "+n nodes";
    rankdir: "TB" (top to bottom) or "LR"; edge_labels: moves on edges (None: unless big);
    windows / numbers: show each node's (alpha, beta) window / visit number;
    pruned: "each" (one stub per skipped move), "group" (one stub per cutoff) or "auto"
        (each, unless a cutoff skipped more than 3 moves or the tree is not drawn whole);
    collapse: ids of nodes (the #n in the picture) whose subtrees fold into one "+n nodes"
        stub, to keep a slide to the part of the tree it is about;
    follow: moves from the root (e.g. [2]) whose line is always drawn: the node they reach
        and the best answers the search found below it (why a move was rejected);
    merge: a transposition-table hit on a position drawn earlier in the picture becomes a
        purple edge into that node (one node per position), instead of a node of its own.
    """
    trace, result = st.unpack(source)
    _check_options(rankdir, pruned)
    if any(event.kind == "select" for event in trace.events):
        raise ValueError(_("this is an MCTS trace: draw it with draw_mcts (or one iteration "
                           "with draw_iteration)"))
    tree = trace.nodes(upto)
    _mark_entered_leaf(trace, tree, upto)
    if not tree:
        return _empty_drawing(title or _("nothing searched yet"), rankdir)
    root = root_of(tree)
    folded = _folded(tree, collapse)
    pv_ids = [n for n in _pv_ids(tree, root, result if upto is None else None)
              if n not in folded]
    visible = {n: node for n, node in tree.items() if n not in folded}
    keep = pv_ids + [n for n in line_below(tree, root, follow) if n not in folded]
    shown, boards = _choose_nodes(visible, root, keep, current, max_nodes, max_depth, boards)
    triangles = not boards and _short_values(tree, shown)
    view = _View(tree, set(shown), set(pv_ids), boards, triangles, windows, numbers,
                 edge_labels if edge_labels is not None else len(shown) <= EDGE_LABEL_LIMIT,
                 pruned, set(ancestors(tree, current)) if current in tree else set(), current)
    view.notes = {e.node: e.note for e in trace.events[:upto] if isinstance(e, Leaf)}
    view.merged = transpositions(tree, shown) if merge else {}
    graph = _new_graph(rankdir, title if title is not None
                       else _title(trace, result, tree, root, upto, len(shown)))
    sizes = subtree_sizes(tree, root)
    for node_id in shown:
        view.add_node(graph, node_id)
    for node_id in shown:
        if node_id not in view.merged:
            view.add_stubs(graph, node_id, sizes)
    if legend:
        drawn = [node_id for node_id in shown if node_id not in view.merged]
        add_legend(graph, legend_rows(view.features()),
                   below=f"n{middle_of_deepest(tree, drawn)}")
    graph.outline = outline(tree, root, shown, pv_ids)
    return graph


def _mark_entered_leaf(trace: Trace, tree: dict[int, TraceNode], upto: int | None) -> None:
    """A node just entered that the next event scores as a leaf is drawn as a leaf (the
    search knew it was one on entering it), its value still unknown."""
    following = trace.events[upto] if upto is not None and 0 < upto < len(trace) else None
    if isinstance(following, Leaf) and following.node in tree:
        tree[following.node].leaf = True


def _choose_nodes(tree: dict[int, TraceNode], root: int, lines: list[int],
                  current: int | None, max_nodes: int | None, max_depth: int | None,
                  boards: bool | None) -> tuple[list[int], bool]:
    """(the node ids to draw, whether to draw boards): the whole tree when it fits, else
    the lines that must be seen (the principal variation, the followed line), the current
    node and what lies nearest to them."""
    keep = [n for n in lines if max_depth is None or tree[n].depth <= max_depth]
    keep += [current] if current in tree else []
    limit = st.TREE_MAX_NODES if max_nodes is None else max_nodes
    width = RANK_WIDTH if max_nodes is None and len(tree) > limit else None
    shown = select_nodes(tree, root, limit, max_depth, keep, width)
    boards = _use_boards(boards, tree[root].state, len(shown))
    if boards and max_nodes is None and len(shown) > st.TREE_BOARD_MAX_NODES:
        shown = select_nodes(tree, root, st.TREE_BOARD_MAX_NODES, max_depth, keep, RANK_WIDTH)
    return shown, boards


def transpositions(tree: dict[int, TraceNode], shown: list[int]) -> dict[int, int]:
    """{id of a drawn TT hit: id of the drawn node where its position was searched first}."""
    first: dict[Any, int] = {}
    merged = {}
    for node_id in sorted(shown):
        node = tree[node_id]
        if node.tt_hit and node.state in first:
            merged[node_id] = first[node.state]
        elif not node.tt_hit:
            first.setdefault(node.state, node_id)
    return merged


def _folded(tree: dict[int, TraceNode], collapse: Iterable[int]) -> set[int]:
    """The nodes below the ones to collapse (those nodes themselves stay drawn)."""
    collapse = list(collapse)
    unknown = [n for n in collapse if n not in tree]
    if unknown:
        raise ValueError(_("collapse: no node {node!r} in this tree; nodes are numbered "
                           "#0..#{last} in the order they were visited (the #n in the "
                           "picture)").format(node=unknown[0], last=max(tree)))
    folded: set[int] = set()
    for node_id in collapse:
        folded.update(descendants(tree, node_id)[1:])
    return folded


def _check_options(rankdir: str, pruned: str) -> None:
    """Clear errors for options that are not one of the allowed words."""
    if rankdir not in ("TB", "LR", "BT", "RL"):
        raise ValueError(_("rankdir must be 'TB', 'LR', 'BT' or 'RL', got {rankdir!r}").format(
            rankdir=rankdir))
    if pruned not in ("auto", "each", "group"):
        raise ValueError(_("pruned must be 'auto', 'each' or 'group', got {pruned!r}").format(
            pruned=pruned))


def _short_values(tree: dict[int, TraceNode], shown: list[int]) -> bool:
    """True when every value fits in a triangle (textbook numbers, not "loss in 4")."""
    return all(len(st.fmt_bound(tree[n].value, tree[n].bound)) <= 6 for n in shown)


def _use_boards(boards: bool | None, state: Any, size: int) -> bool:
    """Board thumbnails: as asked (when the game has them), else when `size` nodes fit."""
    if not has_thumbnail(state):
        return False
    return boards if boards is not None else size <= st.TREE_BOARD_MAX_NODES


def _new_graph(rankdir: str, title: str) -> Drawing:
    """An empty drawing with the common look."""
    graph = Drawing("search")
    graph.alt = _("Search tree. {title}").format(title=title) if title else _("Search tree.")
    graph.attr(rankdir=rankdir, ordering="out", nodesep="0.12", ranksep="0.3",
               fontname=st.font_families(),
               fontsize="12", labelloc="t", label=title, margin="0.1")
    graph.attr("node", fontname=st.font_families(), fontsize="11", margin="0.02")
    graph.attr("edge", fontname=st.font_families(), fontsize="9", arrowsize="0.6")
    return graph


def _empty_drawing(title: str, rankdir: str) -> Drawing:
    """A drawing with one note, for a replay before the first node is entered."""
    graph = _new_graph(rankdir, "")
    graph.node("empty", title, shape="note", color=st.PRUNED_COLOUR)
    graph.outline = title
    return graph


def _title(trace: Trace, result: SearchResult | None, tree: dict[int, TraceNode], root: int,
           upto: int | None, drawn: int) -> str:
    """A one-line summary above the picture."""
    name = trace.algorithm or _("search")
    if upto is not None and upto < len(trace):
        return _("{name}: after {upto} of {steps} steps").format(name=name, upto=upto,
                                                                 steps=len(trace))
    cutoffs = sum(1 for node in tree.values() if node.pruned_moves)
    parts = [_("{name}: value {value}").format(name=name,
                                               value=st.fmt_value(tree[root].value))]
    if result is not None and result.move is not None:
        parts.append(_("move {move}").format(move=st.fmt_move(result.move)))
    parts.append(ngettext("{count} node", "{count} nodes", len(tree)).format(count=len(tree))
                 + (_(" ({drawn} drawn)").format(drawn=drawn) if drawn < len(tree) else ""))
    if cutoffs:
        parts.append(ngettext("{count} cutoff", "{count} cutoffs", cutoffs).format(
            count=cutoffs))
    return ", ".join(parts)


def _pv_ids(tree: dict[int, TraceNode], root: int, result: SearchResult | None) -> list[int]:
    """The node ids along the principal variation (root first), when the root is settled."""
    if tree[root].left_at is None:
        return []
    if result is not None and result.pv:
        return _follow_moves(tree, root, result.pv)
    path = [root]
    while True:
        node = tree[path[-1]]
        best = [c for c in node.children if c in tree and tree[c].bound == EXACT
                and tree[c].value == node.value]
        if not best or node.value is None:
            return path
        path.append(best[0])


def line_below(tree: dict[int, TraceNode], root: int, moves: Sequence) -> list[int]:
    """The node ids reached by playing `moves` from the root, then the best answers the
    search found below the last of them (empty when no moves are given)."""
    moves = list(moves)
    if not moves:
        return []
    path = _follow_moves(tree, root, moves)
    if len(path) <= len(moves):
        raise ValueError(_("follow: the search has no line {moves!r} from the root (it did "
                           "not search that far there, or a move is not legal)").format(
            moves=moves))
    while (best := best_child(tree, path[-1])) is not None:
        path.append(best)
    return path[1:]


def _follow_moves(tree: dict[int, TraceNode], root: int, moves: list) -> list[int]:
    """The node ids reached by playing `moves` from the root, as far as the tree goes."""
    path = [root]
    for move in moves:
        nxt = [c for c in tree[path[-1]].children if c in tree and tree[c].move == move]
        if not nxt:
            break
        path.append(nxt[0])
    return path


class _View:
    """What to draw and how: the chosen nodes and the drawing options."""

    def __init__(self, tree: dict[int, TraceNode], shown: set[int], pv: set[int], boards: bool,
                 triangles: bool, windows: bool, numbers: bool, edge_labels: bool,
                 pruned: str, stack: set[int], current: int | None) -> None:
        self.tree, self.shown, self.pv, self.boards = tree, shown, pv, boards
        self.triangles = triangles
        self.windows, self.numbers, self.edge_labels = windows, numbers, edge_labels
        self.pruned, self.stack, self.current = pruned, stack, current
        self.notes: dict[int, str] = {}     # leaf id -> "terminal" or "depth limit"
        self.merged: dict[int, int] = {}    # TT hit id -> the node drawn for its position
        self.best = {b for b in (best_child(tree, n) for n in shown) if b is not None}
        root = min(shown)
        self.chosen = next((n for n in sorted(pv) if tree[n].parent == root), None)
        self.seen: set[str] = set()

    def features(self) -> set[str]:
        """Which kinds of things the picture holds (so the legend explains only those)."""
        return self.seen

    def add_node(self, graph: Drawing, node_id: int) -> None:
        """One search node, and the edge from its parent."""
        node = self.tree[node_id]
        if node_id in self.merged:
            self.add_merged_edge(graph, node)
            return
        classes = self.classes(node)
        self.seen.update(classes)
        attrs = self.plain_attrs(node) if self.triangles else self.box_attrs(node)
        if node_id == self.current:
            attrs.update(style="filled" + ("" if self.triangles else ",rounded"),
                         fillcolor=st.CURRENT_FILL, penwidth="3", color=st.CURRENT_COLOUR)
        graph.node(f"n{node_id}", id=f"node{node_id}", tooltip=f"node #{node_id}",
                   **{"class": " ".join(classes)}, **attrs)
        if node.parent is not None and node.parent in self.shown:
            graph.edge(f"n{node.parent}", f"n{node_id}", **self.edge_attrs(node))

    def add_merged_edge(self, graph: Drawing, node: TraceNode) -> None:
        """A TT hit drawn as a purple edge into the node where its position was searched."""
        self.seen.add("merged")
        label = f"{st.fmt_move(node.move)}: {_('TT hit')} {st.fmt_bound(node.value, node.bound)}"
        graph.edge(f"n{node.parent}", f"n{self.merged[node.id]}", color=st.TT_COLOUR,
                   fontcolor=st.TT_COLOUR, style="dashed", penwidth="1.8", constraint="false",
                   label=st.edge_label(label), id=f"hit{node.id}", **{"class": "tt-hit"})

    def classes(self, node: TraceNode) -> list[str]:
        """The SVG classes of a node: max / min / leaf, plus cut, tt-hit, chosen, current."""
        classes = ["leaf" if node.leaf else "max" if node.maximizing else "min"]
        if node.pruned_moves or (node.bound not in (None, EXACT) and not node.tt_hit):
            classes.append("cut")
        if node.tt_hit:
            classes.append("tt-hit")
        if node.id == self.chosen:
            classes.append("chosen")
        if node.id == self.current:
            classes.append("current")
        return classes

    def value_rows(self, node: TraceNode) -> list[str]:
        """The value line, then the small lines: number, window, TT hit, cutoff reason."""
        rows = [f"<B>{st.esc(st.fmt_bound(node.value, node.bound))}</B>"]
        if self.triangles and self.notes.get(node.id) == "depth limit":
            rows.append(st.small(_("evaluated")))
        extras = []
        if self.numbers:
            extras.append(f"#{node.id}")
        if self.windows and not node.leaf and node.alpha is not None:
            extras.append(st.esc(st.fmt_window(*live_window(self.tree, node.id))))
            self.seen.add("window")
        rows += [st.small(text) for text in extras if text]
        if node.tt_hit:
            rows.append(st.small(_("TT hit"), 9, st.TT_COLOUR))
        if node.pruned_moves:
            rows.append(st.small(st.esc(self.cut_reason(node)), 9, st.CUT_COLOUR))
        return rows

    def cut_reason(self, node: TraceNode) -> str:
        """Why the rest of a node's moves were skipped, e.g. "cut: 2 <= α=3"."""
        value = st.fmt_value(node.value if node.value is not None
                             else best_so_far(self.tree, node.id))
        if node.maximizing:
            return _("cut: {value} >= β={bound}").format(value=value,
                                                         bound=st.fmt_value(node.beta))
        return _("cut: {value} <= α={bound}").format(value=value, bound=st.fmt_value(node.alpha))

    def plain_attrs(self, node: TraceNode) -> dict[str, str]:
        """Triangles for MAX / MIN, boxes for leaves, the value inside."""
        colour = self.colour(node)
        shape = "box" if node.leaf else "triangle" if node.maximizing else "invtriangle"
        attrs = {"shape": shape, "color": colour, "label": st.html_label(self.value_rows(node)),
                 "penwidth": "2" if node.id in self.pv else "1.2", "margin": "0.01"}
        if node.tt_hit:
            attrs["peripheries"] = "2"
        return attrs

    def box_attrs(self, node: TraceNode) -> dict[str, str]:
        """A box with a header (▲ MAX / ▼ MIN / leaf), the board (when thumbnails are on),
        and the value lines."""
        colour = self.colour(node)
        kind = (self.leaf_kind(node) if node.leaf else "▲ MAX" if node.maximizing
                else "▼ MIN")
        who = "" if node.leaf else f" ({st.esc(node.player)})"
        header = f'<FONT COLOR="{colour}" POINT-SIZE="9"><B>{kind}</B>{who}</FONT>'
        board = [board_table(node.state, node.move)] if self.boards else []
        rows = [header] + board + self.value_rows(node)
        attrs = {"shape": "box", "style": "rounded", "color": colour, "margin": "0.06,0.03",
                 "label": st.html_label(rows), "penwidth": "2.5" if node.id in self.pv else "1.5"}
        if node.tt_hit:
            attrs["peripheries"] = "2"
        return attrs

    def leaf_kind(self, node: TraceNode) -> str:
        """A leaf's header: "game over" (utility) or "evaluated" (depth limit)."""
        return {"terminal": _("game over"), "depth limit": _("evaluated")}.get(
            self.notes.get(node.id, ""), _("leaf"))

    def colour(self, node: TraceNode) -> str:
        """Green for the chosen child, purple for TT hits, else the MAX / MIN / leaf colour."""
        if node.id == self.chosen:
            return st.CHOSEN_COLOUR
        if node.tt_hit:
            return st.TT_COLOUR
        return st.LEAF_COLOUR if node.leaf else st.MAX_COLOUR if node.maximizing else st.MIN_COLOUR

    def edge_attrs(self, node: TraceNode) -> dict[str, str]:
        """The edge into `node`: the move, bold on the PV, green if chosen, orange to current."""
        attrs: dict[str, str] = {"color": st.EDGE_COLOUR}
        classes = []
        if self.edge_labels:
            attrs["label"] = st.edge_label(st.fmt_move(node.move))
        if node.id in self.best:
            classes.append("best")
            attrs.update(penwidth="1.8", color=st.PV_COLOUR)
        if node.id in self.pv:
            classes.append("pv")
            attrs.update(penwidth="3", color=st.PV_COLOUR)
        if node.id == self.chosen:
            classes.append("chosen")
            attrs.update(color=st.CHOSEN_COLOUR, fontcolor=st.CHOSEN_COLOUR)
        if node.id in self.stack and node.id != min(self.shown):
            classes.append("stack")
            attrs.update(color=st.CURRENT_COLOUR, penwidth="3")
        self.seen.update(f"edge-{c}" for c in classes)
        if classes:
            attrs["class"] = " ".join(classes)
        return attrs

    def add_stubs(self, graph: Drawing, node_id: int, sizes: dict[int, int]) -> None:
        """Pruned moves as grey dashed stubs; hidden children as one "+n nodes" stub (in
        a tree cut down to size, one stub says both)."""
        node = self.tree[node_id]
        moves = node.pruned_moves
        count, total = hidden_children(self.tree, self.shown, node_id, sizes)
        if moves and count and len(self.shown) < len(self.tree):
            self.seen.update(("pruned", "collapsed"))
            self.add_summary_stub(graph, node_id, count, total, moves)
            return
        if moves:
            self.seen.add("pruned")
            group = self.pruned == "group" or (self.pruned == "auto" and (
                len(moves) > GROUP_PRUNED_OVER or len(self.shown) < len(self.tree)))
            batches = [moves] if group else [(m,) for m in moves]
            for k, batch in enumerate(batches):
                self.add_pruned_stub(graph, node_id, k, batch, group)
        label, edge_label = "", ngettext("{count} move", "{count} moves", count).format(
            count=count)
        if node.unrecorded:                  # below a bounded trace's cut: one stub
            count, total = 1, node.unrecorded
            label, edge_label = "\\n" + _("not recorded"), ""
        if count:
            self.seen.add("collapsed")
            label = ngettext("+{count} node", "+{count} nodes", total).format(count=total) \
                + label
            graph.node(f"c{node_id}", label, shape="box", style="dotted,rounded",
                       color=st.PRUNED_COLOUR, fontcolor="#666666", fontsize="9",
                       id=f"collapsed{node_id}", **{"class": "collapsed"})
            graph.edge(f"n{node_id}", f"c{node_id}", style="dotted", color=st.PRUNED_COLOUR,
                       **{"class": "collapsed"},
                       **({"label": edge_label} if self.edge_labels and edge_label else {}))

    def add_summary_stub(self, graph: Drawing, node_id: int, count: int, total: int,
                         moves: tuple) -> None:
        """One stub for a node's hidden children and its pruned moves."""
        label = (ngettext("+{count} node", "+{count} nodes", total).format(count=total)
                 + "\\n" + _("{count} pruned").format(count=len(moves)))
        graph.node(f"c{node_id}", label, shape="box", style="dotted,rounded",
                   color=st.PRUNED_COLOUR, fontcolor="#666666", fontsize="9",
                   id=f"collapsed{node_id}", **{"class": "collapsed pruned"})
        graph.edge(f"n{node_id}", f"c{node_id}", style="dotted", color=st.PRUNED_COLOUR,
                   **{"class": "collapsed pruned"})

    def add_pruned_stub(self, graph: Drawing, node_id: int, k: int, moves: tuple,
                        group: bool) -> None:
        """One grey dashed stub for `moves`, skipped at `node_id` by a cutoff."""
        listed = " ".join(st.fmt_move(m) for m in moves)
        label = (_("{count} pruned").format(count=len(moves)) + f"\\n{listed}" if group
                 else _("pruned"))
        graph.node(f"p{node_id}_{k}", label, shape="box", style="dashed,rounded",
                   color=st.PRUNED_COLOUR, fontcolor=st.PRUNED_COLOUR, fontsize="9",
                   height="0.25", id=f"pruned{node_id}_{k}", **{"class": "pruned"})
        attrs = {"style": "dashed", "color": st.PRUNED_COLOUR, "fontcolor": st.PRUNED_COLOUR,
                 "class": "pruned"}
        if not group and self.edge_labels:
            attrs["label"] = st.edge_label(listed)
        graph.edge(f"n{node_id}", f"p{node_id}_{k}", **attrs)


def returned_values(tree: dict[int, TraceNode], node_id: int) -> list[float]:
    """The values the node's children have returned so far (leaves count once scored)."""
    values = []
    for child in tree[node_id].children:
        node = tree[child]
        if node.value is not None and (node.left_at is not None or node.leaf):
            values.append(node.value)
    return values


def best_so_far(tree: dict[int, TraceNode], node_id: int) -> float | None:
    """A node's best child value so far (max at MAX, min at MIN); None before any."""
    values = returned_values(tree, node_id)
    if not values:
        return None
    return max(values) if tree[node_id].maximizing else min(values)


def live_window(tree: dict[int, TraceNode], node_id: int) -> tuple[Any, Any]:
    """(alpha, beta) at a node: the window it was entered with, and, while it is still
    being searched, tightened by what its children have returned (MAX raises alpha, MIN
    lowers beta), as the search itself does before trying the next move."""
    node = tree[node_id]
    alpha, beta = node.alpha, node.beta
    best = best_so_far(tree, node_id)
    if alpha is None or beta is None or node.left_at is not None or best is None:
        return alpha, beta
    return (max(alpha, best), beta) if node.maximizing else (alpha, min(beta, best))


def best_child(tree: dict[int, TraceNode], node_id: int) -> int | None:
    """The child whose value the node took (the first one with the node's value)."""
    node = tree[node_id]
    if node.value is None or node.left_at is None:
        return None
    return next((c for c in node.children if c in tree and tree[c].value == node.value), None)


def outline(tree: dict[int, TraceNode], root: int, shown: list[int], pv: list[int]) -> str:
    """The drawn tree as indented text: the fallback when Graphviz is missing."""
    shown_set, pv_set, lines = set(shown), set(pv), []

    def walk(node_id: int, indent: str) -> None:
        node = tree[node_id]
        kind = _("leaf") if node.leaf else "MAX" if node.maximizing else "MIN"
        move = "" if node.parent is None else f"{st.fmt_move(node.move)} -> "
        window = st.fmt_window(node.alpha, node.beta)
        extras = [window] if window and not node.leaf else []
        if node.tt_hit:
            extras.append(_("TT hit"))
        mark = " *" if node_id in pv_set and node.parent is not None else ""
        lines.append(f"{indent}{move}#{node.id} {kind} {st.fmt_bound(node.value, node.bound)}"
                     + (f"  [{', '.join(extras)}]" if extras else "") + mark)
        children = [c for c in node.children if c in tree]
        for child in children:
            if child in shown_set:
                walk(child, indent + "    ")
        hidden = [c for c in children if c not in shown_set]
        if hidden:
            lines.append(f"{indent}    ... " + _("{count} more moves not drawn").format(
                count=len(hidden)))
        if node.unrecorded:
            lines.append(f"{indent}    ... " + _("{count} nodes searched, not recorded").format(
                count=node.unrecorded))
        if node.pruned_moves:
            moves = ", ".join(st.fmt_move(m) for m in node.pruned_moves)
            lines.append(f"{indent}    " + _("pruned: {moves}").format(moves=moves))

    walk(root, "")
    lines.append(_("(* = principal variation)"))
    return "\n".join(lines)
