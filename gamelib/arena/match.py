"""Fair matches between two players: seats swapped, openings varied, every game seeded.

A match is reproducible: game i is seeded from the match seed and i alone, so the same
seed gives the same games whether they run here, in a process pool or on a cluster.
"""

from __future__ import annotations

import copy
import hashlib
import html
import pickle
import random
import secrets
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from gamelib.arena.parallel import SERIAL, check_executor, check_picklable, run_chunks
from gamelib.arena.play import check_plays, describe, play_game, reason_words
from gamelib.arena.specs import player_from_spec
from gamelib.arena.stats import Tally, Z95, elo_ratings
from gamelib.games.base import Game, Move, State
from gamelib.games.checks import whole_number
from gamelib.platform import _, clip

Openings = int | Sequence[Sequence[Move] | str] | None
"""None (start from the initial state), a number of random opening moves, or a list of
openings (move sequences, or position strings like "3342" for Connect Four)."""


@dataclass(frozen=True)
class Job:
    """One game to play: who sits where, its seed and its opening."""

    index: int
    seats: tuple[str, str]         # player names, in the order of game.players
    seed: int
    opening: tuple[Move, ...] | str = ()


@dataclass(frozen=True)
class GameSummary:
    """The outcome of one game, small enough to send back from a worker process."""

    index: int
    seats: tuple[str, str]         # seats[0] plays game.players[0] (X, who moves first)
    winner: str | None             # the winning player's name, None for a draw
    winner_seat: str | None        # the winning seat ('X' or 'O'), None for a draw
    plies: int                     # moves played after the opening
    reason: str                    # why the game ended, e.g. "O forfeits: ValueError: ..."
    forfeit: bool                  # True if a player raised or returned an illegal move
    opening: tuple[Move, ...] | str
    moves: tuple[Move, ...]        # the moves played after the opening
    seed: int
    thinking: tuple[tuple[str, float], ...] = field(default=(), compare=False)
    """(player, seconds) for each move after the opening: how long it took to choose
    (not compared: the same games take different times)."""

    def reason_words(self) -> str:
        """Why the game ended, in the language gamelib speaks (`reason` stays English)."""
        return reason_words(self.reason, self.winner_seat)

    def tally(self, player: str) -> Tally:
        """This game as a win, draw or loss for `player`."""
        if self.winner is None:
            return Tally(draws=1)
        return Tally(wins=1) if self.winner == player else Tally(losses=1)


def derive_seed(*parts: object) -> int:
    """A seed in [0, 2**31) computed from `parts` (the same parts always give the same seed)."""
    text = ":".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=4).digest(), "big") >> 1


def new_seed() -> int:
    """A fresh random seed, for matches called without one (it is kept in the result)."""
    return secrets.randbelow(2**31)


def check_games(games: int, swap_seats: bool) -> None:
    """Raise a ValueError unless `games` is a positive whole number (even with swap_seats)."""
    count = whole_number(games)             # numpy integers count too; bool does not
    if count is None or count < 1:
        raise ValueError(_("games must be a positive whole number, got {games!r}").format(
            games=games))
    if swap_seats and games % 2:
        raise ValueError(_("with swap_seats=True, games must be even so that each player "
                           "moves first in exactly half of them; got {games} (use {fewer} or "
                           "{more}, or swap_seats=False)").format(
            games=games, fewer=games - 1 or 2, more=games + 1))


def as_player(player: Any, role: str) -> tuple[str, Any]:
    """A (name, player) pair from a player object or a spec string like "alphabeta:4"."""
    if isinstance(player, str):
        return player, player_from_spec(player)
    if not callable(player):
        raise TypeError(_("{role} must be a player (a callable (game, state) -> move) or a "
                          "spec string such as 'random' or 'alphabeta:4'; got {player!r}"
                          ).format(role=role, player=player))
    return describe(player), player


def random_opening(game: Game, plies: int, rng: random.Random) -> tuple[Move, ...]:
    """`plies` random moves from the initial state that do not end the game."""
    state, moves = game.initial_state, []
    for _ in range(plies):
        safe = [m for m in game.actions(state) if not game.is_terminal(game.result(state, m))]
        if not safe:
            break
        move = rng.choice(safe)
        moves.append(move)
        state = game.result(state, move)
    return tuple(moves)


def check_openings(game: Game, openings: Openings) -> None:
    """Raise a clear error unless `openings` is None, a count, or a list of legal openings."""
    if openings is None:
        return
    if isinstance(openings, int) and not isinstance(openings, bool):
        if openings < 0:
            raise ValueError(_("openings must be a number of random moves >= 0, got "
                               "{openings}").format(openings=openings))
        return
    if isinstance(openings, str) or not isinstance(openings, Sequence) or not openings:
        raise ValueError(_("openings must be None, a number of random opening moves, or a "
                           "non-empty list of move sequences; got {openings!r}").format(
            openings=openings))
    for number, opening in enumerate(openings):
        state = game.play(opening)          # raises IllegalMoveError naming the bad move
        if game.is_terminal(state):
            raise ValueError(_("opening {number} ({opening!r}) already ends the game").format(
                number=number, opening=opening))


def opening_for(game: Game, openings: Openings, seed: int, pair: int) -> tuple | str:
    """The opening of the `pair`-th game (or pair of games, with swapped seats)."""
    if openings is None or openings == 0:
        return ()
    if isinstance(openings, int):
        return random_opening(game, openings, random.Random(derive_seed(seed, "opening", pair)))
    opening = openings[pair % len(openings)]
    return opening if isinstance(opening, str) else tuple(opening)


DRAWS_FOR_A_NEW_OPENING = 20
"""How many random openings a match draws for a game before it accepts a repeated one."""


def distinct_openings(game: Game, openings: Openings, seed: int, pairs: int) -> list:
    """The opening of each pair of games. Random openings are drawn again while they
    repeat an earlier pair's (deterministic players would replay the same game), until
    there are no new ones left to find."""
    chosen = [opening_for(game, openings, seed, pair) for pair in range(pairs)]
    if not isinstance(openings, int) or isinstance(openings, bool) or openings == 0:
        return chosen
    seen: set = set()
    for pair, opening in enumerate(chosen):
        for attempt in range(DRAWS_FOR_A_NEW_OPENING):
            if opening not in seen:
                break
            rng = random.Random(derive_seed(seed, "opening", pair, attempt))
            opening = random_opening(game, openings, rng)
        seen.add(opening)
        chosen[pair] = opening
    return chosen


def schedule(game: Game, names: tuple[str, str], games: int, swap_seats: bool,
             openings: Openings, seed: int) -> list[Job]:
    """The games of a match: with swap_seats, games 2k and 2k+1 share an opening and
    swap seats, so each player plays each opening once from each side."""
    pairs = (games + 1) // 2 if swap_seats else games
    chosen = distinct_openings(game, openings, seed, pairs)
    jobs = []
    for index in range(games):
        pair = index // 2 if swap_seats else index
        swapped = swap_seats and index % 2 == 1
        seats = (names[1], names[0]) if swapped else names
        jobs.append(Job(index, seats, derive_seed(seed, index), chosen[pair]))
    return jobs


class PlayerExited(Exception):
    """A player ended its move with sys.exit or another BaseException that is not an
    Exception: in a match, that is the player's forfeit, not the end of the program."""


class Guarded:
    """A player whose `sys.exit` (or other BaseException, except Ctrl-C) becomes a
    PlayerExited error naming it, so play_game records a forfeit instead of letting it end
    the script, the kernel or a worker process. Everything else is the player's own."""

    def __init__(self, player: Any, name: str) -> None:
        self.player, self.guarded_name = player, name

    def __call__(self, game: Game, state: State) -> Move:
        try:
            return self.player(game, state)
        except (Exception, KeyboardInterrupt, GeneratorExit):
            raise
        except SystemExit as error:
            raise PlayerExited(f"{self.guarded_name} called sys.exit({error.code!r}) "
                               f"(SystemExit)") from None
        except BaseException as error:
            raise PlayerExited(f"{self.guarded_name} raised {type(error).__name__}: "
                               f"{clip(str(error))}") from None

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.__dict__["player"], attribute)

    def __repr__(self) -> str:
        return repr(self.player)


def play_job(game: Game, players: Mapping[str, Any], job: Job) -> GameSummary:
    """Play one scheduled game between `players` (fresh copies: see play_chunk)."""
    start = game.play(job.opening) if job.opening else None
    seated = [players[name] for name in job.seats]
    if seated[0] is seated[1]:
        seated[1] = copy.deepcopy(seated[1])
    seated = [Guarded(player, name) for player, name in zip(seated, job.seats)]
    record = play_game(game, seated, seed=job.seed, start=start)
    winner = None if record.winner is None else job.seats[game.players.index(record.winner)]
    movers = [job.seats[game.players.index(game.to_move(state))] for state in record.states]
    return GameSummary(job.index, job.seats, winner, record.winner, record.plies,
                       record.reason, record.forfeit, job.opening, tuple(record.moves),
                       job.seed, tuple(zip(movers, record.seconds)))


def play_chunk(chunk: tuple[Game, Mapping[str, Any], list[Job]]) -> list[GameSummary]:
    """Play a list of jobs (this is what runs in a worker process).

    Every game gets fresh copies of the players, so no game depends on the games played
    before it in the same process, and results do not depend on how games are chunked.
    """
    game, players, jobs = chunk
    try:
        frozen = pickle.dumps(players)      # copying via pickle is fast
    except Exception:                       # serial runs allow unpicklable players
        return [play_job(game, copy.deepcopy(players), job) for job in jobs]
    return [play_job(game, pickle.loads(frozen), job) for job in jobs]


class RunningScore:
    """Progress-bar text: `player`'s score over the games finished so far."""

    def __init__(self, player: str) -> None:
        self.player, self.total = player, Tally()

    def __call__(self, new: list[GameSummary]) -> str:
        for summary in new:
            self.total += summary.tally(self.player)
        return _("{player} scores {score:.2f}").format(player=self.player,
                                                       score=self.total.score)


def play_jobs(game: Game, players: Mapping[str, Any], jobs: Sequence[Job],
              executor: Any = None, progress: bool = True, desc: str = "games",
              chunksize: int | None = None, summary: Any = None) -> list[GameSummary]:
    """Play every job, in parallel on `executor`, and return the summaries in job order.

    Games go out in chunks of `chunksize` (default: about 200 chunks in all).
    """
    for name, player in players.items():
        check_plays(game, player, _("player {name!r}").format(name=name))
    executor = check_executor(executor)
    if executor != SERIAL:
        check_picklable(game=game, **{f"player {name!r}": p for name, p in players.items()})
    if chunksize is not None and (not isinstance(chunksize, int) or chunksize < 1):
        raise ValueError(f"chunksize must be None or a whole number >= 1, got {chunksize!r}")
    size = chunksize or max(1, -(-len(jobs) // 200))
    chunks = []
    for start in range(0, len(jobs), size):
        part = list(jobs[start:start + size])
        needed = {name for job in part for name in job.seats}
        chunks.append((game, {n: p for n, p in players.items() if n in needed}, part))
    return run_chunks(play_chunk, chunks, len(jobs), executor, progress, desc, summary,
                      describe_chunk)


def describe_chunk(chunk: tuple[Game, Mapping[str, Any], list[Job]]) -> str:
    """Who plays in a chunk of games: "'a' vs 'b'" (each pair once)."""
    _, _, jobs = chunk
    pairs: list[str] = []
    for job in jobs:
        pair = " vs ".join(repr(clip(name, 60)) for name in sorted(job.seats))
        if pair not in pairs:
            pairs.append(pair)
    return ", ".join(pairs)


@dataclass
class MatchResult:
    """The games of a match and what they say about the two players."""

    game: Game
    players: tuple[str, str]
    games: list[GameSummary]
    seed: int
    seeded: frozenset[str] = frozenset()
    """The players that draw random numbers (a repeated game of theirs is a new sample)."""
    self_play: bool = False
    """True when both players are the same player (so swapping seats changes nothing)."""

    def tally(self, player: str, seat: int | None = None) -> Tally:
        """`player`'s wins, draws and losses (only in seat 0 or 1 if `seat` is given),
        counting each distinct game once: a game that replays an earlier one move for move
        (deterministic players from the same opening) adds no new evidence."""
        total = Tally()
        for summary in self.distinct_games:
            if player in summary.seats and (seat is None or summary.seats[seat] == player):
                total += summary.tally(player)
        return total

    @property
    def distinct_games(self) -> list[GameSummary]:
        """The games, leaving out every game in which no player draws random numbers and
        which repeats an earlier game move for move: a replay adds no new evidence."""
        seen: set = set()
        distinct = []
        for summary in self.games:
            key = self.replay_key(summary)
            if key is None or key not in seen:
                seen.add(key)
                distinct.append(summary)
        return distinct

    def replay_key(self, summary: GameSummary) -> tuple | None:
        """What a replay of `summary` would share with it (None: a game with a random
        player, which is never a replay)."""
        if self.seeded & set(summary.seats):
            return None
        seats = None if self.self_play else summary.seats
        return seats, summary.opening, summary.moves

    @property
    def repeats(self) -> int:
        """How many games repeated an earlier game move for move (counted once)."""
        return len(self.games) - len(self.distinct_games)

    def score(self, player: str | None = None) -> float:
        """`player`'s score (default: the first player named), from 0 to 1."""
        return self.tally(player or self.players[0]).score

    def interval(self, player: str | None = None) -> tuple[float, float]:
        """The 95% confidence interval of `player`'s score."""
        return self.tally(player or self.players[0]).interval

    @property
    def forfeits(self) -> list[GameSummary]:
        """The games that ended because a player raised or moved illegally."""
        return [summary for summary in self.games if summary.forfeit]

    def seconds_per_move(self, player: str) -> float:
        """How long `player` took to choose a move, on average over every game (0 if it
        made no move)."""
        times = [seconds for summary in self.games for name, seconds in summary.thinking
                 if name == player]
        return sum(times) / len(times) if times else 0.0

    def replay(self, index: int) -> list[State]:
        """The states of game `index`, from the position after its opening to the end."""
        summary = self.games[index]
        state = self.game.play(summary.opening) if summary.opening else self.game.initial_state
        states = [state]
        for move in summary.moves:
            states.append(self.game.result(states[-1], move))
        return states

    def by_seat(self) -> list[dict]:
        """One row per seat (whoever sat there): how often that seat won, drew and lost,
        over the distinct games."""
        return seat_rows(self.game, self.distinct_games)

    def to_records(self) -> list[dict]:
        """One row per player: results, score with 95% CI, per seat, and Elo (mean 0)."""
        a, b = self.players
        ta, tb = self.tally(a), self.tally(b)
        points = [[0, ta.wins + ta.draws / 2], [tb.wins + tb.draws / 2, 0]]
        ratings, errors = elo_ratings(points, [[0, ta.games], [tb.games, 0]])
        return [player_row(self, name, self.tally(name), rating, error)
                for name, rating, error in zip(self.players, ratings, errors)]

    def to_dataframe(self) -> Any:
        """The records as a pandas DataFrame (pandas must be installed)."""
        return to_dataframe(self.to_records())

    def games_text(self) -> str:
        """"40 games", or "40 games, 12 distinct" when some games repeated others."""
        if self.repeats:
            return _("{games} games, {distinct} distinct").format(
                games=len(self.games), distinct=len(self.distinct_games))
        return _("{games} games").format(games=len(self.games))

    def __str__(self) -> str:
        a, b = self.players
        return _("{a} vs {b} ({games}): {a} {tally}").format(a=a, b=b, games=self.games_text(),
                                                            tally=self.tally(a))

    def __repr__(self) -> str:
        return f"<MatchResult {self}>"

    def _repr_html_(self) -> str:
        """Both players' results as an HTML table, for notebooks."""
        a, b = self.players
        return standings_html(self.to_records(), "gamelib-match",
                              _("{a} vs {b}: {games}, seed {seed}").format(
                                  a=a, b=b, games=self.games_text(), seed=self.seed))


def seat_rows(game: Game, games: Sequence[GameSummary]) -> list[dict]:
    """One record per seat of `game`: its wins, draws and losses over `games`."""
    rows = []
    for seat, label in enumerate(game.players):
        other = game.players[1 - seat]
        tally = Tally(sum(g.winner_seat == label for g in games),
                      sum(g.winner_seat is None for g in games),
                      sum(g.winner_seat == other for g in games))
        rows.append(seat_row(label, tally))
    return rows


def seat_row(label: str, tally: Tally) -> dict:
    """A record for one seat of the board."""
    win_low, win_high = tally.win_interval
    low, high = tally.interval
    return {"seat": label, "games": tally.games, "wins": tally.wins, "draws": tally.draws,
            "losses": tally.losses, "win_rate": tally.win_rate, "win_low": win_low,
            "win_high": win_high, "score": tally.score, "ci_low": low, "ci_high": high}


def player_row(result: Any, name: str, tally: Tally, rating: float, error: float) -> dict:
    """A record for one player; `result` has `tally(name, seat)` and `forfeits`."""
    low, high = tally.interval
    row = {"player": name, "games": tally.games, "wins": tally.wins, "draws": tally.draws,
           "losses": tally.losses, "score": tally.score, "ci_low": low, "ci_high": high}
    for seat, label in enumerate(("first", "second")):
        part = result.tally(name, seat)
        row.update({f"{label}_games": part.games, f"{label}_wins": part.wins,
                    f"{label}_draws": part.draws, f"{label}_losses": part.losses,
                    f"{label}_score": part.score})
    row["forfeits"] = sum(name in g.seats and g.winner != name and g.forfeit
                          for g in result.distinct_games)
    row.update({"elo": rating, "elo_se": error, "elo_low": rating - Z95 * error,
                "elo_high": rating + Z95 * error})
    return row


def standings_html(rows: list[dict], css_class: str, caption: str = "") -> str:
    """Player records as an HTML table: results, score with its 95% CI, and Elo."""
    head = ["#", _("player"), _("W"), _("D"), _("L"), _("score"), _("95% CI"),
            _("Elo (± 95%)")]
    cells = [[row.get("rank", ""), html.escape(row["player"]), row["wins"], row["draws"],
              row["losses"], f"{row['score']:.3f}", f"{row['ci_low']:.3f}–{row['ci_high']:.3f}",
              f"{row['elo']:+.0f} ± {Z95 * row['elo_se']:.0f}"] for row in rows]
    header = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in cells)
    title = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (f'<table class="{css_class}">{title}<thead><tr>{header}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def to_dataframe(records: list[dict]) -> Any:
    """A pandas DataFrame of `records`, or an ImportError saying how to get pandas."""
    try:
        import pandas
    except ImportError as error:
        raise ImportError("to_dataframe() needs pandas (pip install pandas); "
                          "to_records() gives the same table as plain dicts") from error
    return pandas.DataFrame.from_records(records)


def match(game: Game, player_a: Any, player_b: Any, games: int = 100,
          swap_seats: bool = True, openings: Openings = None, seed: int | None = None,
          progress: bool = True, executor: Any = None,
          chunksize: int | None = None) -> MatchResult:
    """Play `games` games between two players and return the results with statistics.

    Players are player objects or spec strings ("random", "alphabeta:4"). With
    `swap_seats` each player moves first in exactly half the games. `openings` varies
    the starting positions (a number of random moves, or a list of openings), so
    deterministic players do not replay one game. The same `seed` gives the same games
    on any `executor`: None (a process pool sized to this machine), "serial", or any
    concurrent.futures.Executor (a ProcessPoolExecutor, a Dask client's executor, ...).
    Players with a time limit are the exception: how far they search depends on the
    machine's speed and load, so their games can differ from run to run.
    """
    check_games(games, swap_seats)
    check_openings(game, openings)
    (name_a, a), (name_b, b) = as_player(player_a, "player_a"), as_player(player_b, "player_b")
    if name_a == name_b:
        name_a, name_b = f"{name_a} (a)", f"{name_b} (b)"
    seed = new_seed() if seed is None else seed
    jobs = schedule(game, (name_a, name_b), games, swap_seats, openings, seed)
    summaries = play_jobs(game, {name_a: a, name_b: b}, jobs, executor, progress,
                          _("{a} vs {b}").format(a=name_a, b=name_b), chunksize,
                          RunningScore(name_a))
    return MatchResult(game, (name_a, name_b), summaries, seed,
                       seeded_players({name_a: a, name_b: b}), self_play=a is b or
                       player_a == player_b and isinstance(player_a, str))


def seeded_players(players: Mapping[str, Any]) -> frozenset[str]:
    """The names of the players that draw random numbers (they take a seed: `set_seed`)."""
    return frozenset(name for name, player in players.items() if hasattr(player, "set_seed"))
