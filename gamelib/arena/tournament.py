"""Round-robin tournaments: every player meets every other in a fair match.

All the games of all the matches go to one executor together, so a big tournament
keeps every core (or every machine of a cluster) busy until the end.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import Any, Mapping, Sequence

from gamelib.arena.match import (MatchResult, Openings, as_player, check_games,
                                 check_openings, derive_seed, new_seed, play_jobs,
                                 player_row, schedule, seat_rows, seeded_players,
                                 standings_html,
                                 to_dataframe)
from gamelib.arena.parallel import cpu_count, make_pool, pool_size
from gamelib.arena.stats import Z95, Tally, elo_ratings
from gamelib.games.base import Game
from gamelib.platform import _, clip, display_width, error_line, pad


@dataclass
class TournamentResult:
    """Every match of a round robin, with standings, pairwise scores and Elo ratings."""

    game: Game
    players: list[str]
    matches: dict[tuple[str, str], MatchResult]
    seed: int

    def tally(self, player: str, seat: int | None = None) -> Tally:
        """`player`'s wins, draws and losses over all its matches (or in one seat)."""
        return sum((m.tally(player, seat) for m in self.matches.values()
                    if player in m.players), Tally())

    @property
    def games(self) -> list:
        """Every game of the tournament, match by match."""
        return [summary for m in self.matches.values() for summary in m.games]

    @property
    def distinct_games(self) -> list:
        """Every game, leaving out those that repeat an earlier game of their match move
        for move (the statistics count each distinct game once)."""
        return [summary for m in self.matches.values() for summary in m.distinct_games]

    @property
    def repeats(self) -> int:
        """How many games repeated an earlier game of their match move for move."""
        return len(self.games) - len(self.distinct_games)

    def repeats_note(self) -> str:
        """A sentence about repeated games, or "" when every game was new."""
        if not self.repeats:
            return ""
        return _("{repeats} of {games} games repeated an earlier game move for move and are "
                 "counted once").format(repeats=self.repeats, games=len(self.games))

    @property
    def forfeits(self) -> list:
        """The games that ended because a player raised or moved illegally."""
        return [summary for summary in self.games if summary.forfeit]

    def by_seat(self) -> list[dict]:
        """One row per seat over all distinct games: how much moving first is worth."""
        return seat_rows(self.game, self.distinct_games)

    def versus(self, player: str, opponent: str) -> Tally:
        """`player`'s results against `opponent`."""
        for (a, b), result in self.matches.items():
            if {a, b} == {player, opponent}:
                return result.tally(player)
        raise KeyError(f"no match between {player!r} and {opponent!r}; "
                       f"players: {self.players}")

    def ratings(self) -> dict[str, tuple[float, float]]:
        """Each player's Elo rating (mean 0) and its standard error."""
        points = [[0.0] * len(self.players) for _ in self.players]
        games = [[0] * len(self.players) for _ in self.players]
        for i, a in enumerate(self.players):
            for j, b in enumerate(self.players):
                if i != j:
                    tally = self.versus(a, b)
                    points[i][j] = tally.wins + tally.draws / 2
                    games[i][j] = tally.games
        ratings, errors = elo_ratings(points, games)
        return {name: (r, e) for name, r, e in zip(self.players, ratings, errors)}

    def to_records(self) -> list[dict]:
        """The standings, best Elo first: one row per player with score, 95% CI, seats, Elo."""
        ratings = self.ratings()
        rows = [player_row(self, name, self.tally(name), *ratings[name])
                for name in self.players]
        rows.sort(key=lambda row: -row["elo"])
        for rank, row in enumerate(rows, start=1):
            row["rank"] = rank
        return rows

    def pairwise(self) -> list[dict]:
        """One row per (player, opponent): the player's results and score against them."""
        rows = []
        for player in self.players:
            for opponent in self.players:
                if player != opponent:
                    tally = self.versus(player, opponent)
                    low, high = tally.interval
                    rows.append({"player": player, "opponent": opponent,
                                 "games": tally.games, "wins": tally.wins,
                                 "draws": tally.draws, "losses": tally.losses,
                                 "score": tally.score, "ci_low": low, "ci_high": high})
        return rows

    def to_dataframe(self) -> Any:
        """The standings as a pandas DataFrame (pandas must be installed)."""
        return to_dataframe(self.to_records())

    def pairwise_dataframe(self) -> Any:
        """Scores as a player x opponent pandas table (rows score against columns)."""
        frame = to_dataframe(self.pairwise())
        return frame.pivot(index="player", columns="opponent", values="score").reindex(
            index=self.players, columns=self.players)

    def table(self) -> str:
        """The standings as a plain-text table."""
        rows = self.to_records()
        player, wins, draws, losses = _("player"), _("W"), _("D"), _("L")
        score, interval, elo = _("score"), _("95% CI"), _("Elo ± 95%")
        width = max(display_width(player), *(display_width(row["player"]) for row in rows))
        span = max(11, display_width(interval))         # "0.123-0.456" is 11 columns
        lines = [f"{'#':>2}  {pad(player, width)}  {pad(wins, 5, '>')} {pad(draws, 5, '>')} "
                 f"{pad(losses, 5, '>')}  {pad(score, 5, '>')}  {pad(interval, span)}  {elo}"]
        for row in rows:
            bounds = f"{row['ci_low']:.3f}-{row['ci_high']:.3f}"
            lines.append(
                f"{row['rank']:>2}  {pad(row['player'], width)}  {row['wins']:>5} "
                f"{row['draws']:>5} {row['losses']:>5}  {row['score']:.3f}  "
                f"{pad(bounds, span)}  "
                f"{row['elo']:+4.0f} ± {Z95 * row['elo_se']:.0f}")
        if self.repeats:
            lines.append(f"({self.repeats_note()})")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return (f"<TournamentResult {len(self.players)} players, {len(self.games)} games, "
                f"seed={self.seed}>")

    def _repr_html_(self) -> str:
        """The standings as an HTML table, for notebooks."""
        return standings_html(self.to_records(), "gamelib-tournament", self.repeats_note())


def named_players(players: Mapping[str, Any] | Sequence[Any]) -> dict[str, Any]:
    """{name: player} from a dict, or from a list of players or spec strings.

    In a list, every player plays: a name met again gets a number, visibly, never one
    that another player already has: ["random", "random"] plays "random" against
    "random (2)".
    """
    if isinstance(players, str):
        raise TypeError(_("players must be a dict {{name: player}} or a list of players or "
                          "specs, e.g. ['random', 'alphabeta:4']; got the string {players!r}"
                          ).format(players=players))
    if isinstance(players, Mapping):
        named = {name: as_player(p, _("player {name!r}").format(name=name))[1]
                 for name, p in players.items()}
    else:
        given = [as_player(p, _("player {number}").format(number=i))
                 for i, p in enumerate(players)]
        own_names = {name for name, _ in given}
        named = {}
        for name, player in given:
            unique, number = name, 2
            while unique in named or (unique != name and unique in own_names):
                unique, number = f"{name} ({number})", number + 1
            named[unique] = player
    if len(named) < 2:
        raise ValueError(_("a tournament needs at least 2 players, got {count}").format(
            count=len(named)))
    return named


def tournament(game: Game, players: Mapping[str, Any] | Sequence[Any], games: int = 20,
               swap_seats: bool = True, openings: Openings = None, seed: int | None = None,
               progress: bool = True, executor: Any = None,
               chunksize: int | None = None) -> TournamentResult:
    """A round robin: each pair of `players` plays a match of `games` games.

    `players` is a dict {name: player} or a list of players or spec strings. The other
    arguments are those of `match`. Each pair's match seed comes from the tournament
    seed and the two names, so adding a player leaves the other matches unchanged.
    """
    check_games(games, swap_seats)
    check_openings(game, openings)
    named = named_players(players)
    seed = new_seed() if seed is None else seed
    pairs = list(combinations(named, 2))
    seeds = {pair: derive_seed(seed, *pair) for pair in pairs}
    jobs = [job for pair in pairs
            for job in schedule(game, pair, games, swap_seats, openings, seeds[pair])]
    summaries = play_jobs(game, named, jobs, executor, progress, _("tournament"), chunksize)
    matches = {pair: MatchResult(game, pair, summaries[k * games:(k + 1) * games], seeds[pair],
                                 seeded_players({name: named[name] for name in pair}))
               for k, pair in enumerate(pairs)}
    return TournamentResult(game, list(named), matches, seed)


def add_parser(sub: Any, games: dict[str, type]) -> None:
    """Register `python -m gamelib tournament GAME --players ... --games N`."""
    parser = sub.add_parser("tournament", help=_("a round-robin tournament between players"))
    parser.add_argument("game", choices=sorted(games))
    parser.add_argument("--players", required=True,
                        help=_("comma-separated player specs, e.g. "
                               "random,alphabeta:4,mcts:2000"))
    parser.add_argument("--games", type=int, default=20,
                        help=_("games per pair of players (even; default 20)"))
    parser.add_argument("--seed", type=int, default=None, help=_("seed (default: random)"))
    parser.add_argument("--openings", type=int, default=0,
                        help=_("random opening moves before each pair of games (default 0)"))
    parser.add_argument("--workers", type=int, default=None,
                        help=_("worker processes (default: all CPUs; 1 plays in this "
                               "process)"))
    parser.add_argument("--no-progress", action="store_true",
                        help=_("hide the progress bar"))
    parser.set_defaults(run=partial(run_cli, games=games))


MAX_GAMES = 1_000_000
"""The most games a command-line tournament plays (each scheduled game takes memory)."""


def run_cli(args: argparse.Namespace, games: dict[str, type]) -> int:
    """Run the tournament the command line describes and print the standings."""
    specs = [spec.strip() for spec in args.players.split(",") if spec.strip()]
    if args.workers is not None and args.workers < 1:
        print(error_line(_("--workers must be at least 1, got {workers}").format(
            workers=args.workers)), file=sys.stderr)
        return 2
    total = len(specs) * (len(specs) - 1) // 2 * max(args.games, 1)
    if total > MAX_GAMES:
        print(error_line(_("{players} players and --games {games} make {total:,} games; the "
                           "command line plays at most {most:,} (fewer players or games, or "
                           "call tournament() from Python)").format(
                               players=len(specs), games=args.games, total=total,
                               most=MAX_GAMES)), file=sys.stderr)
        return 2
    workers = pool_size(args.workers, total)
    if args.workers is not None and workers < args.workers:
        print(_("note: --workers {asked} capped to {workers} (this machine has {cpus} CPUs "
                "for this program and the tournament has {total} games)").format(
                    asked=args.workers, workers=workers, cpus=cpu_count(), total=total),
              file=sys.stderr)
    pool = None if args.workers is None or workers == 1 else make_pool(workers)
    executor = pool or (None if args.workers is None else "serial")
    try:
        result = tournament(games[args.game](), specs, games=args.games, seed=args.seed,
                            openings=args.openings, progress=not args.no_progress,
                            executor=executor)
    except (ValueError, TypeError) as error:
        print(error_line(clip(str(error))), file=sys.stderr)
        return 2
    except BrokenProcessPool as error:
        print(error_line(clip(str(error))), file=sys.stderr)
        return 1
    except BaseException:
        if pool is not None:
            pool.stop()                  # Ctrl-C: end the workers now, not after their games
        raise
    finally:
        if pool is not None:
            pool.shutdown()
    print(result.table())
    print(_("{games} games, seed {seed}; forfeits: {forfeits}").format(
        games=len(result.games), seed=result.seed, forfeits=len(result.forfeits)))
    if result.forfeits:         # a player is broken: say why, and fail like any error
        first = result.forfeits[0]
        print(error_line(_("{count} game(s) forfeited, e.g. game {index}: {reason}").format(
            count=len(result.forfeits), index=first.index, reason=clip(first.reason_words()))),
              file=sys.stderr)
        return 1
    return 0
