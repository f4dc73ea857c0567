"""Monte Carlo Tree Search drawn from its Trace: the tree with N, Q and UCB, and one
iteration's four steps (selection path, expanded node, playout, backed-up values).

Point of view: a node's Q is the mean reward of the player who made the move into it
(1 win, 0.5 draw, 0 loss), as in gamelib.search.mcts; the legend says so.
"""

from __future__ import annotations

import math
from typing import Any

from gamelib.platform import N_, _, ngettext
from gamelib.search.mcts import PROOF_NAMES
from gamelib.search.result import SearchResult
from gamelib.search.trace import Event, Select, Trace, TraceNode
from gamelib.viz import style as st
from gamelib.viz.boards import board_table, has_thumbnail
from gamelib.viz.legend import add_legend, bar, coloured, legend_table
from gamelib.viz.rendering import Drawing
from gamelib.viz.select import middle_of_deepest, root_of

EDGE_LABEL_LIMIT = 80
PROOF_COLOURS = {1.0: st.CHOSEN_COLOUR, 0.5: "#555555", 0.0: st.CUT_COLOUR}
"""MCTS-Solver proofs, for the player who moved into the node: win, draw, loss."""
PROVEN = N_("proven")
"""The legend's symbol for MCTS-Solver's proofs."""


def proof_legend() -> tuple[str, str]:
    """The legend row of MCTS-Solver's proofs, its symbol in the language spoken now."""
    return (coloured(_(PROVEN), PROOF_COLOURS[1.0]),
            N_("MCTS-Solver: the exact result, backed up from finished games"))


def draw_mcts(source: SearchResult | Trace, *, upto: int | None = None, top_k: int = 3,
              max_depth: int | None = 2, max_nodes: int | None = None,
              boards: bool | None = None, rankdir: str = "TB",
              edge_labels: bool | None = None, legend: bool = True,
              title: str | None = None) -> Drawing:
    """Draw an MCTS tree (a result of `mcts(..., trace=Trace())`, or its trace).

    Each node shows N (visits), Q (mean reward for the player who moved into it) and the
    UCB score it had when last selected; edges get wider with visits; the chosen move is
    green. Per node only the `top_k` most visited children are drawn, the rest as
    "+k more"; `max_depth` plies and `max_nodes` nodes at most; `upto` = events replayed.
    """
    trace, result = st.unpack(source)
    _check(trace, top_k, rankdir, max_nodes)
    tree = trace.nodes(upto)
    if not tree:
        return _note_drawing(_("nothing searched yet"))
    root = root_of(tree)
    boards = _use_boards(boards, tree[root].state, max_nodes)
    limit = max_nodes if max_nodes is not None else (
        st.MCTS_BOARD_MAX_NODES if boards else st.MCTS_MAX_NODES)
    shown, more = select_mcts(tree, root, top_k, max_depth, limit)
    chosen = _most_visited_child(tree, root)
    if result is not None and upto is None:
        chosen = next((c for c in tree[root].children if tree[c].move == result.move), chosen)
    labels = edge_labels if edge_labels is not None else len(shown) <= EDGE_LABEL_LIMIT
    graph = new_graph(rankdir, title if title is not None else
                      _title(trace, tree, root, chosen, upto))
    _draw_nodes(graph, tree, shown, more, last_ucb(trace.events[:upto]), chosen, boards,
                labels)
    if legend:
        proven = any(tree[node_id].proven is not None for node_id in shown)
        add_legend(graph, mcts_legend(bool(more), proven),
                   below=f"n{middle_of_deepest(tree, shown)}")
    graph.outline = mcts_outline(tree, root, shown, more)
    return graph


def _draw_nodes(graph: Drawing, tree: dict[int, TraceNode], shown: list[int],
                more: dict[int, tuple[int, int]], ucb: dict[int, float], chosen: int | None,
                boards: bool, labels: bool) -> None:
    """The drawn nodes with their edges, then the "+k more" stubs."""
    root, drawn = shown[0], set(shown)
    player = tree[root].player
    for node_id in shown:
        classes = node_classes(tree[node_id], player) + (["chosen"] if node_id == chosen else [])
        rows = stat_rows(tree, node_id, ucb.get(node_id))
        hidden = sum(1 for c in tree[node_id].children if c in tree and c not in drawn)
        if hidden and node_id not in more:
            rows.append(st.small(_("+{count} children below").format(count=hidden), 9,
                                 "#777777"))
        add_mcts_node(graph, tree[node_id], rows, classes, boards,
                      st.CHOSEN_COLOUR if node_id == chosen else None)
        if tree[node_id].parent in drawn:
            add_mcts_edge(graph, tree, node_id, root, labels, node_id == chosen)
    for node_id, (count, visits) in more.items():
        add_more_stub(graph, node_id, count, visits)


def _check(trace: Trace, top_k: int, rankdir: str, max_nodes: int | None = None) -> None:
    """Clear errors for a trace that is not an MCTS trace, or bad options."""
    if trace.events and not any(e.kind in ("select", "expand") for e in trace.events):
        raise ValueError(_("this is a {algorithm} trace, not an MCTS one: draw it with "
                           "draw_tree").format(algorithm=trace.algorithm
                                               or _("minimax / alpha-beta")))
    if top_k < 1:
        raise ValueError(_("top_k must be at least 1, got {value}").format(value=top_k))
    if max_nodes is not None and max_nodes < 1:
        raise ValueError(_("max_nodes must be at least 1, got {value}").format(value=max_nodes))
    if rankdir not in ("TB", "LR", "BT", "RL"):
        raise ValueError(_("rankdir must be 'TB', 'LR', 'BT' or 'RL', got {rankdir!r}").format(
            rankdir=rankdir))


def _use_boards(boards: bool | None, state: Any, max_nodes: int | None) -> bool:
    """Board thumbnails: as asked, or by default when the game has them."""
    if not has_thumbnail(state):
        return False
    if boards is not None:
        return boards
    return max_nodes is None or max_nodes <= st.MCTS_BOARD_MAX_NODES


def new_graph(rankdir: str, title: str) -> Drawing:
    """An empty MCTS drawing with the common look."""
    graph = Drawing("mcts")
    graph.alt = (_("Monte Carlo search tree. {title}").format(title=title) if title
                 else _("Monte Carlo search tree."))
    graph.attr(rankdir=rankdir, ordering="out", nodesep="0.15", ranksep="0.4",
               fontname=st.font_families(), fontsize="12", labelloc="t", label=title,
               margin="0.1")
    graph.attr("node", fontname=st.font_families(), fontsize="10", margin="0.05,0.03")
    graph.attr("edge", fontname=st.font_families(), fontsize="9", arrowsize="0.6")
    return graph


def _note_drawing(text: str) -> Drawing:
    """A drawing with one note (before the first node exists)."""
    graph = new_graph("TB", "")
    graph.node("empty", text, shape="note", color=st.PRUNED_COLOUR)
    graph.outline = text
    return graph


def _title(trace: Trace, tree: dict[int, TraceNode], root: int, chosen: int | None,
           upto: int | None) -> str:
    """A one-line summary: iterations, the chosen move and its Q."""
    done = sum(1 for e in trace.events[:upto] if e.kind == "select")
    text = "MCTS: " + ngettext("{count} iteration", "{count} iterations", done).format(
        count=done) + ", " + ngettext("{count} node", "{count} nodes", len(tree)).format(
        count=len(tree))
    if chosen is not None:
        node = tree[chosen]
        text += _(", most visited move {move} (N={visits}, Q={q:.2f} for {player})").format(
            move=st.fmt_move(node.move), visits=node.visits, q=node.q,
            player=tree[root].player)
    return text


def mover_of(tree: dict[int, TraceNode], node_id: int, game: Any = None) -> str | None:
    """The player who made the move into the node (the point of view of its Q); for the
    root, the opponent of the player to move there (when the game is known)."""
    parent = tree[node_id].parent
    if parent is None:
        player = tree[node_id].player
        return game.opponent(player) if game is not None and player is not None else None
    return tree[parent].player if parent in tree else None


def last_ucb(events: list[Event]) -> dict[int, float]:
    """For every node, the UCB score it had the last time selection passed through it."""
    scores: dict[int, float] = {}
    for event in events:
        if isinstance(event, Select):
            scores.update(zip(event.path[1:], event.ucb))
    return scores


def _most_visited_child(tree: dict[int, TraceNode], node_id: int) -> int | None:
    """The child with the most visits (ties: the higher Q, then the first)."""
    children = [c for c in tree[node_id].children if c in tree]
    if not children:
        return None
    return max(children, key=lambda c: (tree[c].visits, tree[c].q, -c))


def ranked_children(tree: dict[int, TraceNode], node_id: int) -> list[int]:
    """Children from most to least visited (ties: the order they were expanded in)."""
    children = [c for c in tree[node_id].children if c in tree]
    return sorted(children, key=lambda c: (-tree[c].visits, c))


def select_mcts(tree: dict[int, TraceNode], root: int, top_k: int, max_depth: int | None,
                max_nodes: int) -> tuple[list[int], dict[int, tuple[int, int]]]:
    """Breadth first, the top_k most visited children of each drawn node, within the
    limits. Returns (node ids to draw, most visited first within each family;
    {node id: (children not drawn beside drawn siblings, their visits)})."""
    shown, more, frontier = [root], {}, [root]
    while frontier:
        next_frontier = []
        for node_id in frontier:
            if max_depth is not None and tree[node_id].depth - tree[root].depth >= max_depth:
                continue
            children = ranked_children(tree, node_id)
            room = max(0, min(top_k, max_nodes - len(shown)))
            shown.extend(children[:room])
            next_frontier.extend(children[:room])
            rest = children[room:]
            if rest and room:
                more[node_id] = (len(rest), sum(tree[c].visits for c in rest))
        frontier = next_frontier
    return shown, more


def node_classes(node: TraceNode, root_player: str | None) -> list[str]:
    """max / min by the player to move (MAX = the root's player), leaf when terminal."""
    if node.terminal:
        return ["leaf"]
    return ["max" if node.player == root_player else "min"]


def stat_rows(tree: dict[int, TraceNode], node_id: int, ucb: float | None) -> list[str]:
    """The statistics lines of a node: N, Q (for whom), UCB at the last selection, #id."""
    node = tree[node_id]
    mover = mover_of(tree, node_id)
    rows = [f"<B>N={node.visits}</B>"]
    if mover is not None and node.visits:
        rows.append(f"Q={node.q:.2f} " + st.small(_("for {player}").format(
            player=st.esc(mover))))
    elif mover is None:
        rows.append(st.small(_("{player} to move").format(player=st.esc(node.player))))
    if ucb is not None:
        rows.append(st.small(f"UCB={ucb:.2f}"))
    if node.proven is not None:
        rows.append(proof_row(node, mover))
    rows.append(st.small(f"#{node.id}"))
    return rows


def proof_row(node: TraceNode, mover: str | None) -> str:
    """MCTS-Solver's proof of a node, as a coloured line of a node's label."""
    proof, whom = proof_of(node, mover)
    return st.small(f"<B>{_(PROOF_NAMES[proof])}</B> " + _("for {player}").format(
        player=st.esc(whom)), 9, PROOF_COLOURS[proof])


def proof_of(node: TraceNode, mover: str | None) -> tuple[float, str | None]:
    """A proven node's reward and whose it is: the player who moved into it (at the root,
    which nobody moved into, the player to move there)."""
    assert node.proven is not None
    if mover is not None:
        return node.proven, mover
    return 1.0 - node.proven, node.player


def add_mcts_node(graph: Drawing, node: TraceNode, rows: list[str], classes: list[str],
                  boards: bool, colour: str | None = None, **extra: str) -> None:
    """One MCTS node: a rounded box, with the board when thumbnails are on."""
    kind = classes[0]
    colour = colour or {"max": st.MAX_COLOUR, "min": st.MIN_COLOUR}.get(kind, st.LEAF_COLOUR)
    if boards:
        rows = [board_table(node.state, node.move)] + rows
    attrs = {"shape": "box", "style": "rounded", "color": colour, "penwidth": "1.5",
             "label": st.html_label(rows)}
    attrs.update(extra)
    graph.node(f"n{node.id}", id=f"node{node.id}", **{"class": " ".join(classes)}, **attrs)


def edge_width(visits: int, root_visits: int) -> str:
    """Edge width grows with the square root of the child's share of all visits."""
    share = visits / root_visits if root_visits else 0.0
    return f"{0.6 + 7 * math.sqrt(share):.2f}"


def add_mcts_edge(graph: Drawing, tree: dict[int, TraceNode], node_id: int, root: int,
                  labels: bool, chosen: bool, **extra: str) -> None:
    """The edge into `node_id`: width by visits, the move as label, green if chosen."""
    node = tree[node_id]
    attrs = {"penwidth": edge_width(node.visits, tree[root].visits), "color": "#555555"}
    if labels:
        attrs["label"] = st.edge_label(st.fmt_move(node.move))
    if chosen:
        attrs.update(color=st.CHOSEN_COLOUR, fontcolor=st.CHOSEN_COLOUR)
        attrs["class"] = "chosen"
    attrs.update(extra)
    graph.edge(f"n{node.parent}", f"n{node_id}", **attrs)


def add_more_stub(graph: Drawing, node_id: int, count: int, visits: int) -> None:
    """The less-visited children of a node, collapsed into one "+k more" stub."""
    label = _("+{count} more").format(count=count) + f"\\n(N={visits})"
    graph.node(f"m{node_id}", label, shape="box", style="dotted,rounded", fontsize="9",
               color=st.PRUNED_COLOUR, fontcolor="#666666", id=f"more{node_id}",
               **{"class": "more"})
    graph.edge(f"n{node_id}", f"m{node_id}", style="dotted", color=st.PRUNED_COLOUR,
               **{"class": "more"})


def mcts_legend(more: bool, proven: bool = False) -> str:
    """The legend of an MCTS drawing (the point of view of Q included)."""
    entries = [("N", N_("visits: playouts that went through the node")),
               ("Q", N_("mean reward of the player who moved into the node "
                        "(1 win, 0.5 draw, 0 loss)")),
               ("UCB", N_("Q + c·sqrt(ln N(parent) / N) when last selected")),
               (bar("#555555", 1, 3, 6),
                N_("edge width grows with visits")),
               (bar(st.CHOSEN_COLOUR, 3), N_("chosen move: the most visited")),
               (coloured("■", st.MAX_COLOUR), N_("root player to move")),
               (coloured("■", st.MIN_COLOUR), N_("opponent to move"))]
    if more:
        entries.append(("+k", N_("less-visited children not drawn")))
    if proven:
        entries.append(proof_legend())
    return legend_table(entries)


def mcts_outline(tree: dict[int, TraceNode], root: int, shown: list[int],
                 more: dict[int, tuple[int, int]]) -> str:
    """The drawn MCTS tree as indented text (the fallback without Graphviz)."""
    shown_set, lines = set(shown), []

    def walk(node_id: int, indent: str) -> None:
        node = tree[node_id]
        move = _("root") if node.parent is None else f"{st.fmt_move(node.move)}"
        mover = mover_of(tree, node_id)
        q = (" " + _("Q={q:.2f} for {player}").format(q=node.q, player=mover)
             if mover and node.visits else "")
        if node.proven is not None and mover:
            q += f", {_(PROOF_NAMES[node.proven])}"
        lines.append(f"{indent}{move}: N={node.visits}{q}")
        for child in ranked_children(tree, node_id):
            if child in shown_set:
                walk(child, indent + "    ")
        if node_id in more:
            count, visits = more[node_id]
            lines.append(f"{indent}    " + _("+{count} more").format(count=count)
                         + f" (N={visits})")

    walk(root, "")
    return "\n".join(lines)
