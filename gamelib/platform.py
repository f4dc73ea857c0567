"""Where gamelib runs: an ordinary Python, or a web page (the course in a browser); and
in which language it speaks to its user.

In the browser, Python is Pyodide (CPython compiled to WebAssembly). There are no
threads, no subprocesses, no numba; numpy and matplotlib exist as Pyodide's own
packages, which the browser downloads from Pyodide's server the first time they are
needed. `need` imports such a package and, when it cannot be had, says so in one line.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import importlib
import os
import sys
import unicodedata
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator, Mapping


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
    return _("{start}... ({length:,} characters in all)").format(start=text[:limit],
                                                               length=len(text))


def display_width(text: str) -> int:
    """How many columns `text` takes on a terminal: a Hangul (or other wide) character takes
    two, so a table with Korean headers still lines up."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def pad(text: str, width: int, align: str = "<") -> str:
    """`text` padded with spaces to `width` terminal columns, on the right ("<"), on the
    left (">") or on both sides ("^", the extra space on the right), as f"{text:<{width}}"
    does for text whose characters are one column wide."""
    fill = max(width - display_width(text), 0)
    if align == "^":
        return " " * (fill // 2) + text + " " * (fill - fill // 2)
    return text + " " * fill if align == "<" else " " * fill + text


def error_line(message: str) -> str:
    """The line the command line prints for a mistake: "error: " and `message`."""
    return _("error: {message}").format(message=message)


def in_browser() -> bool:
    """True when Python runs inside a web page (Pyodide, e.g. the JupyterLite course)."""
    return sys.platform == "emscripten"


def in_notebook() -> bool:
    """True inside a Jupyter kernel: a notebook, or the course in a browser."""
    if in_browser():
        return True
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return getattr(shell, "kernel", None) is not None


def need(package: str, purpose: str) -> ModuleType:
    """Import `package`, which `purpose` (e.g. "plots") needs; in the browser, download
    it first from Pyodide's server if it is not there yet."""
    try:
        return importlib.import_module(package)
    except ImportError:
        if not in_browser():
            raise ImportError(_("{purpose} need {package}, which is not installed: "
                                "`pip install {package}`").format(purpose=_(purpose),
                                                                  package=package)) from None
    _download(package, purpose)
    return importlib.import_module(package)


def progress_bar_class() -> Any:
    """tqdm's progress bar for where this runs: in the browser the notebook widget (tqdm.auto
    does not recognise the browser's kernel and would write text to stderr, shown as an
    error box), elsewhere tqdm.auto's choice."""
    need("tqdm", N_("progress bars"))
    if in_browser():
        from tqdm.notebook import tqdm
        tqdm.monitor_interval = 0           # its monitor thread cannot start in the browser
        return tqdm
    from tqdm.auto import tqdm as auto
    return auto


def internet_line(package: str, purpose: str) -> str:
    """The one line that says `purpose` needs `package` from the internet."""
    return _("{purpose} need {package}, which the browser version of the course downloads "
             "from the internet on first use: connect, then run this cell again.").format(
        purpose=_(purpose), package=package)


def _download(package: str, purpose: str) -> None:
    """Load Pyodide's own build of `package` (and what it needs), waiting for it."""
    import pyodide_js
    from pyodide.ffi import can_run_sync, run_sync

    if not can_run_sync():          # this browser cannot wait here: let a cell import it
        raise NeedsInternetError(internet_line(package, purpose).replace(
            _("run this cell again"), _("run `import {package}` in a cell of its own, then "
                                        "this cell again").format(package=package)))
    try:
        run_sync(pyodide_js.loadPackage(package))
        importlib.import_module(package)
    except Exception:
        raise NeedsInternetError(internet_line(package, purpose)) from None


# The language gamelib speaks: English, unless `set_language` or the locale asks for
# another. Messages a student reads are written in English in the code and marked with
# `_()` (shown at once) or `N_()` (defined now, translated where shown), or with `ngettext()`
# when a count chooses between singular and plural. Their translations
# are gettext catalogs, gamelib/locale/<language>/LC_MESSAGES/gamelib.po, compiled to the
# .mo file beside it that Python's gettext reads.

LANGUAGES = {"en": "English", "ko": "한국어"}
"""The languages gamelib speaks, by their ISO 639-1 code."""
DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "gamelib"
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where gettext looks for the user's language, in its order: the first one set decides."""

_chosen: str | None = None
_speaking: contextvars.ContextVar[str | None] = contextvars.ContextVar("gamelib_speaking",
                                                                     default=None)
"""The language of the object speaking now (a board keeps the one it was made in)."""


def available() -> str:
    """The languages, as a student reads them in an error: "en (English), ko (한국어)"."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def check_language(code: object) -> str:
    """`code` if gamelib speaks it, else a ValueError saying which languages it speaks."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; gamelib speaks {available()}")
    return str(code)


def set_language(code: str) -> None:
    """Speak `code` ("en" or "ko") from now on, whatever the locale says."""
    global _chosen
    _chosen = check_language(code)


def language() -> str:
    """The language gamelib speaks now: that of the object speaking (`speaking`), else the
    one set, else the locale's, else English."""
    return _speaking.get() or _chosen or language_from_locale(os.environ)


@contextlib.contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak `code` inside this block only, whatever `set_language` says meanwhile: an
    object made in one language (a board) keeps speaking it for its whole life."""
    token = _speaking.set(check_language(code))
    try:
        yield
    finally:
        _speaking.reset(token)


def language_from_locale(environ: Mapping[str, str]) -> str:
    """The language the first locale variable set asks for ("ko_KR.UTF-8" -> "ko"), or
    English when that language is not one gamelib speaks."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            for entry in value.split(":"):          # LANGUAGE may list several: "ko:en"
                code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
                if code in LANGUAGES:
                    return code
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


@functools.cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalog of `code` (English has none: its messages are the code's)."""
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


def _(message: str) -> str:
    """`message` in the language gamelib speaks now (unchanged in English)."""
    return translations(language()).gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """`singular` or `plural`, whichever `count` asks for in the language gamelib speaks now
    (English: the singular for 1; Korean has one form for every count)."""
    return translations(language()).ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark `message` for translation where it is defined; `_()` translates it where shown."""
    return message
