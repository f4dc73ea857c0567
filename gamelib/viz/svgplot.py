"""Plots drawn as SVG in plain Python, where matplotlib cannot be had (the browser course
offline: matplotlib is one of Pyodide's compiled packages, which only its server has).

`SvgFigure` understands the part of matplotlib's Figure and Axes that the lessons and
gamelib's own plots use (lines, markers, bars, error bars, text, reference lines, a
coloured grid of numbers, log scales, ticks, limits, titles and legends), so the same
cell draws the same plot with either. Styling it does not know is left out silently:
a plot is never the reason a lesson stops.
"""

from __future__ import annotations

import html
import math
from typing import Any, Sequence

from gamelib.platform import _
from gamelib.viz.style import font_families

PT = 72
"""SVG units per inch of a figure size (matplotlib sizes figures in inches)."""

CYCLE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2")
COLOURS = {"b": "#1f77b4", "g": "#2ca02c", "r": "#d62728", "c": "#17becf", "m": "#9467bd",
           "y": "#bcbd22", "k": "#000000", "w": "#ffffff"}
DASHES = {"-": "", "--": "6,4", ":": "1.5,3", "-.": "6,3,1.5,3", "dotted": "1.5,3",
          "dashed": "6,4", "solid": ""}
MARKERS = "os^vD<>.x+*"
MARGIN = {"left": 62.0, "right": 14.0, "top": 28.0, "bottom": 40.0}
LATIN_FONTS = "DejaVu Sans, Arial, sans-serif"


def parse_format(fmt: str) -> dict[str, str]:
    """matplotlib's short format ("o-", "k:", "s") as colour, marker and line style."""
    style: dict[str, str] = {}
    for dash in ("--", "-.", "-", ":"):
        if dash in fmt:
            style["ls"] = dash
            fmt = fmt.replace(dash, "", 1)
            break
    for char in fmt:
        if char in COLOURS:
            style["color"] = COLOURS[char]
        elif char in MARKERS:
            style["marker"] = char
    if "marker" in style and "ls" not in style:
        style["ls"] = "none"
    return style


def as_list(values: Any) -> list:
    """A number or a sequence of them as a list."""
    if isinstance(values, (int, float)):
        return [values]
    return list(values)


def nice_ticks(low: float, high: float, count: int = 6) -> list[float]:
    """Round tick values covering [low, high], about `count` of them."""
    if high <= low:
        return [low]
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(power * f for f in (1, 2, 2.5, 5, 10) if power * f >= raw)
    first = math.ceil(low / step - 1e-9) * step
    return [first + i * step for i in range(int((high - first) / step + 1e-9) + 1)]


def tick_text(value: float) -> str:
    """A tick label: whole numbers with thousands separators, others short."""
    if abs(value - round(value)) < 1e-9:
        return f"{round(value):,}"
    return f"{value:.3g}"


def colour_scale(fraction: float) -> str:
    """A blue from almost white (0) to dark blue (1), like matplotlib's "Blues"."""
    light, dark = (247, 251, 255), (8, 48, 107)
    rgb = (round(a + (b - a) * min(max(fraction, 0.0), 1.0)) for a, b in zip(light, dark))
    return "#{:02x}{:02x}{:02x}".format(*rgb)


class Spines:
    """The frame lines of an Axes; hiding some is accepted and changes nothing here."""

    def __getitem__(self, names: Any) -> Spines:
        return self

    def set_visible(self, visible: bool) -> None:
        """Accepted for compatibility with matplotlib."""


class SvgAxes:
    """One panel: it records what is drawn on it, then renders it inside a box."""

    def __init__(self) -> None:
        self.items: list[tuple[str, dict[str, Any]]] = []
        self.title = self.xlabel = self.ylabel = ""
        self.scale = {"x": "linear", "y": "linear"}
        self.limits: dict[str, tuple[float, float] | None] = {"x": None, "y": None}
        self.ticks: dict[str, tuple[list[float], list[str] | None] | None] = {"x": None, "y": None}
        self.categories: list[str] = []
        self.y_down = False
        self.show_legend = False
        self.spines = Spines()
        self._colours = 0

    # ---- what is drawn ----
    def _next_colour(self) -> str:
        colour = CYCLE[self._colours % len(CYCLE)]
        self._colours += 1
        return colour

    def plot(self, x: Any, y: Any = None, fmt: str = "", **options: Any) -> list:
        """Points joined by a line (or markers alone), as Axes.plot."""
        if y is None or isinstance(y, str):
            x, y, fmt = list(range(len(as_list(x)))), x, (y or fmt)
        style: dict[str, Any] = parse_format(fmt)
        style["color"] = options.get("color", style.get("color")) or self._next_colour()
        style["ls"] = options.get("ls", options.get("linestyle", style.get("ls", "-")))
        style["marker"] = options.get("marker", style.get("marker"))
        style["lw"] = options.get("lw", options.get("linewidth", 1.5))
        style["label"] = options.get("label")
        self.items.append(("line", {"x": as_list(x), "y": as_list(y), **style}))
        return []

    def semilogy(self, *args: Any, **options: Any) -> list:
        """A line on a logarithmic vertical axis."""
        self.scale["y"] = "log"
        return self.plot(*args, **options)

    def loglog(self, *args: Any, **options: Any) -> list:
        """A line with both axes logarithmic."""
        self.scale["x"] = self.scale["y"] = "log"
        return self.plot(*args, **options)

    def bar(self, x: Any, height: Any, width: float = 0.8, **options: Any) -> None:
        """Vertical bars."""
        colour = options.get("color") or self._next_colour()
        self.items.append(("bars", {"pos": self._places(x), "size": as_list(height),
                                    "base": [0.0] * len(as_list(height)), "width": width,
                                    "color": colour, "horizontal": False,
                                    "label": options.get("label")}))

    def barh(self, y: Any, width: Any, height: float = 0.8, left: Any = None,
             **options: Any) -> None:
        """Horizontal bars (y may be names: they label the vertical axis)."""
        sizes = as_list(width)
        colour = options.get("color") or self._next_colour()
        self.items.append(("bars", {"pos": self._places(y), "size": sizes,
                                    "base": as_list(left) if left is not None else [0.0] * len(sizes),
                                    "width": height, "color": colour, "horizontal": True,
                                    "label": options.get("label")}))

    def _places(self, where: Any) -> list[float]:
        """Positions of bars; names become categories 0, 1, 2, ... on the axis."""
        values = as_list(where)
        if values and isinstance(values[0], str):
            self.categories = [str(v) for v in values]
            return [float(i) for i in range(len(values))]
        return [float(v) for v in values]

    def errorbar(self, x: Any, y: Any, yerr: Any = None, fmt: str = "", capsize: float = 0,
                 **options: Any) -> None:
        """Points with vertical error bars (yerr: one list, or [below, above])."""
        xs, ys = as_list(x), as_list(y)
        below = above = [0.0] * len(ys)
        if yerr is not None:
            errors = as_list(yerr)
            below, above = ((errors[0], errors[1]) if errors and not isinstance(errors[0], (int, float))
                            else (errors, errors))
        colour = options.get("color") or self._next_colour()
        self.items.append(("errors", {"x": xs, "low": [v - e for v, e in zip(ys, below)],
                                      "high": [v + e for v, e in zip(ys, above)],
                                      "color": colour, "capsize": capsize}))
        self.plot(xs, ys, fmt or "o", color=colour, label=options.get("label"))

    def axhline(self, y: float = 0, **options: Any) -> None:
        """A horizontal line across the panel."""
        self._rule("h", y, options)

    def axvline(self, x: float = 0, **options: Any) -> None:
        """A vertical line across the panel."""
        self._rule("v", x, options)

    def _rule(self, direction: str, at: float, options: dict[str, Any]) -> None:
        self.items.append(("rule", {"dir": direction, "at": float(at),
                                    "color": options.get("color", "#000000"),
                                    "ls": options.get("ls", options.get("linestyle", "-")),
                                    "lw": options.get("lw", options.get("linewidth", 1.0)),
                                    "label": options.get("label")}))

    def text(self, x: float, y: float, s: Any, **options: Any) -> None:
        """Text at a data position (ha/va place it; fontsize and color style it)."""
        size = options.get("fontsize", 10)
        size = {"small": 8.5, "x-small": 7.5, "large": 12}.get(size, size)
        self.items.append(("text", {"x": float(x), "y": float(y), "s": str(s), "size": size,
                                    "ha": options.get("ha", "left"),
                                    "va": options.get("va", "baseline"),
                                    "color": options.get("color", "#000000")}))

    def imshow(self, grid: Sequence[Sequence[float]], **options: Any) -> None:
        """A grid of numbers as coloured squares (row 0 at the top)."""
        rows = [list(row) for row in grid]
        self.items.append(("grid", {"rows": rows}))
        self.limits["x"] = (-0.5, len(rows[0]) - 0.5)
        self.limits["y"] = (-0.5, len(rows) - 0.5)
        self.y_down = True

    # ---- axes, titles and legend ----
    def set_title(self, title: str, **options: Any) -> None:
        self.title = str(title)

    def set_xlabel(self, label: str, **options: Any) -> None:
        self.xlabel = str(label)

    def set_ylabel(self, label: str, **options: Any) -> None:
        self.ylabel = str(label)

    def set_xlim(self, low: float | None = None, high: float | None = None) -> None:
        self.limits["x"] = (float(low or 0), float(high if high is not None else 1))

    def set_ylim(self, low: float | None = None, high: float | None = None) -> None:
        self.limits["y"] = (float(low or 0), float(high if high is not None else 1))

    def set_xticks(self, ticks: Any, labels: Any = None, **options: Any) -> None:
        self.ticks["x"] = ([float(t) for t in ticks], None if labels is None else [str(v) for v in labels])

    def set_yticks(self, ticks: Any, labels: Any = None, **options: Any) -> None:
        self.ticks["y"] = ([float(t) for t in ticks], None if labels is None else [str(v) for v in labels])

    def set_yscale(self, scale: str) -> None:
        self.scale["y"] = scale

    def set_xscale(self, scale: str) -> None:
        self.scale["x"] = scale

    def invert_yaxis(self) -> None:
        self.y_down = not self.y_down

    def grid(self, *args: Any, **options: Any) -> None:
        """Accepted for compatibility with matplotlib (the panel draws no grid)."""

    def legend(self, *args: Any, **options: Any) -> None:
        self.show_legend = True

    def get_legend_handles_labels(self) -> tuple[list, list[str]]:
        """The labelled series, for a legend on the figure."""
        labels = [style["label"] for _, style in self.items if style.get("label")]
        return [], labels

    def labelled(self) -> list[dict[str, Any]]:
        """The styles of the series that carry a label, in drawing order."""
        return [dict(style, kind=kind) for kind, style in self.items if style.get("label")]


class Box:
    """Where a panel's plotting area sits in the figure, and its data limits."""

    def __init__(self, left: float, top: float, width: float, height: float,
                 xlim: tuple[float, float], ylim: tuple[float, float], scale: dict[str, str],
                 y_down: bool) -> None:
        self.left, self.top, self.width, self.height = left, top, width, height
        self.xlim, self.ylim, self.scale, self.y_down = xlim, ylim, scale, y_down

    def _fraction(self, value: float, limits: tuple[float, float], scale: str) -> float:
        low, high = limits
        if scale == "log":
            value, low, high = (math.log10(max(v, 1e-300)) for v in (value, low, high))
        return (value - low) / (high - low) if high != low else 0.5

    def px(self, x: float) -> float:
        return self.left + self.width * self._fraction(x, self.xlim, self.scale["x"])

    def py(self, y: float) -> float:
        fraction = self._fraction(y, self.ylim, self.scale["y"])
        return self.top + self.height * (fraction if self.y_down else 1 - fraction)


class SvgFigure:
    """A figure of one or more panels that a notebook shows as an SVG picture."""

    def __init__(self, figsize: tuple[float, float] = (6.4, 4.2)) -> None:
        self.figsize = figsize
        self.axes: list[SvgAxes] = []
        self.shape = (1, 1)
        self.suptitle_text = ""
        self.figure_legend: list[str] | None = None

    def subplots(self, nrows: int = 1, ncols: int = 1, **options: Any) -> Any:
        """New panels in a grid: one Axes, or a list of them, as Figure.subplots."""
        self.shape = (nrows, ncols)
        self.axes = [SvgAxes() for _ in range(nrows * ncols)]
        if nrows == 1 and ncols == 1:
            return self.axes[0]
        if nrows == 1 or ncols == 1:
            return list(self.axes)
        return [self.axes[r * ncols:(r + 1) * ncols] for r in range(nrows)]

    def add_subplot(self, *args: Any, **options: Any) -> SvgAxes:
        """One panel filling the figure."""
        return self.subplots()

    def get_axes(self) -> list[SvgAxes]:
        return list(self.axes)

    def get_figheight(self) -> float:
        return self.figsize[1]

    def suptitle(self, title: str, **options: Any) -> None:
        self.suptitle_text = str(title)

    def legend(self, handles: Any = None, labels: Any = None, **options: Any) -> None:
        """A legend along the bottom of the figure."""
        self.figure_legend = [str(label) for label in labels or []]

    def tight_layout(self, *args: Any, **options: Any) -> None:
        """Accepted for compatibility with matplotlib (the layout is always tight)."""

    def description(self) -> str:
        """The plot in words (titles, axes, series), for the picture's alt text."""
        parts = [self.suptitle_text] if self.suptitle_text else []
        for ax in self.axes:
            names = [style["label"] for style in ax.labelled()]
            words = [ax.title or _("Plot")]
            words += [_("horizontal axis: {label}").format(label=ax.xlabel)] if ax.xlabel else []
            words += [_("vertical axis: {label}").format(label=ax.ylabel)] if ax.ylabel else []
            words += [_("series: ") + ", ".join(names)] if names else []
            parts.append("; ".join(words))
        return ". ".join(parts)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def savefig(self, path: Any, **options: Any) -> None:
        """Write the SVG picture to a file (the only format drawn without matplotlib)."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.to_svg())

    def to_svg(self) -> str:
        """The whole figure as an SVG document."""
        width, height = self.figsize[0] * PT, self.figsize[1] * PT
        bottom_legend = 22.0 if self.figure_legend else 0.0
        top = 22.0 if self.suptitle_text else 0.0
        rows, cols = self.shape
        cell_w, cell_h = width / cols, (height - top - bottom_legend) / rows
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
               f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
               f'aria-label="{html.escape(self.description())}" '
               f'font-family="{font_families(LATIN_FONTS)}" font-size="10">',
               f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>']
        if self.suptitle_text:
            out.append(_text(width / 2, 16, self.suptitle_text, 12, "middle"))
        for index, ax in enumerate(self.axes):
            row, col = divmod(index, cols)
            out += _panel(ax, col * cell_w, top + row * cell_h, cell_w, cell_h)
        if self.figure_legend:
            labelled = [s for ax in self.axes for s in ax.labelled()]
            out += _legend_row(labelled, width / 2, height - 8)
        out.append("</svg>")
        return "\n".join(out)


def _text(x: float, y: float, s: str, size: float = 10, anchor: str = "start",
          colour: str = "#000000", rotate: bool = False) -> str:
    turn = f' transform="rotate(-90 {x:.1f} {y:.1f})"' if rotate else ""
    lines = s.split("\n")
    spans = "".join(f'<tspan x="{x:.1f}" dy="{0 if i == 0 else size * 1.15:.1f}">'
                    f"{html.escape(line)}</tspan>" for i, line in enumerate(lines))
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{colour}"{turn}>{spans}</text>')


def _data_limits(ax: SvgAxes, axis: str) -> tuple[float, float]:
    """The limits of one axis: as set, or the data's range with a little room."""
    chosen = ax.limits[axis]
    if chosen is not None:
        return chosen
    values: list[float] = []
    for kind, style in ax.items:
        if kind == "line":
            values += [float(v) for v in style[axis]]
        elif kind == "errors":
            values += [float(v) for v in (style["x"] if axis == "x" else style["low"] + style["high"])]
        elif kind == "bars":
            along = (axis == "x") == style["horizontal"]
            if along:
                values += [b + s for b, s in zip(style["base"], style["size"])] + style["base"]
            else:
                values += [p - style["width"] / 2 for p in style["pos"]]
                values += [p + style["width"] / 2 for p in style["pos"]]
        elif kind == "rule" and (style["dir"] == "h") == (axis == "y"):
            values.append(style["at"])
    if ax.scale[axis] == "log":
        values = [v for v in values if v > 0] or [1.0, 10.0]
        low, high = math.log10(min(values)), math.log10(max(values))
        room = (high - low) * 0.05 or 0.5
        return 10 ** (low - room), 10 ** (high + room)
    values = [v for v in values if math.isfinite(v)] or [0.0, 1.0]
    low, high = min(values), max(values)
    room = (high - low) * 0.08 or 0.5            # room for a label above the top bar
    return low - room, high + room


def _auto_ticks(limits: tuple[float, float], scale: str) -> list[float]:
    low, high = limits
    if scale == "log":
        return [10.0 ** k for k in range(math.ceil(math.log10(low) - 1e-9),
                                         math.floor(math.log10(high) + 1e-9) + 1)]
    return nice_ticks(low, high)


def _panel(ax: SvgAxes, x0: float, y0: float, w: float, h: float) -> list[str]:
    """The SVG of one panel in the cell at (x0, y0) of size w x h."""
    left = x0 + MARGIN["left"] + (12 if ax.categories else 0)
    top = y0 + MARGIN["top"]
    box = Box(left, top, max(w - (left - x0) - MARGIN["right"], 20),
              max(h - MARGIN["top"] - MARGIN["bottom"], 20),
              _data_limits(ax, "x"), _data_limits(ax, "y"), ax.scale, ax.y_down)
    out = [f'<g class="panel"><rect x="{box.left:.1f}" y="{box.top:.1f}" width="{box.width:.1f}" '
           f'height="{box.height:.1f}" fill="none" stroke="#333333"/>']
    out += _axis_ticks(ax, box)
    for kind, style in ax.items:
        out += DRAW[kind](style, box)
    if ax.title:
        out.append(_text(box.left + box.width / 2, top - 8, ax.title, 11, "middle"))
    if ax.xlabel:
        out.append(_text(box.left + box.width / 2, box.top + box.height + 30, ax.xlabel, 10, "middle"))
    if ax.ylabel:
        out.append(_text(x0 + 12, box.top + box.height / 2, ax.ylabel, 10, "middle", rotate=True))
    if ax.show_legend:
        out += _legend_box(ax.labelled(), box)
    out.append("</g>")
    return out


def _axis_ticks(ax: SvgAxes, box: Box) -> list[str]:
    out: list[str] = []
    for axis in ("x", "y"):
        limits = box.xlim if axis == "x" else box.ylim
        chosen = ax.ticks[axis]
        if chosen is not None:
            ticks, labels = chosen
        elif axis == "y" and ax.categories:
            ticks, labels = [float(i) for i in range(len(ax.categories))], ax.categories
        else:
            ticks, labels = _auto_ticks(limits, ax.scale[axis]), None
        low, high = sorted(limits)
        for i, tick in enumerate(ticks):
            if not low - 1e-9 <= tick <= high + 1e-9:
                continue
            label = labels[i] if labels is not None and i < len(labels) else tick_text(tick)
            if axis == "x":
                x, y = box.px(tick), box.top + box.height
                out.append(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x:.1f}" y2="{y + 4:.1f}" stroke="#333333"/>')
                out.append(_text(x, y + 14, label, 9, "middle"))
            else:
                x, y = box.left, box.py(tick)
                out.append(f'<line x1="{x - 4:.1f}" y1="{y:.1f}" x2="{x:.1f}" y2="{y:.1f}" stroke="#333333"/>')
                out.append(_text(x - 6, y + 3, label, 9, "end"))
    return out


def _stroke(style: dict[str, Any]) -> str:
    dash = DASHES.get(str(style.get("ls", "-")), "")
    return (f'stroke="{style["color"]}" stroke-width="{style.get("lw", 1.5)}"'
            + (f' stroke-dasharray="{dash}"' if dash else ""))


def _marker(marker: str, x: float, y: float, colour: str) -> str:
    r = 3.5
    if marker in "s":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" fill="{colour}"/>'
    if marker in "^v<>D":
        corners = {"^": [(0, -r), (r, r), (-r, r)], "v": [(0, r), (r, -r), (-r, -r)],
                   "<": [(-r, 0), (r, -r), (r, r)], ">": [(r, 0), (-r, -r), (-r, r)],
                   "D": [(0, -r), (r, 0), (0, r), (-r, 0)]}[marker]
        points = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in corners)
        return f'<polygon points="{points}" fill="{colour}"/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r if marker != "." else 1.5}" fill="{colour}"/>'


def _draw_line(style: dict[str, Any], box: Box) -> list[str]:
    points = [(box.px(float(x)), box.py(float(y))) for x, y in zip(style["x"], style["y"])
              if math.isfinite(float(x)) and math.isfinite(float(y))]
    out = []
    if style.get("ls") not in ("none", "None", "", None) and len(points) > 1:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        out.append(f'<polyline points="{path}" fill="none" {_stroke(style)}/>')
    if style.get("marker"):
        out += [_marker(style["marker"], x, y, style["color"]) for x, y in points]
    return out


def _draw_bars(style: dict[str, Any], box: Box) -> list[str]:
    out = []
    half = style["width"] / 2
    for pos, size, base in zip(style["pos"], style["size"], style["base"]):
        if style["horizontal"]:
            xs, ys = (box.px(base), box.px(base + size)), (box.py(pos - half), box.py(pos + half))
        else:
            xs, ys = (box.px(pos - half), box.px(pos + half)), (box.py(base), box.py(base + size))
        out.append(f'<rect x="{min(xs):.1f}" y="{min(ys):.1f}" width="{abs(xs[1] - xs[0]):.1f}" '
                   f'height="{abs(ys[1] - ys[0]):.1f}" fill="{style["color"]}" stroke="white" '
                   f'stroke-width="0.5"/>')
    return out


def _draw_errors(style: dict[str, Any], box: Box) -> list[str]:
    out = []
    cap = float(style["capsize"])
    for x, low, high in zip(style["x"], style["low"], style["high"]):
        px, y1, y2 = box.px(x), box.py(low), box.py(high)
        out.append(f'<line x1="{px:.1f}" y1="{y1:.1f}" x2="{px:.1f}" y2="{y2:.1f}" '
                   f'stroke="{style["color"]}"/>')
        for y in (y1, y2) if cap else ():
            out.append(f'<line x1="{px - cap:.1f}" y1="{y:.1f}" x2="{px + cap:.1f}" y2="{y:.1f}" '
                       f'stroke="{style["color"]}"/>')
    return out


def _draw_rule(style: dict[str, Any], box: Box) -> list[str]:
    if style["dir"] == "h":
        y = box.py(style["at"])
        ends = (box.left, y, box.left + box.width, y)
    else:
        x = box.px(style["at"])
        ends = (x, box.top, x, box.top + box.height)
    return ['<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" '.format(*ends)
            + f"{_stroke(style)}/>"]


def _draw_text(style: dict[str, Any], box: Box) -> list[str]:
    anchor = {"left": "start", "center": "middle", "right": "end"}[style["ha"]]
    shift = {"center": 0.35, "bottom": 0.0, "top": 0.8, "baseline": 0.0,
             "center_baseline": 0.35}.get(style["va"], 0.0) * style["size"]
    lines = style["s"].count("\n")
    if style["va"] == "center":
        shift -= lines * style["size"] * 1.15 / 2
    elif style["va"] == "bottom":
        shift -= lines * style["size"] * 1.15 + 2
    return [_text(box.px(style["x"]), box.py(style["y"]) + shift, style["s"], style["size"],
                  anchor, style["color"])]


def _draw_grid(style: dict[str, Any], box: Box) -> list[str]:
    rows = style["rows"]
    flat = [float(v) for row in rows for v in row]
    low, high = min(flat), max(flat)
    out = []
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            x1, x2 = box.px(c - 0.5), box.px(c + 0.5)
            y1, y2 = box.py(r - 0.5), box.py(r + 0.5)
            colour = colour_scale((float(value) - low) / (high - low) if high > low else 0.5)
            out.append(f'<rect x="{min(x1, x2):.1f}" y="{min(y1, y2):.1f}" '
                       f'width="{abs(x2 - x1):.1f}" height="{abs(y2 - y1):.1f}" fill="{colour}"/>')
    return out


DRAW = {"line": _draw_line, "bars": _draw_bars, "errors": _draw_errors, "rule": _draw_rule,
        "text": _draw_text, "grid": _draw_grid}


def _sample(style: dict[str, Any], x: float, y: float) -> list[str]:
    """A legend's small picture of one series."""
    if style["kind"] == "bars":
        return [f'<rect x="{x:.1f}" y="{y - 5:.1f}" width="14" height="10" fill="{style["color"]}"/>']
    out = []
    if style.get("ls") not in ("none", "None", "", None):
        out.append(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + 18:.1f}" y2="{y:.1f}" {_stroke(style)}/>')
    if style.get("marker"):
        out.append(_marker(style["marker"], x + 9, y, style["color"]))
    return out


def _legend_box(labelled: list[dict[str, Any]], box: Box) -> list[str]:
    if not labelled:
        return []
    width = 30 + 5.6 * max(len(str(s["label"])) for s in labelled)
    x = box.left + box.width - width - 6
    y = box.top + 6
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{6 + 14 * len(labelled)}" '
           f'fill="white" fill-opacity="0.85" stroke="#cccccc"/>']
    for i, style in enumerate(labelled):
        row_y = y + 10 + 14 * i
        out += _sample(style, x + 4, row_y)
        out.append(_text(x + 26, row_y + 3.5, str(style["label"]), 9))
    return out


def _legend_row(labelled: list[dict[str, Any]], centre: float, y: float) -> list[str]:
    widths = [30 + 5.6 * len(str(s["label"])) for s in labelled]
    x = centre - sum(widths) / 2
    out: list[str] = []
    for style, width in zip(labelled, widths):
        out += _sample(style, x, y - 3)
        out.append(_text(x + 20, y, str(style["label"]), 9))
        x += width
    return out
