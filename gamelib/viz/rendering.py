"""Turning drawings into SVG, PNG or PDF with Graphviz, and what happens when it is missing.

Every drawing is a `Drawing`: a `graphviz.Digraph` that also knows a plain-text outline of
itself. In a notebook it shows as a picture; when no Graphviz program can be found it
shows a one-line install hint and the outline instead of a traceback. `render_svg` and
`save` raise `GraphvizNotFoundError` then.

The renderer is the system `dot` when it is on the PATH, else the `graphviz-pure`
program from PyPI (a self-contained port of dot that installs with pip, no admin rights).
"""

from __future__ import annotations

import html
import os
import shutil
import subprocess
import sys
from pathlib import Path

import graphviz

INSTALL_HINT = ("Graphviz is not installed, so here is the tree as text. To see pictures, "
                "install it: `pip install graphviz-pure` (no admin rights needed), or "
                "`sudo apt-get install graphviz` / `brew install graphviz` / "
                "`conda install -c conda-forge graphviz` / `winget install graphviz`, "
                "then restart the kernel.")

FORMATS = ("svg", "png", "pdf")


class GraphvizNotFoundError(RuntimeError):
    """Raised when neither the Graphviz `dot` program nor `graphviz-pure` can be found."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message or INSTALL_HINT.replace("so here is the tree as text. ", ""))


class Drawing(graphviz.Digraph):
    """A graphviz.Digraph with a text outline, shown as a picture or, without dot, as text."""

    outline: str = ""

    def _repr_mimebundle_(self, include=None, exclude=None, **_) -> dict[str, str]:
        """The SVG picture for Jupyter; without Graphviz, the install hint and the outline."""
        try:
            return {"image/svg+xml": render_svg(self)}
        except GraphvizNotFoundError:
            return text_fallback(self.outline)


def text_fallback(outline: str) -> dict[str, str]:
    """What a notebook shows instead of a picture: the install hint and a text outline."""
    plain = INSTALL_HINT + "\n" + outline
    rich = (f"<p><b>{html.escape(INSTALL_HINT)}</b></p>"
            f"<pre class='gamelib-outline'>{html.escape(outline)}</pre>")
    return {"text/plain": plain, "text/html": rich}


def _script_dirs() -> list[str]:
    """Folders beside the running Python where pip puts programs (a venv's bin/)."""
    return [str(Path(sys.executable).parent)]


def find_renderer() -> str | None:
    """The path of `dot`, else of `graphviz-pure`, else None."""
    found = shutil.which("dot")
    if found:
        return found
    path = os.pathsep.join([os.environ.get("PATH", "")] + _script_dirs())
    return shutil.which("graphviz-pure", path=path)


def render(graph: graphviz.Digraph, format: str = "svg", dpi: int | None = None) -> bytes:
    """The drawing rendered by Graphviz in `format` ("svg", "png" or "pdf"), as bytes;
    `dpi` sets the resolution of a PNG (96 by default)."""
    if format not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, got {format!r}")
    program = find_renderer()
    if program is None:
        raise GraphvizNotFoundError()
    if format == "pdf" and Path(program).name.startswith("graphviz-pure"):
        raise GraphvizNotFoundError("PDF needs the system Graphviz `dot` (graphviz-pure "
                                    "writes SVG and PNG only): save as svg or png, or "
                                    "install Graphviz")
    command = [program, f"-T{format}"] + ([f"-Gdpi={dpi}"] if dpi else [])
    done = subprocess.run(command, input=graph.source.encode("utf-8"),
                          capture_output=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"Graphviz could not draw this graph: "
                           f"{done.stderr.decode('utf-8', 'replace').strip()}")
    return done.stdout


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
        raise ValueError(f"format must be one of {FORMATS}, got {format!r}")
    if not target.suffix:
        target = target.with_suffix("." + format)
    data = render(graph, format, dpi)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return target
