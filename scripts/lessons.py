"""Run the lessons as the tests and the HTML export do: quick or full settings, one place.

A lesson that has slow cells keeps its sizes in one ordinary code cell tagged
`parameters` (plain names a student may change, such as `GAMES = 40`). Its notebook
metadata may hold smaller sizes for quick runs, under `gamelib.quick`:

    "metadata": {"gamelib": {"quick": {"GAMES": 8}}}

A quick run inserts, right after the `parameters` cell, a cell that sets those names, so
the cells a student reads carry no test plumbing. Quick sizes may only shrink what
cannot change a conclusion the lesson's text draws; the notebook tests check the facts
in both settings.

    python scripts/lessons.py run [--quick] [--out DIR] [NOTEBOOK ...]
"""

from __future__ import annotations

import argparse
import copy
import functools
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PARAMETERS_TAG = "parameters"
QUICK_ENV = "GAMELIB_QUICK"
"""Set to 1 in the kernel of a quick run (gamelib's exercise checks play fewer games)."""
QUICK_TAG = "quick-settings"


def lessons() -> list[Path]:
    """Every lesson, in order."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def quick_settings(notebook: Any) -> dict[str, Any]:
    """The names a quick run overrides, with their values (empty if none)."""
    return dict(notebook.metadata.get("gamelib", {}).get("quick", {}))


def with_settings(notebook: Any, quick: bool) -> Any:
    """A copy of `notebook` with the quick settings cell inserted (if `quick`)."""
    import nbformat

    notebook = copy.deepcopy(notebook)
    settings = quick_settings(notebook) if quick else {}
    if not settings:
        return notebook
    where = next((i for i, cell in enumerate(notebook.cells)
                  if PARAMETERS_TAG in cell.get("metadata", {}).get("tags", [])), None)
    if where is None:
        raise ValueError("the notebook has quick settings but no cell tagged "
                         f"{PARAMETERS_TAG!r} to put them after")
    source = "\n".join(f"{name} = {json.dumps(value)}" for name, value in settings.items())
    cell = nbformat.v4.new_code_cell(source, metadata={"tags": [QUICK_TAG]})
    notebook.cells.insert(where + 1, cell)
    return notebook


def execute(path: Path, quick: bool, timeout: int = 900) -> Any:
    """Run the lesson at `path` top to bottom in a fresh kernel; returns the notebook."""
    import nbformat

    return execute_notebook(nbformat.read(path, as_version=4), quick, timeout)


@functools.cache
def translated_lessons(language: str) -> tuple[Path, ...]:
    """The lessons whose catalog in `language` is complete: those `python -m gamelib
    lessons --lang` copies in that language (read once per process: parsing the catalogs
    takes seconds)."""
    from gamelib.lessons import complete_catalogs

    complete = complete_catalogs(language)
    return tuple(path for path in lessons() if path.stem in complete)


def translated(path: Path, language: str) -> Any:
    """The lesson at `path` in `language`, as `python -m gamelib lessons --lang` builds it:
    the English notebook with the prose of its catalog (notebooks/<language>/<lesson>.po)
    and a first code cell that sets gamelib's language."""
    import nbformat

    from gamelib import translations

    catalogs = translations.catalog_files(language)
    if path.stem not in catalogs:
        raise FileNotFoundError(f"{path.stem} has no {language} catalog; the lessons with "
                                f"one are: {', '.join(catalogs) or 'none'}")
    return translations.translated(nbformat.read(path, as_version=4),
                                   translations.read_catalog(catalogs[path.stem]), language)


def execute_notebook(lesson: Any, quick: bool, timeout: int = 900) -> Any:
    """Run a lesson given as a notebook (e.g. one built in another language) top to bottom
    in a fresh kernel, from the lessons' folder; returns the executed copy."""
    from nbclient import NotebookClient

    notebook = with_settings(lesson, quick)
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    saved = os.environ.get(QUICK_ENV)
    os.environ[QUICK_ENV] = "1" if quick else "0"     # the kernel inherits it
    try:
        client.execute()
    finally:
        if saved is None:
            os.environ.pop(QUICK_ENV, None)
        else:
            os.environ[QUICK_ENV] = saved
    return notebook


def cell_text(notebook: Any, tag: str) -> str:
    """Everything the cell tagged `tag` printed or showed as text."""
    cells = [cell for cell in notebook.cells if tag in cell.get("metadata", {}).get("tags", [])]
    if len(cells) != 1:
        raise KeyError(f"expected one cell tagged {tag!r}, found {len(cells)}")
    parts = []
    for out in cells[0].get("outputs", []):
        if "text" in out:
            parts.append(out["text"])
        elif "data" in out and "text/plain" in out["data"]:
            parts.append(out["data"]["text/plain"])
    return "".join(parts)


def main(argv: list[str] | None = None) -> int:
    """`run`: execute lessons and write them (executed) to --out."""
    import nbformat

    parser = argparse.ArgumentParser(prog="scripts/lessons.py")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="execute lessons, write the executed notebooks")
    run.add_argument("notebooks", nargs="*", type=Path)
    run.add_argument("--quick", action="store_true", help="the quick settings of the tests")
    run.add_argument("--out", type=Path, default=ROOT / "build" / "executed")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    failed = []
    for path in args.notebooks or lessons():
        print(f"== {path.stem}", flush=True)
        try:
            notebook = execute(path, args.quick)
        except Exception as error:          # report every lesson, then fail
            print(f"   failed: {type(error).__name__}: {str(error)[-2000:]}", file=sys.stderr)
            failed.append(path.stem)
            continue
        nbformat.write(notebook, args.out / path.name)
    if failed:
        print(f"Failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
