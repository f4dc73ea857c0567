"""The n-tuple network's two paths: plain Python (the browser course, which has no numpy)
against numpy (the desktop), on the work lesson 10 does. A script, not a test:
`python benchmarks/bench_learning.py [--quick]`. Figures are recorded in benchmarks/README.md.

Measured, each as the least CPU time of a few interleaved runs:
1. self-play TD(0) games on the 5x4 board (the lesson's 20 n-tuples of 6 cells);
2. the shipped 7x6 network's value of one position (an alpha-beta leaf);
3. its values of every move from a position (a greedy move: MCTS's learned playouts);
4. loading the shipped network's file.
"""

from __future__ import annotations

import argparse
import random
from typing import Callable

from gamelib import ConnectFour
from gamelib.learning import NTupleNetwork, shipped_path, train
from run_all import best_of_each  # benchmarks/run_all.py: the timing every benchmark shares

SMALL = ConnectFour(rows=4, cols=5)


def middle_game_positions(count: int) -> list:
    """`count` seeded random 7x6 positions of 2 to 20 discs, none finished."""
    game, rng, found = ConnectFour(), random.Random(1), []
    while len(found) < count:
        state = game.initial_state
        for _ in range(rng.randint(2, 20)):
            state = game.result(state, rng.choice(game.actions(state)))
            if game.is_terminal(state):
                break
        if not game.is_terminal(state):
            found.append(state)
    return found


def row(name: str, unit: str, count: int, numpy_s: float, plain_s: float) -> None:
    """One line: the time per unit on each path and how many times slower plain is."""
    print(f"{name:<34} {numpy_s / count * 1e3:>10.3f} {plain_s / count * 1e3:>10.3f} ms/{unit:<9}"
          f" {plain_s / numpy_s:>6.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and positions")
    quick = parser.parse_args().quick
    games, repeats = (20, 2) if quick else (200, 3)
    positions = middle_game_positions(20 if quick else 200)
    shipped = {plain: NTupleNetwork.load(shipped_path(), plain=plain) for plain in (False, True)}
    game = ConnectFour()
    print(f"{'':<34} {'numpy':>10} {'plain':>10} {'':<12} plain/numpy")

    def training(plain: bool) -> Callable[[], object]:
        return lambda: train(NTupleNetwork.random(SMALL, count=20, length=6, seed=1, plain=plain),
                             SMALL, games, seed=0, alpha=0.03)
    row("5x4 self-play TD(0)", "game", games, *best_of_each(repeats, [training(False), training(True)]))
    values = [lambda net=net: [net.value(s) for s in positions] for net in shipped.values()]
    row("7x6 value of a position", "position", len(positions), *best_of_each(repeats, values))
    greedy = [lambda net=net: [net.move_values(game, s) for s in positions]
              for net in shipped.values()]
    row("7x6 values of every move", "position", len(positions), *best_of_each(repeats, greedy))
    loads = [lambda plain=plain: NTupleNetwork.load(shipped_path(), plain=plain)
             for plain in (False, True)]
    row("loading the shipped network", "load", 1, *best_of_each(repeats, loads))


if __name__ == "__main__":
    main()
