"""Players, games between them, matches and tournaments."""

from gamelib.arena.play import GameAbandoned, GameRecord, play_game
from gamelib.arena.players import HumanPlayer, Player, RandomPlayer
from gamelib.arena.match import GameSummary, MatchResult, match
from gamelib.arena.stats import Tally
from gamelib.arena.tournament import TournamentResult, tournament
from gamelib.search.players import AlphaBetaPlayer, MCTSPlayer, MinimaxPlayer

__all__ = ["GameAbandoned", "GameRecord", "play_game", "HumanPlayer", "Player", "RandomPlayer",
           "match", "MatchResult", "GameSummary", "tournament", "TournamentResult", "Tally",
           "MinimaxPlayer", "AlphaBetaPlayer", "MCTSPlayer"]
