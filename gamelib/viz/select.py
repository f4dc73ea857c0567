"""Which nodes of a big tree to draw, within `max_nodes` and `max_depth`: always the nodes
that must be seen (the principal variation, a stepper's current node and its ancestors),
then the nodes nearest to them; every hidden subtree becomes a "+n nodes" stub."""

from __future__ import annotations

from typing import Iterable

from gamelib.platform import _
from gamelib.search.trace import TraceNode


def root_of(tree: dict[int, TraceNode]) -> int:
    """The id of the root: the first node entered without a parent."""
    for node_id in sorted(tree):
        if tree[node_id].parent is None:
            return node_id
    raise ValueError(_("the trace has no root node (no node entered without a parent)"))


def ancestors(tree: dict[int, TraceNode], node_id: int | None) -> list[int]:
    """`node_id` and every node above it, from the root down."""
    path = []
    while node_id is not None and node_id in tree:
        path.append(node_id)
        node_id = tree[node_id].parent
    return path[::-1]


def subtree_sizes(tree: dict[int, TraceNode], root: int) -> dict[int, int]:
    """How many nodes each subtree holds (the node itself included)."""
    sizes: dict[int, int] = {}
    order = descendants(tree, root)
    for node_id in reversed(order):
        sizes[node_id] = 1 + sum(sizes[c] for c in tree[node_id].children if c in sizes)
    return sizes


def descendants(tree: dict[int, TraceNode], root: int) -> list[int]:
    """`root` and every node below it, parents before children."""
    order, stack = [], [root]
    while stack:
        node_id = stack.pop()
        order.append(node_id)
        stack.extend(reversed([c for c in tree[node_id].children if c in tree]))
    return order


def select_nodes(tree: dict[int, TraceNode], root: int, max_nodes: int,
                 max_depth: int | None, keep: Iterable[int] = (),
                 max_width: int | None = None) -> list[int]:
    """The ids to draw, in visit order, at most `max_nodes` (plus `keep`) and at most
    `max_depth` plies below the root: `keep` (the principal variation, a stepper's
    current node) with its ancestors first, then the nodes closest to them: their
    other children, then grandchildren, ... so a big tree shows the main line and the
    alternatives along it rather than a very wide fringe. `max_width` caps how many
    nodes one depth may hold (the picture's width), `keep` aside."""
    if max_nodes < 1:
        raise ValueError(_("max_nodes must be at least 1, got {value}").format(value=max_nodes))
    if max_depth is not None and max_depth < 0:
        raise ValueError(_("max_depth must be None or >= 0, got {value}").format(
            value=max_depth))
    chosen: set[int] = {root}
    for node_id in keep:
        chosen.update(a for a in ancestors(tree, node_id) if a in tree)
    base = tree[root].depth
    off = _distance_from(tree, root, chosen)
    width: dict[int, int] = {}
    for node_id in chosen:
        width[tree[node_id].depth] = width.get(tree[node_id].depth, 0) + 1
    for node_id in sorted(off, key=lambda n: (off[n], tree[n].depth, n)):
        if len(chosen) >= max_nodes:
            break
        depth = tree[node_id].depth
        too_deep = max_depth is not None and depth - base > max_depth
        too_wide = max_width is not None and width.get(depth, 0) >= max_width
        if not too_deep and not too_wide and tree[node_id].parent in chosen \
                and node_id not in chosen:
            chosen.add(node_id)
            width[depth] = width.get(depth, 0) + 1
    return sorted(chosen)


def middle_of_deepest(tree: dict[int, TraceNode], shown: Iterable[int]) -> int:
    """The drawn node in the middle of the deepest drawn rank (nodes in visit order run
    left to right): a legend put below it stays under the picture, not beside it."""
    shown = list(shown)
    deepest = max(tree[node_id].depth for node_id in shown)
    rank = sorted(node_id for node_id in shown if tree[node_id].depth == deepest)
    return rank[len(rank) // 2]


def _distance_from(tree: dict[int, TraceNode], root: int, kept: set[int]) -> dict[int, int]:
    """For every node below `root`: how many plies below its nearest kept ancestor."""
    off: dict[int, int] = {}
    for node_id in descendants(tree, root):
        parent = tree[node_id].parent
        above = 0 if parent is None else off.get(parent, 0)
        off[node_id] = 0 if node_id in kept else above + 1
    return off


def hidden_children(tree: dict[int, TraceNode], shown: set[int], node_id: int,
                    sizes: dict[int, int]) -> tuple[int, int]:
    """(how many children of `node_id` are not drawn, how many nodes they hold)."""
    hidden = [c for c in tree[node_id].children if c in tree and c not in shown]
    return len(hidden), sum(sizes.get(c, 1) for c in hidden)
