"""Exact win / draw / loss values on small Connect Four boards, by a remembered search.

The solver in gamelib.solver knows only the standard 7x6 board. Small boards (5x4, 6x5)
are small enough for a plain negamax that remembers every position it has solved: the
learning curve asks it about the same few hundred positions again and again.
"""

from __future__ import annotations

from gamelib.games.connect4 import ConnectFour, ConnectFourState


class SmallBoardSolver:
    """Win (+1), draw (0) or loss (-1) for the player to move, with perfect play by both.

    Values are remembered per position (the player to move's discs and every disc), so
    a second question about a position, or about one met inside an earlier search, is
    answered at once.
    """

    def __init__(self, game: ConnectFour) -> None:
        self.game = game
        self.memo: dict[tuple[int, int], int] = {}
        centre = (game.cols - 1) / 2
        self.order = sorted(range(game.cols), key=lambda c: (abs(c - centre), c))

    def value(self, state: ConnectFourState) -> int:
        """+1 if the player to move wins, 0 for a draw, -1 if they lose (perfect play)."""
        if state.winner is not None:
            return 1 if state.winner == state.to_move else -1
        if self.game.is_terminal(state):
            return 0
        mover = state.x if state.to_move == "X" else state.o
        key = (mover, state.x | state.o)
        known = self.memo.get(key)
        if known is None:
            known = self._search(state)
            self.memo[key] = known
        return known

    def _search(self, state: ConnectFourState) -> int:
        """Negamax: the best of -(the opponent's value) over every move; a win ends it."""
        moves = self.game.actions(state)
        best = -1
        for move in sorted(moves, key=self.order.index):
            child = self.game.result(state, move)
            if child.winner is not None:
                return 1
            best = max(best, -self.value(child))
            if best == 1:
                break
        return best

    def move_values(self, state: ConnectFourState) -> dict[int, int]:
        """Each legal move's value for the player who makes it (+1 / 0 / -1)."""
        return {move: -self.value(self.game.result(state, move))
                for move in self.game.actions(state)}
