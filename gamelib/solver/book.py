"""The opening book: solved answers for the positions a perfect player meets first.

Early positions take the solver seconds to minutes, so `python -m gamelib book --plies N`
solves, once, every position the perfect player can meet in the first N plies (as either
player, against any replies) and stores the score of every column. The book is a
gzip-compressed text file, `gamelib/data/connect4_book.txt.gz`, one line per position:

    <position string, '-' for the empty board> <score of column 0> ... <score of column 6>

with 0-based columns, as everywhere in gamelib; a score is for the player to move, and
'.' marks a column that is full or was not solved (the oldest, shallowest entries hold
only their best column: solving every column of a 1-stone position takes minutes). Later
lines, made by `python -m gamelib book --stones 6`, add every column of every position
of six stones or fewer (`COMPLETE_STONES`): any position of seven stones or fewer is
then answered at once (one of seven stones is a column of one of six), and a review of
any game judges its first seven moves from the book.

Mirror images share a line (the board is left-right symmetric). A position's missing
column scores are filled in from the book's own entries for the positions after them.
The generator appends as it goes, so it can be stopped and restarted.

A book is checked as it is read, and every error names its file: the shipped book's
size and SHA-256 checksum must be the ones recorded here (a damaged or edited copy is
refused), a file that is not gzip or ends early says so, every score of any other book
must be one the position allows (a win on the spot scores exactly what it should, no
score beyond what the stones left allow; the shipped book's checksum vouches for its
lines, which a test checks so, and it loads faster without), and `verify` re-solves a
sample of entries. A missing shipped
book is said with a warning: the solver still answers, but the first moves take minutes.
"""

from __future__ import annotations

import gzip
import hashlib
import random
import time
import warnings
import zlib
from importlib import resources
from pathlib import Path
from typing import IO, Any, Callable, Iterator

from gamelib.games.checks import brief
from gamelib.solver.engine import (centre_distance, child_score, first_best_column, get_solver,
                                   to_position)
from gamelib.solver.parallel import checked_workers, solve_columns
from gamelib.solver.position import SIZE, WIDTH, Position

BOOK_NAME = "connect4_book.txt.gz"
EMPTY = "-"
UNKNOWN = "."
HEADER = ("# Connect Four opening book for gamelib.solver (7 columns x 6 rows)\n"
          "# <moves ('-' = empty board)> <score of columns 0..6 for the side to move; "
          "'.' = full or not solved>\n")
SHIPPED_SIZE = 97756
SHIPPED_SHA256 = "d902aa90935c3be1e4d72423675f9028f98f81ce76eb84904b3a20dce5f4204c"
"""The shipped book's size in bytes and SHA-256 checksum: loading it checks both (a test
checks they are the file's; update them when the book is regenerated)."""
COMPLETE_STONES = 6
"""The shipped book holds every column of every position of this many stones or fewer."""
FLUSH_SECONDS = 20.0
"""The generator writes what it solved at least this often (a stop loses no more)."""

Scores = dict[int, int]
"""{column (0-based): exact score of playing it, for the player to move}."""


class BookError(ValueError):
    """An opening book file that cannot be used: the message names the file and says why
    (not gzip, cut short, a line that is not an entry, a score no position allows, a
    shipped book whose checksum is not the recorded one)."""


def default_path() -> Path:
    """Where the shipped book lives (gamelib/data/connect4_book.txt.gz)."""
    return Path(str(resources.files("gamelib") / "data" / BOOK_NAME))


def best_of(scores: Scores) -> tuple[int, int]:
    """(best score, centre-most column reaching it)."""
    best = max(scores.values())
    return best, min((c for c, s in scores.items() if s == best), key=centre_distance)


def mirrored(scores: Scores) -> Scores:
    """The same scores for the mirror-image position."""
    return {WIDTH - 1 - c: s for c, s in scores.items()}


class OpeningBook:
    """Position -> every known column score, for solved opening positions, mirrors included."""

    def __init__(self, entries: dict[str, Scores] | None = None) -> None:
        self.entries: dict[str, Scores] = {}
        self._by_key: dict[int, Scores] = {}
        self._first: dict[int, Scores] = {}
        """Each position's first line: the move the book was built along is its best."""
        self.plies = -1
        """The deepest ply in the book (-1 when empty)."""
        for moves, scores in (entries or {}).items():
            self.add(moves, scores)

    def add(self, moves: str, scores: Scores, checked: bool = True) -> None:
        """Record the column scores (at least the best column's) of the position after
        `moves`; a ValueError if one is impossible (a full column, a score beyond what
        the stones left allow, a win on the spot scored otherwise), unless `checked` is
        False (the shipped book, whose checksum vouches for it)."""
        pos = to_position(moves)            # (compiled when numba is there: books are long)
        for col, score in scores.items() if checked else ():
            problem = score_problem(pos, col, score)
            if problem:
                raise ValueError(f"book entry {brief(moves or EMPTY)}: column {col} {problem}")
        merged = {**self._by_key.get(pos.key(), {}), **scores}   # a line seen twice: both hold
        self.entries[moves] = merged
        self.plies = max(self.plies, len(moves))
        self._by_key[pos.key()] = merged
        self._first.setdefault(pos.key(), dict(scores))
        mirror_key = pos.mirror().key()
        if mirror_key != pos.key():
            self._by_key[mirror_key] = mirrored(merged)
            self._first.setdefault(mirror_key, mirrored(scores))

    def scores(self, pos: Position) -> Scores | None:
        """Every column score the book knows for `pos` (its own, then those of the positions
        after it that the book holds), or None if the book does not hold `pos`."""
        own = self._by_key.get(pos.key())
        if own is None:
            return None
        found = dict(own)
        for col in range(WIDTH):
            if col not in found and pos.can_play(col) and not pos.is_winning_move(col):
                child = self._by_key.get(pos.play_col(col).key())
                if child:
                    found[col] = -max(child.values())
        return found

    def lookup(self, pos: Position) -> tuple[int, int] | None:
        """(score, best column) for `pos`, or None if the book does not hold it. The column
        is the centre-most best of the position's first line, the move the book was built
        along: a later line that adds other columns' scores (a tie among them) does not
        move the player off the positions the book holds after it."""
        own = self._by_key.get(pos.key())
        return None if own is None else best_of(self._first[pos.key()])

    def score(self, pos: Position) -> int | None:
        """The exact score of `pos` for the player to move, if the book holds it or holds
        the column that led to it in a position before it (so a position of seven
        stones is answered from the lines of six), else None."""
        found = self.lookup(pos)
        if found is not None:
            return found[0]
        for before, col in Position(pos.current, pos.mask, pos.moves).before():
            scores = self._by_key.get(before.key())
            if scores and col in scores:
                return -scores[col]
        return None

    def __contains__(self, pos: Position) -> bool:
        return pos.key() in self._by_key

    def __len__(self) -> int:
        return len(self.entries)

    def cut(self, stones: int) -> OpeningBook:
        """A book of this one's lines for positions of `stones` stones or fewer (to measure
        what the deeper lines add, or to keep positions off the book)."""
        return OpeningBook({moves: scores for moves, scores in self.entries.items()
                            if len(moves) <= stones})

    @classmethod
    def load(cls, path: str | Path | None = None) -> OpeningBook:
        """Read a book file: the shipped one by default (its size and checksum checked;
        if it is missing, a warning says so and the book is empty, so early positions
        take the solver minutes). A file named here must exist. Any error is a
        `BookError` (or FileNotFoundError) naming the file."""
        shipped = not path
        path = Path(path) if path else default_path()
        book = cls()
        if shipped and not path.is_file():
            warnings.warn(f"the opening book {path} is missing: the solver still answers, "
                          f"but the first moves of a game take it minutes (reinstall "
                          f"gamelib to get the book back)", RuntimeWarning, stacklevel=2)
            return book
        if not path.is_file():
            raise FileNotFoundError(f"no opening book at {path}"
                                    + (" (it is a folder)" if path.is_dir() else ""))
        if shipped:
            check_shipped(path)
        number = 0
        try:
            with open_book(path, "rt") as lines:
                for number, line in enumerate(lines, start=1):
                    if line.strip() and not line.startswith("#"):
                        moves, scores = parse_line(line)
                        book.add(moves, scores, checked=not shipped)
        except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as error:
            raise BookError(f"cannot read the opening book {path}: "
                            f"{describe_error(error, number)}") from None
        return book

    def verify(self, sample: int = 3, engine: str = "auto", seed: int = 0) -> None:
        """Solve `sample` entries again (chosen at random among the deepest plies, the
        quickest to solve) and raise a ValueError naming the first wrong score."""
        solver = get_solver(engine)
        deepest = sorted(self.entries, key=len, reverse=True)[:max(50, sample)]
        for moves in random.Random(seed).sample(deepest, min(sample, len(deepest))):
            pos = to_position(moves)
            for col, score in self.entries[moves].items():
                truth = child_score(solver, pos, col)
                if truth != score:
                    raise ValueError(f"book entry {moves or EMPTY}: column {col} scores "
                                     f"{score} in the book, but {truth} when solved")


def score_problem(pos: Position, col: int, score: int) -> str:
    """What makes `score` impossible for playing `col` in `pos` ("" if nothing): a full
    column, a win on the spot not scored as one, or a score beyond what the stones left
    allow (a win with the mover's next stone at best, a loss to the opponent's next)."""
    if not 0 <= col < WIDTH or not pos.can_play(col):
        return "is full" if 0 <= col < WIDTH else "is off the board"
    best = (SIZE + 1 - pos.moves) // 2          # a win with this very stone
    if pos.is_winning_move(col):
        return "" if score == best else f"wins at once, so it scores {best}, not {score}"
    worst = -((SIZE - pos.moves) // 2)          # the opponent wins with its next stone
    if not worst <= score < best:
        return (f"scores {score}, but after {pos.moves} stones a move that does not win "
                f"at once scores from {worst} to {best - 1}")
    return ""


def check_shipped(path: Path) -> None:
    """Raise a BookError naming `path` unless its size and SHA-256 checksum are the
    shipped book's."""
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if len(data) != SHIPPED_SIZE or digest != SHIPPED_SHA256:
        raise BookError(f"the opening book {path} is not the one gamelib ships ({len(data)} "
                        f"bytes, SHA-256 {digest[:12]}..., expected {SHIPPED_SIZE} bytes, "
                        f"{SHIPPED_SHA256[:12]}...): it is damaged or was changed; reinstall "
                        f"gamelib, or load your own book with OpeningBook.load(path)")


def describe_error(error: BaseException, line: int) -> str:
    """Why a book could not be read, in words."""
    if isinstance(error, gzip.BadGzipFile) or (isinstance(error, OSError)
                                                and "gzip" in str(error).lower()):
        return "it is not a gzip file (a book named .gz must be gzip-compressed)"
    if isinstance(error, (EOFError, zlib.error)):
        return f"the file ends early or is damaged (after line {line}): it was cut short"
    if isinstance(error, UnicodeDecodeError):
        return "it is not text (a book is ASCII text, gzip-compressed if its name ends in .gz)"
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return f"line {line}: {error}"


def open_book(path: Path, mode: str) -> IO[str]:
    """Open a book file as text, gzip-compressed if its name ends in .gz."""
    if path.suffix == ".gz":
        return gzip.open(path, mode, encoding="ascii")  # type: ignore[return-value]
    return path.open(mode[0], encoding="ascii")


def parse_line(line: str) -> tuple[str, Scores]:
    """(moves, scores) of one book line."""
    fields = line.split()
    if len(fields) != 1 + WIDTH:
        raise ValueError(f"bad book line {brief(line.strip())}: want moves and {WIDTH} scores")
    moves = "" if fields[0] == EMPTY else fields[0]
    scores = {}
    for col, text in enumerate(fields[1:]):
        if text != UNKNOWN:
            if not text.lstrip("-").isdigit() or not text.isascii():
                raise ValueError(f"bad book line {brief(line.strip())}: score {brief(text)} "
                                 f"of column {col} is not a whole number")
            scores[col] = int(text)
    return moves, scores


def format_line(moves: str, scores: Scores) -> str:
    """One book line (see the module docstring)."""
    cells = (str(scores[c]) if c in scores else UNKNOWN for c in range(WIDTH))
    return f"{moves or EMPTY} {' '.join(cells)}\n"


def analyze_position(pos: Position, book: OpeningBook, engine: str = "auto",
                     workers: int | None = None) -> Scores:
    """The exact score of every playable column of `pos` (the book's answers where it has
    them, the solver's for the rest, `workers` columns at once: see `parallel`)."""
    scores = book.scores(pos) or {}
    todo = [col for col in range(WIDTH) if pos.can_play(col) and col not in scores]
    scores.update(solve_each(pos, todo, engine, workers))
    return scores


def solve_each(pos: Position, columns: list[int], engine: str = "auto",
               workers: int | None = None) -> Scores:
    """{column: score} of each of `columns` of `pos`, searched, `workers` at once."""
    if not columns:
        return {}

    def score_one(solver: Any, col: int, told: Any, since: int) -> int:
        """The score of `col`, searched with `solver`."""
        return child_score(solver, pos, col)

    return solve_columns(get_solver(engine), columns, score_one, checked_workers(workers))[0]


def best_column(pos: Position, book: OpeningBook, engine: str = "auto") -> Scores:
    """{centre-most best column: the position's score}: one solve, then one null-window
    test per column until a column reaches the score (cheaper than solving every one)."""
    solver = get_solver(engine)
    score = solver.solve(pos)
    return {first_best_column(solver, pos, score)[0]: score}


def met_positions(book: OpeningBook, plies: int, solve_one: Callable[[str], Scores],
                  root: str = "") -> Iterator[str]:
    """Every position a perfect player meets within `plies` plies, ply by ply: the root
    (the empty board) and each reply to it, then, after the best move, every reply.

    A position and its mirror image are both walked (the book stores them as one line, so
    the second costs no solving): among equal scores the player takes the left-most of the
    centre-most columns, so from a mirror image it plays the mirror of a different move."""
    start = Position.from_string(root)
    frontier = [root] + [root + str(c) for c in range(WIDTH)
                         if start.can_play(c) and not start.is_winning_move(c)]
    seen: set[int] = set()
    while frontier:
        moves = frontier.pop(0)
        pos = Position.from_string(moves)
        if len(moves) > plies or pos.key() in seen:
            continue
        seen.add(pos.key())
        yield moves
        known = book.scores(pos)
        _, best = best_of(known if known else solve_one(moves))
        if pos.is_winning_move(best):
            continue
        after = pos.play_col(best)
        for reply in range(WIDTH):
            if after.can_play(reply) and not after.is_winning_move(reply):
                frontier.append(moves + str(best) + str(reply))


def positions_of(stones: int) -> list[str]:
    """A move string for every position of exactly `stones` stones, a position and its
    mirror image once, in the order a walk from the empty board meets them."""
    seen: set[int] = set()
    found: list[str] = []

    def walk(moves: str, pos: Position) -> None:
        if len(moves) == stones:
            key = min(pos.key(), pos.mirror().key())
            if key not in seen:
                seen.add(key)
                found.append(moves)
            return
        for col in range(WIDTH):
            if pos.can_play(col) and not pos.is_winning_move(col):
                walk(moves + str(col), pos.play_col(col))

    walk("", Position.empty())
    return found


def generate_every(stones: int, path: str | Path | None = None, engine: str = "auto",
                   log: Callable[[str], Any] = print,
                   workers: int | None = None) -> OpeningBook:
    """Give every position of `stones` stones or fewer a line with every column's score,
    appended to the book file. The deepest positions come first: each column the book
    does not answer yet (a column leading to a position that a line already written
    reaches too is not solved again) is solved; a shallower position's columns then come
    from the lines after them. Positions already complete are skipped, so a stopped run
    resumes. Six stones take about 2 hours on two cores of a laptop, each stone fewer
    several times less; `workers` columns are solved at once (see `parallel`)."""
    checked_workers(workers)
    path = Path(path) if path else default_path()
    book = OpeningBook.load(path) if path.exists() else OpeningBook()
    if not path.exists():
        with open_book(path, "wt") as out:
            out.write(HEADER)
    get_solver(engine)                  # (an engine that cannot run here: said at once)
    pending: list[str] = []
    last_flush = time.perf_counter()
    try:
        for depth in range(stones, -1, -1):
            todo = positions_of(depth)
            for number, moves in enumerate(todo, start=1):
                start, pos = time.perf_counter(), Position.from_string(moves)
                playable = [col for col in range(WIDTH) if pos.can_play(col)]
                if set(book._by_key.get(pos.key(), {})) >= set(playable):
                    continue                                    # complete already
                scores = book.scores(pos) or {}
                searched = []
                for col in sorted(playable, key=centre_distance):
                    if col not in scores:
                        known = (None if pos.is_winning_move(col)
                                 else book.score(pos.play_col(col)))
                        if known is None:
                            searched.append(col)
                        else:
                            scores[col] = -known
                scores.update(solve_each(pos, searched, engine, workers))
                book.add(moves, scores)
                pending.append(format_line(moves, scores))
                if time.perf_counter() - last_flush > FLUSH_SECONDS:
                    _append(path, pending)
                    last_flush = time.perf_counter()
                log(f"{depth} stones, {number}/{len(todo)}: {moves or EMPTY} "
                    f"{format_line(moves, scores).split()[1:]} "
                    f"({time.perf_counter() - start:.2f} s)")
    finally:
        _append(path, pending)
    return book


def _append(path: Path, lines: list[str]) -> None:
    """Append `lines` to the book file and empty the list (gzip: one more member, still
    one file)."""
    if lines:
        with open_book(path, "at") as out:
            out.writelines(lines)
        lines.clear()


def generate(plies: int, path: str | Path | None = None, engine: str = "auto",
             log: Callable[[str], Any] = print, root: str = "",
             every_column: bool = True, workers: int | None = None) -> OpeningBook:
    """Solve every position a perfect player meets in the first `plies` plies (from
    `root`, the empty board by default) and append each to the book file: the score of
    every column, or with every_column=False only the best one's (about 3 times
    faster). Positions already there are skipped, so an interrupted run resumes.
    `workers` columns are solved at once (see `parallel`)."""
    checked_workers(workers)
    path = Path(path) if path else default_path()
    book = OpeningBook.load(path) if path.exists() else OpeningBook()
    if not path.exists():
        with open_book(path, "wt") as out:
            out.write(HEADER)
    pending: list[str] = []
    last_flush = time.perf_counter()

    def flush() -> None:
        nonlocal last_flush
        _append(path, pending)
        last_flush = time.perf_counter()

    def solve_one(moves: str) -> Scores:
        start = time.perf_counter()
        pos = Position.from_string(moves)
        scores = (analyze_position(pos, book, engine, workers) if every_column
                  else best_column(pos, book, engine))
        book.add(moves, scores)
        pending.append(format_line(moves, scores))
        if time.perf_counter() - last_flush > FLUSH_SECONDS:
            flush()
        log(f"{moves or EMPTY}: solved, scores {format_line(moves, scores).split()[1:]} "
            f"({time.perf_counter() - start:.2f} s)")
        return scores

    try:
        count = sum(1 for _ in met_positions(book, plies, solve_one, root))
    finally:
        flush()
    log(f"book: {count} positions up to ply {plies} in {path}")
    return book
