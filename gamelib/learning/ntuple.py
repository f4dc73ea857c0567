"""An n-tuple network: a Connect Four evaluation made of lookup tables (Lucas 2008;
Thill, Koch and Konen 2012).

An n-tuple is a short random walk of board cells. Each cell reads as one of a few
states (empty, X, O, and optionally "empty and playable next"), so the contents of an
n-tuple are a number in 0 .. states**n - 1: an index into that tuple's table. The
network's value of a position is

    V(s) = tanh( sum over tuples t of  w_t[index_t(s)] + w_t[index_t(mirror(s))] )

a number between -1 and +1 from X's point of view (+1: X wins). The left-right mirror image of
a tuple reads the same table, so a position and its mirror image always get the same
value, and what is learned on one side of the board is known on the other. Each player
to move has its own set of tables (`sides=2`, as in Thill's network): the same pattern
means something else when it is your turn.

Nothing here but numpy arrays and table look-ups.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Sequence

import numpy as np

from gamelib.games.connect4 import ConnectFour, ConnectFourState

EMPTY, X, O, PLAYABLE = 0, 1, 2, 3
"""What a cell holds, as the network reads it (PLAYABLE only with states=4: an empty
cell a disc would land on now)."""

SCALE = 1000.0
"""`evaluate` returns the value times SCALE: within [-1000, 1000], far inside the range
a search accepts from an evaluation (gamelib.search.scoring.EVAL_LIMIT), so a learned
value never outranks a proven win."""

VERSION = 1
"""The file format written by `save`; `load` refuses any other."""

NEIGHBOURS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def random_walk(rows: int, cols: int, length: int, rng: random.Random) -> list[int]:
    """`length` distinct cells (row * cols + col, row 0 at the top) met by a random walk
    that steps to one of the eight neighbours each time."""
    row, col = rng.randrange(rows), rng.randrange(cols)
    cells = [row * cols + col]
    while len(cells) < length:
        dr, dc = rng.choice(NEIGHBOURS)
        if 0 <= row + dr < rows and 0 <= col + dc < cols:
            row, col = row + dr, col + dc
            if row * cols + col not in cells:
                cells.append(row * cols + col)
    return cells


def random_tuples(rows: int, cols: int, count: int, length: int, seed: int) -> np.ndarray:
    """`count` random-walk n-tuples of `length` cells each, as a (count, length) array."""
    if not 1 <= length <= rows * cols:
        raise ValueError(f"an n-tuple has 1 .. {rows * cols} cells on a {cols}x{rows} "
                         f"board, got length={length}")
    rng = random.Random(seed)
    return np.array([random_walk(rows, cols, length, rng) for _ in range(count)], dtype=np.int64)


def tuple_index(codes: np.ndarray, cells: Sequence[int], states: int) -> int:
    """The table index of one n-tuple: its cells' states read as a number in base
    `states`, the first cell the lowest digit."""
    return sum(int(codes[cell]) * states ** i for i, cell in enumerate(cells))


def place_values(tuples: np.ndarray, cells: int, states: int) -> np.ndarray:
    """A (cells, tuples) matrix holding states**i where a cell is a tuple's i-th cell,
    else 0: `codes @ place_values` is then every tuple's `tuple_index` at once."""
    place = np.zeros((cells, len(tuples)))
    for number, walk in enumerate(tuples.tolist()):
        for i, cell in enumerate(walk):
            place[cell, number] = float(states ** i)
    return place


class NTupleNetwork:
    """A value function for ConnectFour(rows, cols, k) made of one lookup table per n-tuple.

    tuples: (count, length) array of cells (row * cols + col, row 0 at the top).
    states: 3 (empty / X / O) or 4 (empty cells a disc would land on are told apart).
    sides: 2 gives each player to move its own tables, 1 shares them.
    weights: (sides, count, states**length) table entries; zeros (value 0) if not given.
    """

    def __init__(self, rows: int, cols: int, k: int, tuples: np.ndarray, states: int = 4,
                 sides: int = 2, weights: np.ndarray | None = None) -> None:
        if states not in (3, 4) or sides not in (1, 2):
            raise ValueError(f"states must be 3 or 4 and sides 1 or 2, got {states}, {sides}")
        tuples = np.asarray(tuples, dtype=np.int64)
        if tuples.ndim != 2 or tuples.size == 0 or tuples.min() < 0 \
                or tuples.max() >= rows * cols:
            raise ValueError(f"tuples must be a (count, length) array of cells 0 .. "
                             f"{rows * cols - 1}, got shape {tuples.shape}")
        self.rows, self.cols, self.k = rows, cols, k
        self.tuples, self.states, self.sides = tuples, states, sides
        self.mirrors = (tuples // cols) * cols + (cols - 1 - tuples % cols)
        if any(len(set(cells)) < len(cells) for cells in tuples.tolist()):
            raise ValueError("each n-tuple must name distinct cells")
        self.place = place_values(tuples, rows * cols, states)
        self.mirror_place = place_values(self.mirrors, rows * cols, states)
        shape = (sides, len(tuples), states ** tuples.shape[1])
        self.weights = np.zeros(shape, np.float32) if weights is None else weights
        if self.weights.shape != shape:
            raise ValueError(f"weights must have shape {shape}, got {self.weights.shape}")
        self.info: dict[str, float | int | str] = {}
        """Facts about the training (games played, seconds, settings), saved with it."""
        self._rows_index = np.arange(len(tuples))
        self._bits = np.array([c * (rows + 1) + rows - 1 - r
                               for r in range(rows) for c in range(cols)], dtype=np.int64)
        self._bottom = sum(1 << (c * (rows + 1)) for c in range(cols))
        self._cells = sum(((1 << rows) - 1) << (c * (rows + 1)) for c in range(cols))

    @classmethod
    def random(cls, game: ConnectFour, count: int = 40, length: int = 8, states: int = 4,
               sides: int = 2, seed: int = 0) -> NTupleNetwork:
        """A network of `count` random-walk tuples of `length` cells, every entry 0 (40
        tuples of 8 learned 5x4 Connect Four better than 20 of 6 in the same time)."""
        tuples = random_tuples(game.rows, game.cols, count, length, seed)
        return cls(game.rows, game.cols, game.k, tuples, states, sides)

    def __repr__(self) -> str:
        count, length = self.tuples.shape
        return (f"NTupleNetwork({self.cols}x{self.rows}, k={self.k}: {count} tuples of "
                f"{length} cells, {self.states} states, {self.sides} side(s), "
                f"{self.weights.size:,} weights)")

    # -- reading a position ----------------------------------------------------------

    def check_state(self, state: ConnectFourState) -> None:
        """Refuse a position of another board shape than the network's, saying both."""
        if (state.rows, state.cols, state.k) != (self.rows, self.cols, self.k):
            raise ValueError(f"this network evaluates ConnectFour(rows={self.rows}, "
                             f"cols={self.cols}, k={self.k}) positions, got one with rows="
                             f"{state.rows}, cols={state.cols}, k={state.k}")

    def encode(self, state: ConnectFourState) -> np.ndarray:
        """The cell states (EMPTY, X, O, PLAYABLE) of `state`, row by row from the top."""
        return self.encode_many([state])[0]

    def encode_many(self, states: Sequence[ConnectFourState]) -> np.ndarray:
        """`encode` for several positions at once: one row per position (one numpy step
        for them all, which matters when the greedy player compares every move)."""
        boards = [(s.x, s.o, (s.x | s.o) + self._bottom & self._cells if self.states == 4
                   else 0) for s in states]
        if (self.rows + 1) * self.cols <= 63:
            bits = (np.array(boards, dtype=np.int64)[:, :, None] >> self._bits) & 1
        else:       # Python ints beyond 64 bits: one cell at a time
            bits = np.array([[[(board >> int(bit)) & 1 for bit in self._bits]
                              for board in triple] for triple in boards], dtype=np.int64)
        return np.array([X, O, PLAYABLE], dtype=np.int64) @ bits

    @staticmethod
    def side(state: ConnectFourState) -> int:
        """Which set of tables reads `state`: 0 when X is to move, 1 when O is."""
        return 0 if state.to_move == "X" else 1

    def indices(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each tuple's table index in the position `codes` and in its mirror image (what
        `tuple_index` computes, for every tuple at once by one matrix product)."""
        return ((codes @ self.place).astype(np.int64),
                (codes @ self.mirror_place).astype(np.int64))

    def raw(self, codes: np.ndarray, side: int) -> np.ndarray:
        """The sum of the table entries the positions `codes` (one per row) look up."""
        index, mirror = self.indices(codes)
        table = self.weights[side % self.sides]
        return (table[self._rows_index, index].sum(axis=-1)
                + table[self._rows_index, mirror].sum(axis=-1))

    # -- values ----------------------------------------------------------------------

    def value(self, state: ConnectFourState) -> float:
        """V(state) in [-1, 1], from X's point of view (not checked: see `evaluate`)."""
        return float(np.tanh(self.raw(self.encode(state), self.side(state))))

    def evaluate(self, state: ConnectFourState, player: str) -> float:
        """The value for `player`, times SCALE: an `eval_fn` for alpha-beta. A finished
        game scores +-SCALE (win / loss) or 0 (draw)."""
        self.check_state(state)
        if state.winner is not None:
            return SCALE if state.winner == player else -SCALE
        if (state.x | state.o).bit_count() == self.rows * self.cols:
            return 0.0
        value = SCALE * self.value(state)
        return value if player == "X" else -value

    def move_values(self, game: ConnectFour, state: ConnectFourState) -> dict[int, float]:
        """Each legal move's value in [-1, 1] for the player who makes it: +1 for a move
        that wins at once, 0 for one that fills the board, else V of the position after."""
        values: dict[int, float] = {}
        open_moves, afters = [], []
        for move in game.actions(state):
            after = game.result(state, move)
            if after.winner is not None:
                values[move] = 1.0
            elif game.is_terminal(after):
                values[move] = 0.0
            else:
                open_moves.append(move)
                afters.append(after)
        if afters:
            sign = 1.0 if state.to_move == "X" else -1.0
            raw = self.raw(self.encode_many(afters), 1 - self.side(state))
            values.update(zip(open_moves, (sign * np.tanh(raw)).tolist()))
        return values

    def greedy_move(self, game: ConnectFour, state: ConnectFourState) -> int:
        """The move whose position after it is worth most to the player making it (the
        first such move in column order on a tie)."""
        values = self.move_values(game, state)
        return max(values, key=lambda move: values[move])

    # -- files -----------------------------------------------------------------------

    def save(self, path: str | Path) -> Path:
        """Write the network to a compressed .npz (board shape, tuples, tables, version,
        `info`); written to a temporary file first, so a crash never leaves half a file."""
        path = Path(path)
        partial = path.with_name(path.name + ".part")
        with open(partial, "wb") as out:
            np.savez_compressed(out, version=np.int64(VERSION),
                                shape=np.array([self.rows, self.cols, self.k]),
                                tuples=self.tuples, states=np.int64(self.states),
                                weights=self.weights.astype(np.float32),
                                info=np.array(json.dumps(self.info)))
        partial.replace(path)
        return path

    @classmethod
    def load(cls, path: str | Path) -> NTupleNetwork:
        """Read a network written by `save`; a clear error naming the file otherwise."""
        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                fields = {name: data[name] for name in data.files}
        except (OSError, ValueError) as error:
            raise ValueError(f"{path}: not an n-tuple network file ({error})") from None
        missing = {"version", "shape", "tuples", "states", "weights"} - set(fields)
        if missing:
            raise ValueError(f"{path}: not an n-tuple network file (missing "
                             f"{', '.join(sorted(missing))})")
        if int(fields["version"]) != VERSION:
            raise ValueError(f"{path}: n-tuple network file version {int(fields['version'])},"
                             f" this gamelib reads version {VERSION}")
        rows, cols, k = (int(n) for n in fields["shape"])
        weights = fields["weights"]
        try:
            network = cls(rows, cols, k, fields["tuples"], int(fields["states"]),
                          sides=weights.shape[0] if weights.ndim == 3 else 0, weights=weights)
        except ValueError as error:
            raise ValueError(f"{path}: inconsistent n-tuple network file ({error})") from None
        if "info" in fields:
            network.info = json.loads(str(fields["info"]))
        return network
