"""Which nodes of a big tree to draw: breadth first within `max_nodes` and `max_depth`,
always keeping the nodes that must be seen (the principal variation, a stepper's current
node and its ancestors); every hidden subtree becomes a "+n nodes" stub."""

from __future__ import annotations

from typing import Iterable

from gamelib.search.trace import TraceNode


def root_of(tree: dict[int, TraceNode]) -> int:
    """The id of the root: the first node entered without a parent."""
    for node_id in sorted(tree):
        if tree[node_id].parent is None:
            return node_id
    raise ValueError("the trace has no root node (no node entered without a parent)")


def ancestors(tree: dict[int, TraceNode], node_id: int) -> list[int]:
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
                 max_depth: int | None, keep: Iterable[int] = ()) -> list[int]:
    """The ids to draw, in visit order: `keep` (with its ancestors) first, then breadth
    first until `max_nodes` and `max_depth` (plies below the root)."""
    if max_nodes < 1:
        raise ValueError(f"max_nodes must be at least 1, got {max_nodes}")
    if max_depth is not None and max_depth < 0:
        raise ValueError(f"max_depth must be None or >= 0, got {max_depth}")
    chosen: set[int] = set()
    for node_id in keep:
        chosen.update(a for a in ancestors(tree, node_id) if a in tree)
    base = tree[root].depth
    for node_id in sorted(descendants(tree, root), key=lambda n: (tree[n].depth, n)):
        if len(chosen) >= max_nodes:
            break
        node = tree[node_id]
        if max_depth is not None and node.depth - base > max_depth:
            break
        if node_id == root or node.parent in chosen:
            chosen.add(node_id)
    chosen.add(root)
    return sorted(chosen)


def hidden_children(tree: dict[int, TraceNode], shown: set[int], node_id: int,
                    sizes: dict[int, int]) -> tuple[int, int]:
    """(how many children of `node_id` are not drawn, how many nodes they hold)."""
    hidden = [c for c in tree[node_id].children if c in tree and c not in shown]
    return len(hidden), sum(sizes.get(c, 1) for c in hidden)
