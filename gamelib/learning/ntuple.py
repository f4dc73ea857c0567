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

Nothing here but table look-ups. Each computation is written once in plain Python (a
network made with `plain=True`, and every network where numpy is missing, as in the
browser course) and, beside it, as numpy steps over many tuples or positions at once,
which the desktop uses. numpy adds in 32-bit floats, plain Python in 64-bit ones (the
tables hold 32-bit floats on both paths): tests/test_learning_paths.py shows that both
give the same values to 1e-6 and learn the same tables from the same games.
"""

from __future__ import annotations

import json
import math
import random
from array import array
from pathlib import Path
from typing import Any, Sequence

from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.learning.npz import read_npz
from gamelib.platform import _

try:
    import numpy as np
except ImportError:                 # the browser course: every network is plain
    np = None  # type: ignore[assignment]

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


def random_tuples(rows: int, cols: int, count: int, length: int, seed: int) -> list[list[int]]:
    """`count` random-walk n-tuples of `length` cells each, one list of cells per tuple."""
    if not 1 <= length <= rows * cols:
        raise ValueError(f"an n-tuple has 1 .. {rows * cols} cells on a {cols}x{rows} "
                         f"board, got length={length}")
    rng = random.Random(seed)
    return [random_walk(rows, cols, length, rng) for _ in range(count)]


def mirror_cells(cells: Sequence[int], cols: int) -> list[int]:
    """The cells of an n-tuple's left-right mirror image, in the same order."""
    return [(cell // cols) * cols + cols - 1 - cell % cols for cell in cells]


def tuple_index(codes: Sequence[int], cells: Sequence[int], states: int) -> int:
    """The table index of one n-tuple: its cells' states read as a number in base
    `states`, the first cell the lowest digit."""
    index = 0
    for cell in reversed(cells):
        index = index * states + int(codes[cell])
    return index


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

    tuples: one list of cells per n-tuple, all of one length (row * cols + col, row 0 at
    the top), or a (count, length) array.
    states: 3 (empty / X / O) or 4 (empty cells a disc would land on are told apart).
    sides: 2 gives each player to move its own tables, 1 shares them.
    weights: (sides, count, states**length) table entries; zeros (value 0) if not given.
    plain: compute in plain Python, the tables as lists of 32-bit arrays (always so when
    numpy is missing); otherwise tuples and tables are numpy arrays.
    """

    def __init__(self, rows: int, cols: int, k: int, tuples: Any, states: int = 4,
                 sides: int = 2, weights: Any = None, plain: bool | None = None) -> None:
        if states not in (3, 4) or sides not in (1, 2):
            raise ValueError(f"states must be 3 or 4 and sides 1 or 2, got {states}, {sides}")
        walks = [[int(cell) for cell in cells] for cells in tuples]
        lengths = {len(cells) for cells in walks}
        if not walks or len(lengths) != 1 or 0 in lengths or \
                not all(0 <= cell < rows * cols for cells in walks for cell in cells):
            raise ValueError(f"tuples must be a (count, length) array of cells 0 .. "
                             f"{rows * cols - 1}, got {len(walks)} tuples of lengths "
                             f"{sorted(lengths)}")
        if any(len(set(cells)) < len(cells) for cells in walks):
            raise ValueError("each n-tuple must name distinct cells")
        if plain is False and np is None:
            raise ImportError("plain=False needs numpy, which is not installed: "
                              "`pip install numpy`, or leave plain out")
        self.rows, self.cols, self.k = rows, cols, k
        self.states, self.sides = states, sides
        self.plain = np is None if plain is None else plain
        self.walks = walks
        """The tuples as plain lists of cells (and below, their mirror images)."""
        self.mirror_walks = [mirror_cells(cells, cols) for cells in walks]
        self.shape = (sides, len(walks), states ** len(walks[0]))
        """The tables' shape: (sides, tuples, entries per table)."""
        self.weights: Any = self.plain_tables(weights) if self.plain else self.numpy_tables(weights)
        """The tables: weights[side][tuple][index], a numpy array or (plain) lists of arrays."""
        self.info: dict[str, float | int | str] = {}
        """Facts about the training (games played, seconds, settings), saved with it."""
        self._bit_list = [c * (rows + 1) + rows - 1 - r for r in range(rows) for c in range(cols)]
        self._bottom = sum(1 << (c * (rows + 1)) for c in range(cols))
        self._cells = sum(((1 << rows) - 1) << (c * (rows + 1)) for c in range(cols))
        self.tuples: Any = walks
        """The tuples as given to numpy (a (count, length) array), or `walks` if plain."""
        self.mirrors: Any = self.mirror_walks
        if not self.plain:
            self.tuples = np.array(walks, dtype=np.int64)
            self.mirrors = np.array(self.mirror_walks, dtype=np.int64)
            self.place = place_values(self.tuples, rows * cols, states)
            self.mirror_place = place_values(self.mirrors, rows * cols, states)
            self._rows_index = np.arange(len(walks))
            self._bits = np.array(self._bit_list, dtype=np.int64)

    def plain_tables(self, weights: Any) -> list[list[array]]:
        """The tables as one 32-bit array per side and tuple (zeros if `weights` is None)."""
        sides, count, size = self.shape
        if weights is None:
            return [[array("f", bytes(4 * size)) for _ in range(count)] for _ in range(sides)]
        tables = [[array("f", table) for table in side] for side in weights]
        if [[len(table) for table in side] for side in tables] != [[size] * count] * sides:
            raise ValueError(f"weights must have shape {self.shape}")
        return tables

    def numpy_tables(self, weights: Any) -> np.ndarray:
        """The tables as one (sides, count, entries) numpy array (zeros if `weights` is None)."""
        if weights is None:
            return np.zeros(self.shape, np.float32)
        tables = np.asarray(weights, dtype=np.float32)
        if tables.shape != self.shape:
            raise ValueError(f"weights must have shape {self.shape}, got {tables.shape}")
        return tables

    @classmethod
    def random(cls, game: ConnectFour, count: int = 40, length: int = 8, states: int = 4,
               sides: int = 2, seed: int = 0, plain: bool | None = None) -> NTupleNetwork:
        """A network of `count` random-walk tuples of `length` cells, every entry 0 (40
        tuples of 8 learned 5x4 Connect Four better than 20 of 6 in the same time)."""
        tuples = random_tuples(game.rows, game.cols, count, length, seed)
        return cls(game.rows, game.cols, game.k, tuples, states, sides, plain=plain)

    def copy(self, plain: bool | None = None) -> NTupleNetwork:
        """A network with the same tuples and a copy of the tables (computing in plain
        Python or not as `plain` says; as this one if not given)."""
        plain = self.plain if plain is None else plain
        network = NTupleNetwork(self.rows, self.cols, self.k, self.walks, self.states,
                                self.sides, self.weights, plain)
        if network.weights is self.weights:
            network.weights = network.weights.copy()
        network.info = dict(self.info)
        return network

    @property
    def entries(self) -> int:
        """How many table entries the network has (all sides, all tuples)."""
        sides, count, size = self.shape
        return sides * count * size

    @property
    def nbytes(self) -> int:
        """The tables' size in bytes (4 per entry: 32-bit numbers)."""
        return 4 * self.entries

    def flat_entries(self) -> list[float]:
        """Every table entry in one list: side by side, tuple by tuple."""
        if self.plain:
            return [entry for side in self.weights for table in side for entry in table]
        return self.weights.ravel().tolist()

    def __repr__(self) -> str:
        return (f"NTupleNetwork({self.cols}x{self.rows}, k={self.k}: {len(self.walks)} tuples "
                f"of {len(self.walks[0])} cells, {self.states} states, {self.sides} side(s), "
                f"{self.entries:,} weights)")

    def __str__(self) -> str:
        """The shape of the network in words, in the language gamelib speaks (in English,
        the repr)."""
        return _("NTupleNetwork({cols}x{rows}, k={k}: {count} tuples of {length} cells, "
                 "{states} states, {sides} side(s), {entries:,} weights)").format(
            cols=self.cols, rows=self.rows, k=self.k, count=len(self.walks),
            length=len(self.walks[0]), states=self.states, sides=self.sides,
            entries=self.entries)

    # -- reading a position ----------------------------------------------------------

    def check_state(self, state: ConnectFourState) -> None:
        """Refuse a position of another board shape than the network's, saying both."""
        if (state.rows, state.cols, state.k) != (self.rows, self.cols, self.k):
            raise ValueError(f"this network evaluates ConnectFour(rows={self.rows}, "
                             f"cols={self.cols}, k={self.k}) positions, got one with rows="
                             f"{state.rows}, cols={state.cols}, k={state.k}")

    def playable(self, state: ConnectFourState) -> int:
        """The empty cells a disc would land on now, as a bitboard (none with states=3)."""
        return (state.x | state.o) + self._bottom & self._cells if self.states == 4 else 0

    def codes(self, state: ConnectFourState) -> list[int]:
        """The cell states (EMPTY, X, O, PLAYABLE) of `state`, row by row from the top."""
        x, o, playable = state.x, state.o, self.playable(state)
        return [X if x >> bit & 1 else O if o >> bit & 1 else PLAYABLE if playable >> bit & 1
                else EMPTY for bit in self._bit_list]

    def encode(self, state: ConnectFourState) -> Any:
        """`codes`, as a numpy array unless the network is plain."""
        return self.codes(state) if self.plain else self.encode_many([state])[0]

    def encode_many(self, states: Sequence[ConnectFourState]) -> np.ndarray:
        """`codes` of several positions as one numpy array, a row per position (one numpy
        step for them all, which matters when the greedy player compares every move)."""
        boards = [(s.x, s.o, self.playable(s)) for s in states]
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

    def indices(self, codes: Any) -> tuple[Any, Any]:
        """Each tuple's table index in the position `codes` and in its mirror image: by
        `tuple_index`, or for every tuple at once by one matrix product (numpy)."""
        if self.plain:
            return ([tuple_index(codes, cells, self.states) for cells in self.walks],
                    [tuple_index(codes, cells, self.states) for cells in self.mirror_walks])
        return ((codes @ self.place).astype(np.int64),
                (codes @ self.mirror_place).astype(np.int64))

    def raw(self, codes: np.ndarray, side: int) -> np.ndarray:
        """numpy: the sum of the table entries the positions `codes` (one per row) look up."""
        index, mirror = self.indices(codes)
        table = self.weights[side % self.sides]
        return (table[self._rows_index, index].sum(axis=-1)
                + table[self._rows_index, mirror].sum(axis=-1))

    def value_of_entries(self, side: int, own: Sequence[int], mirror: Sequence[int]) -> float:
        """tanh of the sum of the entries of `side`'s tables at the indices `own` (tuple by
        tuple) and `mirror`: V of the position that reads them."""
        table = self.weights[side % self.sides]
        if self.plain:
            return math.tanh(sum(table[number][index] for number, index in enumerate(own))
                             + sum(table[number][index] for number, index in enumerate(mirror)))
        rows = self._rows_index
        return float(np.tanh(table[rows, own].sum() + table[rows, mirror].sum()))

    def add_to_entries(self, side: int, own: Sequence[int], mirror: Sequence[int],
                       amount: float) -> None:
        """Add `amount` to each entry `value_of_entries` reads (twice to an entry read
        twice: a tuple that is its own mirror image)."""
        table = self.weights[side % self.sides]
        if self.plain:
            for indices in (own, mirror):
                for number, index in enumerate(indices):
                    table[number][index] += amount
            return
        table[self._rows_index, own] += amount
        table[self._rows_index, mirror] += amount

    def add_to_entry(self, side: int, number: int, index: int, amount: float) -> None:
        """Add `amount` to entry `index` of tuple `number`'s table for `side`."""
        if self.plain:
            self.weights[side][number][index] += amount
        else:
            self.weights[side, number, index] += amount

    # -- values ----------------------------------------------------------------------

    def value(self, state: ConnectFourState) -> float:
        """V(state) in [-1, 1], from X's point of view (not checked: see `evaluate`)."""
        if self.plain:
            return self.value_of_entries(self.side(state), *self.indices(self.codes(state)))
        return float(np.tanh(self.raw(self.encode(state), self.side(state))))

    def values(self, states: Sequence[ConnectFourState], side: int) -> list[float]:
        """V of each position, read through `side`'s tables (numpy: all in one step)."""
        if self.plain:
            return [self.value_of_entries(side, *self.indices(self.codes(s))) for s in states]
        return np.tanh(self.raw(self.encode_many(states), side)).tolist()

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
            after_values = self.values(afters, 1 - self.side(state))
            values.update((move, sign * v) for move, v in zip(open_moves, after_values))
        return values

    def greedy_move(self, game: ConnectFour, state: ConnectFourState) -> int:
        """The move whose position after it is worth most to the player making it (the
        first such move in column order on a tie)."""
        values = self.move_values(game, state)
        return max(values, key=lambda move: values[move])

    # -- files -----------------------------------------------------------------------

    def save(self, path: str | Path) -> Path:
        """Write the network to a compressed .npz (board shape, tuples, tables, version,
        `info`); written to a temporary file first, so a crash never leaves half a file.
        Needs numpy."""
        if np is None:
            raise ImportError("saving a network needs numpy, which is not installed: "
                              "`pip install numpy`")
        path = Path(path)
        partial = path.with_name(path.name + ".part")
        with open(partial, "wb") as out:
            np.savez_compressed(out, version=np.int64(VERSION),
                                shape=np.array([self.rows, self.cols, self.k]),
                                tuples=np.array(self.walks, dtype=np.int64),
                                states=np.int64(self.states),
                                weights=np.asarray(self.weights, dtype=np.float32),
                                info=np.array(json.dumps(self.info)))
        partial.replace(path)
        return path

    @classmethod
    def load(cls, path: str | Path, plain: bool | None = None) -> NTupleNetwork:
        """Read a network written by `save`; a clear error naming the file otherwise.
        `plain` as for a new network: without numpy the file is read in plain Python."""
        path = Path(path)
        plain = np is None if plain is None else plain
        try:
            fields = read_npz(path) if plain else read_with_numpy(path)
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
                          sides=len(weights), weights=weights, plain=plain)
        except (ValueError, TypeError) as error:
            raise ValueError(f"{path}: inconsistent n-tuple network file ({error})") from None
        if "info" in fields:
            network.info = json.loads(str(fields["info"]))
        return network


def read_with_numpy(path: Path) -> dict[str, Any]:
    """Every array in the .npz file `path`, read by numpy."""
    with np.load(path, allow_pickle=False) as data:
        return {name: data[name] for name in data.files}
