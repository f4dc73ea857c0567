"""Plots (matplotlib, or SVG drawn in plain Python in the browser offline): nodes searched
vs depth, MCTS convergence, iterative deepening under a clock, tournament results.

Each plot has a data function (which calls the public searches or reads a trace) and a
drawing function that only draws that data, so a lesson can print the numbers too.
"""

from __future__ import annotations

import functools
import importlib.util
import io
import math
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, cast

from gamelib.games.base import Game, State
from gamelib.platform import N_, _, in_browser, need
from gamelib.search import SearchResult, Trace, TranspositionTable, alphabeta, minimax
from gamelib.search.trace import Backprop, Expand
from gamelib.viz import style as st
from gamelib.viz.svgplot import SvgFigure

if TYPE_CHECKING:
    from matplotlib.figure import Figure

WIN_COLOUR, DRAW_COLOUR, LOSS_COLOUR = "#2ca02c", "#b0b0b0", "#d62728"

VARIANTS = (N_("minimax"), N_("alpha-beta"), N_("alpha-beta + ordering"),
            N_("alpha-beta + ordering + TT"))
"""The searches `count_nodes` compares, from the plainest to the best (their names are the
keys of its counts; the plot's legend says them in gamelib's language)."""


def new_figure(figsize: tuple[float, float] = (6.4, 4.2)) -> Figure:
    """A matplotlib Figure that shows itself in a notebook as a picture (matplotlib is
    imported on first use, through `need`: importing gamelib stays quick). In the browser
    without matplotlib, an `SvgFigure`, which draws the same calls as SVG offline."""
    if in_browser() and importlib.util.find_spec("matplotlib") is None:
        return cast("Figure", SvgFigure(figsize))
    need("matplotlib", N_("plots"))
    return _picture_figure()(figsize=figsize)


def new_plot(figsize: tuple[float, float] = (6.4, 4.2), rows: int = 1, cols: int = 1,
             **options: Any) -> tuple[Figure, Any]:
    """A figure and its axes, as `plt.subplots(rows, cols, figsize=...)` gives them, without
    pyplot; end the cell with `fig` to show it. `options` go to `Figure.subplots`
    (e.g. sharex=True)."""
    fig = new_figure(figsize)
    return fig, fig.subplots(rows, cols, **options)


@functools.cache
def _picture_figure() -> type[Figure]:
    """matplotlib's Figure class with a PNG picture for notebooks (a Figure made without
    pyplot otherwise shows as the text "<Figure size ...>")."""
    from matplotlib.figure import Figure

    class PictureFigure(Figure):
        """A Figure that a notebook shows as a PNG picture, and whose words get the Hangul
        fonts in Korean before anything measures or draws them (every layout and drawing
        goes through `draw`, `tight_layout` or `get_tightbbox`)."""

        def _repr_png_(self) -> Any:
            """The PNG picture, with the plot in words as its alt text."""
            buffer = io.BytesIO()
            self.savefig(buffer, format="png", bbox_inches="tight")
            return buffer.getvalue(), {"alt": figure_description(self)}

        def draw(self, renderer: Any) -> None:
            """Draw the figure, its words in the Hangul fonts in Korean."""
            use_hangul_fonts(self)
            super().draw(renderer)

        def tight_layout(self, *args: Any, **options: Any) -> None:
            """Fit the axes around their words, measured in the Hangul fonts in Korean."""
            use_hangul_fonts(self)
            super().tight_layout(*args, **options)

        def get_tightbbox(self, *args: Any, **options: Any) -> Any:
            """The box around everything drawn, measured in the Hangul fonts in Korean."""
            use_hangul_fonts(self)
            return super().get_tightbbox(*args, **options)

    return PictureFigure


def figure_description(fig: Figure) -> str:
    """A plot in words, for alt text: each panel's title, axes and the names in its legend."""
    title = fig.get_suptitle() if hasattr(fig, "get_suptitle") else ""
    lines = [_("Plot: {title}").format(title=title)] if title else []
    for ax in fig.get_axes():
        legend = ax.get_legend()
        names = [t.get_text() for t in legend.get_texts()] if legend is not None else []
        parts = [ax.get_title() or _("Plot")]
        if ax.get_xlabel():
            parts.append(_("horizontal axis: {label}").format(label=ax.get_xlabel()))
        if ax.get_ylabel():
            said = _("log scale") in ax.get_ylabel()    # the label may say it already
            parts.append(_("vertical axis: {label}").format(label=ax.get_ylabel()) +
                         (_(" (log scale)") if ax.get_yscale() == "log" and not said else ""))
        if names:
            parts.append(_("series: ") + ", ".join(names))
        lines.append("; ".join(parts))
    return "\n".join(lines) or _("A plot.")


def count_nodes(game: Game, state: State, depths: Iterable[int], eval_fn: Callable | None = None,
                order: Any = "centre",
                variants: Sequence[str] = VARIANTS) -> dict[str, dict[int, int]]:
    """Nodes each search visits from `state` at each depth: {variant: {depth: nodes}}.

    Runs the public searches (minimax, alphabeta, alphabeta(order=...), and with a fresh
    TranspositionTable) once per depth; `eval_fn` scores the depth-limit positions.
    """
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise ValueError(_("unknown variants {unknown}; choose from {variants}").format(
            unknown=unknown, variants=list(VARIANTS)))
    runs: dict[str, Callable[[int], SearchResult]] = {
        "minimax": lambda d: minimax(game, state, depth=d, eval_fn=eval_fn),
        "alpha-beta": lambda d: alphabeta(game, state, depth=d, eval_fn=eval_fn),
        "alpha-beta + ordering": lambda d: alphabeta(game, state, depth=d, eval_fn=eval_fn,
                                                     order=order),
        "alpha-beta + ordering + TT": lambda d: alphabeta(game, state, depth=d,
                                                          eval_fn=eval_fn, order=order,
                                                          tt=TranspositionTable()),
    }
    depths = list(depths)
    if not depths or any(not isinstance(d, int) or d < 1 for d in depths):
        raise ValueError(_("depths must be whole numbers >= 1, got {depths}").format(
            depths=depths))
    return {name: {d: runs[name](d).stats.nodes for d in depths} for name in variants}


def plot_nodes_vs_depth(counts: dict[str, dict[int, int]], title: str = N_("Nodes searched"),
                        figsize: tuple[float, float] = (6.4, 4.2)) -> Figure:
    """Nodes searched against depth, one line per search, on a log scale."""
    if not counts:
        raise ValueError(_("no counts to plot: pass the dict count_nodes returns"))
    fig = new_figure(figsize)
    ax = fig.add_subplot()
    markers = "osD^v<>"
    for k, (name, by_depth) in enumerate(counts.items()):
        depths = sorted(by_depth)
        ax.plot(depths, [by_depth[d] for d in depths], marker=markers[k % len(markers)],
                label=_(name))
    ax.set_yscale("log")
    ax.set_xlabel(_("search depth (plies)"))
    ax.set_ylabel(_("nodes visited (log scale)"))
    ax.set_xticks(sorted({d for by_depth in counts.values() for d in by_depth}))
    ax.set_title(_(title))
    ax.grid(True, which="major", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    return fig


def mcts_convergence(source: SearchResult | Trace) -> dict[str, Any]:
    """Read an MCTS trace: after every iteration, each root move's share of the visits
    and the value estimate (Q of the most visited move, for the player to move at the
    root). Returns {"iterations": [...], "shares": {move: [...]}, "value": [...]}."""
    trace, _result = st.unpack(source)
    expands = [e for e in trace.events if e.kind == "expand"]
    if not expands or not any(e.kind == "select" for e in trace.events):
        raise ValueError(_("mcts_convergence needs an MCTS trace: "
                           "mcts(game, state, iterations=..., trace=Trace())"))
    root = expands[0].node
    move_of: dict[int, Any] = {}
    visits: dict[Any, int] = {}
    totals: dict[Any, float] = {}
    out: dict[str, Any] = {"iterations": [], "shares": {}, "value": []}
    for event in trace.events:
        if isinstance(event, Expand) and event.parent == root:
            move_of[event.node] = event.move
            visits[event.move], totals[event.move] = 0, 0.0
        elif isinstance(event, Backprop) and event.node in move_of:
            visits[move_of[event.node]] = event.visits
            totals[move_of[event.node]] = event.total
        elif isinstance(event, Backprop) and event.node == root:
            _record(out, event.visits, visits, totals)
    return out


def _record(out: dict[str, Any], done: int, visits: dict, totals: dict) -> None:
    """Append one iteration's shares and value estimate to `out`."""
    out["iterations"].append(done)
    for move in visits:
        series = out["shares"].setdefault(move, [0.0] * (len(out["iterations"]) - 1))
        series.append(visits[move] / done)
    best = max(visits, key=lambda m: (visits[m], totals[m] / visits[m] if visits[m] else 0))
    out["value"].append(totals[best] / visits[best] if visits[best] else math.nan)


def plot_mcts_convergence(source: SearchResult | Trace | dict[str, Any], top: int = 5,
                          figsize: tuple[float, float] = (6.4, 5.0)) -> Figure:
    """Two panels against iterations: each root move's share of the visits (the `top`
    most visited at the end), and the value estimate of the most visited move."""
    data = source if isinstance(source, dict) else mcts_convergence(source)
    its = data["iterations"]
    fig = new_figure(figsize)
    shares_ax, value_ax = fig.subplots(2, 1, sharex=True)
    ranked = sorted(data["shares"], key=lambda m: -data["shares"][m][-1])
    for move in ranked[:top]:
        shares_ax.plot(its, data["shares"][move],
                       label=_("move {move}").format(move=st.fmt_move(move)))
    shares_ax.set_ylabel(_("share of root visits"))
    shares_ax.set_ylim(0, 1)
    shares_ax.legend(fontsize="small", ncol=2)
    shares_ax.set_title(_("MCTS converging: root visit shares and value estimate"))
    value_ax.plot(its, data["value"], color="#444444")
    value_ax.axhline(data["value"][-1], color="#999999", linestyle=":", linewidth=1)
    value_ax.set_ylim(0, 1)
    value_ax.set_ylabel(_("Q of most visited move\n(1 win, 0.5 draw, 0 loss)"))
    value_ax.set_xlabel(_("iterations"))
    for ax in (shares_ax, value_ax):
        ax.grid(True, alpha=0.3)
    fig.tight_layout()
    return fig


def deepening_rounds(result: SearchResult) -> list[dict[str, Any]]:
    """The rounds of an `iterative_deepening` result on a time line, in seconds from the
    start: [{"depth", "start", "end", "nodes", "finished"}, ...]; the last one has
    finished=False when the clock cut it short (its nodes are those the rounds before it
    do not account for)."""
    rounds = getattr(result, "rounds", None)
    if not rounds:
        raise ValueError(_("deepening_rounds needs the result of iterative_deepening "
                           "(it lists its rounds in result.rounds)"))
    timeline, start = [], 0.0
    for rnd in rounds:
        timeline.append({"depth": rnd.depth, "start": start, "end": start + rnd.seconds,
                         "nodes": rnd.nodes, "finished": True})
        start += rnd.seconds
    unfinished = result.stats.nodes - sum(rnd.nodes for rnd in rounds)
    if unfinished > 0:
        timeline.append({"depth": rounds[-1].depth + 1, "start": start,
                         "end": max(start, result.stats.seconds), "nodes": unfinished,
                         "finished": False})
    return timeline


def plot_deepening(result: SearchResult, figsize: tuple[float, float] = (7.0, 3.0)) -> Figure:
    """Iterative deepening under a clock: one bar per round on a time line, the clock's
    limit as a red line, the round it cut short hatched and grey."""
    timeline = deepening_rounds(result)
    fig = new_figure(figsize)
    ax = fig.add_subplot()
    for rnd in timeline:
        done = rnd["finished"]
        ax.barh(rnd["depth"], rnd["end"] - rnd["start"], left=rnd["start"], height=0.6,
                color=st.MAX_COLOUR if done else "#d0d0d0", hatch=None if done else "//",
                edgecolor=st.MAX_COLOUR if done else st.PRUNED_COLOUR)
        words = _("{nodes:,} nodes").format(nodes=rnd["nodes"]) + (
            "" if done else _(", cut short: thrown away"))
        ax.text(rnd["end"], rnd["depth"], "  " + words, va="center", fontsize="small")
    limit = getattr(result, "time_limit", None)
    if limit is not None:
        ax.axvline(limit, color=st.CUT_COLOUR, linewidth=2)
        ax.text(limit, timeline[0]["depth"] - 0.6, _(" the clock: {limit:g} s").format(
                    limit=limit),
                color=st.CUT_COLOUR, va="bottom", fontsize="small")
    right = max([rnd["end"] for rnd in timeline] + [limit or 0])
    ax.set_xlim(0, right * 1.45)          # room for the words right of the last bar
    ax.set_ylim(timeline[-1]["depth"] + 0.6, timeline[0]["depth"] - 0.9)
    ax.set_yticks([rnd["depth"] for rnd in timeline])
    ax.set_xlabel(_("seconds since the search started"))
    ax.set_ylabel(_("round (search depth)"))
    ax.set_title(_("Iterative deepening: answer from depth {depth}").format(
        depth=result.stats.depth))
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    return fig


def tournament_records(results: Any) -> list[dict]:
    """The rows of a tournament or match result (anything with `to_records()`), or a
    list of dicts, checked for the keys the bar chart needs."""
    rows = results.to_records() if hasattr(results, "to_records") else results
    if not isinstance(rows, (list, tuple)) or not rows:
        raise ValueError(_("expected a tournament / match result or a non-empty list of "
                           "dicts with player, wins, draws, losses"))
    needed = {"player", "wins", "draws", "losses"}
    for row in rows:
        missing = needed - set(row) if isinstance(row, dict) else needed
        if missing:
            raise ValueError(_("each row needs the keys {needed}; {row!r} lacks "
                               "{missing}").format(needed=sorted(needed), row=row,
                                                   missing=sorted(missing)))
    return list(rows)


def plot_tournament(results: Any, title: str = N_("Results"),
                    figsize: tuple[float, float] | None = None) -> Figure:
    """Win / draw / loss bars per player (as shares of their games), with each player's
    score and its 95% interval written beside the bar when the rows have them."""
    rows = tournament_records(results)
    fig = new_figure(figsize or (7.0, 1.4 + 0.5 * len(rows)))
    ax = fig.add_subplot()
    names = [str(row["player"]) for row in rows][::-1]
    left = [0.0] * len(rows)
    for key, colour in ((N_("wins"), WIN_COLOUR), (N_("draws"), DRAW_COLOUR),
                        (N_("losses"), LOSS_COLOUR)):
        shares = [_share(row, key) for row in rows][::-1]
        ax.barh(names, shares, left=left, color=colour, label=_(key), edgecolor="white")
        left = [a + b for a, b in zip(left, shares)]
    for y, row in enumerate(rows[::-1]):
        ax.text(1.02, y, _score_text(row), va="center", fontsize="small")
    ax.set_xlim(0, 1.6)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1])
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_xlabel(_("share of games"))
    ax.set_title(_(title))
    fig.legend(*ax.get_legend_handles_labels(), loc="lower center", ncol=3, frameon=False,
               fontsize="small")           # along the bottom: never over the title
    fig.tight_layout(rect=(0, 0.35 / fig.get_figheight(), 1, 1))
    return fig


def _share(row: dict, key: str) -> float:
    """A row's wins, draws or losses as a share of its games."""
    games = row["wins"] + row["draws"] + row["losses"]
    return row[key] / games if games else 0.0


def _score_text(row: dict) -> str:
    """ "score 0.72 [0.65, 0.78]" (or the W-D-L counts when there is no score)."""
    counts = _("W-D-L {wins}-{draws}-{losses}").format(wins=row["wins"], draws=row["draws"],
                                                       losses=row["losses"])
    if "score" not in row:
        return counts
    text = counts + _("  score {score:.2f}").format(score=row["score"])
    if "ci_low" in row and "ci_high" in row:
        text += f" [{row['ci_low']:.2f}, {row['ci_high']:.2f}]"
    return text


def save_figure(fig: Figure, path: Any, format: str | None = None) -> None:
    """Save a figure reproducibly: no date in the metadata, a fixed hash salt for ids."""
    import matplotlib

    use_hangul_fonts(fig)
    with matplotlib.rc_context({"svg.hashsalt": "gamelib", "svg.fonttype": "path"}):
        fig.savefig(path, format=format, metadata=_metadata(path, format))


def use_hangul_fonts(fig: Figure) -> None:
    """In Korean, draw the figure's words with the Hangul fonts after its own (matplotlib
    falls back from one family to the next only along a text's own list, which a text
    takes when it is made); in English, nothing changes."""
    families = st.matplotlib_families()
    if not families:
        return
    from matplotlib.text import Text

    for text in fig.findobj(Text):
        if text.get_fontfamily() == ["sans-serif"]:         # the default: not chosen
            text.set_fontfamily(families)


def _metadata(path: Any, format: str | None) -> dict[str, Any]:
    """Metadata without anything time-dependent, for the format being written."""
    kind = (format or str(path).rsplit(".", 1)[-1]).lower()
    if kind == "svg":
        return {"Date": None}
    if kind == "pdf":
        return {"CreationDate": None, "ModDate": None}
    if kind == "png":
        return {"Software": None}
    return {}
