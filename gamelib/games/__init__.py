"""Rules only: states, legal moves, results, terminal test, utility, rendering."""

from gamelib.games.base import BoardGame, Game, IllegalMoveError, Move, Side, State
from gamelib.games.connect4 import ConnectFour, ConnectFourState, from_standard, to_standard
from gamelib.games.gametree import GameTree
from gamelib.games.tictactoe import TicTacToe, TicTacToeState

__all__ = ["Game", "BoardGame", "IllegalMoveError", "Move", "Side", "State", "TicTacToe",
           "TicTacToeState", "ConnectFour", "ConnectFourState", "GameTree", "from_standard", "to_standard"]
