"""SearchStepper: replay a recorded minimax / alpha-beta search one event at a time.

Step k shows the tree as the first k events built it (`trace.nodes(upto=k)`), the node
of event k highlighted with its call stack, the window (alpha, beta) it has now, and a
sentence saying what happened ("alpha 3 >= beta 2 at node 7: prune moves 1 and 2").
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from gamelib.platform import N_, _, language, ngettext
from gamelib.search.result import SearchResult
from gamelib.search.scoring import WIN, is_win_score, terminal_value
from gamelib.search.trace import Enter, Leaf, Leave, Prune, Trace, TraceNode, TTHit
from gamelib.viz.select import ancestors
from gamelib.viz.style import fmt_value as plain_value
from gamelib.viz.tree import live_window
from gamelib.widgets.explain import move_label
from gamelib.widgets.stepping import Stepping, play_labels, slider_names
from gamelib.widgets.style import step_button, stylesheet, with_classes
from gamelib.widgets.treeview import TreeViewport, drawing_html


def steppable_trace(source: SearchResult | Trace) -> Trace:
    """The trace of a result (or the trace itself), with a clear error when there is none."""
    trace = source.trace if isinstance(source, SearchResult) else source
    if isinstance(trace, Trace) and trace.algorithm == "mcts":
        raise ValueError(_("this is an MCTS search: step through MCTS with "
                           "MCTSStepper(game, state, iterations=..., seed=...)"))
    if isinstance(trace, Trace):
        return trace
    if isinstance(source, SearchResult):
        raise ValueError(_("this {algorithm} result has no trace to step through: run the "
                           "search with trace=Trace(), e.g. {algorithm}(game, state, "
                           "trace=Trace())").format(algorithm=source.algorithm))
    raise TypeError(_("expected a SearchResult or a Trace, got {kind}").format(
        kind=type(source).__name__))


def fmt_value(value: float | None) -> str:
    """A value as a stepper says it: "3", "+∞", "win in 3" (plies), in the language spoken."""
    if value is not None and is_win_score(value) and abs(value) != float("inf"):
        plies = WIN - int(abs(value))
        return (_("win in {n}") if value > 0 else _("loss in {n}")).format(n=plies)
    return plain_value(value)


def fmt_bound(value: float | None, bound: str | None) -> str:
    """A node's value with its bound: "3", ">= 3" (lower bound) or "<= 2" (upper bound)."""
    return {"lower": ">= ", "upper": "<= "}.get(bound or "", "") + fmt_value(value)


def open_nodes(tree: dict[int, TraceNode]) -> list[int]:
    """The nodes entered but not yet left: the call stack at this step."""
    return sorted(n for n, node in tree.items() if node.left_at is None)


def and_list(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c" (in the language spoken)."""
    if len(items) == 1:
        return items[0]
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


LEAF_REASONS = {"terminal": N_("the game is over"), "depth limit": N_("the depth limit is reached")}
"""Why a node is a leaf, by its trace note."""


class Narrator:
    """Turns one event into a sentence."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.game = trace.game

    def move(self, move: Any) -> str:
        """A move in words for this game (as its board adapter names it)."""
        return move_label(self.game, move)

    def say(self, index: int, tree: dict[int, TraceNode]) -> str:
        """What event `index` did."""
        event = self.trace[index]
        if isinstance(event, Enter) and self._enters_leaf(index):
            return self._enter_leaf(event)
        method = getattr(self, "_" + event.kind, None)
        return method(event, tree) if method else _("{kind} at node {node}").format(
            kind=event.kind, node=event.node)

    def _enter(self, event: Enter, tree: dict[int, TraceNode]) -> str:
        kind = "MAX" if event.maximizing else "MIN"
        where = _("the root") if event.parent is None else (
            _("node {node} ({move} from node {parent})").format(
                node=event.node, move=self.move(event.move), parent=event.parent))
        if event.alpha is None:
            return _("Enter {where}: {kind} to move at depth {depth}.").format(
                where=where, kind=kind, depth=event.depth)
        return _("Enter {where}: {kind} to move at depth {depth} with window alpha {alpha}, "
                 "beta {beta}.").format(where=where, kind=kind, depth=event.depth,
                                        alpha=fmt_value(event.alpha),
                                        beta=fmt_value(event.beta))

    def _enters_leaf(self, index: int) -> bool:
        """True if event `index` enters a node that the next event scores as a leaf."""
        following = self.trace[index + 1] if index + 1 < len(self.trace) else None
        return isinstance(following, Leaf) and following.node == self.trace[index].node

    def _enter_leaf(self, event: Enter) -> str:
        """A leaf is entered: nobody moves there, it is only scored."""
        if event.parent is None:
            return _("Enter the root: the game is already over there, a leaf.")
        return _("Enter node {node} ({move} from node {parent}), a leaf at depth "
                 "{depth}.").format(node=event.node, move=self.move(event.move),
                                    parent=event.parent, depth=event.depth)

    def _leaf(self, event: Leaf, tree: dict[int, TraceNode]) -> str:
        why = LEAF_REASONS.get(event.note)
        return _("Node {node} is a leaf ({why}): value {value}.").format(
            node=event.node, why=_(why) if why else event.note, value=fmt_value(event.value))

    def _prune(self, event: Prune, tree: dict[int, TraceNode]) -> str:
        moves = [str(m) for m in event.moves]
        text = ngettext("alpha {alpha} >= beta {beta} at node {node}: prune move {moves}",
                        "alpha {alpha} >= beta {beta} at node {node}: prune moves {moves}",
                        len(moves)).format(alpha=fmt_value(event.alpha),
                                           beta=fmt_value(event.beta), node=event.node,
                                           moves=and_list(moves))
        leaves = self._pruned_leaves(event, tree)
        return (_("{text} (leaves {leaves}).").format(text=text, leaves=and_list(leaves))
                if leaves else _("{text}.").format(text=text))

    def _pruned_leaves(self, event: Prune, tree: dict[int, TraceNode]) -> list[str]:
        """The values of the pruned moves when every one of them ends the game (a textbook
        tree's leaves), scored as the search scores game ends; else none."""
        node, game, scoring = tree.get(event.node), self.game, self.trace.scoring
        if node is None or scoring is None:
            return []
        children = [game.result(node.state, move) for move in event.moves]
        if not all(game.is_terminal(child) for child in children):
            return []
        return [fmt_value(terminal_value(game, child, self.trace.max_player, node.depth + 1,
                                         scoring)) for child in children]

    def _tt_hit(self, event: TTHit, tree: dict[int, TraceNode]) -> str:
        return _("Node {node} is in the transposition table: {value}, no need to search it "
                 "again.").format(node=event.node, value=fmt_bound(event.value, event.bound))

    def _leave(self, event: Leave, tree: dict[int, TraceNode]) -> str:
        node = tree.get(event.node)
        value = fmt_bound(event.value, event.bound)
        bound = ""
        if node is not None and node.pruned_moves and event.bound in ("lower", "upper"):
            bound = " " + (_("(a lower bound: the moves after the cutoff were never searched)")
                           if event.bound == "lower" else
                           _("(an upper bound: the moves after the cutoff were never "
                             "searched)"))
        elif event.bound == "upper":
            bound = " " + _("(an upper bound: no move reached alpha)")
        elif event.bound == "lower":
            bound = " " + _("(a lower bound: no move fell below beta)")
        if node is None or node.parent is None:
            return _("The root's value is {value}: the search is done.").format(value=value)
        return _("Node {node} returns {value}{bound} to node {parent}.").format(
            node=event.node, value=value, bound=bound, parent=node.parent)


class SearchStepper(Stepping):
    """Step through a recorded search: first, back, forward, last, play, and a slider.

    `steps` is the number of recorded events; `position` is how many are shown.
    Drawing options (max_nodes, boards, ...) go to gamelib.viz.draw_tree. A stepper
    speaks the language gamelib spoke when it was made, for its whole life.
    """

    def __init__(self, source: SearchResult | Trace, position: int = 1,
                 interval_ms: int = 800, **draw_options: Any) -> None:
        self.language = language()
        self.trace = steppable_trace(source)
        self.source = source
        self._steps = len(self.trace)
        self.draw_options = draw_options
        self.narrator = Narrator(self.trace)
        self._pictures: dict[int, str] = {}
        start = max(0, min(self.steps, position))
        self._build(interval_ms, start)
        self._show()

    # -- the Python API --------------------------------------------------------------------

    @property
    def steps(self) -> int:
        """How many events the trace holds."""
        return self._steps

    def current_node(self) -> int | None:
        """The node of the last event shown (None before the first)."""
        return self.trace[self.position - 1].node if self.position else None

    # -- widgets ---------------------------------------------------------------------------

    def _build(self, interval_ms: int, start: int) -> None:
        """Buttons, slider, play widget, narration and the picture."""
        self.slider = with_classes(widgets.IntSlider(
            value=start, min=0, max=self.steps, description=_("step"),
            layout=widgets.Layout(width="420px")), "gamelib-step-slider")
        self.play = with_classes(widgets.Play(value=start, min=0, max=self.steps,
                                              interval=interval_ms, show_repeat=False,
                                              tooltip=_("play, pause and stop the steps")),
                                 "gamelib-step-play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.slider.observe(self._slider_moved, "value")
        buttons = [step_button("first", lambda: self.go(0)),
                   step_button("back", self.back),
                   step_button("forward", self.forward),
                   step_button("last", lambda: self.go(self.steps))]
        self.text = with_classes(widgets.HTML(), "gamelib-narration")
        self.stack = with_classes(widgets.HTML(), "gamelib-stack")
        self.view = with_classes(TreeViewport(keep_view=True), "gamelib-stepper-picture")
        self.widget = with_classes(widgets.VBox([
            stylesheet(), widgets.HBox(buttons + [self.play, self.slider]), self.text,
            self.stack, self.view, play_labels(), slider_names()]), "gamelib-stepper")

    def _show(self) -> None:
        """Redraw picture, narration and call stack for the current position."""
        k = self.position
        tree = self.trace.nodes(upto=k)
        current = self.current_node()
        self._narration = (self.narrator.say(k - 1, tree) if k
                           else _("Before the search: press ▶ to start."))
        step = _("Step {k} of {steps}.").format(k=k, steps=self.steps)
        self.text.value = f"<b>{escape(step)}</b> {escape(self._narration)}"
        self.stack.value = self._stack_html(tree, current)
        self.view.value = self._picture(k, current)

    def _stack_html(self, tree: dict[int, TraceNode], current: int | None) -> str:
        """The call stack and the current node's (alpha, beta)."""
        if current is None or current not in tree:
            return ""
        stack = open_nodes(tree) or ancestors(tree, current)
        text = _("call stack: {nodes}").format(nodes=" → ".join(
            _("node {node}").format(node=n) for n in stack))
        top = stack[-1]
        alpha, beta = live_window(tree, top)
        if alpha is not None:
            text += "; " + _("at node {node} now alpha = {alpha}, beta = {beta}").format(
                node=top, alpha=fmt_value(alpha), beta=fmt_value(beta))
        return f"<span>{escape(text)}</span>"

    def _picture(self, k: int, current: int | None) -> str:
        """The drawing after k events (cached: stepping back is instant)."""
        if k not in self._pictures:
            from gamelib.viz import draw_tree

            try:
                drawing = draw_tree(self.trace, upto=k, current=current, **self.draw_options)
                self._pictures[k] = drawing_html(drawing)
            except Exception as error:  # a drawing problem must not break the stepper
                self._pictures[k] = "<i>{}</i>".format(escape(_("Could not draw: {error}").format(
                    error=error)))
        return self._pictures[k]
