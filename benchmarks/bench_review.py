"""How much of a Connect Four game a review judges within its time budget, and how fast.

    python benchmarks/bench_review.py            # the figures in benchmarks/README.md
    python benchmarks/bench_review.py --games 2  # fewer games (per pair of players)

The same seeded games (a random player or alpha-beta against another) are reviewed, every
move of both sides, within `REVIEW_SECONDS`, three ways in one run: with the shipped
opening book, with the book cut to its positions of two stones or fewer (the baseline:
the book before it held every position of four), and with no book. A move the review
cannot finish in time is "not judged"; the table counts them, by the stones on the
board before the move. The solver's table is emptied before each review.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from contextlib import contextmanager
from typing import Iterator

from gamelib import ConnectFour
from gamelib.arena.play import play_game
from gamelib.arena.review import REVIEW_SECONDS, UNKNOWN, review_game
from gamelib.arena.specs import player_from_spec
from gamelib.solver import api
from gamelib.solver.book import OpeningBook

PAIRS = [("random", "alphabeta:2"), ("alphabeta:4", "random"), ("random", "random"),
         ("mcts:300", "alphabeta:3")]


def games(per_pair: int) -> list[str]:
    """The seeded games, as 0-based column strings."""
    found = []
    for first, second in PAIRS:
        for seed in range(per_pair):
            players = [player_from_spec(first, seed), player_from_spec(second, seed + 100)]
            record = play_game(ConnectFour(), players, seed=seed)
            found.append("".join(str(move) for move in record.moves))
    return found


@contextmanager
def book_in_use(book: OpeningBook) -> Iterator[None]:
    """Reviews read `book` for the block (the shipped one again afterwards)."""
    shipped = api.opening_book()
    api._book = book
    try:
        yield
    finally:
        api._book = shipped


def review_all(texts: list[str]) -> tuple[Counter, int, list[float]]:
    """(not judged by stones before the move, moves, seconds per game) over `texts`."""
    unjudged: Counter = Counter()
    seconds, moves = [], 0
    for text in texts:
        api.get_solver().reset()
        started = time.perf_counter()
        reviews = review_game(ConnectFour(), [int(c) for c in text])
        seconds.append(time.perf_counter() - started)
        moves += len(reviews)
        unjudged.update(r.index for r in reviews if r.verdict == UNKNOWN)
    return unjudged, moves, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per pair (default 10)")
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    texts = games(args.games)
    api.warm_up()
    shipped = api.opening_book()
    print(f"{len(texts)} games ({', '.join(' v '.join(p) for p in PAIRS)}), "
          f"{sum(map(len, texts))} moves; budget {REVIEW_SECONDS} s a game")
    print(f"{'book':<34} {'not judged':>10} {'at stones':<44} {'mean s':>7} {'max s':>6}")
    for name, book in (("shipped", shipped), ("two stones or fewer (baseline)", shipped.cut(2)),
                       ("none", OpeningBook())):
        with book_in_use(book):
            unjudged, moves, seconds = review_all(texts)
        where = ", ".join(f"{k}:{n}" for k, n in sorted(unjudged.items())) or "-"
        print(f"{name:<34} {sum(unjudged.values()):>4} of {moves:<4} {where:<44} "
              f"{statistics.mean(seconds):>7.2f} {max(seconds):>6.2f}")


if __name__ == "__main__":
    main()
