"""Pictures in Korean: the words a picture draws (titles, legends, node labels, axes, alt
text) follow the language, and a Korean picture names fonts that have Hangul, so that its
words are not drawn as empty boxes; an English picture is the one it always was."""

from __future__ import annotations

import io
import re

import pytest

from gamelib import platform
from gamelib.games import ConnectFour, GameTree
from gamelib.search import Trace, alphabeta
from gamelib.viz import raster, rendering
from gamelib.viz import style as st
from gamelib.viz.column_scores import column_scores_svg
from gamelib.viz.plots import figure_description, plot_nodes_vs_depth, use_hangul_fonts
from gamelib.viz.rendering import Drawing, find_renderer, render, render_svg
from gamelib.viz.svgplot import SvgFigure
from gamelib.viz.tree import draw_tree
from korean_text import leftover_english

TREE = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
COUNTS = {"minimax": {1: 7, 2: 49}, "alpha-beta": {1: 7, 2: 30}}


@pytest.fixture
def speak(monkeypatch):
    """A function: language -> gamelib speaks it for the rest of the test."""
    def set_to(code: str) -> None:
        monkeypatch.setattr(platform, "_chosen", code)
    return set_to


def tree_source() -> str:
    """The DOT source of the textbook tree searched by alpha-beta."""
    return draw_tree(alphabeta(TREE, (), trace=Trace())).source


def test_a_korean_tree_speaks_korean_in_a_hangul_font(speak):
    speak("ko")
    source = tree_source()
    for words in ("읽는 법", "MAX 노드: 루트에서 둘 차례인 플레이어", "가지치기됨",
                  "컷오프: 2 &lt;= α=3"):
        assert words in source
    assert 'fontname="Helvetica,Noto Sans CJK KR,NanumGothic,Malgun Gothic,' \
           'Apple SD Gothic Neo,sans-serif"' in source
    assert "How to read this" not in source and "label=pruned" not in source


def test_an_english_tree_is_unchanged(speak):
    speak("en")
    source = tree_source()
    assert "fontname=Helvetica" in source and "NanumGothic" not in source
    assert "How to read this" in source and "cut: 2 &lt;= α=3" in source
    assert not any("\uac00" <= char <= "\ud7a3" for char in source)


@pytest.mark.skipif(find_renderer() is None, reason="needs Graphviz")
def test_the_rendered_korean_svg_names_the_hangul_fonts(speak):
    speak("ko")
    svg = render_svg(draw_tree(alphabeta(TREE, (), trace=Trace()), title="알파-베타"))
    assert 'font-family="Helvetica,Noto Sans CJK KR,NanumGothic' in svg
    assert ">알파&#45;베타<" in svg or ">알파-베타<" in svg


def test_a_korean_plot_has_korean_words_and_hangul_fonts(speak):
    speak("ko")
    fig = plot_nodes_vs_depth(COUNTS)
    ax = fig.get_axes()[0]
    assert (ax.get_title(), ax.get_xlabel()) == ("탐색한 노드", "탐색 깊이 (수)")
    assert figure_description(fig).startswith("탐색한 노드; 가로축: 탐색 깊이 (수); 세로축: ")
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["미니맥스", "알파-베타"]
    hangul = st.matplotlib_hangul_fonts()
    if hangul:              # a system without any Hangul font cannot draw them at all
        assert set(ax.title.get_fontfamily()) >= hangul
        assert ax.title.get_fontfamily()[0] == "DejaVu Sans"


def test_an_english_plot_keeps_its_fonts_and_words(speak):
    speak("en")
    fig = plot_nodes_vs_depth(COUNTS)
    use_hangul_fonts(fig)
    ax = fig.get_axes()[0]
    assert (ax.get_title(), ax.get_xlabel()) == ("Nodes searched", "search depth (plies)")
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["minimax", "alpha-beta"]
    assert ax.title.get_fontfamily() == ["sans-serif"]
    assert st.matplotlib_families() == []


def test_the_browsers_svg_plot_and_column_scores_name_hangul_fonts(speak):
    state = ConnectFour().play("33")
    scores = {0: -3, 1: -3, 2: -2, 3: 1, 4: -2, 5: -3, 6: -3}
    speak("ko")
    fig = SvgFigure((4, 3))
    fig.add_subplot().set_title("제목")
    assert 'font-family="DejaVu Sans,Arial,Noto Sans CJK KR,NanumGothic,Malgun Gothic,' \
           'Apple SD Gothic Neo,sans-serif"' in fig._repr_svg_()
    svg = column_scores_svg(state, scores)
    assert 'font-family="Noto Sans CJK KR,NanumGothic,Malgun Gothic,Apple SD Gothic Neo,' \
           'sans-serif"' in svg
    assert ">승</text>" in svg and ">패</text>" in svg and "X 차례. 각 열 위의 수는" in svg
    speak("en")
    assert 'font-family="DejaVu Sans, Arial, sans-serif"' in SvgFigure((4, 3))._repr_svg_()
    english = column_scores_svg(state, scores)
    assert 'font-family="sans-serif"' in english and ">win</text>" in english
    assert "X to move; above each column, the score of playing it" in english


def test_an_mcts_iteration_is_drawn_in_korean(speak):
    from gamelib.games import TicTacToe
    from gamelib.search import mcts
    from gamelib.viz.iteration import draw_iteration

    game = TicTacToe()
    result = mcts(game, game.initial_state, iterations=12, seed=1, trace=Trace())
    speak("ko")
    source = draw_iteration(result, 12).source
    for words in ("MCTS 반복 12: 선택 -> 확장 -> 플레이아웃 -> 역전파: X 승",
                  "확장됨", "무작위 수 5개", "O의 보상 0", "1. 선택: UCB가 가장 높은 자식"):
        assert words in source
    outline = draw_iteration(result, 12).outline
    assert outline.startswith("MCTS 반복 12\n1. 선택: ") and "3. 플레이아웃: 수 5개, X 승" in outline
    assert not leftover_english(outline)
    speak("en")
    assert "MCTS iteration 12: select -> expand -> playout -> backpropagate: X wins" \
        in draw_iteration(result, 12).source
    assert "3. playout: 5 moves, X wins\n4. backprop #12: +0, N 0 -> 1, W -> 0" \
        in draw_iteration(result, 12).outline


def test_korean_words_a_lesson_draws_are_measured_in_a_hangul_font(speak):
    """A lesson's own plot (new_plot, its labels, fig.tight_layout()) gets the Hangul fonts
    before tight_layout measures its words: matplotlib warns of no missing glyph."""
    import warnings

    from gamelib.viz.plots import new_plot

    if not st.matplotlib_hangul_fonts():
        pytest.skip("no font with Hangul on this system")
    speak("ko")
    fig, ax = new_plot()
    ax.barh(["무작위", "규칙"], [0.4, 0.9])
    ax.set_xlabel("솔버의 값을 지키는 수의 비율")
    ax.text(0.4, 0, "40%")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig.tight_layout()
        png, _alt = fig._repr_png_()
    assert png.startswith(b"\x89PNG")
    assert set(ax.xaxis.label.get_fontfamily()) >= st.matplotlib_hangul_fonts()


PURE = rendering.find_pure()
needs_pure_and_hangul = pytest.mark.skipif(
    PURE is None or not st.matplotlib_hangul_fonts(),
    reason="needs graphviz-pure and a font with Hangul")


@pytest.fixture
def without_dot(monkeypatch):
    """Drawings are rendered by graphviz-pure, as where no system Graphviz is installed."""
    monkeypatch.setattr(rendering, "find_renderer", lambda: PURE)


def one_node(words: str) -> Drawing:
    """A drawing of one node labelled `words`, in the fonts of a Korean drawing."""
    drawing = Drawing()
    drawing.attr("node", fontname="Helvetica,Noto Sans CJK KR,NanumGothic,sans-serif")
    drawing.node("n", words)
    return drawing


def pixels(png: bytes) -> bytes:
    """The RGBA pixels of a PNG (its metadata aside)."""
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGBA").tobytes()


@needs_pure_and_hangul
def test_without_dot_a_png_draws_hangul_letters_not_empty_boxes(without_dot):
    """Missing letters are all drawn as one same box: two words of the same letters in
    another order would then be the same picture."""
    first, second = (render(one_node(words), "png") for words in ("가지치기", "치기가지"))
    assert len(pixels(first)) == len(pixels(second))        # the same layout
    assert pixels(first) != pixels(second)


@needs_pure_and_hangul
def test_without_dot_a_korean_tree_is_drawn_in_a_font_that_has_its_letters(speak, without_dot):
    from fontTools.ttLib import TTFont
    from matplotlib import font_manager

    speak("ko")
    drawing = draw_tree(alphabeta(TREE, (), trace=Trace()))
    letters = set(raster.HANGUL.findall(drawing.source))
    assert len(letters) > 20
    files = [font_manager.findfont(font_manager.FontProperties(family=[name]))
             for name in raster.drawing_fonts(st.font_families())]
    covered = {chr(code) for path in files
               for code in TTFont(path, fontNumber=0, lazy=True).getBestCmap()}
    assert letters <= covered, sorted(letters - covered)
    assert render(drawing, "png").startswith(b"\x89PNG")


@needs_pure_and_hangul
def test_without_dot_a_korean_svg_is_laid_out_for_its_letters(without_dot):
    """graphviz-pure measures a Hangul letter as a space: the layout uses stand-ins as wide,
    and the SVG has the real words back."""
    svg = render_svg(one_node("가지치기됨 가지치기됨"))
    assert ">가지치기됨 가지치기됨<" in svg and "WWWWW" not in svg
    assert 'font-family="Helvetica,Noto Sans CJK KR,NanumGothic,sans-serif"' in svg
    width = float(re.search(r'<svg width="([\d.]+)pt"', svg).group(1))
    assert width > 10 * 0.9 * 14                  # ten letters of about 1 em at 14 points


def test_a_korean_layout_has_latin_stand_ins_and_one_font():
    source = 'n [label="값 3" fontname="Helvetica,NanumGothic,sans-serif"]'
    assert raster.layout_source(source) == 'n [label="W 3" fontname="Helvetica"]'
    laid = '<svg><text x="1" font-family="Helvetica">W 3</text><text x="2">b</text></svg>'
    real = '<svg><text x="9" font-family="Helvetica,NanumGothic">값 3</text><text>b</text></svg>'
    assert raster.with_words(laid, real) == (
        '<svg><text x="1" font-family="Helvetica,NanumGothic">값 3</text>'
        '<text x="2">b</text></svg>')
    assert raster.with_words(laid, "<svg><text>값</text></svg>") == "<svg><text>값</text></svg>"


@pytest.mark.skipif(PURE is None, reason="needs graphviz-pure")
def test_without_dot_an_english_png_is_graphviz_pures_own(without_dot):
    drawing = one_node("pruned")
    assert render(drawing, "png") == rendering.run_renderer(PURE, drawing.source, "png")


def test_a_korean_trees_small_lines_are_korean(speak):
    """The depth-limit leaves of a tree drawn without boards, and its TT hits, drawn as
    nodes or as edges, say so in Korean."""
    from gamelib.games import TicTacToe
    from gamelib.search import TranspositionTable

    speak("ko")
    c4 = ConnectFour()
    shallow = draw_tree(alphabeta(c4, c4.play("3342"), depth=2, trace=Trace()), boards=False)
    assert ">평가됨<" in shallow.source and "evaluated" not in shallow.source
    game = TicTacToe()
    result = alphabeta(game, game.play([(1, 1), (0, 0), (1, 2), (0, 2), (2, 2)]),
                       tt=TranspositionTable(), trace=Trace())
    for merge in (False, True):
        source = draw_tree(result, merge=merge, boards=False).source
        assert "전치표 적중" in source and "TT hit" not in source
