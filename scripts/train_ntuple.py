"""Train an n-tuple evaluation for Connect Four by self-play TD learning, resumably.

    python scripts/train_ntuple.py --games 200000 --out ntuple_7x6.npz

saves a checkpoint every --every games; run the same command again and it continues
from the checkpoint (the games already played, the time spent and the settings are kept
in the file). Training block b uses the seed (--seed + b), so a run stopped and resumed
at a checkpoint learns exactly what an unbroken run learns.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from gamelib.games.connect4 import ConnectFour
from gamelib.learning.curve import random_chooser, score_against, train
from gamelib.learning.ntuple import NTupleNetwork

SETTINGS = ("alpha", "epsilon", "lam", "seed", "every")


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: board, network shape, learning settings, budget, file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--cols", type=int, default=7)
    parser.add_argument("--tuples", type=int, default=70, help="n-tuples (default 70)")
    parser.add_argument("--length", type=int, default=7, help="cells per n-tuple (default 7)")
    parser.add_argument("--states", type=int, default=4, choices=(3, 4))
    parser.add_argument("--alpha", type=float, default=0.01, help="learning rate")
    parser.add_argument("--epsilon", type=float, default=0.1, help="share of random moves")
    parser.add_argument("--lam", type=float, default=0.0, help="TD(lambda)'s lambda")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=10_000, help="total games to reach")
    parser.add_argument("--every", type=int, default=1_000, help="games between checkpoints")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop at the first checkpoint after this many minutes")
    parser.add_argument("--out", type=Path, default=Path("ntuple_7x6.npz"))
    parser.add_argument("--fresh", action="store_true", help="ignore an existing checkpoint")
    return parser.parse_args(argv)


def start_or_resume(args: argparse.Namespace) -> NTupleNetwork:
    """The checkpoint in --out (its settings win over the command line's), else a new
    network."""
    if args.out.exists() and not args.fresh:
        network = NTupleNetwork.load(args.out)
        if (network.rows, network.cols) != (args.rows, args.cols):
            sys.exit(f"{args.out} holds a {network.cols}x{network.rows} network, not "
                     f"{args.cols}x{args.rows}; use another --out or --fresh")
        for name in SETTINGS:
            given = getattr(args, name)
            setattr(args, name, type(given)(network.info.get(name, given)))
        print(f"resuming {args.out}: {network.info.get('games', 0)} games played")
        return network
    game = ConnectFour(args.rows, args.cols)
    network = NTupleNetwork.random(game, args.tuples, args.length, args.states, seed=args.seed)
    network.info = {"games": 0, "seconds": 0.0, **{name: getattr(args, name) for name in SETTINGS}}
    print(f"new {network}")
    return network


def main(argv: list[str] | None = None) -> int:
    """Train block by block, saving after each, until --games or --minutes is reached."""
    args = arguments(argv)
    network = start_or_resume(args)
    game = ConnectFour(network.rows, network.cols, network.k)
    started = time.perf_counter()
    while int(network.info["games"]) < args.games:
        done = int(network.info["games"])
        block = min(args.every, args.games - done)
        seconds = train(network, game, block, seed=args.seed + done // args.every,
                        alpha=args.alpha, epsilon=args.epsilon, lam=args.lam)
        network.info["games"] = done + block
        network.info["seconds"] = float(network.info["seconds"]) + seconds
        network.save(args.out)
        vs_random = score_against(game, network.greedy_move, random_chooser(0), 20, seed=0)
        print(f"{done + block:>9,} games  {block / seconds:6.1f} games/s  "
              f"{float(network.info['seconds']) / 60:7.1f} min in all  "
              f"score vs random {vs_random:.2f}", flush=True)
        if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
