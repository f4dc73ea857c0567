"""Abstract textbook game trees given as nested lists, e.g. [[3, 12, 8], [2, 4, 6], [14, 5, 2]]."""

from __future__ import annotations

import math
from numbers import Integral, Real
from typing import Any, Union

from gamelib.games.base import Game, IllegalMoveError, Side
from gamelib.games.checks import brief, whole_number
from gamelib.platform import _

Tree = Union[float, list["Tree"]]


class GameTree(Game):
    """A game given as a nested list: inner lists are choices, numbers are utilities for MAX.

    A state is the path of child indices from the root, so `()` is the root and `(1, 2)`
    the third child of the second child. MAX moves at even depths, MIN at odd depths.
    """

    players = ("MAX", "MIN")

    def __init__(self, tree: Tree) -> None:
        tree = _checked_tree(tree, path=())
        if not isinstance(tree, list):
            raise ValueError("the tree must be a list of children, not a single number")
        self.tree = tree

    def __repr__(self) -> str:
        return f"GameTree({self.tree!r})"

    @property
    def initial_state(self) -> tuple[int, ...]:
        return ()

    def node(self, state: tuple[int, ...]) -> Tree:
        """The subtree (or leaf value) at `state`."""
        node: Any = self.tree
        for index in state:
            node = node[index]
        return node

    def state_problem(self, state: tuple[int, ...]) -> str | None:
        """Unless `state` is a path from the root (a tuple of child indices, each one of
        its node's), what is wrong with it."""
        node: Any = self.tree
        for depth, index in enumerate(state):
            if not isinstance(node, list):
                return (f"{brief(state)} is not a path in the tree: it goes on below the "
                        f"leaf at {state[:depth]}")
            if type(index) is not int or not 0 <= index < len(node):
                return (f"{brief(state)} is not a path in the tree: step {depth + 1} is "
                        f"{brief(index)}, but the node there has children 0..{len(node) - 1}")
            node = node[index]
        return None

    def plies_left(self, state: tuple[int, ...]) -> int:
        """The depth of the subtree below `state`."""
        node = self.node(state)
        return 0 if not isinstance(node, list) else _height(node)

    def to_move(self, state: tuple[int, ...]) -> Side:
        return "MAX" if len(state) % 2 == 0 else "MIN"

    def actions(self, state: tuple[int, ...]) -> list[int]:
        node = self.node(state)
        return list(range(len(node))) if isinstance(node, list) else []

    def result(self, state: tuple[int, ...], move: int) -> tuple[int, ...]:
        legal = self.actions(state)
        index = whole_number(move)          # numpy integers are child indices too
        if index is None or index not in legal:
            why = (_("the node is a leaf") if not legal
                   else _("legal moves: {legal}").format(legal=legal))
            raise IllegalMoveError(_("move {move} is not legal at {state}: {why}").format(
                move=brief(move), state=brief(state), why=why))
        return state + (index,)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return not isinstance(self.node(state), list)

    def utility(self, state: tuple[int, ...], player: Side) -> float:
        value = self.node(state)
        if isinstance(value, list):
            raise ValueError(_("state {state} is not a leaf, so it has no utility").format(
                state=state))
        return value if player == "MAX" else -value

    def leaves(self) -> list[tuple[int, ...]]:
        """Every leaf, left to right."""
        found: list[tuple[int, ...]] = []

        def walk(state: tuple[int, ...]) -> None:
            if self.is_terminal(state):
                found.append(state)
            for move in self.actions(state):
                walk(state + (move,))

        walk(())
        return found

    def render(self, state: tuple[int, ...]) -> str:
        node = self.node(state)
        where = (_("root") if not state
                 else _("path {path}").format(path=".".join(str(i) for i in state)))
        if isinstance(node, list):
            return _("{where}: {player} to move, {count} children").format(
                where=where, player=self.to_move(state), count=len(node))
        return _("{where}: leaf, utility {value} for MAX").format(where=where, value=node)


def _checked_tree(tree: Any, path: tuple[int, ...]) -> Tree:
    """`tree` with lists for its inner nodes and Python numbers for its leaves (tuples,
    numpy arrays and numpy numbers are read too); a ValueError names the first place
    that is neither a list of children nor a finite number."""
    if hasattr(tree, "tolist") and not isinstance(tree, (int, float)):
        tree = tree.tolist()                # a numpy array or number: Python lists / numbers
    if isinstance(tree, (list, tuple)):
        if not tree:
            raise ValueError(f"empty list at path {path}: every inner node needs a child")
        return [_checked_tree(child, path + (index,)) for index, child in enumerate(tree)]
    if isinstance(tree, bool) or not isinstance(tree, Real):
        raise ValueError(f"{brief(tree)} at path {path} is neither a number nor a list of "
                         f"children")
    if not math.isfinite(tree):
        raise ValueError(f"the leaf at path {path} is {tree!r}; leaves must be finite "
                         f"numbers (NaN and infinity have no place in a minimax value)")
    return int(tree) if isinstance(tree, Integral) else float(tree)


def _height(tree: Tree) -> int:
    """How many moves the longest path from the root of `tree` to a leaf takes."""
    height, level = 0, [tree]
    while any(isinstance(node, list) for node in level):
        level = [child for node in level if isinstance(node, list) for child in node]
        height += 1
    return height
