"""Players, games between them, matches and tournaments."""

from gamelib.arena.play import GameRecord, play_game
from gamelib.arena.players import HumanPlayer, Player, RandomPlayer

__all__ = ["GameRecord", "play_game", "HumanPlayer", "Player", "RandomPlayer"]
