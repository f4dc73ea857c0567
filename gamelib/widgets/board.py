"""PlayBoard: play Tic-Tac-Toe or Connect Four against a search algorithm in a notebook.

Three parts, each in its own module: the game session (positions, moves, undo, turn,
result: `session.py`), the worker that runs the AI off the main thread (generations,
cancellation, a thread-less fallback: `worker.py`), and this view, which draws them.
What differs between games (names, colours, menus, cells) comes from the game's
presentation adapter (`adapters.py`).
"""

from __future__ import annotations

import functools
import re
import threading
from html import escape
from typing import Any, Callable, TypeVar

import ipywidgets as widgets

from gamelib.arena.play import describe
from gamelib.arena.players import RandomPlayer
from gamelib.arena.specs import check_player, player_from_spec
from gamelib.games.base import (FORBIDDEN, OCCUPIED, BoardGame, Game, IllegalMoveError, Move,
                                 Side, State)
from gamelib.games.checks import check_state
from gamelib.platform import N_, _, language, speaking
from gamelib.search.result import SearchResult
from gamelib.solver.player import SolverResult
from gamelib.widgets.adapters import adapter_for, presets_for, rule_words
from gamelib.widgets import foresight
from gamelib.widgets.explain import (capitalized, is_solver, loses_in, pv_text, value_words,
                                     why_html, wins_in)
from gamelib.widgets.opponents import TREE_PLIES, choose_move, records_its_tree
from gamelib.widgets.session import GameSession, check_side
from gamelib.widgets.style import stylesheet, with_classes
from gamelib.widgets.treeview import TreeViewport, tree_html
from gamelib.widgets.worker import Worker

CUSTOM = "custom"
BUSY_NOTE = N_("unavailable while the AI is thinking")
"""What a control greyed out while the AI thinks says (its tooltip, read as its description)."""
BANNERS = {"win": N_("You win!"), "loss": N_("The AI wins."), "draw": N_("Draw.")}
VERDICTS = {"best": N_("best"), "fine": N_("fine"), "mistake": N_("mistake"),
            "blunder": N_("blunder"), "?": N_("not judged")}
"""The review's verdicts (gamelib.arena.review) as a student reads them."""
VERDICT_CLASSES = {"?": "not-judged"}
"""A verdict's CSS class name (gamelib-verdict-<name>) when it is not the verdict itself:
the classes are the same in every language."""
T = TypeVar("T")


def in_own_language(method: Callable[..., T]) -> Callable[..., T]:
    """Run a board's method in the language the board was made in."""
    @functools.wraps(method)
    def speaking_method(self: Any, *args: Any, **kwargs: Any) -> T:
        with speaking(self.language):
            return method(self, *args, **kwargs)
    return speaking_method


def unbracketed(label: str) -> str:
    """A menu label made fit to stand in brackets: its own brackets become a comma ("The
    AI (Perfect solver, up to 10 s a move)", never "(Perfect solver (up to 10 s a move))").
    Its capital stays: the menu's name for the player ("Alpha-beta", "Random")."""
    return re.sub(r"\s*[(（]([^()（）]*)[)）]", r", \1", label)


WIN_MARK = ("<svg class='gamelib-win-mark' width='22' height='22' viewBox='0 0 24 24' "
            "aria-hidden='true'><path fill='currentColor' d='M12 2l3 7h7l-5.5 4.5 2 7.5"
            "-6.5-4.5-6.5 4.5 2-7.5L2 9h7z'/></svg> ")
"""A star drawn inline before "You win!" (an emoji needs a font that may be missing)."""


class PlayBoard:
    """Play `game` against `opponent` (a player object, a name like "alphabeta", or a spec
    like "alphabeta:4"; by default a search that answers within a second); `human_plays`
    is 'X' (first) or 'O' (second).

    Python API for tests and scripts: `click(move)` plays a move and waits for the AI's
    reply; `state`, `cells`, `status`, `last_result`; `new_game()`, `undo()`, `hint()`,
    `show_tree()`, `review()`, `wait()`. With `threaded=False` the AI answers inside the
    click. `hint`: the player that gives hints (a spec or a player); `seed`: for random
    players; `tree_nodes`: how many nodes "Show the tree" draws; `start`: the position
    every game starts from (a state or a position string); `first_move_rule`: Connect
    Four's optional rule that the first player may not open in the centre column.

    A board speaks the language gamelib spoke when it was made (`gamelib.set_language`,
    or the locale) for its whole life: its buttons, status line, panels and accessible
    names stay in that language even if the language is changed afterwards.
    """

    def __init__(self, game: BoardGame, opponent: Any = None, human_plays: Side = "X",
                 hint: Any = None, seed: int | None = None, threaded: bool = True,
                 tree_nodes: int = 10, start: State | str | None = None,
                 first_move_rule: bool | None = None) -> None:
        self.language = language()
        """The language the board speaks (the one spoken when it was made)."""
        with speaking(self.language):
            self._setup(game, opponent, human_plays, hint, seed, threaded, tree_nodes, start,
                        first_move_rule)

    def _setup(self, game: BoardGame, opponent: Any, human_plays: Side, hint: Any,
               seed: int | None, threaded: bool, tree_nodes: int,
               start: State | str | None, first_move_rule: bool | None) -> None:
        """Build the board (the constructor's work, in the board's language)."""
        self.adapter = adapter_for(game)
        if first_move_rule is not None:
            game = self.adapter.with_rule(first_move_rule)
            self.adapter = adapter_for(game)
        self.seed = seed
        self.tree_nodes = tree_nodes
        self.session = GameSession(game, _start_state(game, start), human_plays)
        self._lock = threading.RLock()
        self.worker = Worker(self._lock, threaded)
        self.last_result: SearchResult | None = None
        self.last_ai_move: Move | None = None
        self.hint_move: Move | None = None
        self._explained: tuple[SearchResult | None, str, Any, Move] | None = None
        self._taken_back = False
        self.last_review: list[Any] | None = None
        self._reviewed_moves: list[Move] = []
        self._reviewing = False
        self.looks_ahead = (threaded and getattr(self.adapter, "standard", lambda: False)()
                            and foresight.available())
        """True when the review's searches run while the student thinks (`foresight`)."""
        self.viewing: int | None = None
        """The index of the move whose position the board shows (None: the game itself)."""
        self._queued: Move | None = None
        self._move_list_key: Any = None
        self._status = ""
        self._custom: Any = None
        self._menu_quiet = False
        self.menu = with_classes(widgets.Dropdown(        # its label is its name
            options=[(p.label, p.spec) for p in presets_for(game)],
            description=_("Opponent:"),
            style={"description_width": "initial"}),
            "gamelib-opponent")
        self.player = self._player_for(self.adapter.default_opponent() if opponent is None
                                       else opponent)
        self._hint_player = self._hint_for(hint)
        self._build()
        self.new_game()
        if getattr(self.adapter, "standard", lambda: False)():
            _in_background(_load_opening_book)     # the review answers from it at once
        if self.looks_ahead:
            foresight.watch_cells()

    # -- the Python API --------------------------------------------------------------------

    @property
    def game(self) -> BoardGame:
        """The game being played."""
        return self.session.game

    @property
    def state(self) -> State:
        """The current position."""
        return self.session.state

    @property
    def history(self) -> list[State]:
        """Every position of this game so far, the start first."""
        return self.session.history

    @property
    def moves(self) -> list[Move]:
        """Every move of this game so far."""
        return self.session.moves

    @property
    def start(self) -> State:
        """The position every game starts from."""
        return self.session.start

    @property
    def human(self) -> Side:
        """The side the human plays."""
        return self.session.human

    @property
    def shown(self) -> State:
        """The position the board shows: the game's, or an earlier one (`show_move`)."""
        return self.state if self.viewing is None else self.history[self.viewing + 1]

    @property
    def cells(self) -> list[list[str]]:
        """The board as shown, as rows of 'X', 'O', '.' (row 0 at the top)."""
        return [[self.shown.cell(r, c) for c in range(self.game.cols)]
                for r in range(self.game.rows)]

    @property
    def status(self) -> str:
        """The status line as plain text."""
        return self._status

    @property
    def thinking(self) -> bool:
        """True while the AI (or a hint, or a review) is being computed."""
        return self.worker.busy

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.session.over

    @property
    def opponent_label(self) -> str:
        """The menu label of the current opponent."""
        return dict((v, k) for k, v in self.menu.options)[self.menu.value]

    @in_own_language
    def click(self, move: Move, wait: bool = True) -> bool:
        """Play `move` as the human, as a click would; then wait for the AI's reply.
        A click while the AI thinks is queued and played as soon as it has moved.

        Returns False (and says why in the status line) if the click was refused.
        """
        played = self._human_move(move)
        if wait:
            self.wait()
        return played

    def wait(self, timeout: float | None = None) -> None:
        """Block until the AI (or a hint, or a review) has finished."""
        self.worker.wait(timeout)

    @in_own_language
    def new_game(self, human_plays: Side | None = None) -> None:
        """Start again (optionally switching sides); the AI opens if it moves first."""
        with self._lock:
            if human_plays is not None:
                human_plays = check_side(self.game, human_plays)
                if self.side.value != human_plays:
                    self.side.value = human_plays      # its observer starts the new game
                    return
            self.worker.cancel()            # its answer (and its re-enabling) never comes,
            self._set_enabled(True)         # so the controls it greyed out are back now
            self.session.restart(human_plays)
            self._queued = None
            self._forget_ai_move()
            self._taken_back = False
            self.review_panel.value = ""
            self._set_status(self._turn_text())
            self._refresh()
            if self.session.ai_to_move():
                self._start_ai()

    @in_own_language
    def undo(self) -> bool:
        """Take back your last move and the AI's reply to it; False if there is none."""
        with self._lock:
            if self.thinking:
                self._set_status(_("Please wait: the AI is thinking."))
                return False
            if not self.session.undo():
                self._set_status(_("Nothing to undo yet.") + " " + self._turn_text())
                return False
            self._forget_ai_move()
            self.viewing = None
            self._taken_back = True
            self._set_status(_("Move taken back.") + " " + self._turn_text())
            self._refresh()
            return True

    @in_own_language
    def hint(self, wait: bool = True) -> Move | None:
        """Suggest a move for you (shown on the board); returns it once known."""
        with self._lock:
            if self.thinking or not self.session.human_to_move():
                self._set_status(_("No hint now: {reason}").format(reason=self._busy_text()))
                return None
            game, state, helper = self.game, self.state, self._hint_player
            self._run(lambda: self._allowed(helper, game, state, choose_move(
                helper, game, state)), self._show_hint, _("Looking for a good move for you…"))
        if wait:
            self.wait()
        return self.hint_move

    @in_own_language
    def show_tree(self) -> None:
        """Draw the search that chose the AI's last move, from what it recorded."""
        with self._lock:
            if self.thinking:
                self._set_status(_("Please wait: the AI is thinking."))
                return
            html, drawn = self._tree_html()
            self.tree.value = html
            if drawn:
                self._set_status(_("The AI's last search is drawn below.") + " "
                                 + self._turn_text())

    @in_own_language
    def review(self, wait: bool = True) -> list[Any] | None:
        """Mark each of your moves best, fine, mistake or blunder (exact values)."""
        from gamelib.arena.review import review_game
        with self._lock:
            if self.thinking:
                self._set_status(_("Please wait: the AI is thinking."))
                return None
            if self.session.last_move_by(self.human) is None:
                self.review_panel.value = _italic(
                    _("You have not played a move yet: nothing to review."))
                return None
            game, start, moves, human = self.game, self.start, list(self.moves), self.human
            known = foresight.FORESIGHT.known() if self.looks_ahead else None
            self._reviewed_moves = moves
            self._run(lambda: review_game(game, moves, start=start, side=human, known=known),
                      self._show_review, _("Reviewing your moves with perfect play…"),
                      review=True)
        if wait:
            self.wait()
        return self.last_review

    @in_own_language
    def show_move(self, index: int | None) -> None:
        """Show the position after move `index` (0 = the first move; -1 = the start),
        as a click on the move list does; None or the last move: back to the game."""
        with self._lock:
            if index is not None and not -1 <= index < len(self.moves):
                raise ValueError(_("there is no move {index}: this game has {count} moves "
                                   "(0 to {last})").format(index=index, count=len(self.moves),
                                                          last=len(self.moves) - 1))
            if index is None or index == len(self.moves) - 1:
                self.viewing = None
                self._set_status(_("Back to the game.") + " " + self._turn_text())
            else:
                self.viewing = index
                self._set_status(self._viewing_text(index))
            self._refresh()

    @in_own_language
    def review_entries(self) -> list[tuple[int, str, str]]:
        """The move list as data: (index, words, verdict) for every move of the game;
        the verdict is "" for a move not reviewed (the AI's, or played since)."""
        verdicts = self._verdicts()
        entries = []
        for index, move in enumerate(self.moves):
            yours = self.game.to_move(self.history[index]) == self.human
            review = verdicts.get(index)
            mark = "" if review is None else _(VERDICTS.get(review.verdict, review.verdict))
            words = (_("{number}. you: {move}") if yours else _("{number}. AI: {move}")).format(
                number=index + 1, move=self.adapter.move_name(move))
            entries.append((index, words, mark))
        return entries

    def _verdicts(self) -> dict[int, Any]:
        """The reviews of the moves still played as they were reviewed, by move index."""
        return {r.index: r for r in self.last_review or []
                if self._reviewed_moves[:r.index + 1] == self.moves[:r.index + 1]}

    @in_own_language
    def set_opponent(self, opponent: Any) -> None:
        """Switch the opponent (a player, a name or a spec); it plays from its next move."""
        self.player = self._player_for(opponent)
        with self._lock:
            self._set_status(_("Opponent: {label}; it plays from its next move.").format(
                label=self.opponent_label) + " " + self._turn_text())
            if self.session.ai_to_move() and not self.thinking:
                self._start_ai()

    @in_own_language
    def set_first_move_rule(self, on: bool) -> None:
        """Switch the first-move rule on or off; a new game starts."""
        game = self.adapter.with_rule(on)
        if game is self.game:
            return
        with self._lock:
            self.adapter = adapter_for(game)
            self.session = GameSession(game, game.initial_state, self.human)
            self.new_game()
            said = (_("First-move rule on: a new game has started.") if on else
                    _("First-move rule off: a new game has started."))
            self._set_status(said + " " + self._turn_text())

    @in_own_language
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the board when it is the value of a notebook cell."""
        return self.widget._repr_mimebundle_(**kwargs)

    # -- building the widgets --------------------------------------------------------------

    def _build(self) -> None:
        """Create the controls, the board and the panels."""
        self.board = self.adapter.make_cells(self._board_click)
        self.board.refused = lambda: self.status
        self.side = with_classes(widgets.RadioButtons(     # a screen reader hears which is on
            options=[(words.format(side=self.adapter.side_name(p)), p) for p, words
                     in zip(self.game.players, (_("You play {side} (first)"),
                                                _("You play {side} (second)")))],
            value=self.human, layout=widgets.Layout(width="auto")), "gamelib-side")
        self.side.observe(lambda change: self._safely(
            lambda: self._side_changed(change["new"])), "value")
        self.menu.observe(self._menu_changed, "value")
        self.new_button = self._button(_("New game"), "gamelib-new", lambda: self.new_game())
        self.undo_button = self._button(_("Undo"), "gamelib-undo", self.undo)
        self.hint_button = self._button(_("Hint"), "gamelib-hint-button",
                                        lambda: self.hint(wait=False))
        self.tree_button = self._button(_("Show the tree"), "gamelib-tree-button",
                                        self.show_tree)
        self.review_button = self._button(_("Review my moves"), "gamelib-review-button",
                                          lambda: self.review(wait=False))
        self.why_toggle = with_classes(widgets.Checkbox(      # a checkbox says if it is on
            value=True, description=_("Why this move?"), tooltip=_("show the AI's reasoning"),
            indent=False, layout=widgets.Layout(width="auto")), "gamelib-why")
        self.why_toggle.observe(lambda change: self._safely(self._show_why_panel), "value")
        self.status_line = with_classes(widgets.HTML(), "gamelib-status")
        self.banner = with_classes(widgets.HTML(), "gamelib-banner")
        self.why = with_classes(widgets.HTML(layout=widgets.Layout(margin="0 0 0 16px")),
                                "gamelib-why-panel")
        self.tree = with_classes(TreeViewport(), "gamelib-tree-panel")
        self.review_panel = with_classes(widgets.HTML(), "gamelib-review-panel")
        self.move_list = with_classes(widgets.HBox(
            layout=widgets.Layout(flex_flow="row wrap")), "gamelib-move-list")
        self.move_buttons: list[widgets.Button] = []
        self.back_button = self._button(_("Back to the game"), "gamelib-back",
                                        lambda: self.show_move(None))
        self.back_button.tooltip = _("show the game's current position again")
        controls = [self.menu, self.side]
        self.rule = None
        if self.adapter.rule_label:
            self.rule = with_classes(widgets.Checkbox(
                value=self.adapter.rule_on(), description=_(self.adapter.rule_label),
                indent=False, layout=widgets.Layout(width="auto")), "gamelib-rule")
            self.rule.observe(lambda change: self._safely(
                lambda: self.set_first_move_rule(change["new"])), "value")
            controls.append(self.rule)
        buttons = with_classes(widgets.HBox([
            self.new_button, self.undo_button, self.hint_button, self.why_toggle,
            self.tree_button, self.review_button]), "gamelib-wrap")
        self.inputs = [self.menu, self.side, self.undo_button, self.hint_button,
                       self.tree_button, self.review_button] + ([self.rule] if self.rule else [])
        play_area = with_classes(widgets.HBox(     # the why panel wraps below when narrow
            [self.board.widget, self.why], layout=widgets.Layout(align_items="flex-start")),
            "gamelib-wrap", "gamelib-play-area")
        self.widget = with_classes(widgets.VBox([
            stylesheet(), with_classes(widgets.HBox(controls), "gamelib-wrap"),
            buttons, self.status_line, self.banner, play_area, self.move_list,
            self.review_panel, self.tree]), "gamelib-playboard")

    def _button(self, text: str, css: str, action: Callable[[], Any]) -> widgets.Button:
        """A button with a CSS class that runs `action` and never raises into the page."""
        button = with_classes(widgets.Button(description=text), css)
        button.on_click(lambda _b: self._safely(action))
        return button

    def _player_for(self, opponent: Any) -> Any:
        """A player object from the constructor's or the menu's `opponent`."""
        if opponent == CUSTOM:
            return self._custom
        if not isinstance(opponent, str):
            self._custom = check_player(self.game, opponent, "opponent")
            self._add_option(_("{player} (yours)").format(player=describe(opponent)), CUSTOM)
            return opponent
        spec = self.adapter.bare_name(opponent.strip().lower())
        player = check_player(self.game, player_from_spec(spec, seed=self.seed), "opponent")
        self._add_option(spec, spec)
        return player

    def _add_option(self, label: str, value: str) -> None:
        """Select `value` in the menu, adding it first if it is not there."""
        options = list(self.menu.options)
        if value not in [v for _label, v in options]:
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

    def _side_changed(self, side: Side) -> None:
        """The "you play" toggle: a new game with the human on `side`, said out loud."""
        had_moves = bool(self.moves)
        self._new_game_on(side)
        if had_moves:
            self._set_status(_("You switched sides, so a new game has started: you play "
                               "{side}.").format(side=self.adapter.side_name(side)) + " "
                             + self._turn_text())

    def _new_game_on(self, side: Side) -> None:
        """Start a new game with the human on `side`."""
        with self._lock:
            self.worker.cancel()
            self.session.restart(side)
        self.new_game()

    def _hint_for(self, hint: Any) -> Any:
        """The player that gives hints: `hint`, else a solid search for this game."""
        if hint is not None:
            return player_from_spec(hint, seed=self.seed) if isinstance(hint, str) else hint
        names = {p.name for p in presets_for(self.game)} | {"random"}
        spec = next(s for s in self.adapter.hint_specs() + ["random"]
                    if s.partition(":")[0] in names)
        return player_from_spec(spec, seed=self.seed)

    # -- playing ---------------------------------------------------------------------------

    @in_own_language
    def _board_click(self, move: Move, clicks: int = 1) -> bool:
        """A click (or key) on the board in the browser: played (or queued while the AI
        thinks), unless it is the second click of a double click (`clicks` > 1, as the
        browser counts them), which is refused with a word in the status line. False if
        it was refused."""
        with self._lock:
            if clicks > 1:
                waiting = self._queued is not None and self.thinking
                after = (capitalized(_("{move} is played as soon as the AI has moved.").format(
                    move=self.adapter.move_name(self._queued)))
                    if waiting else self._turn_text())
                self._set_status(capitalized(_("{move} was clicked twice quickly: a double "
                                               "click counts once.").format(
                    move=self.adapter.move_name(move))) + " " + after, thinking=waiting)
                return False
            played: list[bool] = []
            self._safely(lambda: played.append(self._human_move(move)))
            return played == [True]

    def _human_move(self, move: Move) -> bool:
        """Handle a click on `move`: play it if allowed, then let the AI reply; while
        the AI thinks, queue it (the latest click wins) and say so."""
        with self._lock:
            if self.thinking and not self.over:
                self._queued = move
                self._set_status(_("You clicked {move}: it is played as soon as the AI has "
                                   "moved.").format(move=self.adapter.move_name(move)),
                                 thinking=True)
                self._refresh()             # the board marks the queued move
                return True
            if self.viewing is not None:
                self.viewing = None         # a move is played on the game, not the past
            problem = self._why_not(move)
            if problem:
                self._set_status(problem)
                return False
            self.session.play(move)
            self.hint_move = None
            self._refresh()
            if self.over:
                self._set_status(self._end_text())
            else:
                self._start_ai()
            return True

    def _why_not(self, move: Move) -> str | None:
        """Why a click on `move` cannot be played now, or None if it can."""
        if self.thinking:
            return _("Please wait: the AI is thinking.")
        if self.over:
            return _("The game is over. {result} Press New game to play again.").format(
                result=self._end_text())
        if self.session.ai_to_move():
            return _("It is the AI's turn.")
        error = self.session.problem(move)
        if error is not None:
            return self.adapter.illegal_text(move, error) + " " + self._turn_text()
        return None

    def _start_ai(self) -> None:
        """Let the AI choose its move (in the background when threads are available)."""
        player, label, game, state = self.player, self.opponent_label, self.game, self.state
        message = (_("The AI ({opponent}) is picking a move at random…") if _is_random(player)
                   else _("The AI ({opponent}) is thinking…")).format(
            opponent=unbracketed(label))

        def job() -> tuple[Move, SearchResult | None, str, Any]:
            chosen = choose_move(player, game, state, TREE_PLIES)
            return (*self._allowed(player, game, state, chosen), label, player)

        self._run(job, self._ai_moved, message)

    def _allowed(self, player: Any, game: Game, state: State,
                 chosen: tuple[Move, SearchResult | None]) -> tuple[Move, SearchResult | None]:
        """`chosen` if it is legal; else (a player that breaks an optional rule, e.g. a
        solver that knows nothing of the first-move rule) its best legal move."""
        move, result = chosen
        legal = game.actions(state)
        if move in legal:
            return move, result
        scored = {m: v for m, v in (result.move_values if result else {}).items() if m in legal}
        if scored:
            instead = max(scored, key=lambda m: scored[m])
        else:
            helper = self._hint_player if player is not self._hint_player else None
            instead, result = choose_move(helper, game, state) if helper else (legal[0], None)
        if result is not None:
            result.note = _("{move} is not allowed here (the rules of this game), so it "
                            "played its best allowed move, {instead}").format(
                move=self.adapter.move_name(move), instead=self.adapter.move_name(instead))
            result.move = instead
        return instead, result

    def _run(self, job: Callable[[], Any], done: Callable[[Any], None], message: str,
             review: bool = False) -> None:
        """Run `job` with the inputs greyed out, then `done(outcome)` under the lock
        (`review`: the job is a review, which the look-ahead makes way for)."""
        self._reviewing = review
        self._set_status(message, thinking=True)
        self._set_enabled(False)

        def spoken() -> Any:            # the worker's thread speaks the board's language too
            with speaking(self.language):
                return job()

        self.worker.start(spoken, lambda outcome: self._safely(
            lambda: self._finish(outcome, done)))
        self._refresh()                 # greyed out while busy (already done if it ran at once)

    def _finish(self, outcome: Any, done: Callable[[Any], None]) -> None:
        """Apply a finished job's outcome and enable the inputs again."""
        try:
            if isinstance(outcome, Exception):
                self._set_status(_("The search failed: {error}. Choose another opponent or "
                                   "press New game.").format(
                    error=f"{type(outcome).__name__}: {outcome}"))
            else:
                done(outcome)
        finally:
            self._set_enabled(True)
            self._refresh()
        self._play_queued()

    def _play_queued(self) -> None:
        """Play the click queued while the AI thought, or say why it cannot be played."""
        move, self._queued = self._queued, None
        if move is None:
            return
        problem = self._why_not(move)
        if problem:
            self._set_status(_("Your click on {move} was not played: {problem}").format(
                move=self.adapter.move_name(move), problem=problem[0].lower() + problem[1:]))
            self._refresh()
            return
        self._human_move(move)

    def _ai_moved(self, outcome: tuple[Move, SearchResult | None, str, Any]) -> None:
        """Play the AI's move and explain it."""
        move, result, label, player = outcome
        self.session.play(move)
        self.last_ai_move, self.last_result = move, result
        self._explained = (result, label, player, move)
        self._taken_back = False
        self._show_why_panel()
        self.tree.value = ""
        said = _("The AI played {move}.").format(move=self.adapter.move_name(move))
        self._set_status(said + " " + (self._end_text() if self.over else self._turn_text()))

    def _show_hint(self, outcome: tuple[Move, SearchResult | None]) -> None:
        """Mark the suggested move on the board."""
        self.hint_move = outcome[0]
        self._set_status(_("Hint: try {move}.").format(move=self.adapter.move_name(self.hint_move)))

    def _show_review(self, reviews: list[Any]) -> None:
        """Show the review of the human's moves (and mark them in the move list)."""
        self.last_review = reviews
        self.review_panel.value = review_html(self.adapter.move_name, reviews)
        self._set_status(_("Your moves are reviewed below.") + " " + self._turn_text())

    def _forget_ai_move(self) -> None:
        """Clear everything about the AI's last move (after undo or a new game)."""
        self.last_result = self.last_ai_move = self.hint_move = None
        self._explained = None
        self.viewing = None
        self.why.value = ""
        self.tree.value = ""

    # -- drawing ---------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Redraw the board, the banner and the buttons from the session."""
        shown = len(self.moves) if self.viewing is None else self.viewing + 1
        state = self.shown
        winning = set(self.game.winning_line(state) or ())
        last = self.adapter.landed(state, self.moves[shown - 1]) if shown else None
        playable = set() if (self.thinking or not self.session.human_to_move()
                             or self.viewing is not None) else set(self.game.actions(state))
        self.board.show(state, winning, last,
                        self.hint_move if self.viewing is None else None, playable,
                        self._reasons(state, playable), human=self.human,
                        busy=self.thinking, queued=self._queued)
        self._draw_move_list()
        if not self.thinking:
            self.undo_button.disabled = self.session.undo_point() is None
            self.hint_button.disabled = not self.session.human_to_move()
        outcome = self.session.outcome()
        self.banner.value = ("" if outcome is None else
                             f"<div class='gamelib-result gamelib-result-{outcome}' "
                             f"role='status'>{WIN_MARK if outcome == 'win' else ''}"
                             f"{escape(_(BANNERS[outcome]))}</div>")
        busy = "gamelib-busy"
        if self.thinking and busy not in self.widget._dom_classes:
            self.widget.add_class(busy)
        elif not self.thinking and busy in self.widget._dom_classes:
            self.widget.remove_class(busy)
        self._look_ahead()

    def _look_ahead(self) -> None:
        """Hand the game as it is now to the look-ahead (it drops the work for the game as
        it was: before a move, an undo or a new game)."""
        if self.looks_ahead and not foresight.FORESIGHT.follow(foresight.Job(
                self, self.game, tuple(self.history), tuple(self.moves), self.human,
                self._working)):
            self.looks_ahead = False

    def _working(self) -> bool:
        """True while the board's worker runs a review (the look-ahead waits for it; it
        goes on while the AI or a hint thinks, at a lower priority, without the GIL)."""
        return self.worker.busy and self._reviewing

    def _reasons(self, state: State, playable: set[Move]) -> dict[Move, str]:
        """Why each move that cannot be clicked now cannot, in a few words (the disabled
        controls say it in their names)."""
        if self.viewing is not None:
            general = _("an earlier position is shown: press Back to the game")
        elif self.thinking:
            general = _("wait: the AI is thinking")
        elif self.over:
            general = _("the game is over")
        elif not self.session.human_to_move():
            general = _("it is the AI's turn")
        else:
            general = ""
        reasons = {}
        for move in self._all_moves():
            if move in playable:
                continue
            error = self.session.problem(move) if not general else None
            reasons[move] = general or (self._rule_reason(state, move, error) if error else "")
        return reasons

    def _all_moves(self) -> list[Move]:
        """Every move of the board, playable or not (columns, or squares)."""
        if self.adapter.noun == "column":
            return list(range(self.game.cols))
        return [(r, c) for r in range(self.game.rows) for c in range(self.game.cols)]

    def _draw_move_list(self) -> None:
        """The moves as buttons marked with their review verdicts; a click shows that
        position (rebuilt only when the moves, the review or the shown move change)."""
        entries = self.review_entries()
        key = (tuple(entries), self.viewing)
        if key == self._move_list_key:
            return
        self._move_list_key = key
        buttons = []
        verdicts = self._verdicts()
        for index, words, mark in entries:
            text = f"{words} ({mark})" if mark else words
            verdict = verdicts[index].verdict if mark else ""
            name = VERDICT_CLASSES.get(verdict, verdict)
            css = ["gamelib-move"] + ([f"gamelib-verdict-{name}"] if mark else [])
            if index == self.viewing:
                css.append("gamelib-move-current")
            button = with_classes(widgets.Button(
                description=text, tooltip=_("show the position after move {number}").format(
                    number=index + 1),
                layout=widgets.Layout(width="auto")), *css)
            button.on_click(lambda _b, i=index: self._safely(lambda: self.show_move(i)))
            buttons.append(button)
        if self.viewing is not None:
            buttons.append(self.back_button)
        self.move_buttons = buttons[:len(entries)]
        self.move_list.children = tuple(buttons)

    def _viewing_text(self, index: int) -> str:
        """The status line while an earlier position is shown."""
        if index < 0:
            return _("The board shows the start of the game. Press Back to the game to play "
                     "on.")
        words = self.review_entries()[index][1].split(". ", 1)[1]
        review = next((r for r in self.last_review or [] if r.index == index
                       and self._reviewed_moves[:index + 1] == self.moves[:index + 1]),
                      None)
        judged = ""
        if review is not None:
            judged = " " + review_sentence(self.adapter.move_name, review).capitalize() + "."
        return _("Move {number} of {count} ({words}).{judged} The board shows the position "
                 "after it; press Back to the game to play on.").format(
            number=index + 1, count=len(self.moves), words=words, judged=judged)

    def _show_why_panel(self) -> None:
        """Fill or hide the 'why this move?' panel (about the move it was asked for)."""
        if not self.why_toggle.value or self._explained is None:
            self.why.value = ""
            return
        result, label, player, move = self._explained
        self.why.value = why_html(self.game, result, _("The AI ({opponent})").format(
            opponent=unbracketed(label)), random=_is_random(player), move=move)

    def _tree_html(self) -> tuple[str, bool]:
        """The tree panel for the AI's last move, and whether a tree was drawn."""
        if self._explained is None:
            if self._taken_back:
                return _italic(_("You took the AI's last move back, so there is no search to "
                                 "draw until it moves again.")), False
            return _italic(_("The AI has not moved yet in this game: there is no search to "
                             "draw.")), False
        result, label, player, move = self._explained
        name = self.adapter.move_name(move)
        if _is_random(player):
            return _italic(_("A random player does not search: it picked {move} at random, so "
                             "there is no tree to draw.").format(move=name)), False
        if result is None:
            return _italic(_("This player gave no record of how it chose, so there is no "
                             "tree to draw.")), False
        if is_solver(result):
            return solver_html(self.game, result), False
        below = _("Past the drawing, the search expects: {line}.").format(
            line=pv_text(self.game, result))
        depth = TREE_PLIES if records_its_tree(player) else None
        html = tree_html(result, self.tree_nodes, depth, below)
        return html, not html.startswith("<i>")

    def _set_enabled(self, enabled: bool) -> None:
        """Enable or disable every control; a disabled one says why in its tooltip (the
        board's cells follow `_refresh`)."""
        for widget in self.inputs:
            if widget.disabled == enabled:
                widget.disabled = not enabled
            tooltip, note = widget.tooltip or "", _(BUSY_NOTE)
            plain = "" if tooltip == note else tooltip.removesuffix(f" ({note})")
            wanted = plain if enabled else (f"{plain} ({note})" if plain else note)
            if tooltip != wanted:
                widget.tooltip = wanted

    def _set_status(self, text: str, thinking: bool = False) -> None:
        """Show `text` in the status line."""
        self._status = text
        css = "gamelib-thinking" if thinking else "gamelib-message"
        self.status_line.value = f"<span class='{css}'>{escape(text)}</span>"
        self.board.announce(text)       # the board's live region reads it out

    @in_own_language
    def _safely(self, action: Callable[[], Any]) -> None:
        """Run a button's action; an unexpected error goes to the status line, not the page."""
        try:
            action()
        except Exception as error:
            self._set_status(_("Something went wrong: {error}").format(
                error=f"{type(error).__name__}: {error}"))

    # -- words -----------------------------------------------------------------------------

    def _turn_text(self) -> str:
        """Whose turn it is, in words."""
        if self.over:
            return self._end_text()
        if self.session.ai_to_move():
            return _("The AI is to move.")
        return self.adapter.turn_prompt(self.human)

    def _end_text(self) -> str:
        """The result, from the human's point of view."""
        return _(BANNERS[self.session.outcome() or "draw"])

    def _busy_text(self) -> str:
        """Why nothing can be done right now."""
        if self.thinking:
            return _("the AI is thinking.")
        if self.over:
            return _("the game is over.")
        return _("it is the AI's turn.")

    def _rule_reason(self, state: State, move: Move, error: IllegalMoveError) -> str:
        """Why the rules forbid `move` in `state`, short: "column 3 is full", "the first
        player may not open in the centre column"."""
        if error.reason == OCCUPIED:
            return self.adapter.full_text(move, state)
        if error.reason == FORBIDDEN:
            return rule_words(error)
        return _rule_reason(str(error))


def _load_opening_book() -> None:
    """Load the solver's opening book (about 2 s, once per kernel) before a review needs it."""
    from gamelib.solver.api import opening_book
    try:
        opening_book()
    except Exception:                   # a damaged book: the review will say so itself
        pass


def _in_background(job: Callable[[], None]) -> None:
    """Run `job` in a daemon thread, or not at all where threads cannot start."""
    try:
        threading.Thread(target=job, daemon=True, name="gamelib-preload").start()
    except RuntimeError:                # e.g. Pyodide: the first review loads it instead
        pass


def _rule_reason(message: str) -> str:
    """The reason of an illegal-move message, short: "column 3 is full", "the first
    player may not open in the centre column"."""
    reason = message.split(": ", 1)[-1]
    return reason.split(";")[0].rstrip(".")


def _is_random(player: Any) -> bool:
    """True for a player that picks moves at random (it does not search)."""
    return isinstance(player, RandomPlayer)


def _start_state(game: Game, start: State | str | None) -> State:
    """The starting position: the initial state, a given state, or a position string."""
    if start is None:
        return game.initial_state
    state = game.play(start) if isinstance(start, str) else check_state(game, start, "start")
    if game.is_terminal(state):
        raise ValueError(_("the start position is already finished: nothing left to play"))
    return state


def _italic(text: str) -> str:
    """A sentence of a panel that says why there is nothing to show, in italics."""
    return f"<i>{escape(text, quote=False)}</i>"


def solver_html(game: Game, result: SolverResult) -> str:
    """What the exact solver found, column by column (its search is too big to draw)."""
    rows = "".join(f"<tr><td>{escape(str(move))}</td><td>{escape(value_words(result, move))}"
                   f"</td><td>{value:+g}</td></tr>"
                   for move, value in sorted(result.move_values.items()))
    words = (_("The exact solver searches millions of positions, far too many to draw, so "
               "there is no tree. It answered from its opening book, which keeps only the "
               "best column. What it proved, column by column:") if result.source == "book"
             else _("The exact solver searches millions of positions, far too many to draw, "
                    "so there is no tree. What it proved, column by column:"))
    heads = "".join(f"<th>{escape(head)}</th>"
                    for head in (_("column"), _("for the AI"), _("score")))
    return (f"<div class='gamelib-why-text'><i>{escape(words)}</i></div>"
            f"<table class='gamelib-why-table'><tr>{heads}</tr>{rows}</table>")


def outcome_words(outcome: Any) -> str:
    """A reviewed move's exact outcome (gamelib.arena.review's Outcome) in words:
    "wins in 3 moves", "draw", "loses in 2 moves"."""
    if outcome.result == "draw":
        return _("draw")
    return wins_in(outcome.moves) if outcome.result == "win" else loses_in(outcome.moves)


def best_words(name: Callable[[Move], str], review: Any) -> str:
    """What was best instead of a reviewed move: "best was column 2 (wins in 3 moves)"."""
    if review.verdict in ("best", "?") or review.best is None:
        return ""
    if not review.best_moves:
        return _("a better move {outcome}").format(outcome=outcome_words(review.best))
    return _("best was {moves} ({outcome})").format(
        moves=_(" or ").join(name(m) for m in review.best_moves[:2]),
        outcome=outcome_words(review.best))


def review_sentence(name: Callable[[Move], str], review: Any) -> str:
    """One line on a reviewed move: the verdict, what it led to, what was best."""
    if review.verdict == "?":
        return _("{move}: not judged (the position is too early to solve within the "
                 "review's time)").format(move=name(review.move))
    played = outcome_words(review.played) if review.played else "?"
    text = _("{move}: {verdict} ({outcome})").format(
        move=name(review.move), verdict=_(VERDICTS.get(review.verdict, review.verdict)),
        outcome=played)
    best = best_words(name, review)
    return text + ("; " + best if best else "")


def review_html(name: Callable[[Move], str], reviews: list[Any]) -> str:
    """The game review as a table: one row per move, coloured by verdict."""
    rows = []
    for r in reviews:
        played = (outcome_words(r.played) if r.played else
                  _("too early to solve in the time"))
        best = "" if r.verdict in ("best", "?") or r.best is None else "{} ({})".format(
            _(" or ").join(name(m) for m in r.best_moves[:2]), outcome_words(r.best))
        rows.append(f"<tr class='gamelib-verdict-{r.verdict.strip('?') or 'unknown'}'>"
                    f"<td>{r.index + 1}</td><td>{escape(name(r.move))}</td>"
                    f"<td><b>{escape(_(VERDICTS.get(r.verdict, r.verdict)))}</b></td>"
                    f"<td>{escape(played)}</td><td>{escape(best)}</td></tr>")
    heads = "".join(f"<th>{escape(head)}</th>" for head in (
        "#", _("your move"), _("verdict"), _("it leads to"), _("best instead")))
    title = _("Review of your moves")
    scope = _("(with perfect play from both sides after each move):")
    return (f"<div class='gamelib-why-text'><b>{escape(title)}</b> {escape(scope)}</div>"
            f"<table class='gamelib-why-table gamelib-review-table'><tr>{heads}</tr>"
            + "".join(rows) + "</table><div class='gamelib-why-text gamelib-small'>"
            + escape(_("best: as good as any move; fine: the same result, at most one move "
                       "slower; mistake: the same result, but slower to win or quicker to "
                       "lose; blunder: it changes the result.")) + "</div>")
