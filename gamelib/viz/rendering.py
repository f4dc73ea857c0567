"""Turning drawings into SVG, PNG or PDF with Graphviz, and what happens when it is missing.

Every drawing is a `Drawing`: a `graphviz.Digraph` that also knows a plain-text outline of
itself. In a notebook it shows as a picture; when no Graphviz program can be found it
shows a one-line install hint and the outline instead of a traceback. `render_svg` and
`save` raise `GraphvizNotFoundError` then.

The renderer is the system `dot` when it is on the PATH, else the `graphviz-pure`
program from PyPI (a self-contained port of dot that installs with pip, no admin rights).
graphviz-pure neither measures nor draws Hangul, so a Korean drawing is laid out and drawn
to PNG around it (gamelib.viz.raster).
In the browser (the JupyterLite course) it is Graphviz compiled to WebAssembly (viz.js),
which the course site serves beside Pyodide; it draws SVG only.
"""

from __future__ import annotations

import html
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import graphviz

from gamelib.games.pictures import svg_bundle
from gamelib.platform import N_, _, in_browser, need
from gamelib.viz import raster

INSTALL_HINT = N_("Graphviz is not installed, so here is the tree as text. To see pictures, "
                  "install it: `pip install graphviz-pure` (no admin rights needed), or "
                  "`sudo apt-get install graphviz` / `brew install graphviz` / "
                  "`conda install -c conda-forge graphviz` / `winget install graphviz`, "
                  "then restart the kernel.")
AS_TEXT = N_("so here is the tree as text. ")
"""The part of INSTALL_HINT (in each language) that an error, which shows no tree, leaves out."""

FORMATS = ("svg", "png", "pdf")
PNG_DPI = 96
"""Graphviz's resolution of a PNG when none is asked for."""


BROWSER_LOADING = N_("The drawing program is still loading in your browser, so here is the "
                     "tree as text: run this cell again in a moment to see the picture.")

VIZ_JS = "../viz/viz.js"
"""Where the course site keeps viz.js, relative to Pyodide's own folder (static/pyodide/)."""


class GraphvizNotFoundError(RuntimeError):
    """Raised when neither the Graphviz `dot` program nor `graphviz-pure` can be found."""

    def __init__(self, message: str = "", hint: str = INSTALL_HINT) -> None:
        super().__init__(message or _(hint).replace(_(AS_TEXT), ""))
        self.hint = hint


ALT_MAX_CHARS = 1500
"""Longest alt text a picture gets (its outline is cut there, saying how much is left)."""


class Drawing(graphviz.Digraph):
    """A graphviz.Digraph with a text outline, shown as a picture or, without dot, as text."""

    outline: str = ""
    alt: str = ""
    """What the picture is, in one line (the viz functions put its title here)."""

    def description(self) -> str:
        """The picture in words, for readers who cannot see it: its one-line summary, then
        its text outline (cut at ALT_MAX_CHARS)."""
        text = "\n".join(part for part in (self.alt, self.outline) if part)
        text = text or _("A Graphviz drawing.")
        if len(text) > ALT_MAX_CHARS:
            text = text[:ALT_MAX_CHARS].rsplit("\n", 1)[0] + "\n" + _("(and more)")
        return text

    def _repr_mimebundle_(self, include=None, exclude=None, **_) -> Any:
        """The SVG picture for Jupyter with its description as alt text (data, metadata);
        without Graphviz, the install hint and the outline."""
        try:
            return svg_bundle(render_svg(self), self.description())
        except GraphvizNotFoundError as error:
            return text_fallback(self.outline, error.hint)


def text_fallback(outline: str, hint: str = INSTALL_HINT) -> dict[str, str]:
    """What a notebook shows instead of a picture: a one-line hint and a text outline."""
    plain = _(hint) + "\n" + outline
    rich = (f"<p><b>{html.escape(_(hint))}</b></p>"
            f"<pre class='gamelib-outline'>{html.escape(outline)}</pre>")
    return {"text/plain": plain, "text/html": rich}


def _script_dirs() -> list[str]:
    """Folders beside the running Python where pip puts programs (a venv's bin/)."""
    return [str(Path(sys.executable).parent)]


def find_renderer() -> str | None:
    """The path of `dot`, else of `graphviz-pure`, else None."""
    return shutil.which("dot") or find_pure()


def find_pure() -> str | None:
    """The path of `graphviz-pure` (on the PATH or beside the running Python), else None."""
    path = os.pathsep.join([os.environ.get("PATH", "")] + _script_dirs())
    return shutil.which("graphviz-pure", path=path)


def render(graph: graphviz.Digraph, format: str = "svg", dpi: int | None = None) -> bytes:
    """The drawing rendered by Graphviz in `format` ("svg", "png" or "pdf"), as bytes;
    `dpi` sets the resolution of a PNG (96 by default)."""
    if format not in FORMATS:
        raise ValueError(_("format must be one of {formats}, got {format!r}").format(
            formats=FORMATS, format=format))
    if in_browser():
        return render_in_browser(graph.source, format)
    program = find_renderer()
    if program is None:
        raise GraphvizNotFoundError()
    if format == "pdf" and is_pure(program):
        raise GraphvizNotFoundError(_("PDF needs the system Graphviz `dot` (graphviz-pure "
                                      "writes SVG and PNG only): save as svg or png, or "
                                      "install Graphviz"))
    if is_pure(program) and format in ("svg", "png") and raster.has_hangul(graph.source):
        return render_korean_with_pure(program, graph.source, format, dpi)
    return run_renderer(program, graph.source, format, dpi)


def is_pure(program: str) -> bool:
    """True when the renderer is graphviz-pure, not the system's Graphviz."""
    return Path(program).name.startswith("graphviz-pure")


def run_renderer(program: str, source: str, format: str, dpi: int | None = None) -> bytes:
    """What the Graphviz `program` draws from the DOT `source` in `format`."""
    command = [program, f"-T{format}"] + ([f"-Gdpi={dpi}"] if dpi else [])
    done = subprocess.run(command, input=source.encode("utf-8"), capture_output=True,
                          check=False)
    if done.returncode != 0:
        raise RuntimeError(_("Graphviz could not draw this graph: {error}").format(
            error=done.stderr.decode("utf-8", "replace").strip()))
    return done.stdout


def render_korean_with_pure(program: str, source: str, format: str,
                            dpi: int | None = None) -> bytes:
    """A drawing with Hangul by graphviz-pure, which neither measures nor draws Hangul:
    laid out with Latin stand-ins as wide, its words put back; a PNG is drawn from that
    SVG by matplotlib in the Hangul fonts (gamelib.viz.raster)."""
    def svg(text: str) -> str:
        return run_renderer(program, text, "svg").decode("utf-8")

    laid_out = raster.with_words(svg(raster.layout_source(source)), svg(source))
    if format == "svg":
        return laid_out.encode("utf-8")
    need("matplotlib", "PNG drawings with Hangul when Graphviz is missing")
    return raster.svg_png(laid_out, dpi or PNG_DPI)


def render_svg(graph: graphviz.Digraph) -> str:
    """The drawing as an SVG string (raises GraphvizNotFoundError without Graphviz)."""
    return render(graph, "svg").decode("utf-8")


def save(graph: graphviz.Digraph, path: str | os.PathLike, format: str | None = None,
         dpi: int | None = None) -> Path:
    """Write the drawing to `path` as svg, png or pdf (by default from the file's suffix);
    `dpi` sets a PNG's resolution (e.g. 200 for slides)."""
    target = Path(path)
    format = format or target.suffix.lstrip(".").lower() or "svg"
    if format not in FORMATS:
        raise ValueError(_("format must be one of {formats}, got {format!r}").format(
            formats=FORMATS, format=format))
    if not target.suffix:
        target = target.with_suffix("." + format)
    data = render(graph, format, dpi)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return target


# ---- In the browser: Graphviz compiled to WebAssembly (viz.js) --------------------------

_viz: Any = None            # the viz.js instance, once loaded
_viz_loading: Any = None    # the JavaScript promise of it, while loading


def start_browser_renderer() -> None:
    """Begin loading viz.js from the course site (`import gamelib` calls this in the
    browser, so the drawing program is ready by the time a lesson draws)."""
    global _viz_loading
    if _viz is not None or _viz_loading is not None:
        return
    import pyodide_js
    from pyodide.code import run_js

    load = run_js("(async (url) => (await import(url)).instance())")
    _viz_loading = load(str(pyodide_js._api.config.indexURL) + VIZ_JS)
    _viz_loading.then(_keep_viz, _ignore)     # a failure is reported when a drawing asks


def _keep_viz(instance: Any) -> None:
    """Remember the loaded viz.js instance."""
    global _viz
    _viz = instance


def _ignore(_: Any) -> None:
    """Swallow a failed load here; `browser_viz` raises it with an explanation."""


def browser_viz() -> Any:
    """The viz.js instance, waiting for it to load where the browser allows waiting."""
    from pyodide.ffi import can_run_sync, run_sync

    start_browser_renderer()
    if _viz is None:
        if not can_run_sync():
            raise GraphvizNotFoundError(hint=BROWSER_LOADING)
        try:
            _keep_viz(run_sync(_viz_loading))
        except Exception as error:
            raise GraphvizNotFoundError(
                _("The drawing program (viz.js) could not be loaded from the course site: "
                  "{error}").format(error=error), hint=BROWSER_LOADING) from None
    return _viz


def render_in_browser(source: str, format: str) -> bytes:
    """The DOT `source` drawn by viz.js, as SVG bytes (the browser has no PNG or PDF)."""
    if format != "svg":
        raise ValueError(_("in the browser, drawings are SVG only (asked for {format!r}): "
                           "save as .svg, or use a local install of the course for PNG and "
                           "PDF").format(format=format))
    from pyodide.ffi import JsException
    from pyodide.ffi import to_js

    try:
        svg = browser_viz().renderString(source, to_js({"format": "svg"},
                                                       dict_converter=_js_object))
    except JsException as error:
        raise RuntimeError(_("Graphviz could not draw this graph: {error}").format(
            error=error)) from None
    return str(svg).encode("utf-8")


def _js_object(pairs: Any) -> Any:
    """A plain JavaScript object from key-value pairs (what viz.js takes as options)."""
    import js

    return js.Object.fromEntries(pairs)
