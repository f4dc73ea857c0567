"""A small MCTS for lesson 07's exercise, built from the student's two functions.

The node statistics follow gamelib's convention: `visits` is N, `total` is the summed
reward from the point of view of `mover`, the player who made the move into the node
(1 win, 0.5 draw, 0 loss), so a parent picks the child with the best score for itself.
`run_mcts(game, state, ucb_score=..., backpropagate=...)` runs the four phases
(select, expand, playout, backpropagate) with whatever functions it is given.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(eq=False)
class Node:
    """One node: its state, how it was reached, and N / total reward for its mover."""

    state: Any
    parent: Node | None = None
    move: Any = None
    mover: str | None = None           # who played `move` (None at the root)
    children: list[Node] = field(default_factory=list)
    untried: list = field(default_factory=list)
    visits: int = 0
    total: float = 0.0

    def __repr__(self) -> str:
        return (f"Node(move={self.move!r}, mover={self.mover!r}, visits={self.visits}, "
                f"total={self.total:g})")


def chain(movers: list[str | None]) -> list[Node]:
    """A straight path of nodes, root first, with the given movers (for the checks)."""
    nodes: list[Node] = []
    for mover in movers:
        node = Node(state=None, parent=nodes[-1] if nodes else None, mover=mover)
        if nodes:
            nodes[-1].children.append(node)
        nodes.append(node)
    return nodes


def run_mcts(game: Any, state: Any, iterations: int, ucb_score: Callable,
             backpropagate: Callable, c: float = math.sqrt(2), seed: int = 0) -> Node:
    """Run MCTS from `state` with the given UCB score and backpropagation; the root."""
    rng = random.Random(seed)
    root = Node(state, untried=list(game.actions(state)))
    for _ in range(iterations):
        node = root
        while not node.untried and node.children:                       # 1. select
            node = max(node.children, key=lambda ch: ucb_score(ch.total, ch.visits,
                                                               node.visits, c))
        if node.untried:                                                 # 2. expand
            move = node.untried.pop(rng.randrange(len(node.untried)))
            child_state = game.result(node.state, move)
            child = Node(child_state, node, move, game.to_move(node.state),
                         untried=list(game.actions(child_state)))
            node.children.append(child)
            node = child
        end = node.state                                                 # 3. playout
        while not game.is_terminal(end):
            end = game.result(end, rng.choice(game.actions(end)))
        backpropagate(node, game.winner(end))                            # 4. backpropagate
    return root


def most_visited(root: Node) -> Any:
    """The move MCTS plays: the root child with the most visits."""
    return max(root.children, key=lambda ch: ch.visits).move
