"""Rendering: the real dot, the graphviz-pure fallback, and what happens with neither."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from gamelib import GameTree, TicTacToe
from gamelib.search import Trace, alphabeta, mcts
from gamelib.viz import (GraphvizNotFoundError, draw_iteration, draw_mcts, draw_tree,
                         find_renderer, render_svg, save)
from gamelib.viz import rendering as render_module


@pytest.fixture
def drawing():
    game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    return draw_tree(alphabeta(game, game.initial_state, trace=Trace()))


@pytest.fixture
def no_graphviz(monkeypatch, tmp_path):
    """Neither `dot` nor `graphviz-pure` can be found."""
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(render_module, "_script_dirs", lambda: [])


def test_the_system_dot_is_used_when_present(drawing):
    if shutil.which("dot") is None:
        pytest.skip("no system Graphviz on this machine")
    assert Path(find_renderer()).name == "dot"
    svg = render_svg(drawing)
    assert svg.lstrip().startswith("<?xml") and 'class="node max"' in svg


def test_every_drawing_renders_to_svg(drawing):
    game = TicTacToe()
    result = mcts(game, game.play([(1, 1)]), iterations=60, seed=0, trace=Trace())
    for graph in (drawing, draw_mcts(result), draw_iteration(result, 10)):
        svg = render_svg(graph)
        assert "<svg" in svg and 'class="node legend"' in svg


def test_save_writes_svg_and_png(drawing, tmp_path):
    svg = save(drawing, tmp_path / "tree.svg")
    png = save(drawing, tmp_path / "pictures" / "tree", format="png", dpi=50)
    assert svg.read_text().count("<g id=\"node") == 11
    assert png.suffix == ".png" and png.read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="format"):
        save(drawing, tmp_path / "tree.gif")


def test_notebook_display_without_graphviz_shows_hint_and_outline(drawing, no_graphviz):
    assert find_renderer() is None
    bundle = drawing._repr_mimebundle_()
    assert "image/svg+xml" not in bundle
    text = bundle["text/plain"]
    first, rest = text.split("\n", 1)
    assert "Graphviz is not installed" in first and "pip install graphviz-pure" in first
    assert rest == drawing.outline and "#0 MAX 3" in rest
    assert "<pre" in bundle["text/html"]


def test_api_without_graphviz_raises_a_clear_error(drawing, no_graphviz, tmp_path):
    with pytest.raises(GraphvizNotFoundError, match="install"):
        render_svg(drawing)
    with pytest.raises(GraphvizNotFoundError, match="apt-get install graphviz"):
        save(drawing, tmp_path / "tree.svg")


def test_graphviz_pure_is_the_fallback(drawing, monkeypatch, tmp_path):
    pure = shutil.which("graphviz-pure", path=os.pathsep.join(
        [os.environ.get("PATH", "")] + render_module._script_dirs()))
    if pure is None:
        pytest.skip("graphviz-pure is not installed")
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(render_module, "_script_dirs", lambda: [str(Path(pure).parent)])
    assert Path(find_renderer()).name.startswith("graphviz-pure")
    svg = render_svg(drawing)
    assert 'class="node min cut"' in svg
    game = TicTacToe()
    result = mcts(game, game.play([(1, 1)]), iterations=40, seed=0, trace=Trace())
    for graph in (draw_mcts(result), draw_iteration(result, 5),
                  draw_tree(alphabeta(game, game.play([(1, 1), (0, 0), (2, 2)]),
                                      trace=Trace()))):
        assert 'class="node legend"' in render_svg(graph)
    bundle, metadata = drawing._repr_mimebundle_()
    assert "image/svg+xml" in bundle and metadata["image/svg+xml"]["alt"]
    with pytest.raises(GraphvizNotFoundError, match="PDF"):
        save(drawing, tmp_path / "tree.pdf")


def test_a_new_kind_of_state_gets_a_thumbnail_by_registering_one():
    from gamelib.viz import boards

    class Marker:
        pass

    class SubMarker(Marker):
        pass

    assert not boards.has_thumbnail(Marker())
    boards.register_thumbnail(Marker, lambda state, last, cell: f"<TABLE>{last}:{cell}</TABLE>")
    try:
        assert boards.has_thumbnail(SubMarker())
        assert boards.board_table(SubMarker(), last=3, cell=9) == "<TABLE>3:9</TABLE>"
    finally:
        del boards.THUMBNAILS[Marker]
    with pytest.raises(TypeError, match="no board thumbnail"):
        boards.board_table(Marker())
