"""Rules only: states, legal moves, results, terminal test, utility, rendering."""

from gamelib.games.base import Game, IllegalMoveError, Move, Player, State
from gamelib.games.connect4 import ConnectFour, ConnectFourState, from_standard, to_standard
from gamelib.games.gametree import GameTree
from gamelib.games.tictactoe import TicTacToe, TicTacToeState

__all__ = ["Game", "IllegalMoveError", "Move", "Player", "State", "TicTacToe",
           "TicTacToeState", "ConnectFour", "ConnectFourState", "GameTree", "from_standard", "to_standard"]
