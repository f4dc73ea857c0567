"""The `solve` and `book` subcommands of `python -m gamelib`."""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

from gamelib.games.connect4 import from_standard
from gamelib.solver.api import analyze, get_solver, solve, to_position, warm_up
from gamelib.solver.position import WIDTH

"""A position that takes a handful of nodes: solving it loads the compiled code."""


def cmd_solve(args: argparse.Namespace) -> int:
    """Print a position's score and every column's score, or benchmark a file."""
    if args.bench:
        return bench(Path(args.bench), args.weak, args.engine, args.limit)
    if args.position is None:
        print("error: give a position (e.g. 3342, or - for the empty board) or --bench FILE",
              file=sys.stderr)
        return 2
    text = "" if args.position.strip() == "-" else args.position.strip()
    try:
        pos = to_position(text)
        scores = analyze(pos, weak=args.weak, engine=args.engine)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    kind = "weak result (1 win, 0 draw, -1 loss)" if args.weak else "score"
    print(f"position {text or '(empty board)'}: {kind} {scores.best_score} for the player to move")
    print("column: " + " ".join(f"{c:>3}" for c in range(WIDTH)))
    print("score:  " + " ".join(f"{scores[c]:>3}" if c in scores else "  -"
                                for c in range(WIDTH)))
    best = ", ".join(str(c) for c in scores.best_moves)
    how = ("from the opening book" if scores.from_book else
           f"{scores.nodes:,} nodes in {scores.seconds:.3f} s")
    print(f"best: column {best}; {how}")
    return 0


def bench(path: Path, weak: bool, engine: str, limit: int | None) -> int:
    """Solve every position of a reference file; print count, correct, mean time and nodes."""
    if limit is not None and limit < 1:
        print(f"error: --limit is how many lines to solve, a whole number >= 1; got {limit}",
              file=sys.stderr)
        return 2
    try:
        stats = bench_stats(path, weak, engine, limit)
    except OSError as error:
        print(f"error: cannot read {path}: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"{path.name}: positions {stats['positions']}, correct {stats['correct']}, "
          f"mean time {_duration(stats['mean_seconds'])}, mean nodes "
          f"{stats['mean_nodes']:,.0f}, nodes/s {stats['nodes_per_second']:,.0f}")
    return 0 if stats["correct"] == stats["positions"] else 1


def bench_stats(path: Path, weak: bool = False, engine: str = "auto",
                limit: int | None = None, options: int | None = None,
                repeat: int = 1) -> dict[str, float]:
    """Solve the first `limit` lines of a reference file (all by default), each from an
    empty table (as Pons' C++ benchmark resets its table before each position) and
    without the opening book; the time of each position is one `solve(text)` call,
    parsing included (with `repeat` > 1, the fastest of that many calls: the machine's
    noise only ever adds time). `options`: the compiled engine's switches (default: its
    own). Returns positions, correct, mean_seconds, median_seconds, mean_nodes,
    nodes_per_second."""
    lines = read_bench_lines(path)
    lines = lines[:limit] if limit else lines
    texts = [from_standard(moves) for moves, _ in lines]
    solver = get_solver(engine)
    warm_up(engine)                    # compile (or load the cache) before the clock
    saved = getattr(solver, "options", None)
    if options is not None and saved is not None:
        solver.options = options
    correct = nodes = 0
    times = []
    try:
        for text, (_, target) in zip(texts, lines):
            fastest = math.inf
            for _ in range(max(repeat, 1)):
                solver.reset()
                start = time.perf_counter()
                score = solve(text, weak, engine, use_book=False)
                fastest = min(fastest, time.perf_counter() - start)
            times.append(fastest)
            nodes += score.nodes
            correct += score == ((target > 0) - (target < 0) if weak else target)
    finally:
        if saved is not None:
            solver.options = saved
    n, total = max(len(lines), 1), sum(times)
    return {"positions": len(lines), "correct": correct, "mean_seconds": total / n,
            "median_seconds": statistics.median(times or [0.0]),
            "mean_nodes": nodes / n, "nodes_per_second": nodes / max(total, 1e-9)}


def read_bench_lines(path: Path) -> list[tuple[str, int]]:
    """(position, expected score) for each line of a standard test set; a ValueError names
    the first line that is not "<1-based column digits> <score>" (blank lines are skipped)."""
    lines = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip():
            continue
        parts = line.split()
        try:
            if len(parts) != 2:
                raise ValueError("expected two fields")
            from_standard(parts[0])
            to_position(from_standard(parts[0]))
            lines.append((parts[0], int(parts[1])))
        except ValueError as error:
            raise ValueError(f"{path.name}, line {number}: {line.strip()[:60]!r} is not "
                             f"'<position in 1-based column digits> <score>', e.g. "
                             f"'4453 -2' ({error})") from None
    return lines


def _duration(seconds: float) -> str:
    """A short readable duration: us, ms or s."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def cmd_book(args: argparse.Namespace) -> int:
    """Generate (or extend) the opening book."""
    from gamelib.solver.book import default_path, generate, open_book
    if args.plies < 1:
        print(f"error: --plies must be a whole number >= 1, got {args.plies}", file=sys.stderr)
        return 2
    out = Path(args.out)
    if not out.exists():            # start from the shipped book: only new plies are solved
        with open_book(default_path(), "rt") as shipped, open_book(out, "wt") as copy:
            copy.write(shipped.read())     # (.gz: compressed, any other name: plain text)
    generate(args.plies, out, args.engine, every_column=not args.best_only)
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register `solve` and `book` with the main parser's subcommands."""
    solve = sub.add_parser("solve", help="exact Connect Four scores (7x6)")
    solve.add_argument("position", nargs="?", default=None,
                       help="0-based column digits, e.g. 3342 ('-' for the empty board)")
    solve.add_argument("--bench", metavar="FILE", help="solve every line of a standard test set (1-based positions, as published)")
    solve.add_argument("--limit", type=int, default=None,
                       help="with --bench: solve only the first N lines (N >= 1)")
    solve.add_argument("--weak", action="store_true", help="win/draw/loss only (faster)")
    solve.add_argument("--engine", choices=["auto", "fast", "python"], default="auto",
                       help="numba (fast) or pure Python (default: auto)")
    solve.set_defaults(run=cmd_solve)
    book = sub.add_parser("book", help="extend the Connect Four opening book (resumable)")
    book.add_argument("--plies", type=int, default=2, help="positions met in the first N plies")
    book.add_argument("--out", required=True,
                      help="the book file to write or extend (required, so the book "
                           "shipped inside gamelib is only written when you name it; a new "
                           "file starts as a copy of it). Use it with "
                           "PerfectPlayer(book=OpeningBook.load(FILE))")
    book.add_argument("--engine", choices=["auto", "fast", "python"], default="auto")
    book.add_argument("--best-only", action="store_true",
                      help="store only the best column's score (about 3x faster)")
    book.set_defaults(run=cmd_book)
