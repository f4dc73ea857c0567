"""One presentation adapter per game: everything a board shows that differs between games.

A board asks its adapter for the names of the sides ("red" / "X"), a move in words
("column 3" / "row 0, col 2"), what to click, the opponent menu, the clickable cells
where a move lands, and any words of its own for the "why this move?" panel
(Connect Four speaks in the threats of the 2019 student report). Adding a game to the boards means writing one adapter and
registering it with `register_adapter`; no widget code changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from gamelib.games.base import (FORBIDDEN, GAME_OVER, OCCUPIED, BoardGame, Game,
                                 IllegalMoveError, Move, Side, State)
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.games.tictactoe import TicTacToe
from gamelib.heuristics.threats import Threat
from gamelib.heuristics.why import MoveEffects, compare_moves, move_effects
from gamelib.platform import N_, _
from gamelib.widgets.cells import DiscCells, GridCells

Cell = tuple[int, int]


@dataclass(frozen=True)
class Preset:
    """One entry of the opponent menu: a label and the player spec it builds."""

    label: str
    spec: str

    @property
    def name(self) -> str:
        """The player's name: the part of the spec before the colon."""
        return self.spec.partition(":")[0]


class Cells(Protocol):
    """The clickable board an adapter builds: a widget, a way to draw and to speak, and
    `refused`, which says why the last move was refused."""

    widget: Any
    refused: Callable[[], str]

    def show(self, state: State, winning: set[Cell], last: Cell | None, hint: Move | None,
             playable: set[Move], reasons: dict[Move, str] | None = None, *,
             human: str = "X", busy: bool = False, queued: Move | None = None) -> None:
        """Draw `state`; only `playable` moves may be played now (`reasons`: why not, by
        move); `human`: the student's mark; `queued`: a move waiting for the AI's reply."""

    def announce(self, text: str) -> None:
        """Say `text` through the board's live region."""

    def press(self, move: Move) -> bool:
        """Choose `move` as the browser does; False if it was refused."""


@dataclass(frozen=True)
class WhySection:
    """A game's own part of the "why this move?" panel: a sentence in plain words, and
    the counts behind it (one dict per move) for the folded "Exact numbers" part."""

    words: str
    rows: list[dict[str, object]]


class GameAdapter(ABC):
    """What a board shows for one game. Subclasses fill in the game's own words."""

    noun = "move"                       # what a move is called: "column", "square"
    click_what = N_("a move")           # "click a column"
    side_names: dict[Side, str] = {}  # how the sides are called ("red"), if not by mark

    def __init__(self, game: BoardGame) -> None:
        self.game = game

    @classmethod
    def handles(cls, game: Game) -> bool:
        """True if this adapter draws `game`."""
        return False

    # -- words -----------------------------------------------------------------------------

    def side_name(self, player: Side) -> str:
        """A side in words: "red" for Connect Four's X, "X" for Tic-Tac-Toe."""
        name = self.side_names.get(player)
        return str(player) if name is None else _(name)

    def move_name(self, move: Move) -> str:
        """A move in words."""
        return _("move {move}").format(move=repr(move))

    def turn_prompt(self, player: Side) -> str:
        """What the human should do now."""
        return _("Your move ({side}): click {what}.").format(side=self.side_name(player),
                                                            what=_(self.click_what))

    def illegal_text(self, move: Move, error: IllegalMoveError) -> str:
        """Why a clicked move cannot be played, from the error's structured reason."""
        if error.reason == FORBIDDEN:
            return _("You may not play {move} now: {rule}.").format(
                move=self.move_name(move), rule=rule_words(error))
        if error.reason == GAME_OVER:
            return _("The game is over.")
        return _("That move is not legal ({error}).").format(error=error)

    def full_text(self, move: Move, state: State) -> str:
        """Why an occupied move cannot be played in `state`, in a few words ("column 3 is
        full", "that cell is taken by 'X'")."""
        row, col = move
        return _("that cell is taken by {mark}").format(mark=repr(state.cell(row, col)))

    def why_section(self, state: State, move: Move,
                    runner_up: Move | None) -> WhySection | None:
        """The game's own words on why `move` and not `runner_up` (None: nothing to add)."""
        return None

    # -- the opponent menu -----------------------------------------------------------------

    def presets(self) -> list[Preset]:
        """The opponents offered in the menu: player specs that `player_from_spec` builds."""
        return [Preset(_("Random"), "random")]

    def default_opponent(self) -> str:
        """The opponent a board starts with: a solid search that answers within a second."""
        return "random"

    def bare_name(self, name: str) -> str:
        """The spec a bare player name ("alphabeta") stands for on this game."""
        return name

    def hint_specs(self) -> list[str]:
        """The players that give hints, best first (the first one that exists is used)."""
        return [self.default_opponent(), "mcts:1000", "random"]

    # -- drawing ---------------------------------------------------------------------------

    @abstractmethod
    def make_cells(self, on_move: Callable[[Move, int], bool]) -> Cells:
        """The clickable board."""

    def landed(self, state: State, move: Move) -> Cell | None:
        """The cell where `move` (the last move played, leading to `state`) put its mark."""
        return move if isinstance(move, tuple) else None

    # -- optional rules --------------------------------------------------------------------

    rule_label: str | None = None
    """A checkbox label for the game's optional rule, or None when it has none."""

    def rule_on(self) -> bool:
        """True when the optional rule is in force."""
        return False

    def with_rule(self, on: bool) -> BoardGame:
        """The same game with the optional rule switched on or off."""
        return self.game


FIRST_MOVE_RULE = "the first player may not open in the centre column"
"""The rule Connect Four's first-move variant quotes in its errors (gamelib.games.connect4)."""


def rule_words(error: IllegalMoveError) -> str:
    """The rule an error quotes, e.g. "the first player may not open in the centre column",
    in the language spoken when it is a rule the boards know."""
    words = _quoted_rule(error)
    return _("the first player may not open in the centre column") if words.startswith(
        FIRST_MOVE_RULE) else words


def _quoted_rule(error: IllegalMoveError) -> str:
    """The rule an error quotes, as the error says it."""
    text = str(error)
    start = text.find(": ") + 2
    end = text.find(";", start)
    return text[start:end if end > 0 else None]


class TicTacToeAdapter(GameAdapter):
    """Tic-Tac-Toe and the other m,n,k games: a grid of squares marked X and O."""

    noun = "square"
    click_what = N_("a square")

    @classmethod
    def handles(cls, game: Game) -> bool:
        return isinstance(game, TicTacToe)

    def move_name(self, move: Move) -> str:
        if isinstance(move, tuple) and len(move) == 2:
            return _("row {row}, col {col}").format(row=move[0], col=move[1])
        return super().move_name(move)

    def illegal_text(self, move: Move, error: IllegalMoveError) -> str:
        if error.reason == OCCUPIED:
            return _("That square is taken: choose an empty one.")
        return super().illegal_text(move, error)

    def small(self) -> bool:
        """True on the 3x3 board, where full-depth searches answer quickly."""
        game = self.game
        return game.rows * game.cols <= 9

    def presets(self) -> list[Preset]:
        presets = [
            Preset(_("Random"), "random"),
            Preset(_("MCTS, 30 iterations (easy)"), "mcts:30"),
            Preset(_("MCTS, 1000 iterations (strong)"), "mcts:1000"),
            Preset(_("MCTS-Solver, 1000 iterations (proves results)"),
                   "mcts-solver:1000"),
            Preset(_("Alpha-beta, full depth (perfect)"), "alphabeta"),
            Preset(_("Minimax, full depth (perfect; slow first move)"), "minimax"),
        ]
        # Full-depth searches need the small board; bigger ones get random and MCTS.
        return presets if self.small() else [p for p in presets
                                             if ":" in p.spec or p.name == "random"]

    def default_opponent(self) -> str:
        return "alphabeta" if self.small() else "mcts:1000"

    def bare_name(self, name: str) -> str:
        if name in ("minimax", "alphabeta"):
            return name                                  # to the end of the game
        return CONNECT_FOUR_DEFAULTS.get(name, name)

    def make_cells(self, on_move: Callable[[Move, int], bool]) -> Cells:
        return GridCells(self.game, on_move)


def effect_words(effects: MoveEffects) -> str:
    """What one Connect Four move does for the AI, in words ("stops your odd threat ...")."""
    if effects.wins:
        return _("completes four and wins")
    parts = []
    if effects.threats_stopped:
        parts.append(_("stops {threats}").format(threats=and_list(
            [_("your {threat}").format(threat=threat_words(t))
             for t in effects.threats_stopped])))
    parts += [_("breaks your double threat in column {col}").format(col=d.col)
              for d in effects.doubles_stopped]
    if effects.threats_made:
        parts.append(_("makes {threats}").format(threats=and_list(
            [_("an {threat}").format(threat=threat_words(t)) for t in effects.threats_made])))
    parts += [_("makes a double threat in column {col} ({shape})").format(col=d.col,
                                                                          shape=_(d.shape))
              for d in effects.doubles_made]
    return and_list(parts) if parts else _("makes and stops no threat")


SHAPES = (N_("even over odd"), N_("odd over even"))
"""The shapes of a stacked double threat (gamelib.heuristics.report), marked for translation."""


def gives_win_words(effects: MoveEffects) -> str:
    """A sentence of its own when a move lets the other side win at once ("" if not): it
    does not share a sentence with what the move stops, which it does not stop enough."""
    if not effects.gives_win:
        return ""
    columns = _(" or ").join(str(col) for col in effects.gives_win)
    sentence = (_("Even so, you can win at once after column {move}: in column {columns}.")
                if effects.threats_stopped or effects.doubles_stopped else
                _("You can win at once after column {move}: in column {columns}."))
    return " " + sentence.format(move=effects.move, columns=columns)


def threat_words(threat: Threat) -> str:
    """"odd threat in column 3 (row 1 from the bottom)": the report counts rows from 1."""
    words = (_("odd threat in column {col} (row {row} from the bottom)")
             if threat.parity == "odd" else
             _("even threat in column {col} (row {row} from the bottom)"))
    return words.format(col=threat.col, row=threat.row)


def lines_words(chosen: MoveEffects, other: MoveEffects) -> str:
    """How the two moves' lines compare (the report's line evaluation), in words."""
    if chosen.lines == other.lines:
        return _("Both lie on equally good lines.")
    words = (_("Column {chosen} lies on better lines than column {other}.")
             if chosen.lines > other.lines else
             _("Column {chosen} lies on worse lines than column {other}."))
    return words.format(chosen=chosen.move, other=other.move)


def and_list(parts: list[str]) -> str:
    """"a", "a and b", "a, b and c" (in the language spoken)."""
    if len(parts) == 1:
        return parts[0]
    return _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


CONNECT_FOUR_DEFAULTS = {"random": "random", "minimax": "minimax:3",
                         "alphabeta": "alphabeta:4", "id": "id:1", "mcts": "mcts:1000",
                         "mcts-solver": "mcts-solver:1000", "perfect": "perfect:10",
                         "td": "td:4"}
"""The preset a bare name stands for (Tic-Tac-Toe's full-depth searches excepted)."""


class ConnectFourAdapter(GameAdapter):
    """Connect Four: red and yellow discs dropped into columns numbered from 0."""

    noun = "column"
    click_what = N_("a column")
    side_names = {"X": N_("red"), "O": N_("yellow")}
    rule_label = N_("First player may not open in the centre")

    @classmethod
    def handles(cls, game: Game) -> bool:
        return isinstance(game, ConnectFour)

    def move_name(self, move: Move) -> str:
        return _("column {col}").format(col=move)

    def full_text(self, move: Move, state: State) -> str:
        return _("column {col} is full").format(col=move)

    def illegal_text(self, move: Move, error: IllegalMoveError) -> str:
        if error.reason == OCCUPIED:
            return _("Column {col} is full: choose another column.").format(col=move)
        return super().illegal_text(move, error)

    def why_section(self, state: State, move: Move,
                    runner_up: Move | None) -> WhySection | None:
        """The move and the runner-up in the report's terms: the threats, double threats
        and lines each makes or stops (counted on the board, no search)."""
        if not isinstance(state, ConnectFourState):
            return None
        if runner_up is None:
            chosen = move_effects(state, move)
            return WhySection(_("In the report's terms: column {move} {effects}.").format(
                move=move, effects=effect_words(chosen)) + gives_win_words(chosen), [])
        comparison = compare_moves(state, move, runner_up)
        chosen, other = comparison.chosen, comparison.runner_up
        return WhySection(_("In the report's terms: column {move} {effects}; the runner-up, "
                            "column {other}, {other_effects}.").format(
            move=move, effects=effect_words(chosen), other=runner_up,
            other_effects=effect_words(other))
            + f"{gives_win_words(chosen)}{gives_win_words(other)} "
            f"{lines_words(chosen, other)}", comparison.rows())

    def presets(self) -> list[Preset]:
        presets = [
            Preset(_("Random"), "random"),
            Preset(_("Minimax, depth 2 (easy)"), "minimax:2"),
            Preset(_("Minimax, depth 3"), "minimax:3"),
            Preset(_("Alpha-beta, depth 2 (easy)"), "alphabeta:2"),
            Preset(_("Alpha-beta, depth 4 (medium)"), "alphabeta:4"),
            Preset(_("Alpha-beta, depth 6 (hard)"), "alphabeta:6"),
            Preset(_("Iterative deepening, 1 s"), "id:1"),
            Preset(_("Iterative deepening, 3 s"), "id:3"),
            Preset(_("MCTS, 200 iterations (easy)"), "mcts:200"),
            Preset(_("MCTS, 1000 iterations (medium)"), "mcts:1000"),
            Preset(_("MCTS, 4000 iterations (hard)"), "mcts:4000"),
            Preset(_("MCTS-Solver, 4000 iterations (sees forced wins)"), "mcts-solver:4000"),
            Preset(_("Learned evaluation (alpha-beta depth 4)"), "td:4"),
            Preset(_("Perfect solver (up to 10 s a move)"), "perfect:10"),
        ]
        if not self.standard():     # the solver and the learned network know 7x6 only
            presets = [p for p in presets if p.name not in ("td", "perfect")]
        return presets

    def standard(self) -> bool:
        """True for the standard 7x6 board with four in a row (the solver's game)."""
        game = self.game
        return (game.rows, game.cols, game.k) == (6, 7, 4)

    def default_opponent(self) -> str:
        return "alphabeta:4"

    def bare_name(self, name: str) -> str:
        return CONNECT_FOUR_DEFAULTS.get(name, name)

    def hint_specs(self) -> list[str]:
        return ["alphabeta:5", "mcts:1000", "random"]

    def make_cells(self, on_move: Callable[[Move, int], bool]) -> Cells:
        assert isinstance(self.game, ConnectFour)
        return DiscCells(self.game, on_move)

    def landed(self, state: State, move: Move) -> Cell | None:
        return (self.game.rows - state.height(move), move)

    def rule_on(self) -> bool:
        return bool(getattr(self.game, "first_move_rule", False))

    def with_rule(self, on: bool) -> BoardGame:
        game = self.game
        if self.rule_on() == on or game.cols % 2 == 0:
            return game
        return ConnectFour(game.rows, game.cols, game.k, first_move_rule=on)


ADAPTERS: list[type[GameAdapter]] = [ConnectFourAdapter, TicTacToeAdapter]
"""The registered adapters, tried in order."""


def register_adapter(adapter: type[GameAdapter]) -> type[GameAdapter]:
    """Teach the boards a new game (usable as a class decorator)."""
    ADAPTERS.insert(0, adapter)
    return adapter


def adapter_for(game: Game) -> GameAdapter:
    """The adapter that draws `game`, or a clear error naming the games boards know."""
    for adapter in ADAPTERS:
        if adapter.handles(game) and isinstance(game, BoardGame):
            return adapter(game)
    known = ", ".join(a.__name__.removesuffix("Adapter") for a in ADAPTERS)
    raise TypeError(_("PlayBoard has no adapter for {game}; it draws {known}. Write a "
                      "GameAdapter and register it with register_adapter.").format(
        game=repr(game), known=known))


def presets_for(game: Game) -> list[Preset]:
    """The opponent menu for `game`: its adapter's presets."""
    return adapter_for(game).presets()
