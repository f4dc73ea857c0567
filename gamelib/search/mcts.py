"""Monte Carlo Tree Search (UCT): grow a tree by playing many random games.

Each iteration has four steps:

1. select: from the root, while a node has no untried moves left (and the game is not
   over there), step to the child with the highest UCB1 score
   ``Q + c * sqrt(ln N(parent) / N(child))``: a good mean reward (exploitation) plus a
   bonus for children tried less often than their siblings (exploration);
2. expand: add the child of one untried move (chosen at random) to the tree;
3. playout: from that child, play moves chosen by `playout` (uniformly random by
   default) until the game ends;
4. backpropagate: every node on the path gets one more visit (N) and the reward of the
   playout (W): 1 for a win, 0.5 for a draw, 0 for a loss.

Point of view: a node's W and Q = W / N are those of **the player who made the move into
the node**. That player is the one choosing among the node and its siblings, so
selection simply takes the highest Q + exploration at every level, for either player.
(Crediting every node from one fixed player's view is the classic MCTS bug: the
opponent would then pick the moves that are worst for itself; the tests build trees
where that mistake changes the answer.)

The move played is the root's most visited child (the most robust choice: its Q rests
on the most playouts). MCTS sees only win / draw / loss: utilities > 0 count as wins.

MCTS-Solver (`solver=True`, after Winands, Bjornsson and Saito, 2008) adds what minimax
knows to the averages: a finished game is a *proven* result, and proofs are backed up
the tree. A node is proven a loss for the player who moved into it as soon as the player
to move there has a proven win, and proven once all its moves are (the best of them,
for the player to move: a win, a draw or a loss). Selection never walks into a move
proven lost when another is left, a proven node needs no playout (its reward is known),
the search stops once the root is proven, and the move played is a proven win when
there is one.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from gamelib.games.base import Game, Move, Side, State
from gamelib.games.checks import check_state
from gamelib.platform import _
from gamelib.search.checks import check_exploration, check_mcts_budget
from gamelib.search.result import MCTSResult, SearchStats
from gamelib.search.timing import garbage_collector_paused
from gamelib.search.trace import NO_RECORDING, PROOF_NAMES, Recorder, Trace

PlayoutPolicy = Callable[[Game, State, random.Random], Move]
"""Chooses the next move of a playout: (game, state, rng) -> move."""


def random_playout(game: Game, state: State, rng: random.Random) -> Move:
    """The default playout policy: a uniformly random legal move."""
    return rng.choice(game.actions(state))


class MCTSNode:
    """A node of the search tree: a state, how it was reached, and its statistics."""

    __slots__ = ("id", "state", "parent", "move", "mover", "children", "untried",
                 "visits", "total", "depth", "proven")

    def __init__(self, id: int, state: State, parent: MCTSNode | None, move: Any,
                 mover: Side, untried: list, depth: int) -> None:
        self.id = id
        self.state = state
        self.parent = parent
        self.move = move                # the move from the parent into this node
        self.mover = mover              # the player who made it: W and Q are theirs
        self.children: list[MCTSNode] = []
        self.untried = untried          # legal moves not yet expanded (empty: terminal)
        self.visits = 0                 # N
        self.total = 0.0                # W: summed rewards for `mover`
        self.depth = depth
        self.proven: float | None = None  # MCTS-Solver: the exact reward for `mover`

    @property
    def q(self) -> float:
        """The mean reward for `mover`: 1 = always won, 0.5 = even, 0 = always lost."""
        return self.total / self.visits if self.visits else 0.0

    def ucb(self, c: float) -> float:
        """This node's UCB1 score as its parent's child (see `ucb`)."""
        assert self.parent is not None, "the root is nobody's child"
        return ucb(self.total, self.visits, self.parent.visits, c)

    def __repr__(self) -> str:
        return (f"MCTSNode(move={self.move!r}, mover={self.mover!r}, N={self.visits}, "
                f"Q={self.q:.3f}, children={len(self.children)})")


def ucb(total: float, visits: int, parent_visits: int, c: float) -> float:
    """UCB1 (Kocsis and Szepesvari, 2006) = Q + c * sqrt(ln N(parent) / N(child)), with
    Q = total / visits the mean reward for the player choosing among the children; a
    child never visited scores infinity (try it first).

    The same function, with the same arguments, as lesson 07's exercise `ucb_score` (see
    gamelib/exercises/mcts_parts.py, a small MCTS built from the student's functions).
    `MCTS` itself selects only among children that were all visited (each new child gets
    its playout at once), so the guard is for other callers."""
    if visits == 0:
        return math.inf
    return total / visits + c * math.sqrt(math.log(parent_visits) / visits)


def mcts(game: Game, state: State, iterations: int | None = None,
         time_limit: float | None = None, c: float = math.sqrt(2),
         playout: PlayoutPolicy | None = None, seed: int | None = None,
         trace: Trace | None = None, solver: bool = False) -> MCTSResult:
    """Monte Carlo Tree Search from `state`; the root's most visited move.

    iterations / time_limit: the budget (either or both; 1000 iterations if neither): a
        whole number >= 1 and a positive number of seconds. At least one iteration runs,
        however small the time limit; the garbage collector is paused meanwhile.
    c: the exploration constant in UCB1 (sqrt(2) is the textbook's; larger explores more).
    playout: the playout policy, (game, state, rng) -> move; uniformly random by default.
    seed: seeds every random choice, so the same call with an iteration budget gives the
        same result.
    trace: a `Trace()` to record select / expand / playout / backprop events (and, with
        the solver, a "prove" event for each node it proves).
    solver: MCTS-Solver (see the module docstring): prove wins, draws and losses, and
        stop early once the root's value is proven.

    The result's `visits` and `q` give each root move's N and Q (Q from the point of
    view of the player to move at the root: 1 win, 0.5 draw, 0 loss); `value` is the
    chosen move's Q (its proven reward, if proven) and `move_values` every move's Q;
    `result.tree` is the tree. With the solver, `result.proven` maps each proven root
    move to its reward, and `result.solved` is the root's proven value for the player to
    move (None if not proven).
    """
    (iterations, time_limit), c = check_mcts_budget(iterations, time_limit), check_exploration(c)
    check_state(game, state)
    search = MCTS(game, state, c, playout, random.Random(seed), trace, solver)
    with garbage_collector_paused():            # a collection would overrun the clock
        search.run(iterations, time_limit)
        return search.result()                  # its time stamped before any collection


class MCTS:
    """One Monte Carlo tree search (see `mcts`): `iterate` is AIMA's loop body, one method
    per step; each step tells the recorder (`record`) what it did."""

    def __init__(self, game: Game, state: State, c: float, playout: PlayoutPolicy | None,
                 rng: random.Random, trace: Trace | None, solver: bool = False) -> None:
        if game.is_terminal(state):
            raise ValueError(_("nothing to search: the game is over in this state") + "\n"
                             + game.render(state))
        self.game, self.c, self.rng, self.trace = game, c, rng, trace
        self.playout: PlayoutPolicy = random_playout if playout is None else playout
        self.record: Recorder = NO_RECORDING if trace is None else trace
        self.record.start("mcts", game, game.to_move(state))
        self.solver = solver
        self.size = 0                   # nodes in the tree
        self.iterations = 0
        self.deepest = 0
        self.started = time.perf_counter()
        # Nobody moved into the root; its "mover" is the opponent of the player to move.
        self.root = self.new_node(state, None, None, game.opponent(game.to_move(state)))

    def run(self, iterations: int | None, time_limit: float | None) -> None:
        """Iterate until the iteration budget or the time budget is used up (at least once,
        as iterative deepening always finishes its first round)."""
        deadline = None if time_limit is None else self.started + time_limit
        while iterations is None or self.iterations < iterations:
            if deadline is not None and self.iterations and time.perf_counter() >= deadline:
                break
            if self.root.proven is not None:        # solved: more playouts change nothing
                break
            self.iterate()
        self.record.finish(self.root)

    def iterate(self) -> None:
        """One iteration: select, expand, playout, backpropagate."""
        path = self.select(self.root)
        leaf = self.expand(path[-1])
        if leaf is not path[-1]:
            path.append(leaf)
        if leaf.proven is not None:                 # solver: the result is already known
            value = leaf.proven
        else:
            value = self.simulate(leaf)
        self.backpropagate(path, value)
        self.iterations += 1

    # -- the four steps -------------------------------------------------------------------

    def select(self, node: MCTSNode) -> list[MCTSNode]:
        """From `node`, follow the best UCB1 child while every move has been tried."""
        path = [node]
        while not node.untried and node.children and node.proven is None:
            node = self.best_child(node)
            path.append(node)
        self.record.select(path, self.c)
        return path

    def best_child(self, node: MCTSNode) -> MCTSNode:
        """The child with the highest UCB1 score (the first one on ties); the solver
        skips moves proven lost for the player choosing here."""
        children = node.children
        if self.solver:
            children = [child for child in children if child.proven != 0.0] or children
        c = self.c
        return max(children, key=lambda child: child.ucb(c))

    def expand(self, node: MCTSNode) -> MCTSNode:
        """Add the child of one random untried move; a terminal (or proven) node is
        returned as is."""
        if not node.untried or node.proven is not None:
            return node
        move = node.untried.pop(self.rng.randrange(len(node.untried)))
        state = self.game.result(node.state, move)
        child = self.new_node(state, node, move, self.game.to_move(node.state))
        node.children.append(child)
        return child

    def simulate(self, node: MCTSNode) -> float:
        """Play from `node` to the end of the game; the reward for `node`'s mover."""
        game, rng, policy = self.game, self.rng, self.playout
        state, moves = node.state, []
        while not game.is_terminal(state):
            move = policy(game, state, rng)
            moves.append(move)
            state = game.result(state, move)
        value = reward(game, state, node.mover)
        self.record.playout(node, moves, state, value)
        return value

    def backpropagate(self, path: list[MCTSNode], value: float) -> None:
        """Credit the playout's reward `value` (for the leaf's mover) to every node on the
        path, from its own mover's point of view; the solver also backs up proofs."""
        leaf_mover = path[-1].mover
        for node in reversed(path):
            credit = value if node.mover == leaf_mover else 1.0 - value
            node.visits += 1
            node.total += credit
            self.record.backprop(node, credit)
            if self.solver:
                self.prove(node)

    def prove(self, node: MCTSNode) -> None:
        """MCTS-Solver: settle `node` if its children's proofs settle it (a reward for the
        player who moved into it, as Q is)."""
        if node.proven is not None or not node.children:
            return
        proofs = [child.proven for child in node.children]   # for the player to move here
        settled = [proof for proof in proofs if proof is not None]
        if 1.0 in settled:                       # the player to move has a winning move
            node.proven = 0.0
        elif not node.untried and len(settled) == len(proofs):   # every move is settled
            node.proven = 1.0 - max(settled)     # the best of them for the player to move
        else:
            return
        self.record.prove(node, node.proven, PROOF_NAMES[node.proven])

    # -- the tree and the answer ----------------------------------------------------------

    def new_node(self, state: State, parent: MCTSNode | None, move: Any,
                 mover: Side) -> MCTSNode:
        """A new tree node (its id: the number of nodes before it)."""
        game = self.game
        depth = 0 if parent is None else parent.depth + 1
        terminal = game.is_terminal(state)
        untried = [] if terminal else list(game.actions(state))
        node = MCTSNode(self.size, state, parent, move, mover, untried, depth)
        if self.solver and terminal:
            node.proven = reward(game, state, mover)    # a finished game proves itself
        self.size += 1
        self.deepest = max(self.deepest, depth)
        self.record.expand(node, None if terminal else game.to_move(state))
        return node

    def result(self) -> MCTSResult:
        """The answer: the most visited root move, every root move's N and Q."""
        root = self.root
        if not root.children:
            raise ValueError(_("MCTS ran no iteration: give it iterations >= 1 or more time"))
        chosen = self.chosen_child()
        pv, node = [], root
        while node.children:
            node = max(node.children, key=lambda child: (child.visits, child.q))
            pv.append(node.move)
        visits = {child.move: child.visits for child in root.children}
        q = {child.move: child.q for child in root.children}
        stats = SearchStats(nodes=self.size, leaves=self.iterations, depth=self.deepest,
                            seconds=time.perf_counter() - self.started,
                            iterations=self.iterations)
        value = chosen.q if chosen.proven is None else chosen.proven
        return MCTSResult("mcts", self.game, root.state, chosen.move, value,
                          move_values=dict(q), pv=pv, stats=stats, trace=self.trace,
                          visits=visits, q=q, tree=root, c=self.c,
                          unvisited=list(root.untried),
                          proven=None if not self.solver else {
                              child.move: child.proven for child in root.children
                              if child.proven is not None},
                          solved=None if root.proven is None else 1.0 - root.proven)

    def chosen_child(self) -> MCTSNode:
        """The root move to play: the most visited (ties: the higher Q); with the solver,
        a proven win if there is one, and never a proven loss when something else is left."""
        children = self.root.children
        if self.solver:
            children = ([child for child in children if child.proven == 1.0]
                        or [child for child in children if child.proven != 0.0]
                        or children)
        return max(children, key=lambda child: (child.visits, child.q))


def reward(game: Game, state: State, player: Side) -> float:
    """A finished game's reward for `player`: 1 win, 0.5 draw, 0 loss."""
    utility = game.utility(state, player)
    return 1.0 if utility > 0 else 0.0 if utility < 0 else 0.5
