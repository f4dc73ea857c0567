"""Hangul in drawings made by graphviz-pure, the pip-installed `dot` used when Graphviz is
missing. graphviz-pure draws PNG text only in the Latin fonts it carries (Hangul comes out
as empty boxes) and measures a Hangul letter as wide as a space, so its Korean nodes are
too narrow. Here a Korean drawing is laid out with a Latin letter as wide as a Hangul one
in place of each Hangul letter, its real words are put back into that layout's SVG, and a
PNG is drawn from the SVG by matplotlib, with the Hangul fonts the plots use.

Graphviz's SVG is a small language: groups with a transform, polygons, polylines,
ellipses, paths of Bezier curves and text; that is what `svg_png` draws.
"""

from __future__ import annotations

import io
import logging
import re
from typing import Any, Callable
from xml.etree import ElementTree

from gamelib.viz import style as st

HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")
"""A Hangul letter: a syllable or a jamo."""

HANGUL_STAND_IN = "W"
"""The Latin letter laid out in place of a Hangul one: in Helvetica it is 0.944 em wide,
a Hangul syllable 0.94 em in NanumGothic and 1 em in Noto Sans CJK."""

FONT_LIST = re.compile(r'((?:fontname|FACE)\s*=\s*)"([^",]+),[^"]*"')
"""A font list in DOT: graphviz-pure has the metrics of its first font only when it is
named alone."""

TEXT = re.compile(r"<text([^>]*)>(.*?)</text>", re.S)
FONT_FAMILY = re.compile(r'font-family="[^"]*"')

SVG = "{http://www.w3.org/2000/svg}"

LATIN_FONTS = {
    "sans": ("Liberation Sans", "Arimo", "Nimbus Sans", "Arial", "Helvetica", "DejaVu Sans"),
    "serif": ("Liberation Serif", "Tinos", "Nimbus Roman", "Times New Roman", "DejaVu Serif"),
    "mono": ("Liberation Mono", "Cousine", "Nimbus Mono PS", "Courier New",
             "DejaVu Sans Mono"),
}
"""Fonts as wide as the Helvetica, Times and Courier that Graphviz measures text with
(DejaVu, matplotlib's own, last: it is a little wider)."""


def has_hangul(source: str) -> bool:
    """True when a drawing's DOT source has Hangul in it."""
    return HANGUL.search(source) is not None


def layout_source(source: str) -> str:
    """The DOT source to lay a Korean drawing out with: each Hangul letter replaced by a
    Latin one as wide, each font list by its first font (whose widths graphviz-pure knows)."""
    return FONT_LIST.sub(r'\1"\2"', HANGUL.sub(HANGUL_STAND_IN, source))


def with_words(layout_svg: str, real_svg: str) -> str:
    """The SVG of the layout with the real words (and their fonts) put back, text by text;
    the real SVG itself when the two do not have the same texts in the same order."""
    laid, real = TEXT.findall(layout_svg), TEXT.findall(real_svg)
    if len(laid) != len(real):
        return real_svg
    words = iter(real)

    def put_back(match: re.Match) -> str:
        attributes, content = next(words)
        family = FONT_FAMILY.search(attributes)
        kept = FONT_FAMILY.sub(family.group(0), match.group(1)) if family else match.group(1)
        return f"<text{kept}>{content}</text>"

    return TEXT.sub(put_back, layout_svg)


# ---- Drawing Graphviz's SVG with matplotlib ----------------------------------------------

def svg_png(svg: str, dpi: int) -> bytes:
    """A PNG of Graphviz's `svg` at `dpi` dots per inch (an SVG unit is a point), its
    words in fonts that have their letters (Hangul too, when the system has a Hangul font)."""
    from matplotlib.figure import Figure

    root = ElementTree.fromstring(svg.encode("utf-8"))
    left, top, width, height = (float(v) for v in root.get("viewBox", "").split())
    wide = _points(root.get("width", "")) or width
    tall = _points(root.get("height", "")) or height
    fig = Figure(figsize=(wide / 72, tall / 72), dpi=dpi)
    fig.patch.set_alpha(0)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(left, left + width)
    ax.set_ylim(top + height, top)              # SVG's y grows downwards
    ax.set_axis_off()
    _draw_group(ax, root, _Pen(scale=wide / width))
    return _png(fig, dpi)


def _png(fig: Any, dpi: int) -> bytes:
    """The figure as PNG bytes, without matplotlib's notes on font weights it rounds (the
    bold of NanumGothic is a 600, not a 700)."""
    buffer = io.BytesIO()
    fonts_log = logging.getLogger("matplotlib.font_manager")
    level = fonts_log.level
    fonts_log.setLevel(logging.ERROR)
    try:
        fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    finally:
        fonts_log.setLevel(level)
    return buffer.getvalue()


def _points(length: str) -> float:
    """An SVG length ("134pt", "96px", "2in") in points; 0 when there is none."""
    found = re.fullmatch(r"\s*([\d.]+)\s*(pt|px|in|)\s*", length)
    if not found:
        return 0.0
    per_unit = {"pt": 1.0, "": 1.0, "px": 0.75, "in": 72.0}[found.group(2)]
    return float(found.group(1)) * per_unit


class _Pen:
    """Where drawing is in the SVG's groups: the transform from a group's coordinates to
    the picture's (scale, then shift), and how many points an SVG unit is."""

    def __init__(self, scale: float, factor: float = 1.0, shift: tuple[float, float] = (0, 0)):
        self.scale, self.factor, self.shift = scale, factor, shift

    def inside(self, transform: str | None) -> _Pen:
        """The pen of a group with this `transform` (Graphviz writes scale, rotate(0) and
        translate, applied right to left to a point: so composed here left to right)."""
        factor, (dx, dy) = self.factor, self.shift
        for name, args in re.findall(r"(\w+)\(([^)]*)\)", transform or ""):
            values = [float(v) for v in re.split(r"[\s,]+", args.strip()) if v]
            if name == "translate":
                dx, dy = dx + factor * values[0], dy + factor * (values[1:] or [0])[0]
            elif name == "scale":
                factor *= values[0]
        return _Pen(self.scale, factor, (dx, dy))

    def xy(self, x: float, y: float) -> tuple[float, float]:
        """A point of the group in the picture's coordinates."""
        return self.shift[0] + self.factor * x, self.shift[1] + self.factor * y

    def size(self, length: float) -> float:
        """A length of the group (a stroke, a font size) in points."""
        return length * self.factor * self.scale


def _draw_group(ax: Any, group: Any, pen: _Pen) -> None:
    """Draw a group's shapes and texts, and its groups and links inside it."""
    for element in group:
        tag = element.tag.replace(SVG, "")
        if tag in ("g", "a"):
            _draw_group(ax, element, pen.inside(element.get("transform")))
        elif tag in DRAW:
            DRAW[tag](ax, element, pen)


def _paint(element: Any, pen: _Pen, closed: bool) -> dict[str, Any]:
    """matplotlib's colours and line of a shape's fill and stroke attributes."""
    fill, stroke = element.get("fill", "black"), element.get("stroke", "none")
    width = pen.size(float(element.get("stroke-width", "1")))
    dashes = element.get("stroke-dasharray")
    style: Any = "solid"
    if dashes:
        style = (0, [float(v) / max(width, 0.1) for v in re.split(r"[\s,]+", dashes) if v])
    return {"facecolor": _colour(fill, element.get("fill-opacity")) if closed else "none",
            "edgecolor": _colour(stroke, element.get("stroke-opacity")),
            "linewidth": width, "linestyle": style}


def _colour(name: str, opacity: str | None = None) -> Any:
    """A colour of the SVG as matplotlib takes it ("none" for none or transparent)."""
    from matplotlib.colors import to_rgba

    if name in ("none", "transparent", ""):
        return "none"
    try:
        return to_rgba(name, float(opacity) if opacity else None)
    except ValueError:
        return "black"


def _polygon(ax: Any, element: Any, pen: _Pen, closed: bool = True) -> None:
    """A polygon (or, not closed, a polyline)."""
    from matplotlib.patches import Polygon

    numbers = [float(v) for v in re.split(r"[\s,]+", element.get("points", "").strip()) if v]
    corners = [pen.xy(x, y) for x, y in zip(numbers[::2], numbers[1::2])]
    if corners:
        ax.add_patch(Polygon(corners, closed=closed, **_paint(element, pen, closed)))


def _polyline(ax: Any, element: Any, pen: _Pen) -> None:
    """A polyline: a polygon that is not closed."""
    _polygon(ax, element, pen, closed=False)


def _ellipse(ax: Any, element: Any, pen: _Pen) -> None:
    """An ellipse."""
    from matplotlib.patches import Ellipse

    centre = pen.xy(float(element.get("cx")), float(element.get("cy")))
    ax.add_patch(Ellipse(centre, 2 * pen.factor * float(element.get("rx")),
                         2 * pen.factor * float(element.get("ry")),
                         **_paint(element, pen, True)))


MOVETO, LINETO, CURVE4, CLOSEPOLY = 1, 2, 4, 79
"""matplotlib's Path codes."""

PATH_CODES = {"M": (MOVETO, LINETO), "L": (LINETO, LINETO), "C": (CURVE4, CURVE4)}
"""SVG's absolute move, line and cubic Bezier commands (the only ones Graphviz writes), as
matplotlib's codes of their first point and of the points after it."""


def _path(ax: Any, element: Any, pen: _Pen) -> None:
    """A path of moves, lines and cubic Bezier curves, as Graphviz writes them."""
    from matplotlib.patches import PathPatch
    from matplotlib.path import Path

    vertices: list[tuple[float, float]] = []
    codes: list[int] = []
    for command, args in re.findall(r"([MLCZ])([^MLCZ]*)", element.get("d", "")):
        if command == "Z":
            vertices, codes = vertices + vertices[-1:], codes + [CLOSEPOLY] * bool(vertices)
            continue
        numbers = [float(v) for v in re.findall(r"-?[\d.]+(?:e-?\d+)?", args)]
        first, rest = PATH_CODES[command]
        for k, (x, y) in enumerate(zip(numbers[::2], numbers[1::2])):
            vertices.append(pen.xy(x, y))
            codes.append(rest if k else first)
    if vertices:
        closed = element.get("fill", "black") not in ("none", "transparent")
        ax.add_patch(PathPatch(Path(vertices, codes), **_paint(element, pen, closed)))


ANCHOR = {"start": "left", "middle": "center", "end": "right"}


def _text(ax: Any, element: Any, pen: _Pen) -> None:
    """A text at its baseline, in the first of its fonts the system has, then the Hangul
    fonts (matplotlib takes each letter from the first font that has it)."""
    words = "".join(element.itertext())
    if not words.strip():
        return
    x, y = pen.xy(float(element.get("x", 0)), float(element.get("y", 0)))
    ax.text(x, y, words, ha=ANCHOR.get(element.get("text-anchor", "start"), "left"),
            va="baseline", fontsize=pen.size(float(element.get("font-size", "14"))),
            family=drawing_fonts(element.get("font-family", "Times,serif")),
            weight=element.get("font-weight", "normal"),
            style=element.get("font-style", "normal"),
            color=_colour(element.get("fill", "black")), parse_math=False)


DRAW: dict[str, Callable[[Any, Any, _Pen], None]] = {
    "polygon": _polygon, "polyline": _polyline, "ellipse": _ellipse, "path": _path,
    "text": _text}


def drawing_fonts(family: str) -> list[str]:
    """The fonts matplotlib draws a Graphviz text in, for the SVG's font-family list: a
    font this system has that is as wide as the one Graphviz measured (Helvetica, Times or
    Courier), then the Hangul fonts this system has."""
    first = family.split(",")[0].strip().lower()
    kind = ("serif" if first in ("times", "times-roman", "times new roman", "serif") else
            "mono" if first in ("courier", "courier new", "monospace") else "sans")
    installed = _installed_fonts()
    latin = [name for name in LATIN_FONTS[kind] if name in installed][:1] or ["DejaVu Sans"]
    return [*latin, *[name for name in st.HANGUL_FONTS
                      if name in st.matplotlib_hangul_fonts()]]


def _installed_fonts() -> set[str]:
    """The names of the fonts matplotlib knows on this system."""
    from matplotlib import font_manager

    st.matplotlib_hangul_fonts()            # adds Hangul fonts installed since its cache
    return {entry.name for entry in font_manager.fontManager.ttflist}
