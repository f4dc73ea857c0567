"""BASELINE, written in the style of the textbook programs (Kopec, ch. 8; aima-python), for benchmark ratios only: not part of gamelib.

Kopec's Connect Four AI (ch. 8) kept the board as a list of columns (lists of 'X'/'O'/'.'),
copied the whole board for every move it tried, found wins by scanning every 4-cell
segment of the board, and scored positions with the same segment scan (2 of mine in a
window = 1, 3 = 100, 4 = a win). Its Tic-Tac-Toe minimax copied a list board per move and
checked the eight lines for a winner. Its MCTS kept per-node children dicts and ran
random playouts on copied boards.

Nothing in gamelib imports this file; `benchmarks/run_all.py` measures gamelib against
it and prints ratios.
"""

from __future__ import annotations

import copy
import math
import random

ROWS, COLS = 6, 7
EMPTY = "."


# --- Connect Four, seed style ---------------------------------------------------------

def new_board() -> list[list[str]]:
    """A list of columns, each a list of ROWS cells from the bottom up."""
    return [[EMPTY] * ROWS for _ in range(COLS)]


def valid_moves(board: list[list[str]]) -> list[int]:
    return [c for c in range(COLS) if board[c][ROWS - 1] == EMPTY]


def drop(board: list[list[str]], col: int, piece: str) -> list[list[str]]:
    """A copy of the board with `piece` dropped into `col` (Kopec's board is copied per move)."""
    new = copy.deepcopy(board)
    for row in range(ROWS):
        if new[col][row] == EMPTY:
            new[col][row] = piece
            break
    return new


def segments() -> list[list[tuple[int, int]]]:
    """Every 4-cell segment as (col, row) cells."""
    found = []
    for c in range(COLS):
        for r in range(ROWS):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + i * dc, r + i * dr) for i in range(4)]
                if all(0 <= cc < COLS and 0 <= rr < ROWS for cc, rr in cells):
                    found.append(cells)
    return found


SEGMENTS = segments()


def winner(board: list[list[str]]) -> str | None:
    """Scan every segment for four of a kind."""
    for seg in SEGMENTS:
        window = [board[c][r] for c, r in seg]
        if window[0] != EMPTY and window.count(window[0]) == 4:
            return window[0]
    return None


def score(board: list[list[str]], piece: str) -> int:
    """Kopec's window count: 2 of mine = 1, 3 = 100, 4 = win; the opponent's count against."""
    other = "O" if piece == "X" else "X"
    total = 0
    for seg in SEGMENTS:
        window = [board[c][r] for c, r in seg]
        mine, theirs = window.count(piece), window.count(other)
        if theirs == 0:
            total += {4: 1_000_000, 3: 100, 2: 1}.get(mine, 0)
        elif mine == 0:
            total -= {4: 1_000_000, 3: 100, 2: 1}.get(theirs, 0)
    return total


class AlphaBetaC4:
    """Kopec's depth-limited alpha-beta (max/min form) over the list-of-columns board."""

    def __init__(self) -> None:
        self.nodes = 0

    def search(self, board, depth: int, piece: str):
        self.nodes = 0
        other = "O" if piece == "X" else "X"
        return self._value(board, depth, -math.inf, math.inf, True, piece, other)

    def _value(self, board, depth, alpha, beta, maximizing, piece, other):
        self.nodes += 1
        won = winner(board)
        moves = valid_moves(board)
        if won is not None:
            return (1_000_000 if won == piece else -1_000_000), None
        if not moves:
            return 0, None
        if depth == 0:
            return score(board, piece), None
        best_move = moves[0]
        if maximizing:
            value = -math.inf
            for col in moves:
                child, _ = self._value(drop(board, col, piece), depth - 1, alpha, beta,
                                       False, piece, other)
                if child > value:
                    value, best_move = child, col
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        else:
            value = math.inf
            for col in moves:
                child, _ = self._value(drop(board, col, other), depth - 1, alpha, beta,
                                       True, piece, other)
                if child < value:
                    value, best_move = child, col
                beta = min(beta, value)
                if alpha >= beta:
                    break
        return value, best_move


def board_from_string(moves: str) -> tuple[list[list[str]], str]:
    """The board after 1-based column digits, and the player to move."""
    board, piece = new_board(), "X"
    for char in moves:
        board = drop(board, int(char) - 1, piece)
        piece = "O" if piece == "X" else "X"
    return board, piece


# --- Tic-Tac-Toe, seed style ----------------------------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def ttt_winner(board: list[str]) -> str | None:
    for a, b, c in LINES:
        if board[a] != EMPTY and board[a] == board[b] == board[c]:
            return board[a]
    return None


class MinimaxTTT:
    """A textbook full-depth minimax: a list board copied per move, +1/0/-1 scores."""

    def __init__(self) -> None:
        self.nodes = 0

    def search(self, board: list[str], piece: str):
        self.nodes = 0
        return self._value(board, piece, piece)

    def _value(self, board, to_move, me):
        self.nodes += 1
        won = ttt_winner(board)
        if won is not None:
            return (1 if won == me else -1), None
        moves = [i for i in range(9) if board[i] == EMPTY]
        if not moves:
            return 0, None
        other = "O" if to_move == "X" else "X"
        best, best_move = None, None
        for i in moves:
            child = list(board)
            child[i] = to_move
            value, _ = self._value(child, other, me)
            if best is None or (value > best if to_move == me else value < best):
                best, best_move = value, i
        return best, best_move


# --- MCTS, seed style -----------------------------------------------------------------

class _Node:
    def __init__(self, parent, move, mover):
        self.parent, self.move, self.mover = parent, move, mover
        self.children: dict[int, _Node] = {}
        self.visits, self.wins = 0, 0.0


def mcts_c4(board, piece: str, iterations: int, seed: int = 0, c: float = 1.4):
    """A textbook UCT (aima-python's style) on the list-of-columns board: copied boards, random playouts."""
    rng = random.Random(seed)
    other = {"X": "O", "O": "X"}
    root = _Node(None, None, other[piece])
    for _ in range(iterations):
        node, state, to_move = root, board, piece
        # select
        while node.children and len(node.children) == len(valid_moves(state)) \
                and winner(state) is None:
            node = max(node.children.values(), key=lambda ch: ch.wins / ch.visits
                       + c * math.sqrt(math.log(node.visits) / ch.visits))
            state = drop(state, node.move, to_move)
            to_move = other[to_move]
        # expand
        if winner(state) is None and valid_moves(state):
            untried = [m for m in valid_moves(state) if m not in node.children]
            move = rng.choice(untried)
            child = _Node(node, move, to_move)
            node.children[move] = child
            node, state, to_move = child, drop(state, move, to_move), other[to_move]
        # playout
        won = winner(state)
        while won is None and valid_moves(state):
            state = drop(state, rng.choice(valid_moves(state)), to_move)
            to_move = other[to_move]
            won = winner(state)
        # backpropagate
        while node is not None:
            node.visits += 1
            node.wins += 0.5 if won is None else (1.0 if won == node.mover else 0.0)
            node = node.parent
    return max(root.children.values(), key=lambda ch: ch.visits).move
