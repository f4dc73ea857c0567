"""The opening book: solved answers for the positions a perfect player meets first.

Early positions take the solver minutes, so `python -m gamelib book --plies N` solves,
once, every position the perfect player can meet in the first N plies (as either
player, against any replies) and writes one line per position to
`gamelib/data/connect4_book.txt`:

    <position string, '-' for the empty board> <score> <best column>

with 0-based columns, as everywhere in gamelib

Mirror images share a line (the board is left-right symmetric). The generator appends
as it goes, so it can be stopped and restarted.
"""

from __future__ import annotations

import time
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterator

from gamelib.solver.api import centre_distance, get_solver
from gamelib.solver.position import SIZE, WIDTH, Position

BOOK_NAME = "connect4_book.txt"
EMPTY = "-"


def default_path() -> Path:
    """Where the shipped book lives (gamelib/data/connect4_book.txt)."""
    return Path(str(resources.files("gamelib") / "data" / BOOK_NAME))


class OpeningBook:
    """Position -> (score, best column) for solved opening positions, mirrors included."""

    def __init__(self, entries: dict[str, tuple[int, int]] | None = None) -> None:
        self.entries: dict[str, tuple[int, int]] = {}
        self._by_key: dict[int, tuple[int, int]] = {}
        for moves, (score, col) in (entries or {}).items():
            self.add(moves, score, col)

    def add(self, moves: str, score: int, col: int) -> None:
        """Record that the position after `moves` has `score` and best column `col` (0-based)."""
        pos = Position.from_string(moves)
        self.entries[moves] = (score, col)
        mirror = pos.mirror().key()
        if mirror != pos.key():
            self._by_key.setdefault(mirror, (score, WIDTH - 1 - col))
        self._by_key[pos.key()] = (score, col)

    def lookup(self, pos: Position) -> tuple[int, int] | None:
        """(score, best column) for `pos`, or None if the book does not hold it."""
        return self._by_key.get(pos.key())

    def __contains__(self, pos: Position) -> bool:
        return pos.key() in self._by_key

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def plies(self) -> int:
        """The deepest ply in the book (-1 when empty)."""
        return max((len(m) for m in self.entries), default=-1)

    @classmethod
    def load(cls, path: str | Path | None = None) -> OpeningBook:
        """Read a book file (the shipped one by default; a missing file is an empty book)."""
        path = Path(path) if path else default_path()
        book = cls()
        if path.exists():
            for line in path.read_text().splitlines():
                if line.strip() and not line.startswith("#"):
                    moves, score, col = line.split()
                    book.add("" if moves == EMPTY else moves, int(score), int(col))
        return book


def best_move(pos: Position, engine: str = "auto", log: Callable[[str], Any] = print
              ) -> tuple[int, int]:
    """(score, centre-most best column) of `pos`: one solve, then one null-window test per
    column in centre-first order until a column reaches the score."""
    solver = get_solver(engine)
    start, before = time.perf_counter(), solver.nodes
    score = solver.solve(pos)
    log(f"  solved in {time.perf_counter() - start:.1f} s, {solver.nodes - before:,} nodes")
    for col in sorted(range(WIDTH), key=centre_distance):
        if not pos.can_play(col):
            continue
        if pos.is_winning_move(col):
            return score, col
        child = pos.play_col(col)
        if child.moves == SIZE or not solver.at_least(child, -score + 1):
            return score, col
    raise AssertionError("no column reaches the position's score")


def met_positions(book: OpeningBook, plies: int, solve_one: Callable[[str], tuple[int, int]],
                  root: str = "") -> Iterator[str]:
    """Every position a perfect player meets within `plies` plies, ply by ply: the root
    (the empty board) and each reply to it, then, after the best move, every reply."""
    start = Position.from_string(root)
    frontier = [root] + [root + str(c) for c in range(WIDTH)
                         if start.can_play(c) and not start.is_winning_move(c)]
    seen: set[int] = set()
    while frontier:
        moves = frontier.pop(0)
        pos = Position.from_string(moves)
        canonical = min(pos.key(), pos.mirror().key())
        if len(moves) > plies or canonical in seen:
            continue
        seen.add(canonical)
        yield moves
        found = book.lookup(pos) or solve_one(moves)
        reply_base = pos
        if reply_base.is_winning_move(found[1]):
            continue
        reply_base = reply_base.play_col(found[1])
        for reply in range(WIDTH):
            if reply_base.can_play(reply) and not reply_base.is_winning_move(reply):
                frontier.append(moves + str(found[1]) + str(reply))


def generate(plies: int, path: str | Path | None = None, engine: str = "auto",
             log: Callable[[str], Any] = print, root: str = "") -> OpeningBook:
    """Solve every position a perfect player meets in the first `plies` plies (from `root`,
    the empty board by default) and append each to the book file; positions already
    there are skipped, so an interrupted run resumes where it stopped."""
    path = Path(path) if path else default_path()
    book = OpeningBook.load(path)
    if not path.exists():
        path.write_text("# Connect Four opening book for gamelib.solver.PerfectPlayer\n"
                        "# <moves ('-' = empty board)> <score for the side to move> "
                        "<best column> (columns 0-based)\n")

    def solve_one(moves: str) -> tuple[int, int]:
        start = time.perf_counter()
        score, col = best_move(Position.from_string(moves), engine, log)
        book.add(moves, score, col)
        with path.open("a") as out:
            out.write(f"{moves or EMPTY} {score} {col}\n")
        log(f"{moves or EMPTY}: score {score}, best column {col}, "
            f"({time.perf_counter() - start:.1f} s)")
        return score, col

    count = sum(1 for _ in met_positions(book, plies, solve_one, root))
    log(f"book: {count} positions up to ply {plies} in {path}")
    return book
