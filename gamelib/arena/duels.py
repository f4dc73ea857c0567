"""The learned evaluation's two 7x6 matches, stored: alpha-beta at equal depth with the
shipped network against the window count and against the report's evaluation.

The matches take minutes on a desktop (and far longer in a browser), so lesson 10 reads
their games from gamelib/data/duels_7x6.json and replays a few of them live to show that
the file holds what these players play. `python -m gamelib.arena.duels` plays them again
and rewrites the file.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from gamelib.arena.match import (GameSummary, Job, MatchResult, derive_seed, match, play_jobs,
                                 schedule)
from gamelib.games.connect4 import ConnectFour
from gamelib.heuristics.players import ReportPlayer
from gamelib.learning.player import LearnedPlayer
from gamelib.learning.shipped import load_shipped
from gamelib.platform import N_, _
from gamelib.search.players import AlphaBetaPlayer

FILE = "duels_7x6.json"
DEPTH = 4                   # plies of alpha-beta, the same for every evaluation
OPENINGS = 4                # random moves that open each pair of games
SEED = 7                    # the matches' seed: game i is seeded from SEED and i
LEARNED = "learned (td)"
NETWORK = N_("the shipped network ({games:,} games of self-play)")
"""How the file names the network that played (in English there; shown in the language set)."""
GAMES = {"window count": 800, "report's evaluation": 200}
"""Games in each match: the closer the players, the more games a verdict needs."""


def players(depth: int = DEPTH) -> dict[str, Any]:
    """The learned evaluation and its two rivals, alpha-beta at `depth`, named for tables."""
    found: dict[str, Any] = {LEARNED: LearnedPlayer(load_shipped(), depth=depth),
                             "window count": AlphaBetaPlayer(depth=depth),  # ConnectFour's own
                             "report's evaluation": ReportPlayer(depth=depth)}
    for name, player in found.items():
        player.name = f"{name}, depth {depth}"
    return found


def play_match(rival: str, progress: bool = True) -> MatchResult:
    """The whole match against `rival`, played now (minutes: see GAMES)."""
    seated = players()
    return match(ConnectFour(), seated[LEARNED], seated[rival], games=GAMES[rival],
                 openings=OPENINGS, seed=SEED, progress=progress, executor="serial")


def jobs(rival: str) -> list[Job]:
    """Every game of the match against `rival`: seats, seed and opening."""
    seated = players()
    names = (seated[LEARNED].name, seated[rival].name)
    return schedule(ConnectFour(), names, GAMES[rival], True, OPENINGS, SEED)


def play_again(rival: str, indices: list[int], progress: bool = True) -> list[GameSummary]:
    """Games `indices` of the match against `rival`, played now by the same players."""
    seated = players()
    named = {seated[LEARNED].name: seated[LEARNED], seated[rival].name: seated[rival]}
    chosen = [jobs(rival)[index] for index in indices]
    return play_jobs(ConnectFour(), named, chosen, executor="serial", progress=progress,
                     desc=_("against the {rival}").format(rival=rival))


def spread(total: int, count: int) -> list[int]:
    """`count` game numbers spread evenly over a match of `total` games."""
    count = min(count, total)
    return [number * total // count for number in range(count)]


def record(summary: GameSummary) -> list:
    """One game as stored: opening, seats, moves (column digits) and the winning seat."""
    return ["".join(map(str, summary.opening)), list(summary.seats),
            "".join(map(str, summary.moves)), summary.winner_seat or ""]


def summary(index: int, stored: list) -> GameSummary:
    """A stored game as the match summary it came from."""
    opening, seats, moves, seat = stored
    winner = seats["XO".index(seat)] if seat else None
    reason = f"{seat} completed a line" if seat else "board full"
    return GameSummary(index, tuple(seats), winner, seat or None, len(moves), reason, False,
                       tuple(map(int, opening)), tuple(map(int, moves)),
                       derive_seed(SEED, index))


def write(progress: bool = True) -> Path:
    """Play both matches and store their games in gamelib/data (about 4 CPU-minutes)."""
    matches = {}
    for rival in GAMES:
        result = play_match(rival, progress)
        if result.forfeits:
            raise RuntimeError(f"a forfeit in the match against the {rival}: "
                               f"{result.forfeits[0].reason}")
        matches[rival] = {"players": list(result.players),
                          "games": [record(game) for game in result.games]}
    games = load_shipped().info["games"]
    data = {"about": "alpha-beta at equal depth: the shipped learned evaluation against the "
                     "window count and the report's evaluation, seats swapped in each pair "
                     "of games, each pair from a random opening; one game is [opening, "
                     "[X, O], moves, winning seat or '']",
            "command": "python -m gamelib.arena.duels",
            "depth": DEPTH, "openings": OPENINGS, "seed": SEED,
            "network": NETWORK.format(games=games),
            "matches": matches}
    path = Path(__file__).parent.parent / "data" / FILE
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", "ascii")
    return path


@lru_cache(maxsize=1)
def read_stored() -> dict:
    """The stored file, as read."""
    return json.loads((resources.files("gamelib") / "data" / FILE).read_text("ascii"))


def stored_data() -> dict:
    """The stored file, its network named in the language set."""
    data = dict(read_stored())
    data["network"] = network_words(data["network"])
    return data


def network_words(recorded: str) -> str:
    """The file's name of its network (NETWORK, in English) in the language set."""
    found = re.fullmatch(r"the shipped network \(([\d,]+) games of self-play\)", recorded)
    if found is None:
        return recorded
    return _(NETWORK).format(games=int(found.group(1).replace(",", "")))


def stored(rival: str) -> MatchResult:
    """The stored match against `rival`, as the MatchResult that playing it returned."""
    data = read_stored()["matches"][rival]
    games = [summary(index, game) for index, game in enumerate(data["games"])]
    return MatchResult(ConnectFour(), tuple(data["players"]), games, SEED)


if __name__ == "__main__":
    print(f"wrote {write()}")
