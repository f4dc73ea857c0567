"""Plots in the browser without matplotlib: the same calls draw an SVG picture."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET

import pytest

import gamelib.viz.plots as plots
from gamelib import ConnectFour, RandomPlayer, Trace, mcts, new_plot, tournament, viz
from gamelib.viz.svgplot import SvgFigure, nice_ticks, parse_format

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def browser_without_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the browser course offline: Pyodide, and matplotlib not to be had."""
    monkeypatch.setattr(plots, "in_browser", lambda: True)
    monkeypatch.setitem(sys.modules, "matplotlib", None)


def parsed(fig: SvgFigure) -> ET.Element:
    """The figure's SVG, parsed (so a malformed picture fails here)."""
    return ET.fromstring(fig._repr_svg_())


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


@pytest.mark.usefixtures("browser_without_matplotlib")
def test_a_lesson_bar_chart_draws_every_bar_label_and_title() -> None:
    fig, ax = new_plot(figsize=(7, 3.2))
    counts = [1, 9, 72, 252]
    ax.bar(range(4), counts, color="#1f5fbf")
    for ply, n in enumerate(counts):
        ax.text(ply, n, f"{n:,}", ha="center", va="bottom")
    ax.set_title("positions by move"); ax.set_xlabel("moves played")
    assert isinstance(fig, SvgFigure)
    root = parsed(fig)
    bars = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#1f5fbf"]
    heights = [float(r.get("height", 0)) for r in bars]
    assert len(bars) == 4 and heights == sorted(heights)        # taller for more positions
    assert {"1", "9", "72", "252", "positions by move", "moves played"} <= set(texts(root))
    assert "positions by move" in root.get("aria-label", "")


@pytest.mark.usefixtures("browser_without_matplotlib")
def test_a_log_scale_labels_powers_of_ten_and_the_legend_names_each_series() -> None:
    fig, ax = new_plot()
    ax.semilogy([1, 2, 3], [1, 50, 2000], "o-", label="minimax")
    ax.semilogy([1, 3], [1, 2000], "k:", label="theory")
    ax.legend()
    labels = texts(parsed(fig))
    assert {"1", "10", "100", "1,000", "minimax", "theory"} <= set(labels)
    assert len([c for c in parsed(fig).iter(f"{SVG}circle")]) >= 3     # one marker a point


@pytest.mark.usefixtures("browser_without_matplotlib")
def test_inverted_bars_put_the_first_name_on_top() -> None:
    fig, ax = new_plot()
    ax.barh(["first", "second"], [0.3, 0.9])
    ax.invert_yaxis()
    ys = {"".join(t.itertext()): float(t.get("y", 0)) for t in parsed(fig).iter(f"{SVG}text")}
    assert ys["first"] < ys["second"]                      # SVG y grows downwards


@pytest.mark.usefixtures("browser_without_matplotlib")
def test_gamelibs_own_plots_draw_without_matplotlib() -> None:
    game = ConnectFour()
    result = mcts(game, game.play("3344"), iterations=60, seed=3, trace=Trace())
    standings = tournament(game, {"a": RandomPlayer(seed=1), "b": RandomPlayer(seed=2)},
                           games=2, seed=1, progress=False, executor="serial")
    for fig in (viz.plot_mcts_convergence(result), viz.plot_tournament(standings),
                viz.plot_nodes_vs_depth({"minimax": {1: 7, 2: 49}})):
        assert isinstance(fig, SvgFigure)
        assert texts(parsed(fig))


def test_outside_the_browser_plots_are_matplotlib_figures() -> None:
    pytest.importorskip("matplotlib")
    fig, _ = new_plot()
    assert not isinstance(fig, SvgFigure) and hasattr(fig, "savefig")


def test_format_strings_and_ticks_read_as_matplotlib_reads_them() -> None:
    assert parse_format("k:") == {"ls": ":", "color": "#000000"}
    assert parse_format("o") == {"marker": "o", "ls": "none"}
    assert parse_format("o-") == {"ls": "-", "marker": "o"}
    assert nice_ticks(0, 1) == pytest.approx([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    assert nice_ticks(0, 1500) == [0, 250, 500, 750, 1000, 1250, 1500]
