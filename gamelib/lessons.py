"""`python -m gamelib lessons [DIR]`: copy the lesson notebooks out and open JupyterLab.

An installed package carries the lessons in gamelib/notebooks/ (the build copies them
there); a source checkout has them in notebooks/ beside the package.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from gamelib.platform import clip

PACKAGE = Path(__file__).resolve().parent
PLACES = (PACKAGE / "notebooks", PACKAGE.parent / "notebooks")
"""Where the lessons are: inside an installed package, then in a source checkout."""

FIRST_LESSON = "00-start-here.ipynb"
DEFAULT_DIR = "gamelib-lessons"
LESSONS_EXTRA = ("jupyterlab>=4", "ipykernel>=6", "pandas>=2")
"""The `lessons` extra of pyproject.toml (a test checks they agree)."""


def install_hint() -> str:
    """A command that installs the lessons' tools into this very Python. (The package is
    not on the package index, so `pip install "gamelib-course[lessons]"` would fail.)"""
    python = f'"{sys.executable}"' if " " in sys.executable else sys.executable
    return f"{python} -m pip install " + " ".join(f'"{spec}"' for spec in LESSONS_EXTRA)


REINSTALL_HINT = ('in the folder of a clone of the course: pip install ".[lessons]"; or from '
                  'a wheel built there with `make wheel`: pip install "dist/<the .whl file>'
                  '[lessons]"')


def lesson_files() -> list[Path]:
    """The lesson notebooks (00-..., 01-..., ...), from the first place that has them."""
    for place in PLACES:
        found = sorted(place.glob("[0-9][0-9]-*.ipynb"))
        if found:
            return found
    raise FileNotFoundError("the lesson notebooks are not in this installation of gamelib "
                            f"(looked in {', '.join(str(p) for p in PLACES)}); "
                            f"reinstall it {REINSTALL_HINT}")


def copy_lessons(directory: str | os.PathLike[str]) -> tuple[list[Path], list[Path]]:
    """Copy every lesson into `directory`; a lesson already there is kept, never overwritten.

    Returns (copied, kept) so the caller can say which is which.
    """
    target = Path(directory)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} is a file; give a folder to copy the lessons into")
    target.mkdir(parents=True, exist_ok=True)
    copied, kept = [], []
    for lesson in lesson_files():
        destination = target / lesson.name
        if destination.exists():
            kept.append(destination)
        else:
            shutil.copyfile(lesson, destination)
            copied.append(destination)
    return copied, kept


def jupyter_lab_command(directory: Path) -> list[str]:
    """The command that opens JupyterLab on the first lesson in `directory`."""
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={directory}",
               str(directory / FIRST_LESSON)]
    if hasattr(os, "getuid") and os.getuid() == 0:
        command.append("--allow-root")          # Jupyter refuses root without it
    return command


def has_jupyterlab() -> bool:
    """Whether JupyterLab is installed in this Python."""
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        return False
    return True


def add_parser(sub: Any) -> None:
    """Register `python -m gamelib lessons [DIR] [--copy-only]`."""
    parser = sub.add_parser("lessons", help="copy the lesson notebooks to a folder and open "
                                            "them in JupyterLab")
    parser.add_argument("directory", nargs="?", default=DEFAULT_DIR, metavar="DIR",
                        help=f"where to put the lessons (default: ./{DEFAULT_DIR}); "
                             "lessons already there are kept, so your work is safe")
    parser.add_argument("--copy-only", action="store_true",
                        help="only copy the notebooks, do not start JupyterLab")
    parser.set_defaults(run=run_cli)


def run_cli(args: argparse.Namespace) -> int:
    """Copy the lessons, say what happened, then open JupyterLab unless --copy-only."""
    directory = Path(args.directory).resolve()
    try:
        copied, kept = copy_lessons(directory)
    except (FileNotFoundError, NotADirectoryError) as error:
        print(f"error: {clip(str(error))}", file=sys.stderr)
        return 2
    except OSError as error:                  # no permission, disk full, a read-only place
        print(f"error: cannot copy the lessons to {directory}: {error.strerror or error}",
              file=sys.stderr)
        return 2
    print(f"{len(copied)} lessons copied to {directory}")
    if kept:
        print(f"kept your own copy of {len(kept)} (delete a file to get a fresh one): "
              + ", ".join(path.name for path in kept))
    if args.copy_only:
        return 0
    if not has_jupyterlab():
        print(f"error: JupyterLab is not installed in this Python; install it with:\n"
              f"  {install_hint()}\n"
              f"then run: jupyter lab {directory / FIRST_LESSON}", file=sys.stderr)
        return 1
    return subprocess.call(jupyter_lab_command(directory))
