"""The `solve` and `book` subcommands of `python -m gamelib`."""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

from gamelib.games.connect4 import from_standard
from gamelib.solver.api import Analysis, analyze, get_solver, to_position
from gamelib.solver.book import OpeningBook
from gamelib.solver.position import WIDTH, Position

WARM_UP = "1141465142351133000452254232560240330"
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
        booked = book_analysis(pos, args.weak)
        scores = booked or analyze(pos, weak=args.weak, engine=args.engine)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    kind = "weak result (1 win, 0 draw, -1 loss)" if args.weak else "score"
    print(f"position {text or '(empty board)'}: {kind} {scores.best_score} for the player to move")
    print("column: " + " ".join(f"{c:>3}" for c in range(WIDTH)))
    print("score:  " + " ".join(f"{scores[c]:>3}" if c in scores else "  -"
                                for c in range(WIDTH)))
    best = ", ".join(str(c) for c in scores.best_moves)
    how = ("from the opening book" if booked else
           f"{scores.nodes:,} nodes in {scores.seconds:.3f} s")
    print(f"best: column {best}; {how}")
    return 0


def book_analysis(pos: Position, weak: bool) -> Analysis | None:
    """Every column's score from the opening book, when it holds every reply (the empty
    board and the first plies: answered at once instead of minutes of solving)."""
    book, scores = OpeningBook.load(), Analysis()
    for col in range(WIDTH):
        if pos.can_play(col):
            if pos.is_winning_move(col):
                return None
            found = book.lookup(pos.play_col(col))
            if found is None:
                return None
            scores[col] = -found[0] if not weak else -((found[0] > 0) - (found[0] < 0))
    scores.weak = weak
    return scores


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
                limit: int | None = None) -> dict[str, float]:
    """Solve the first `limit` lines of a reference file (all by default); the time of each
    position includes parsing its string. Returns positions, correct, mean_seconds,
    mean_nodes, nodes_per_second."""
    lines = read_bench_lines(path)
    lines = lines[:limit] if limit else lines
    solver = get_solver(engine)
    solver.solve(to_position(WARM_UP))  # compile (or load the cache) before the clock
    solver.reset()                       # start with an empty table, like the C++ runs
    correct = nodes = 0
    total = 0.0
    for moves, target in lines:
        start = time.perf_counter()
        before = solver.nodes
        score = solver.solve(to_position(from_standard(moves)), weak)
        total += time.perf_counter() - start
        nodes += solver.nodes - before
        correct += score == ((target > 0) - (target < 0) if weak else target)
    n = max(len(lines), 1)
    return {"positions": len(lines), "correct": correct, "mean_seconds": total / n,
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
    from gamelib.solver.book import default_path, generate
    if args.plies < 1:
        print(f"error: --plies must be a whole number >= 1, got {args.plies}", file=sys.stderr)
        return 2
    out = Path(args.out)
    if not out.exists():            # start from the shipped book: only new plies are solved
        shutil.copyfile(default_path(), out)
    generate(args.plies, out, args.engine)
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
    book.set_defaults(run=cmd_book)
