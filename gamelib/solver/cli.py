"""The `solve` and `book` subcommands of `python -m gamelib`."""

from __future__ import annotations

import argparse
import math
import os
import signal
import statistics
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from typing import IO, Iterator

from gamelib.platform import _, clip, display_width, error_line, pad
from gamelib.solver.api import (ENGINES, Analysis, analyze, book_column_scores,
                                centre_distance, get_solver, solve, to_position, warm_up)
from gamelib.solver.book import COMPLETE_STONES
from gamelib.solver.position import SIZE, WIDTH, Position
from gamelib.solver.parallel import MAX_WORKERS, checked_workers
from gamelib.solver.progress import Progress, Report
from gamelib.solver.steps import SETS, parse_test_lines, standard_lines


class Status:
    """One line on a terminal saying what a long command is doing and for how long
    ("solving column 2 (3 of 6), 14.2 s so far"), rewritten in place and erased at the
    end. Nothing is written when the stream is not a terminal (a file, a pipe, a test),
    unless `forced`: then each update is a line of its own."""

    def __init__(self, stream: IO[str] | None = None, forced: bool = False) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.terminal = bool(getattr(self.stream, "isatty", lambda: False)())
        self.on = self.terminal or forced
        self.start = time.perf_counter()
        self.width = 0

    def say(self, text: str, hint: str = "") -> None:
        """Show `text` with the time so far, then `hint` (on a terminal, or when forced;
        on a terminal within its width, so that the line never wraps: the hint is left
        out first)."""
        if not self.on:
            return
        line = _("{doing}, {seconds:.1f} s so far").format(
            doing=text, seconds=time.perf_counter() - self.start)
        if self.terminal:
            line = fit(line, hint, terminal_columns(self.stream) - 1)
            self.stream.write("\r" + pad(line, self.width))
            self.width = display_width(line)
        else:
            self.stream.write((f"{line}; {hint}" if hint else line) + "\n")
        self.stream.flush()

    def done(self) -> None:
        """Erase the line (on a terminal)."""
        if self.terminal and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def terminal_columns(stream: IO[str]) -> int:
    """How many columns the terminal of `stream` has (80 when it cannot tell)."""
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):      # (a stand-in stream has no fileno)
        columns = 0
    return columns or 80                    # (a new pseudo-terminal says 0)


def fit(line: str, hint: str, columns: int) -> str:
    """`line`, then `hint` if both fit in `columns` terminal columns; else `line` alone,
    cut to them if need be."""
    if hint and display_width(f"{line}; {hint}") <= columns:
        return f"{line}; {hint}"
    while display_width(line) > columns:
        line = line[:-1]
    return line


@contextmanager
def ctrl_c_stops_at_once() -> Iterator[None]:
    """Within: Ctrl-C ends the program at once. The compiled solver does not look at
    signals, so Python's KeyboardInterrupt would wait until the column being solved is
    done (minutes for an early position); the system's own handling stops it now."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield                           # someone else handles Ctrl-C: leave it to them
        return
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def column_scores(pos: Position, weak: bool = False, engine: str = "auto",
                  status: Status | None = None, workers: int | None = None) -> Analysis:
    """`analyze(pos, weak, engine, workers=workers)`, saying on a terminal which column
    is being solved and the interval its score is known to lie in so far. Only what the
    book does not hold is searched."""
    status = status or Status()
    checked_workers(workers)
    known = book_column_scores(pos)
    todo = [col for col in range(WIDTH) if pos.can_play(col) and col not in known]
    if todo:
        status.say(_("loading the solver"))
        get_solver(engine)
        warm_up(engine)
    numbers = {col: n for n, col in enumerate(sorted(todo, key=centre_distance), start=1)}
    try:        # (the search comes back every fraction of a second: Ctrl-C works)
        return analyze(pos, weak, engine, progress=column_line(status, numbers),
                       workers=workers)
    finally:
        status.done()


def column_line(status: Status, numbers: dict[int, int]) -> Report:
    """What draws a column's progress on `status`: the column, which of how many (by
    `numbers`, its place in the order they are solved), and its score's interval so far."""
    def show(progress: Progress) -> None:
        """Say where the column's solve stands."""
        number = numbers.get(progress.column if progress.column is not None else -1, 0)
        status.say(_("solving column {column} ({number} of {count}): score in [{low}, "
                     "{high}], {nodes:,} nodes").format(
            column=progress.column, number=number, count=len(numbers), low=progress.low,
            high=progress.high, nodes=progress.nodes), _("Ctrl-C stops"))
    return show


def cmd_solve(args: argparse.Namespace) -> int:
    """Print a position's score and every column's score, or benchmark a file."""
    if args.bench:
        return bench(Path(args.bench), args.weak, args.engine, args.limit)
    if args.limit is not None:
        print(error_line(_("--limit is how many lines of a --bench FILE to solve; it does "
                           "nothing for one position (leave it out, or add --bench FILE)")),
              file=sys.stderr)
        return 2
    if args.position is None:
        print(error_line(_("give a position (e.g. 3342, or - for the empty board) or "
                           "--bench FILE")), file=sys.stderr)
        return 2
    text = "" if args.position.strip() == "-" else args.position.strip()
    try:
        pos = to_position(text)
        scores = column_scores(pos, weak=args.weak, engine=args.engine,
                               status=Status(forced=args.progress), workers=args.workers)
    except (ValueError, RuntimeError) as error:     # (RuntimeError: the engine cannot run here)
        print(error_line(clip(str(error))), file=sys.stderr)
        return 2
    if not scores:
        print(_("position {position}: the board is full, a draw; no column to play")
              .format(position=text))
        return 0
    kind = _("weak result (1 win, 0 draw, -1 loss)") if args.weak else _("score")
    print(_("position {position}: {kind} {score} for the player to move").format(
        position=clip(text, 80) or _("(empty board)"), kind=kind, score=scores.best_score))
    print(score_table(scores))
    best = ", ".join(str(c) for c in scores.best_moves)
    how = (_("from the opening book") if scores.from_book else
           _("{nodes:,} nodes in {seconds:.3f} s").format(nodes=scores.nodes,
                                                          seconds=scores.seconds))
    print(_("best: column {columns}; {how}").format(columns=best, how=how))
    return 0


def score_table(scores: Analysis) -> str:
    """Two lines: the column numbers, and under each its score ("-" for a full column),
    the headers padded to one width so the numbers line up in any language."""
    headers = [_("column:"), _("score:")]
    width = max(display_width(header) for header in headers) + 1
    cells = [" ".join(f"{c:>3}" for c in range(WIDTH)),
             " ".join(f"{scores[c]:>3}" if c in scores else "  -" for c in range(WIDTH))]
    return "\n".join(pad(header, width) + row for header, row in zip(headers, cells))


def bench(path: Path, weak: bool, engine: str, limit: int | None) -> int:
    """Solve every position of a reference file; print count, correct, mean time and nodes."""
    if limit is not None and limit < 1:
        print(error_line(_("--limit is how many lines to solve, a whole number >= 1; got "
                           "{limit}").format(limit=limit)), file=sys.stderr)
        return 2
    if path.exists() and not path.is_file():
        print(error_line(_("--bench {path} is not an ordinary file (a folder, a device or "
                           "a pipe); give a test set such as Test_L2_R1.txt").format(
                               path=clip(str(path), 200))), file=sys.stderr)
        return 2
    status = Status()
    try:
        with ctrl_c_stops_at_once():
            stats = bench_stats(path, weak, engine, limit, status=status)
    except OSError as error:
        print(error_line(_("cannot read {path}: {problem}; give a file of lines "
                           "'<1-based column digits> <score>' or a set that ships with "
                           "gamelib: {sets}").format(path=path,
                                                     problem=error.strerror or error,
                                                     sets=", ".join(SETS))), file=sys.stderr)
        return 2
    except (ValueError, RuntimeError) as error:     # (RuntimeError: the engine cannot run here)
        print(error_line(clip(str(error))), file=sys.stderr)
        return 2
    finally:
        status.done()
    print(_("{name}: positions {positions}, correct {correct}, mean time {time}, mean nodes "
            "{nodes:,.0f}, nodes/s {speed:,.0f}").format(
        name=path.name, positions=stats["positions"], correct=stats["correct"],
        time=_duration(stats["mean_seconds"]), nodes=stats["mean_nodes"],
        speed=stats["nodes_per_second"]))
    return 0 if stats["correct"] == stats["positions"] else 1


def bench_stats(path: Path, weak: bool = False, engine: str = "auto",
                limit: int | None = None, options: int | None = None,
                repeat: int = 1, status: Status | None = None) -> dict[str, float]:
    """Solve the first `limit` lines of a reference file (all by default), each from an
    empty table (as Pons' C++ benchmark resets its table before each position) and
    without the opening book; the time of each position is one `solve(text)` call,
    parsing included (with `repeat` > 1, the fastest of that many calls: the machine's
    noise only ever adds time). `options`: the compiled engine's switches (default: its
    own); `status`: where to say which line is being solved. Returns positions, correct,
    mean_seconds, median_seconds, mean_nodes, nodes_per_second, and mean_probes (the
    compiled engine's positions that reached the table, as c4 counts nodes; else 0)."""
    name, lines = read_bench_set(path)
    lines = lines[:limit] if limit else lines
    solver = get_solver(engine)
    warm_up(engine)                    # compile (or load the cache) before the clock
    saved = getattr(solver, "options", None)
    if options is not None and saved is not None:
        solver.options = options
    correct = nodes = probes = 0
    times = []
    try:
        for number, (text, target) in enumerate(lines, start=1):
            if status is not None:
                status.say(_("{name}: solving line {number} of {count}").format(
                    name=name, number=number, count=len(lines)))
            fastest = math.inf
            for _time in range(max(repeat, 1)):
                solver.reset()
                start = time.perf_counter()
                score = solve(text, weak, engine, use_book=False, progress=False)
                fastest = min(fastest, time.perf_counter() - start)
            times.append(fastest)
            nodes += score.nodes
            probes += getattr(solver, "probes", 0)    # (reset before the last call)
            correct += score == ((target > 0) - (target < 0) if weak else target)
    finally:
        if saved is not None:
            solver.options = saved
    n, total = max(len(lines), 1), sum(times)
    return {"positions": len(lines), "correct": correct, "mean_seconds": total / n,
            "median_seconds": statistics.median(times or [0.0]),
            "mean_nodes": nodes / n, "nodes_per_second": nodes / max(total, 1e-9),
            "mean_probes": probes / n}


def read_bench_set(where: str | Path) -> tuple[str, list[tuple[str, int]]]:
    """The name and (position in 0-based columns, exact score) of every line of a test set:
    one that ships with gamelib, named as in `SETS` ("L2_R1" or "Test_L2_R1"), or a file of
    lines "<1-based column digits> <score>"; a ValueError names the first line in another
    form (blank lines are skipped)."""
    name = Path(where).name.removesuffix(".txt").removeprefix("Test_")
    path = Path(where)
    if name in SETS and not path.exists():
        return f"Test_{name}", parse_test_lines(standard_lines(name), f"Test_{name}.txt", 10**9)
    text = path.read_text()
    return path.name, parse_test_lines(text.splitlines(), path.name, 10**9)


def _duration(seconds: float) -> str:
    """A short readable duration: us, ms or s."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def cmd_book(args: argparse.Namespace) -> int:
    """Generate (or extend) the opening book."""
    from gamelib.solver.book import default_path, generate, generate_every, open_book
    if args.stones is not None and not 0 <= args.stones < SIZE:
        print(error_line(_("--stones must be a whole number from 0 to {most}, got {stones}"
                           ).format(most=SIZE - 1, stones=args.stones)), file=sys.stderr)
        return 2
    if not 1 <= args.plies <= SIZE:
        print(error_line(_("--plies must be a whole number from 1 to {size} (a game has at "
                           "most {size} moves), got {plies}").format(size=SIZE,
                                                                     plies=args.plies)),
              file=sys.stderr)
        return 2
    out = Path(args.out)
    problem = book_out_problem(out)
    if problem:
        print(error_line(f"--out {clip(str(out), 200)}: {problem}"), file=sys.stderr)
        return 2
    try:
        if not out.exists():        # start from the shipped book: only new plies are solved
            with open_book(default_path(), "rt") as shipped, open_book(out, "wt") as copy:
                copy.write(shipped.read())     # (.gz: compressed, any other name: plain text)
        if args.stones is not None:
            generate_every(args.stones, out, args.engine, workers=args.workers)
        else:
            generate(args.plies, out, args.engine, every_column=not args.best_only,
                     workers=args.workers)
    except OSError as error:
        print(error_line(_("cannot write the book {path}: {problem}").format(
            path=clip(str(out), 200), problem=error.strerror or error)), file=sys.stderr)
        return 2
    except RuntimeError as error:       # the engine cannot run here
        print(error_line(clip(str(error))), file=sys.stderr)
        return 2
    return 0


def book_out_problem(out: Path) -> str:
    """What is wrong with `out` as a book file to write ("" if nothing is)."""
    if out.is_dir():
        return _("is a folder; give a file name, e.g. my_book.txt")
    if out.exists() and not out.is_file():
        return _("is not an ordinary file (a device or a pipe); give a file name")
    folder = out.parent
    if not folder.exists():
        return _("the folder {folder} does not exist (create it first)").format(folder=folder)
    if not folder.is_dir():
        return _("{folder} is a file, not a folder").format(folder=folder)
    if out.exists() and not os.access(out, os.W_OK) or not os.access(folder, os.W_OK):
        return _("cannot be written here (no permission)")
    return ""


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register `solve` and `book` with the main parser's subcommands."""
    solve = sub.add_parser("solve", help=_("exact Connect Four scores (7x6)"))
    solve.add_argument("position", nargs="?", default=None,
                       help=_("0-based column digits, e.g. 3342 ('-' for the empty board)"))
    solve.add_argument("--bench", metavar="SET", help=_(
        "solve every line of a standard test set: one that ships with gamelib ({sets}) or a "
        "file of lines '<1-based column digits> <score>', as Pons publishes them").format(
            sets=", ".join(SETS)))
    solve.add_argument("--limit", type=int, default=None,
                       help=_("with --bench: solve only the first N lines (N >= 1); refused "
                              "without --bench"))
    solve.add_argument("--weak", action="store_true", help=_("win/draw/loss only (faster)"))
    solve.add_argument("--progress", action="store_true",
                       help=_("show the progress line on standard error even when it is "
                              "not a terminal (one line per update)"))
    solve.add_argument("--engine", choices=ENGINES, default="auto",
                       help=_("numba (fast), the same search compiled to WebAssembly (wasm; "
                              "outside the browser it needs wasmtime) or pure Python "
                              "(default: auto)"))
    add_workers(solve)
    solve.set_defaults(run=cmd_solve)
    book = sub.add_parser("book", help=_("extend the Connect Four opening book (resumable)"))
    book.add_argument("--plies", type=int, default=2,
                      help=_("positions met in the first N plies"))
    book.add_argument("--out", required=True,
                      help=_("the book file to write or extend (required, so the book "
                             "shipped inside gamelib is only written when you name it; a new "
                             "file starts as a copy of it). Use it with "
                             "PerfectPlayer(book=OpeningBook.load(FILE))"))
    book.add_argument("--engine", choices=ENGINES, default="auto")
    book.add_argument("--stones", type=int, default=None, help=_(
        "instead of --plies: every column of every position of N stones or fewer (the "
        "shipped book holds {stones}: about 2 hours on two cores; each stone more takes "
        "several times longer)").format(stones=COMPLETE_STONES))
    book.add_argument("--best-only", action="store_true",
                      help=_("store only the best column's score (about 3x faster)"))
    add_workers(book)
    book.set_defaults(run=cmd_book)


def add_workers(command: argparse.ArgumentParser) -> None:
    """The `--workers N` option: how many columns are solved at once."""
    command.add_argument("--workers", type=workers_number, default=None, metavar="N", help=_(
        "how many columns to solve at once, each on a core, all searching one table (1 to "
        "{most}; default: 2 on a computer with two cores or more; the compiled solver only)"
        ).format(most=MAX_WORKERS))


def workers_number(text: str) -> int:
    """`--workers N` read as a number of threads, or argparse's error saying what is allowed."""
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_WORKERS:
        raise argparse.ArgumentTypeError(_(
            "a whole number from 1 to {most} (how many columns to solve at once), not "
            "{text!r}").format(most=MAX_WORKERS, text=text))
    return int(text)
