"""One MCTS iteration drawn step by step: the selection path (with each UCB score), the
expanded node, the random playout and its result, and the values backed up the path."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamelib.platform import N_, _, ngettext
from gamelib.search.result import SearchResult
from gamelib.search.trace import Backprop, Expand, Playout, Prove, Select, Trace, TraceNode
from gamelib.viz import style as st
from gamelib.viz.boards import board_table, has_thumbnail
from gamelib.viz.legend import add_legend, bar, coloured, legend_table
from gamelib.search.mcts import PROOF_NAMES
from gamelib.viz.mcts import (_check, add_mcts_edge, add_mcts_node,
                              add_more_stub, mover_of, new_graph, node_classes, proof_of,
                              proof_legend, proof_row, ranked_children)
from gamelib.viz.rendering import Drawing
from gamelib.viz.select import root_of


@dataclass
class Iteration:
    """The events of one MCTS iteration, found in a trace."""

    number: int                       # 1 = the first iteration
    start: int                        # index of its "select" event
    end: int                          # index just after its last event
    select: Select
    expand: Expand | None = None
    playout: Playout | None = None
    backprop: list[Backprop] = field(default_factory=list)
    proofs: list[Prove] = field(default_factory=list)   # MCTS-Solver's "prove" events


def iteration_events(trace: Trace, number: int | None = None) -> Iteration:
    """The events of iteration `number` (1 = the first; None = the last one recorded)."""
    starts = [i for i, e in enumerate(trace.events) if e.kind == "select"]
    if not starts:
        raise ValueError(_("this trace has no MCTS iteration: record one with "
                           "mcts(game, state, iterations=..., trace=Trace())"))
    if number is None:
        number = len(starts)
    if not isinstance(number, int) or not 1 <= number <= len(starts):
        raise ValueError(_("iteration must be between 1 and {last}, got {number!r}").format(
            last=len(starts), number=number))
    start = starts[number - 1]
    end = starts[number] if number < len(starts) else len(trace.events)
    select = trace.events[start]
    assert isinstance(select, Select)
    found = Iteration(number, start, end, select)
    for event in trace.events[start + 1:end]:
        if isinstance(event, Expand):
            found.expand = event
        elif isinstance(event, Playout):
            found.playout = event
        elif isinstance(event, Backprop):
            found.backprop.append(event)
        elif isinstance(event, Prove):
            found.proofs.append(event)
    return found


def draw_iteration(source: SearchResult | Trace, iteration: int | None = None, *,
                   top_k: int = 3, boards: bool | None = None, rankdir: str = "TB",
                   legend: bool = True) -> Drawing:
    """Draw MCTS iteration `iteration` (1 = the first, None = the last): the path that
    selection followed (orange, with each child's UCB score), the node it expanded
    (green), the playout to the end of the game, and every node's N and W before -> after
    the reward was backed up. Siblings show only the `top_k` most visited."""
    trace, _result = st.unpack(source)
    _check(trace, top_k, rankdir)
    it = iteration_events(trace, iteration)
    before, after = trace.nodes(it.start), trace.nodes(it.end)
    root = root_of(after)
    boards = has_thumbnail(after[root].state) if boards is None else (
        boards and has_thumbnail(after[root].state))
    path = list(it.select.path) + ([it.expand.node] if it.expand is not None else [])
    shown, more = _nodes_to_draw(after, path, top_k)
    graph = new_graph(rankdir, _title(it, after))
    credits = {e.node: e.value for e in it.backprop if e.value is not None}
    player = after[root].player
    for node_id in shown:
        _add_node(graph, after, before, node_id, path, credits, trace.game, player, boards, it)
        if after[node_id].parent in shown:
            _add_edge(graph, after, node_id, root, path, it.select)
    for node_id, (count, visits) in more.items():
        add_more_stub(graph, node_id, count, visits)
    if it.playout is not None:
        _add_playout(graph, it.playout, after, boards, trace.game)
    if legend:
        proven = any(after[node_id].proven is not None for node_id in shown)
        add_legend(graph, _legend(proven), below="playout" if it.playout is not None
                   else f"n{path[-1]}")
    graph.outline = _outline(it, after, before)
    return graph


def _add_edge(graph: Drawing, tree: dict[int, TraceNode], node_id: int, root: int,
              path: list[int], select: Select) -> None:
    """An edge; on the selection path orange and thick, labelled with the UCB score."""
    extra: dict[str, str] = {}
    if node_id in path:
        extra = {"class": "selection", "color": st.SELECT_COLOUR, "penwidth": "3.5"}
        ucb = dict(zip(select.path[1:], select.ucb))
        if node_id in ucb:
            extra["label"] = st.edge_label(
                f"{st.fmt_move(tree[node_id].move)}  UCB={ucb[node_id]:.2f}")
    add_mcts_edge(graph, tree, node_id, root, True, False, **extra)


def _nodes_to_draw(tree: dict[int, TraceNode], path: list[int],
                   top_k: int) -> tuple[list[int], dict[int, tuple[int, int]]]:
    """The path and, at each node on it, its top_k most visited children."""
    shown = set(path)
    more: dict[int, tuple[int, int]] = {}
    for node_id in path:
        children = ranked_children(tree, node_id)
        if not children:
            continue
        picked = [c for c in children if c in shown] + [c for c in children if c not in shown]
        keep = set(picked[:max(top_k, sum(1 for c in children if c in shown))])
        shown.update(keep)
        rest = [c for c in children if c not in keep]
        if rest:
            more[node_id] = (len(rest), sum(tree[c].visits for c in rest))
    return sorted(shown), more


def _title(it: Iteration, tree: dict[int, TraceNode]) -> str:
    """What happened in this iteration, in one line."""
    steps = ([_("select")] + ([_("expand")] if it.expand else [])
             + ([_("playout")] if it.playout else []) + [_("backpropagate")]
             + ([_("prove")] if it.proofs else []))       # no playout: a proven result
    result = (f": {playout_note(it.playout.note)}" if it.playout is not None
              and it.playout.note else "")
    return _("MCTS iteration {number}: ").format(number=it.number) + " -> ".join(steps) + result


def playout_note(note: str) -> str:
    """A playout's result as the trace records it ("X wins", "draw"), in the language
    gamelib speaks."""
    if note == "draw":
        return _("draw")
    if note.endswith(" wins"):
        return _("{player} wins").format(player=note.removesuffix(" wins"))
    return _(note)


def _add_node(graph: Drawing, after: dict[int, TraceNode], before: dict[int, TraceNode],
              node_id: int, path: list[int], credits: dict[int, float], game: Any,
              player: str | None, boards: bool, it: Iteration) -> None:
    """A node: N and Q after the iteration; on the path, also N and W before -> after."""
    node = after[node_id]
    classes = node_classes(node, player)
    rows = []
    extra: dict[str, str] = {}
    if node_id in path:
        classes.append("selected")
        extra.update(color=st.SELECT_COLOUR, penwidth="3")
    if it.expand is not None and node_id == it.expand.node:
        classes.append("expanded")
        rows.append(st.small("<B>" + _("expanded") + "</B>", 9, st.CHOSEN_COLOUR))
        extra.update(style="rounded,filled", fillcolor=st.NEW_FILL)
    rows += _stat_rows(after, before, node_id, credits.get(node_id), game)
    add_mcts_node(graph, node, rows, classes, boards, **extra)


def _stat_rows(after: dict[int, TraceNode], before: dict[int, TraceNode], node_id: int,
               credit: float | None, game: Any) -> list[str]:
    """N, W and Q; for a node on the path, each as before -> after, with the credit."""
    node = after[node_id]
    mover = mover_of(after, node_id, game)
    whom = st.small(_("for {player}").format(player=st.esc(mover))) if mover else ""
    proof = [] if node.proven is None else [proof_row(node, mover)]   # MCTS-Solver
    if credit is None:
        rows = [f"N={node.visits}"]
        if node.visits:
            rows.append(f"Q={node.q:.2f} " + whom)
        return rows + proof + [st.small(f"#{node.id}")]
    old = before.get(node_id)
    n0, w0 = (old.visits, old.total) if old is not None else (0, 0.0)
    return [st.small(_("backed up: +{credit:g}").format(credit=credit), 10, st.SELECT_COLOUR),
            f"<B>N: {n0} → {node.visits}</B>",
            f"W: {w0:g} → {node.total:g} " + whom,
            f"Q={node.q:.2f}"] + proof + [st.small(f"#{node.id}")]


def _add_playout(graph: Drawing, playout: Playout, tree: dict[int, TraceNode],
                 boards: bool, game: Any) -> None:
    """The playout as a dashed arrow to a box with its moves, result and reward."""
    moves = " ".join(st.fmt_move(m) for m in playout.moves[:12])
    if len(playout.moves) > 12:
        moves += " ..."
    mover = mover_of(tree, playout.node, game) or _("the player who moved there")
    count = len(playout.moves)
    rows = ["<B>" + _("playout") + "</B>: " + ngettext("{count} random move",
                                                      "{count} random moves", count).format(
                count=count) if count
            else "<B>" + _("no playout") + "</B>: " + _("the game is already over")]
    if moves:
        rows.append(st.small(st.esc(moves)))
    if boards and playout.state is not None and has_thumbnail(playout.state):
        rows.append(board_table(playout.state))
    note = playout_note(playout.note) if playout.note else _("game over")
    rows.append(f"<B>{st.esc(note)}</B>")
    rows.append(st.small(_("reward {reward:g} for {player}").format(
        reward=playout.value, player=st.esc(mover)), 10, st.SELECT_COLOUR))
    graph.node("playout", st.html_label(rows), shape="box", style="dashed,rounded",
               color="#555555", id="playout", **{"class": "playout"})
    graph.edge(f"n{playout.node}", "playout", style="dashed", color="#555555",
               label=st.edge_label(_("random playout") if count else _("result")),
               **{"class": "playout"})


def _legend(proven: bool = False) -> str:
    """The legend of an iteration picture (with MCTS-Solver's proofs when drawn)."""
    return legend_table([
        (bar(st.SELECT_COLOUR, 3), N_("1. selection: the child with the highest UCB")),
        (coloured("■", st.CHOSEN_COLOUR), N_("2. expansion: one new node")),
        ("- - -", N_("3. playout: random moves to the end of the game")),
        (coloured("N: a → b", st.SELECT_COLOUR),
         N_("4. backpropagation: N and W before → after")),
        ("Q", N_("W / N: mean reward of the player who moved into the node")),
        ("+k", N_("less-visited children not drawn")),
    ] + ([proof_legend()] if proven else []))


def _outline(it: Iteration, after: dict[int, TraceNode], before: dict[int, TraceNode]) -> str:
    """The iteration as text (the fallback without Graphviz, and the alt text)."""
    moves = " ".join(st.fmt_move(m) for m in it.select.moves) or _("(none: the root)")
    lines = [_("MCTS iteration {number}").format(number=it.number),
             _("1. select: {moves}").format(moves=moves)]
    if it.expand is not None:
        lines.append(_("2. expand: move {move} (node #{node})").format(
            move=st.fmt_move(it.expand.move), node=it.expand.node))
    if it.playout is not None:
        lines.append(_("3. playout: {count} moves, {result}").format(
            count=len(it.playout.moves), result=playout_note(it.playout.note)))
    for event in it.backprop:
        old = before.get(event.node)
        lines.append(_("4. backprop #{node}: +{value:g}, N {before} -> {after}, W -> {total:g}")
                     .format(node=event.node, value=event.value or 0,
                             before=old.visits if old is not None else 0,
                             after=event.visits, total=event.total))
    for proved in it.proofs:
        proof, whom = proof_of(after[proved.node], mover_of(after, proved.node))
        lines.append(_("5. proved #{node}: {proof} for {player}").format(
            node=proved.node, proof=_(PROOF_NAMES[proof]), player=whom))
    return "\n".join(lines)
