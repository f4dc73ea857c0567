"""MCTSStepper: watch Monte Carlo Tree Search one iteration at a time.

Each step is one iteration: selection down the tree by UCB1, expansion of one new node,
a random playout to the end of the game, and the result backed up the path (with
`solver=True`, also the results it proves). The search stays alive, so "run 100 more"
continues it; the same seed replays the same search.
"""

from __future__ import annotations

import math
import random
from html import escape
from typing import Any

import ipywidgets as widgets

from gamelib.games.base import Game, State
from gamelib.platform import N_, _, language, ngettext
from gamelib.search.mcts import MCTS, PROOF_NAMES
from gamelib.search.trace import Prove, Trace, TraceNode
from gamelib.viz import draw_iteration, draw_mcts, iteration_events
from gamelib.widgets.explain import move_label
from gamelib.widgets.stepping import Stepping, play_labels, slider_names
from gamelib.widgets.style import step_button, stylesheet, with_classes
from gamelib.widgets.treeview import TreeViewport, drawing_html

VIEWS = [(N_("this iteration"), "iteration"), (N_("whole tree"), "tree")]
PROOFS = {"proven win": N_("proven win"), "proven draw": N_("proven draw"),
          "proven loss": N_("proven loss")}
"""How a proven result reads (gamelib.search.trace.PROOF_NAMES), in the language spoken."""


class MCTSStepper(Stepping):
    """Step through MCTS from `state` (default: the start), one iteration per step.

    `iterations` are run at once; the "run 100 more" button (or `run(n)`) adds more.
    `solver=True` steps through MCTS-Solver, which stops once the root is proven.
    A stepper speaks the language gamelib spoke when it was made, for its whole life.
    """

    first = 1                                   # iteration 1 is the first step

    def __init__(self, game: Game, state: State | None = None, iterations: int = 10,
                 c: float = math.sqrt(2), seed: int | None = 0, top_k: int = 3,
                 solver: bool = False) -> None:
        self.language = language()
        self.game = game
        self.trace = Trace()
        self.top_k = top_k
        start = game.initial_state if state is None else state
        self.search = MCTS(game, start, c, None, random.Random(seed), self.trace, solver)
        self._pictures: dict[tuple[str, int], str] = {}
        self._build()
        self.run(iterations)

    # -- the Python API --------------------------------------------------------------------

    @property
    def steps(self) -> int:
        """How many iterations have been run."""
        return self.search.iterations

    def run(self, more: int) -> None:
        """Run `more` iterations and show the last one."""
        self.search.run(self.steps + more, None)
        with self.slider.hold_trait_notifications():
            self.slider.max = self.play.max = self.steps
        self.go(self.steps)

    def result(self) -> Any:
        """The SearchResult of the search so far (the move MCTS would play now)."""
        return self.search.result()

    # -- widgets ---------------------------------------------------------------------------

    def _build(self) -> None:
        """Buttons, slider, the view switch, narration and the picture."""
        self.slider = with_classes(widgets.IntSlider(value=1, min=1, max=1,
                                                     description=_("iteration"),
                                                     layout=widgets.Layout(width="380px")),
                                   "gamelib-step-slider")
        self.play = with_classes(widgets.Play(value=1, min=1, max=1, interval=900,
                                              show_repeat=False,
                                              tooltip=_("play, pause and stop the steps")),
                                 "gamelib-step-play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.slider.observe(self._slider_moved, "value")
        self.mode = with_classes(widgets.RadioButtons(options=[(_(label), value) for label, value
                                                               in VIEWS], value="iteration",
                                                      layout=widgets.Layout(width="auto")),
                                 "gamelib-mcts-view")
        self.mode.observe(lambda _change: self._redraw(), "value")
        buttons = [step_button("first", lambda: self.go(1)),
                   step_button("back", self.back),
                   step_button("forward", self.forward),
                   step_button("last", lambda: self.go(self.steps))]
        more = with_classes(widgets.Button(description=_("run 100 more")), "gamelib-mcts-more")
        more.on_click(lambda _b: self.run(100))
        self.text = with_classes(widgets.HTML(), "gamelib-narration")
        self.summary = with_classes(widgets.HTML(), "gamelib-stack")
        self.view = with_classes(TreeViewport(keep_view=True), "gamelib-stepper-picture")
        self.widget = with_classes(widgets.VBox([
            stylesheet(), widgets.HBox(buttons + [self.play, self.slider, more]),
            self.mode, self.text, self.summary, self.view, play_labels(), slider_names()]), "gamelib-stepper")

    def _show(self) -> None:
        """Redraw narration, root statistics and picture for the current iteration."""
        k = self.position
        if not 1 <= k <= self.steps:
            return
        self._narration = self._say(k)
        if k == self.steps and self.search.root.proven is not None:
            self._narration += " " + _("The root is proven, so the search stops here: more "
                                       "iterations would change nothing.")
        heading = _("Iteration {k} of {steps}.").format(k=k, steps=self.steps)
        self.text.value = f"<b>{escape(heading)}</b> {escape(self._narration)}"
        self.summary.value = escape(self._root_summary(k))
        self.view.value = self._picture(self.mode.value, k)

    def _move(self, move: Any) -> str:
        """A move in words."""
        return move_label(self.game, move)

    def _say(self, k: int) -> str:
        """The four phases of iteration k in words."""
        it = iteration_events(self.trace, k)
        moves = [self._move(m) for m in it.select.moves]
        scores = ", ".join(f"{u:.2f}" for u in it.select.ucb)
        select = (_("Select: stay at the root (it still has untried moves)") if not moves else
                  _("Select by UCB1: {path} (UCB {scores})").format(path=" → ".join(moves),
                                                                   scores=scores))
        tree = self.trace.nodes(it.end)
        expand = (_("expand {move} (new node {node})").format(move=self._move(it.expand.move),
                                                             node=it.expand.node)
                  if it.expand is not None else self._why_no_expansion(tree[it.select.node]))
        playout = ""
        if it.playout is not None:
            played = len(it.playout.moves)
            end = self._playout_end(it.playout.note)
            playout = (_("playout of no moves (the game was already over): {end}").format(
                end=end) if played == 0 else ngettext(
                "playout of {n} random move: {end}", "playout of {n} random moves: {end}",
                played).format(n=played, end=end))
        backed = _("back up the result through {n} nodes").format(n=len(it.backprop))
        proved = ", ".join(self._proof(tree, event) for event in it.proofs)
        proved = _("proved: {proofs}").format(proofs=proved) if proved else ""
        return "; ".join(part for part in (select, expand, playout, backed, proved)
                            if part) + "."

    @staticmethod
    def _playout_end(note: str) -> str:
        """How a playout ended ("X wins", "draw"), in the language spoken."""
        if not note:
            return _("done")
        if note == "draw":
            return _("draw")
        if note.endswith(" wins"):
            return _("{player} wins").format(player=note.removesuffix(" wins"))
        return note

    @staticmethod
    def _why_no_expansion(node: TraceNode) -> str:
        """Why selection's last node got no child: the game is over, or (MCTS-Solver)
        its result is already proven, so no playout is needed either."""
        if node.terminal:
            return _("nothing to expand (the game is over there)")
        return _("nothing to expand and no playout (its result is proven)")

    def _proof(self, tree: dict[int, TraceNode], event: Prove) -> str:
        """A "prove" event in words: which node, and for whom."""
        node = tree[event.node]
        if node.parent is None:
            return _("the root ({proof} for {player}, to move)").format(
                proof=_proof_words(PROOF_NAMES[1.0 - event.value]), player=node.player)
        mover = tree[node.parent].player
        return _("{move} at node {node} ({proof} for {player})").format(
            move=self._move(node.move), node=event.node, proof=_proof_words(event.note),
            player=mover)

    def _root_summary(self, k: int) -> str:
        """Each root move's N and Q after iteration k."""
        it = iteration_events(self.trace, k)
        tree = self.trace.nodes(it.end)
        root = tree[0]
        ranked = [c for c in sorted(root.children, key=lambda c: -tree[c].visits)
                  if tree[c].visits]
        parts = [f"{self._move(tree[c].move)}: N={tree[c].visits}, "
                 f"Q={tree[c].total / tree[c].visits:.2f}" for c in ranked[:4]]
        more = "; " + _("{n} more").format(n=len(ranked) - 4) if len(ranked) > 4 else ""
        return _("Most visited root moves so far: {moves}").format(
            moves="; ".join(parts)) + more

    def _picture(self, mode: str, k: int) -> str:
        """The drawing of iteration k, or of the whole tree after it (cached)."""
        key = (mode, k)
        if key not in self._pictures:
            try:
                if mode == "iteration":
                    drawing = draw_iteration(self.trace, k, top_k=self.top_k)
                else:
                    end = iteration_events(self.trace, k).end
                    drawing = draw_mcts(self.trace, upto=end, top_k=self.top_k)
                self._pictures[key] = drawing_html(drawing)
            except Exception as error:  # a drawing problem must not break the stepper
                self._pictures[key] = "<i>{}</i>".format(escape(_("Could not draw: {error}")
                                                                 .format(error=error)))
        return self._pictures[key]


def _proof_words(note: str) -> str:
    """A proven result ("proven win") in the language spoken."""
    return _(PROOFS[note]) if note in PROOFS else note
