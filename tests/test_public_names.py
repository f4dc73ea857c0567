"""The public names: what `gamelib` and `gamelib.search` list in `__all__` is what the
lessons, the README and the exercises import from them (plus a few named reasons), and
every such import resolves."""

from __future__ import annotations

import ast
import importlib
import json
import re
import textwrap
from pathlib import Path

import pytest

import gamelib
import gamelib.search

REPO = Path(gamelib.__file__).parent.parent
PACKAGES = ("gamelib", "gamelib.search")

PLAYERS = {"RandomPlayer", "HumanPlayer", "MinimaxPlayer", "AlphaBetaPlayer", "MCTSPlayer",
           "PerfectPlayer"}
"""Every player sits at the top level, beside the ones the lessons happen to use."""
NAMED_IN_README = {"SearchResult"}
"""gamelib.search names the README's map of the package lists."""


def code_sources() -> dict[str, str]:
    """The Python code of every lesson, the README's code blocks and the exercises."""
    sources = {}
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
        lines = [line for part in code for line in part.splitlines()
                 if not line.lstrip().startswith(("%", "!"))]     # IPython magics
        sources[path.name] = "\n".join(lines)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.DOTALL)
    sources["README.md"] = "\n".join(textwrap.dedent(block) for block in blocks)
    for path in sorted((REPO / "gamelib" / "exercises").rglob("*.py")):
        sources[str(path.relative_to(REPO))] = path.read_text(encoding="utf-8")
    return sources


def imported_names(package: str) -> dict[str, set[str]]:
    """Each name imported `from <package> import ...`, with the files that import it."""
    found: dict[str, set[str]] = {}
    for where, source in code_sources().items():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and node.module == package:
                for alias in node.names:
                    found.setdefault(alias.name, set()).add(where)
    return found


def is_submodule(package: str, name: str) -> bool:
    return (REPO / package.replace(".", "/") / name).is_dir() or \
        (REPO / package.replace(".", "/") / f"{name}.py").is_file()


@pytest.mark.parametrize("package", PACKAGES)
def test_every_import_of_the_lessons_readme_and_exercises_resolves(package):
    module = importlib.import_module(package)
    for name, where in imported_names(package).items():
        if is_submodule(package, name):
            importlib.import_module(f"{package}.{name}")
        else:
            assert hasattr(module, name), f"{sorted(where)} import {name} from {package}"


def test_the_top_level_lists_what_lessons_use_and_the_players():
    used = {name for name in imported_names("gamelib") if not is_submodule("gamelib", name)}
    assert "minimax" in used and "PlayBoard" in used        # the lessons were read
    assert set(gamelib.__all__) == used | PLAYERS, (
        f"listed but unused: {sorted(set(gamelib.__all__) - used - PLAYERS)}; "
        f"used but not listed: {sorted(used - set(gamelib.__all__))}")
    assert len(gamelib.__all__) == len(set(gamelib.__all__))
    for name in gamelib.__all__:
        assert getattr(gamelib, name) is not None


def test_search_lists_what_the_top_level_and_the_exercises_take_from_it():
    taken_up = {name for name in gamelib.__all__
                if getattr(gamelib, name).__module__.startswith("gamelib.search")}
    used = set(imported_names("gamelib.search")) - {
        name for name in imported_names("gamelib.search") if is_submodule("gamelib.search", name)}
    assert set(gamelib.search.__all__) == taken_up | used | NAMED_IN_README
    for name in gamelib.search.__all__:
        assert getattr(gamelib.search, name) is not None


def test_the_other_names_live_in_their_modules():
    from gamelib.search.result import DeepeningResult, MCTSResult, MinimaxResult, SearchResult
    from gamelib.search.trace import Enter, Event

    assert issubclass(DeepeningResult, MinimaxResult) and issubclass(Enter, Event)
    assert issubclass(MCTSResult, SearchResult) and gamelib.search.SearchResult is SearchResult
    assert not hasattr(gamelib.search, "Enter") and not hasattr(gamelib, "SearchResult")
