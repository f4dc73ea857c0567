"""`python -m gamelib lessons [DIR] [--lang ko]`: copy the lesson notebooks out and open
JupyterLab.

An installed package carries the lessons in gamelib/notebooks/ (the build copies them
there); a source checkout has them in notebooks/ beside the package. A lesson in another
language is built from the English one and its translation catalog (gamelib.translations);
a lesson whose translation is not complete yet is copied in English.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from gamelib import translations
from gamelib.platform import DEFAULT_LANGUAGE, LANGUAGES, _, available, clip, error_line

PACKAGE = Path(__file__).resolve().parent
PLACES = (PACKAGE / "notebooks", PACKAGE.parent / "notebooks")
"""Where the lessons are: inside an installed package, then in a source checkout."""

FIRST_LESSON = "00-start-here.ipynb"
DEFAULT_DIR = "gamelib-lessons"
"""Where the English lessons go; a translation goes to its own folder, e.g. gamelib-lessons-ko."""
LESSONS_EXTRA = ("jupyterlab>=4", "ipykernel>=6", "pandas>=2", "babel>=2.12")
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


def copy_lessons(directory: str | os.PathLike[str], language: str = DEFAULT_LANGUAGE
                 ) -> tuple[list[Path], list[Path]]:
    """Copy every lesson into `directory`, in `language` where its translation is complete
    (see `untranslated`); a lesson already there is kept, never overwritten.

    Returns (copied, kept) so the caller can say which is which.
    """
    target = Path(directory)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(_("{folder} is a file; give a folder to copy the lessons "
                                   "into").format(folder=target))
    target.mkdir(parents=True, exist_ok=True)
    catalogs = complete_catalogs(language)
    copied, kept = [], []
    for lesson in lesson_files():
        destination = target / lesson.name
        if destination.exists():
            kept.append(destination)
            continue
        if lesson.stem in catalogs:
            write_translated(lesson, catalogs[lesson.stem], language, destination)
        else:
            shutil.copyfile(lesson, destination)
        copied.append(destination)
    return copied, kept


def complete_catalogs(language: str) -> dict[str, Path]:
    """The catalogs of `language` that translate their lesson completely, by lesson name."""
    if language == DEFAULT_LANGUAGE:
        return {}
    import nbformat

    lessons = {path.stem: path for path in lesson_files()}
    return {name: path for name, path in translations.catalog_files(language).items()
            if name in lessons and not translations.problems(
                name, nbformat.read(lessons[name], as_version=4),
                translations.read_catalog(path))}


def untranslated(language: str) -> list[str]:
    """The lessons that are copied in English when `language` is asked for."""
    if language == DEFAULT_LANGUAGE:
        return []
    complete = complete_catalogs(language)
    return [path.stem for path in lesson_files() if path.stem not in complete]


def write_translated(lesson: Path, catalog: Path, language: str, destination: Path) -> None:
    """Write the lesson in `language`, built from the English one and its catalog."""
    import nbformat

    notebook = translations.translated(nbformat.read(lesson, as_version=4),
                                       translations.read_catalog(catalog), language)
    nbformat.write(notebook, destination)


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


def language_argument(value: str) -> str:
    """A --lang value, or an error listing the languages the lessons come in."""
    if value not in LANGUAGES:
        raise argparse.ArgumentTypeError(_("no lessons in {language!r}; choose one of "
                                           "{languages}").format(language=value,
                                                                 languages=available()))
    return value


def default_directory(language: str) -> str:
    """The folder the lessons in `language` go to when none is given."""
    return DEFAULT_DIR if language == DEFAULT_LANGUAGE else f"{DEFAULT_DIR}-{language}"


def add_parser(sub: Any) -> None:
    """Register `python -m gamelib lessons [DIR] [--lang LANG] [--copy-only]`."""
    parser = sub.add_parser("lessons", help=_("copy the lesson notebooks to a folder and "
                                              "open them in JupyterLab"))
    parser.add_argument("directory", nargs="?", default=None, metavar="DIR",
                        help=_("where to put the lessons (default: ./{folder}, or "
                               "./{folder}-ko for the Korean ones); lessons already there "
                               "are kept, so your work is safe").format(folder=DEFAULT_DIR))
    parser.add_argument("--lang", type=language_argument, default=DEFAULT_LANGUAGE,
                        metavar="LANG", help=_("the lessons' language: {languages} (default: "
                                               "{default})").format(languages=available(),
                                                                    default=DEFAULT_LANGUAGE))
    parser.add_argument("--copy-only", action="store_true",
                        help=_("only copy the notebooks, do not start JupyterLab"))
    parser.set_defaults(run=run_cli)


def run_cli(args: argparse.Namespace) -> int:
    """Copy the lessons, say what happened, then open JupyterLab unless --copy-only."""
    directory = Path(args.directory or default_directory(args.lang)).resolve()
    try:
        copied, kept = copy_lessons(directory, args.lang)
        english = untranslated(args.lang)
    except ImportError as error:               # reading the catalogs needs Babel
        print(error_line(_("the lessons in {language} are built with {package}, which is "
                           "not installed; install it with:\n  {command}").format(
                               language=LANGUAGES[args.lang], package=error.name,
                               command=install_hint())), file=sys.stderr)
        return 1
    except (FileNotFoundError, NotADirectoryError) as error:
        print(error_line(clip(str(error))), file=sys.stderr)
        return 2
    except OSError as error:                  # no permission, disk full, a read-only place
        print(error_line(_("cannot copy the lessons to {folder}: {problem}").format(
            folder=directory, problem=error.strerror or error)), file=sys.stderr)
        return 2
    print(_("{count} lessons copied to {folder}").format(count=len(copied), folder=directory))
    if english:
        print(_("in English until their {language} translation is complete: ").format(
            language=LANGUAGES[args.lang]) + ", ".join(english))
    if kept:
        print(_("kept your own copy of {count} (delete a file to get a fresh one): ").format(
            count=len(kept)) + ", ".join(path.name for path in kept))
    if args.copy_only:
        return 0
    if not has_jupyterlab():
        print(error_line(_("JupyterLab is not installed in this Python; install it with:\n"
                           "  {command}\nthen run: jupyter lab {lesson}").format(
                               command=install_hint(), lesson=directory / FIRST_LESSON)),
              file=sys.stderr)
        return 1
    return subprocess.call(jupyter_lab_command(directory))
