"""Where gamelib runs: an ordinary Python, or a web page (the course in a browser).

In the browser, Python is Pyodide (CPython compiled to WebAssembly). There are no
threads, no subprocesses, no numba; numpy and matplotlib exist as Pyodide's own
packages, which the browser downloads from Pyodide's server the first time they are
needed. `need` imports such a package and, when it cannot be had, says so in one line.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any


class NeedsInternetError(ImportError):
    """Raised in the browser when a package must be downloaded and cannot be."""

    def _render_traceback_(self) -> list[str]:
        """A notebook shows this error as its one-line message, without a traceback."""
        return [f"{type(self).__name__}: {self}"]


LINE_LIMIT = 300
"""The longest piece of a user's input (or of a message quoting it) the command line prints."""


def clip(text: str, limit: int = LINE_LIMIT) -> str:
    """`text` cut to `limit` characters, saying how long it was, so that a message quoting
    a huge input stays one readable line."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters in all)"


def in_browser() -> bool:
    """True when Python runs inside a web page (Pyodide, e.g. the JupyterLite course)."""
    return sys.platform == "emscripten"


def need(package: str, purpose: str) -> ModuleType:
    """Import `package`, which `purpose` (e.g. "plots") needs; in the browser, download
    it first from Pyodide's server if it is not there yet."""
    try:
        return importlib.import_module(package)
    except ImportError:
        if not in_browser():
            raise ImportError(f"{purpose} need {package}, which is not installed: "
                              f"`pip install {package}`") from None
    _download(package, purpose)
    return importlib.import_module(package)


def progress_bar_class() -> Any:
    """tqdm's progress bar for where this runs: in the browser the notebook widget (tqdm.auto
    does not recognise the browser's kernel and would write text to stderr, shown as an
    error box), elsewhere tqdm.auto's choice."""
    need("tqdm", "progress bars")
    if in_browser():
        from tqdm.notebook import tqdm
        tqdm.monitor_interval = 0           # its monitor thread cannot start in the browser
        return tqdm
    from tqdm.auto import tqdm as auto
    return auto


def internet_line(package: str, purpose: str) -> str:
    """The one line that says `purpose` needs `package` from the internet."""
    return (f"{purpose} need {package}, which the browser version of the course downloads "
            f"from the internet on first use: connect, then run this cell again.")


def _download(package: str, purpose: str) -> None:
    """Load Pyodide's own build of `package` (and what it needs), waiting for it."""
    import pyodide_js
    from pyodide.ffi import can_run_sync, run_sync

    if not can_run_sync():          # this browser cannot wait here: let a cell import it
        raise NeedsInternetError(internet_line(package, purpose).replace(
            "run this cell again", f"run `import {package}` in a cell of its own, "
                                   "then this cell again"))
    try:
        run_sync(pyodide_js.loadPackage(package))
        importlib.import_module(package)
    except Exception:
        raise NeedsInternetError(internet_line(package, purpose)) from None
