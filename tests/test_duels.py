"""The learned evaluation's stored 7x6 matches (gamelib/data/duels_7x6.json), which lesson 10
reads instead of playing them: the file holds the scheduled games of these players, and
playing them again gives them move for move."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from gamelib import ConnectFour
from gamelib.arena import duels
from gamelib.learning import load_shipped

GAME = ConnectFour()
README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_file_is_small_and_names_its_players_and_parameters() -> None:
    assert (resources.files("gamelib") / "data" / duels.FILE).stat().st_size < 300_000
    data = duels.stored_data()
    assert (data["depth"], data["openings"], data["seed"]) == (duels.DEPTH, duels.OPENINGS,
                                                               duels.SEED)
    assert data["command"] == "python -m gamelib.arena.duels"
    assert f"{load_shipped().info['games']:,} games" in data["network"]
    names = {name: player.name for name, player in duels.players().items()}
    for rival, games in duels.GAMES.items():
        stored = data["matches"][rival]
        assert stored["players"] == [names[duels.LEARNED], names[rival]]
        assert len(stored["games"]) == games


@pytest.mark.parametrize("rival", list(duels.GAMES))
def test_every_stored_game_is_the_scheduled_game_played_to_its_end(rival: str) -> None:
    played = duels.stored(rival)
    for job, game in zip(duels.jobs(rival), played.games, strict=True):
        assert (game.index, game.seats, game.opening, game.seed) == \
            (job.index, job.seats, job.opening, job.seed)
        end = GAME.play(game.opening + game.moves)
        assert GAME.is_terminal(end) and GAME.winner(end) == game.winner_seat
        assert not any(GAME.is_terminal(GAME.play(game.opening + game.moves[:n]))
                       for n in range(len(game.moves)))


@pytest.mark.parametrize("rival", list(duels.GAMES))
def test_the_stored_games_are_distinct_so_every_one_counts(rival: str) -> None:
    played = duels.stored(rival)
    assert len({(g.seats, g.opening, g.moves) for g in played.games}) == len(played.games)
    assert played.repeats == 0 and played.tally(played.players[0]).games == duels.GAMES[rival]


def test_the_readme_states_the_stored_scores_and_intervals() -> None:
    readme = " ".join(README.read_text().split())
    for rival, games in duels.GAMES.items():
        played = duels.stored(rival)
        low, high = played.interval(played.players[0])
        assert f"{played.score():.3f} ({low:.3f}-{high:.3f}) over {games} games" in readme, rival


def test_spread_picks_distinct_games_over_the_whole_match() -> None:
    assert duels.spread(800, 4) == [0, 200, 400, 600]
    assert duels.spread(3, 8) == [0, 1, 2]


@pytest.mark.slow
@pytest.mark.parametrize("rival", list(duels.GAMES))
def test_ten_stored_games_come_out_the_same_when_played_again(rival: str) -> None:
    played = duels.stored(rival)
    numbers = duels.spread(len(played.games), 10)
    again = duels.play_again(rival, numbers, progress=False)
    assert again == [played.games[number] for number in numbers]
