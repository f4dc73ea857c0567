"""PlayBoard: play Tic-Tac-Toe or Connect Four against a search algorithm in a notebook.

The AI thinks in a worker thread, so the notebook stays responsive. One lock guards the
game; while the AI (or a hint) is being computed, inputs are disabled and any click is
ignored with a message. A generation counter makes a search that finishes after
"New game" harmless: its move is dropped.
"""

from __future__ import annotations

import threading
from html import escape
from typing import Any, Callable

import ipywidgets as widgets

from gamelib.arena.play import describe
from gamelib.arena.players import RandomPlayer
from gamelib.arena.specs import FACTORIES, check_player
from gamelib.games.base import BoardGame, Game, IllegalMoveError, Move, Side, State
from gamelib.games.checks import check_state
from gamelib.games.connect4 import ConnectFour
from gamelib.search.result import SearchResult
from gamelib.widgets.cells import make_cells
from gamelib.widgets.explain import move_label, why_html
from gamelib.widgets.opponents import (choose_move, default_opponent, default_spec,
                                       make_player, presets_for)
from gamelib.widgets.recording import recorded
from gamelib.widgets.style import stylesheet, with_classes
from gamelib.widgets.treeview import tree_html

CUSTOM = "custom"
COLOUR_NAMES = {"X": "red", "O": "yellow"}


class PlayBoard:
    """Play `game` against `opponent` (a player object, a name like "alphabeta", or a spec
    like "alphabeta:4"; by default a search that answers within a second); `human_plays`
    is 'X' (first) or 'O' (second).

    Python API for tests and scripts: `click(move)` plays a move and waits for the AI's
    reply; `state`, `cells`, `status`, `last_result`; `new_game()`, `undo()`, `hint()`,
    `wait()`. With `threaded=False` the AI answers inside the click (no worker thread).
    `hint`: the player that gives hints (a spec or a player); `seed`: for random players;
    `tree_nodes`: how many nodes "Show the tree" draws (the root's moves and the expected
    line come first); `start`: the position every game starts from (a state, or a Connect
    Four position string such as "4453").
    """

    def __init__(self, game: BoardGame, opponent: Any = None, human_plays: Side = "X",
                 hint: Any = None, seed: int | None = None, threaded: bool = True,
                 tree_nodes: int = 12, start: State | str | None = None) -> None:
        self.game = game
        self.start = _start_state(game, start)
        self.seed = seed
        self.threaded = threaded
        self.tree_nodes = tree_nodes
        self.human = _check_side(game, human_plays)
        self.history: list[State] = [self.start]
        self.moves: list[Move] = []
        self.last_result: SearchResult | None = None
        self.last_ai_move: Move | None = None
        self.hint_move: Move | None = None
        self._lock = threading.RLock()
        self._thinking = False
        self._generation = 0
        self._worker: threading.Thread | None = None
        self._status = ""
        self._custom: Any = None
        self._searched_by: Any = None
        self._menu_quiet = False
        self.menu = with_classes(widgets.Dropdown(
            options=[(p.label, p.spec) for p in presets_for(game)],
            layout=widgets.Layout(width="280px")), "gamelib-opponent")
        self.player = self._player_for(default_opponent(game) if opponent is None
                                       else opponent)
        self._hint_player = self._hint_for(hint)
        self._build()
        self.new_game()

    # -- the Python API --------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The current position."""
        return self.history[-1]

    @property
    def cells(self) -> list[list[str]]:
        """The board as rows of 'X', 'O', '.' (row 0 at the top)."""
        return [[self.state.cell(r, c) for c in range(self.game.cols)]
                for r in range(self.game.rows)]

    @property
    def status(self) -> str:
        """The status line as plain text."""
        return self._status

    @property
    def thinking(self) -> bool:
        """True while the AI (or a hint) is being computed."""
        return self._thinking

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.game.is_terminal(self.state)

    @property
    def opponent_label(self) -> str:
        """The menu label of the current opponent."""
        return dict((v, k) for k, v in self.menu.options)[self.menu.value]

    def click(self, move: Move, wait: bool = True) -> bool:
        """Play `move` as the human, as a click would; then wait for the AI's reply.

        Returns False (and says why in the status line) if the click was ignored.
        """
        played = self._human_move(move)
        if wait:
            self.wait()
        return played

    def wait(self, timeout: float | None = None) -> None:
        """Block until the AI (or a hint) has finished thinking."""
        while True:
            worker = self._worker
            if worker is None or not worker.is_alive():
                return
            worker.join(timeout)
            if timeout is not None:
                return

    def new_game(self, human_plays: Side | None = None) -> None:
        """Start again (optionally switching sides); the AI opens if it moves first."""
        with self._lock:
            if human_plays is not None:
                self.human = _check_side(self.game, human_plays)
                if self.side.value != self.human:
                    self.side.value = self.human   # its observer calls new_game again
                    return
            self._generation += 1
            self._thinking = False
            self.history = [self.start]
            self.moves = []
            self.last_result = self.last_ai_move = self.hint_move = None
            self.why.value = ""
            self.tree.value = ""
            self._set_status(self._turn_text())
            self._set_enabled(True)
            self._refresh()
            if self._ai_to_move():
                self._start_ai()

    def undo(self) -> bool:
        """Take back your last move and the AI's reply to it; False if there is none."""
        with self._lock:
            if self._thinking:
                self._set_status("Please wait: the AI is thinking.")
                return False
            keep = self._undo_point()
            if keep is None:
                self._set_status("Nothing to undo yet. " + self._turn_text())
                return False
            del self.history[keep:]
            del self.moves[keep - 1:]
            self.last_result = self.last_ai_move = self.hint_move = None
            self.why.value = ""
            self.tree.value = ""
            self._set_status("Move taken back. " + self._turn_text())
            self._refresh()
            return True

    def hint(self, wait: bool = True) -> Move | None:
        """Suggest a move for you (shown on the board); returns it once known."""
        with self._lock:
            if self._thinking or self.over or self._ai_to_move():
                self._set_status("No hint now: " + self._busy_text())
                return None
            self._think(lambda state: choose_move(self._hint_player, self.game, state),
                        self._show_hint, "Looking for a good move for you…")
        if wait:
            self.wait()
        return self.hint_move

    def show_tree(self, wait: bool = True) -> None:
        """Draw the search tree of the AI's last move below the board (size-limited)."""
        with self._lock:
            if self._thinking:
                self._set_status("Please wait: the AI is thinking.")
                return
            if self.last_result is None:
                self.tree.value = tree_html(None)
                return
            player, result = self._searched_by, self.last_result
            self._think(lambda _state: recorded(player, self.game, result.state, result),
                        self._draw_tree, "Drawing the tree of the AI's last search…")
        if wait:
            self.wait()

    def _draw_tree(self, result: SearchResult | None) -> None:
        """Show the drawing of a recorded search."""
        self.last_result = result
        self.tree.value = tree_html(result, self.tree_nodes)
        self._set_status("The tree of the AI's last search is drawn below. "
                         + self._turn_text())

    def set_opponent(self, opponent: Any) -> None:
        """Switch the opponent (a player, a name or a spec); it plays from its next move."""
        self.player = self._player_for(opponent)
        with self._lock:
            self._set_status(f"Opponent: {self.opponent_label}. " + self._turn_text())
            if self._ai_to_move() and not self._thinking and not self.over:
                self._start_ai()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the board when it is the value of a notebook cell."""
        return self.widget._repr_mimebundle_(**kwargs)

    # -- building the widgets --------------------------------------------------------------

    def _build(self) -> None:
        """Create the controls, the board and the panels."""
        self.board = make_cells(self.game, self._human_move)
        self.side = with_classes(widgets.ToggleButtons(
            options=self._side_options(), value=self.human, style={"button_width": "auto"}),
            "gamelib-side")
        self.side.observe(lambda change: self.new_game(change["new"]), "value")
        self.menu.observe(self._menu_changed, "value")
        self.new_button = self._button("New game", "gamelib-new", lambda: self.new_game())
        self.undo_button = self._button("Undo", "gamelib-undo", self.undo)
        self.hint_button = self._button("Hint", "gamelib-hint-button",
                                        lambda: self.hint(wait=False))
        self.tree_button = self._button("Show the tree", "gamelib-tree-button",
                                        lambda: self.show_tree(wait=False))
        self.why_toggle = with_classes(widgets.ToggleButton(
            value=True, description="Why this move?", tooltip="show the AI's reasoning"),
            "gamelib-why")
        self.why_toggle.observe(lambda change: self._show_why_panel(), "value")
        self.status_line = with_classes(widgets.HTML(), "gamelib-status")
        self.why = with_classes(widgets.HTML(layout=widgets.Layout(margin="0 0 0 16px")),
                                "gamelib-why-panel")
        self.tree = with_classes(widgets.HTML(layout=widgets.Layout(
            max_height="900px", overflow="auto")), "gamelib-tree-panel")
        controls = widgets.HBox([widgets.Label("Opponent:"), self.menu, self.side])
        buttons = widgets.HBox([self.new_button, self.undo_button, self.hint_button,
                                self.why_toggle, self.tree_button])
        self.inputs = [self.menu, self.side, self.undo_button, self.hint_button,
                       self.tree_button] + self.board.clickable
        self.widget = with_classes(widgets.VBox([
            stylesheet(), controls, buttons, self.status_line,
            widgets.HBox([self.board.widget, self.why]), self.tree]), "gamelib-playboard")

    def _button(self, text: str, css: str, action: Callable[[], Any]) -> widgets.Button:
        """A button with a CSS class that runs `action` and never raises into the page."""
        button = with_classes(widgets.Button(description=text), css)
        button.on_click(lambda _b: self._safely(action))
        return button

    def _side_options(self) -> list[tuple[str, Side]]:
        """The "you play" choices, in colours for Connect Four."""
        first, second = self.game.players
        if isinstance(self.game, ConnectFour):
            return [(f"You play {COLOUR_NAMES[first]} (first)", first),
                    (f"You play {COLOUR_NAMES[second]} (second)", second)]
        return [(f"You play {first} (first)", first), (f"You play {second} (second)", second)]

    def _player_for(self, opponent: Any) -> Any:
        """A player object from the constructor's or the menu's `opponent`."""
        if opponent == CUSTOM:
            return self._custom
        if not isinstance(opponent, str):
            self._custom = check_player(self.game, opponent, "opponent")
            self._add_option(f"{describe(opponent)} (yours)", CUSTOM)
            return opponent
        spec = default_spec(self.game, opponent.strip().lower())
        player = check_player(self.game, make_player(spec, seed=self.seed), "opponent")
        self._add_option(spec, spec)
        return player

    def _add_option(self, label: str, value: str) -> None:
        """Select `value` in the menu, adding it first if it is not there."""
        options = list(self.menu.options)
        if value not in [v for _, v in options]:
            self.menu.options = options + [(label, value)]
        if self.menu.value != value:
            self._menu_quiet = True
            try:
                self.menu.value = value
            finally:
                self._menu_quiet = False

    def _menu_changed(self, change: dict) -> None:
        """The menu's observer: switch opponents (unless the code itself set the menu)."""
        if not self._menu_quiet:
            self._safely(lambda: self.set_opponent(change["new"]))

    def _hint_for(self, hint: Any) -> Any:
        """The player that gives hints: `hint`, else a solid search for this game."""
        if hint is not None:
            return make_player(hint, seed=self.seed) if isinstance(hint, str) else hint
        search = "alphabeta:5" if isinstance(self.game, ConnectFour) else default_opponent(
            self.game)
        for spec in (search, "mcts:1000", "random"):
            if spec.partition(":")[0] in FACTORIES:
                return make_player(spec, seed=self.seed)
        return make_player("random", seed=self.seed)

    # -- playing ---------------------------------------------------------------------------

    def _human_move(self, move: Move) -> bool:
        """Handle a click on `move`: play it if allowed, then let the AI reply."""
        with self._lock:
            problem = self._why_not(move)
            if problem:
                self._set_status(problem)
                return False
            self._play(move)
            self.hint_move = None
            self._refresh()
            if self.over:
                self._set_status(self._end_text())
            else:
                self._start_ai()
            return True

    def _why_not(self, move: Move) -> str | None:
        """Why a click on `move` cannot be played now, or None if it can."""
        if self._thinking:
            return "Please wait: the AI is thinking."
        if self.over:
            return "The game is over. " + self._end_text() + " Press New game to play again."
        if self._ai_to_move():
            return "It is the AI's turn."
        try:
            self.game.result(self.state, move)
        except IllegalMoveError as error:
            return _illegal_text(self.game, move, error) + " " + self._turn_text()
        return None

    def _play(self, move: Move) -> None:
        """Play a legal move on the current state."""
        self.history.append(self.game.result(self.state, move))
        self.moves.append(move)

    def _start_ai(self) -> None:
        """Let the AI choose its move (in the background when threaded)."""
        player = self.player
        self._think(lambda state: (*choose_move(player, self.game, state), player),
                    self._ai_moved,
                    f"The AI ({self.opponent_label}) is thinking…")

    def _think(self, job: Callable[[State], Any], done: Callable[[Any], None],
               message: str) -> None:
        """Run `job(state)` with inputs disabled, then `done(outcome)` under the lock."""
        self._thinking = True
        generation, state = self._generation, self.state
        self._set_status(message, thinking=True)
        self._set_enabled(False)

        def work() -> None:
            try:
                outcome = job(state)
            except Exception as error:  # shown in the status line, never raised
                outcome = error
            with self._lock:
                if generation != self._generation:
                    return              # New game was pressed meanwhile: drop this answer
                self._thinking = False
                self._safely(lambda: self._finish(outcome, done))

        if self.threaded:
            self._worker = threading.Thread(target=work, daemon=True, name="gamelib-ai")
            try:
                self._worker.start()
                return
            except RuntimeError:    # no threads here (the browser): answer inside the click
                self.threaded, self._worker = False, None
        work()

    def _finish(self, outcome: Any, done: Callable[[Any], None]) -> None:
        """Apply a finished job's outcome and re-enable the inputs."""
        if isinstance(outcome, Exception):
            self._set_status(f"The search failed: {type(outcome).__name__}: {outcome}. "
                             "Choose another opponent or press New game.")
        else:
            done(outcome)
        self._set_enabled(True)
        self._refresh()

    def _ai_moved(self, outcome: tuple[Move, SearchResult | None, Any]) -> None:
        """Play the AI's move and explain it."""
        move, result, self._searched_by = outcome
        self._play(move)
        self.last_ai_move, self.last_result = move, result
        self._show_why_panel()
        self.tree.value = ""
        said = f"The AI played {move_label(self.game, move)}. "
        self._set_status(said + (self._end_text() if self.over else self._turn_text()))

    def _show_hint(self, outcome: tuple[Move, SearchResult | None]) -> None:
        """Mark the suggested move on the board."""
        self.hint_move = outcome[0]
        self._set_status(f"Hint: try {move_label(self.game, self.hint_move)}.")

    # -- drawing ---------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Redraw the board from the current state."""
        winning = set(self.game.winning_line(self.state) or ())
        self.board.show(self.state, winning, self._last_cell(), self.hint_move)
        self.undo_button.disabled = self._thinking or self._undo_point() is None

    def _last_cell(self) -> tuple[int, int] | None:
        """The cell of the last move played, if any."""
        if not self.moves:
            return None
        move = self.moves[-1]
        if isinstance(self.game, ConnectFour):
            return (self.game.rows - self.state.height(move), move)
        return move

    def _show_why_panel(self) -> None:
        """Fill or hide the 'why this move?' panel."""
        if not self.why_toggle.value or self.last_ai_move is None:
            self.why.value = ""
            return
        self.why.value = why_html(self.game, self.last_result, self.opponent_label,
                                  isinstance(self._searched_by, RandomPlayer))

    def _set_enabled(self, enabled: bool) -> None:
        """Enable or disable every input while the AI thinks."""
        for widget in self.inputs:
            if widget.disabled == enabled:
                widget.disabled = not enabled

    def _set_status(self, text: str, thinking: bool = False) -> None:
        """Show `text` in the status line."""
        self._status = text
        css = "gamelib-thinking" if thinking else "gamelib-message"
        self.status_line.value = f"<span class='{css}'>{escape(text)}</span>"

    def _safely(self, action: Callable[[], Any]) -> None:
        """Run a button's action; an unexpected error goes to the status line, not the page."""
        try:
            action()
        except Exception as error:
            self._set_status(f"Something went wrong: {type(error).__name__}: {error}")

    # -- small helpers ---------------------------------------------------------------------

    def _ai_to_move(self) -> bool:
        """True when it is the AI's turn in an unfinished game."""
        return not self.over and self.game.to_move(self.state) != self.human

    def _undo_point(self) -> int | None:
        """How many states to keep to take back the human's last move, or None."""
        for index in range(len(self.history) - 2, -1, -1):
            if self.game.to_move(self.history[index]) == self.human:
                return index + 1
        return None

    def _turn_text(self) -> str:
        """Whose turn it is, in words."""
        if self.over:
            return self._end_text()
        if self._ai_to_move():
            return "The AI is to move."
        if isinstance(self.game, ConnectFour):
            return f"Your move ({COLOUR_NAMES[self.human]}): click a column."
        return f"Your move ({self.human}): click a square."

    def _end_text(self) -> str:
        """The result, from the human's point of view."""
        winner = self.game.winner(self.state)
        if winner is None:
            return "Draw."
        return "You win!" if winner == self.human else "The AI wins."

    def _busy_text(self) -> str:
        """Why nothing can be done right now."""
        if self._thinking:
            return "the AI is thinking."
        if self.over:
            return "the game is over."
        return "it is the AI's turn."


def _check_side(game: Game, side: Side) -> Side:
    """`side` if it is one of the game's players ('first'/'second' accepted too)."""
    aliases = {"first": game.players[0], "second": game.players[1]}
    side = aliases.get(str(side).lower(), side)
    if side not in game.players:
        raise ValueError(f"human_plays must be one of {list(game.players)} "
                         f"(or 'first' / 'second'), got {side!r}")
    return side


def _start_state(game: Game, start: State | str | None) -> State:
    """The starting position: the initial state, a given state, or a position string."""
    if start is None:
        return game.initial_state
    state = game.play(start) if isinstance(start, str) else check_state(game, start, "start")
    if game.is_terminal(state):
        raise ValueError("the start position is already finished: nothing left to play")
    return state


def _illegal_text(game: Game, move: Move, error: IllegalMoveError) -> str:
    """A short reason why a clicked move is illegal."""
    if isinstance(game, ConnectFour) and isinstance(move, int) and "full" in str(error):
        return f"Column {move} is full: choose another column."
    if "taken" in str(error):
        return "That square is taken."
    return f"That move is not legal ({error})."
