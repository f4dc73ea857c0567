"""A Connect Four board with a value above each column: the solver's score of every move."""

from __future__ import annotations

from typing import Any, Mapping

from gamelib.games.connect4 import ConnectFourState
from gamelib.games.pictures import WIN_COLOUR, board_description, discs_svg, svg_bundle
from gamelib.platform import N_, _
from gamelib.viz.style import font_families

CELL = 44
LOSS_COLOUR = "#d62728"
DRAW_COLOUR = "#666666"


OUTCOME_WORDS = {"win": N_("win"), "draw": N_("draw"), "loss": N_("loss")}
"""Each outcome as the picture writes it (translated where drawn; the word itself is the
SVG class)."""


def outcome(score: int) -> str:
    """A solver score in a word, for the player to move: 'win', 'draw' or 'loss'."""
    return "win" if score > 0 else "loss" if score < 0 else "draw"


def signed(score: int) -> str:
    """A score with its sign: '+2', '0', '-1'."""
    return f"{score:+d}" if score else "0"


class ColumnScores:
    """`state` drawn with `scores[col]` above each playable column, coloured by outcome
    (green win, grey draw, red loss for the player to move), with a title."""

    def __init__(self, state: ConnectFourState, scores: Mapping[int, int],
                 title: str = "") -> None:
        self.state = state
        self.scores = dict(scores)
        self.title = title

    def _repr_svg_(self) -> str:
        return column_scores_svg(self.state, self.scores, self.title)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """The picture, with the scores and the board in words as alt text."""
        words = "; ".join(f"column {col}: {signed(score)} ({outcome(score)})"
                          for col, score in sorted(self.scores.items()))
        alt = (f"{self.title}\n" if self.title else "") + f"{words}\n" + board_description(
            "Connect Four", str(self.state), self.state.to_move, self.state.winner)
        return svg_bundle(self._repr_svg_(), alt)


def column_scores_svg(state: ConnectFourState, scores: Mapping[int, int],
                      title: str = "") -> str:
    """The SVG of a ColumnScores picture."""
    rows, cols = state.rows, state.cols
    board = discs_svg(rows, cols, state.board, cell=CELL)
    inner = board[board.index(">") + 1:board.rindex("</svg>")]
    margin, top = 10, (24 if title else 4) + 40
    width = max(cols * CELL + 2 * margin, 440)
    height = top + rows * CELL + 40
    colours = {"win": WIN_COLOUR, "draw": DRAW_COLOUR, "loss": LOSS_COLOUR}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'class="gamelib-board column-scores" font-family="{font_families("sans-serif")}" '
             f'font-size="13">']
    if title:
        parts.append(f'<text x="{margin}" y="17" font-size="15">{title}</text>')
    for col, score in sorted(scores.items()):
        x, word = margin + col * CELL + CELL / 2, outcome(score)
        parts.append(f'<text x="{x}" y="{top - 22}" text-anchor="middle" font-size="16" '
                     f'font-weight="bold" fill="{colours[word]}" class="score {word}">'
                     f'{signed(score)}</text>')
        parts.append(f'<text x="{x}" y="{top - 6}" text-anchor="middle" '
                     f'fill="{colours[word]}">{_(OUTCOME_WORDS[word])}</text>')
    parts.append(f'<g transform="translate({margin},{top})">{inner}</g>')
    for c in range(cols):
        parts.append(f'<text x="{margin + c * CELL + CELL / 2}" y="{top + rows * CELL + 16}" '
                     f'text-anchor="middle">{c}</text>')
    parts.append(f'<text x="{margin}" y="{top + rows * CELL + 34}" font-size="12">' +
                 _("{player} to move; above each column, the score of playing it (+ win, "
                   "0 draw, - loss)").format(player=state.to_move) + '</text>')
    parts.append("</svg>")
    return "".join(parts)
