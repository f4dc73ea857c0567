"""The browser version of the course gets each lesson's browser sizes in a visible cell
right after its `parameters` cell, and only names that cell sets."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def build_script():
    """scripts/build_lite.py as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_browser_sizes_follow_the_parameters_cell_and_only_shrink_its_names(path: Path) -> None:
    lesson = json.loads(path.read_text(encoding="utf-8"))
    sizes = lesson["metadata"].get("gamelib", {}).get("browser", {})
    build_script().with_browser_sizes(lesson, path.name)
    cells = lesson["cells"]
    inserted = [i for i, cell in enumerate(cells) if "browser-sizes" in tags(cell)]
    if not sizes:
        assert inserted == []
        return
    assert len(inserted) == 1 and "parameters" in tags(cells[inserted[0] - 1])
    parameters = "".join(cells[inserted[0] - 1]["source"])
    desktop = dict(re.findall(r"^(\w+) = ([\d_]+)", parameters, flags=re.M))
    for name, value in sizes.items():
        assert name in desktop, f"{name} is not set in {path.name}'s parameters cell"
        assert value < int(desktop[name]), f"{name}: a browser size only shrinks"
        assert f"{name} = {value}" in "".join(cells[inserted[0]]["source"])
    note = "".join(cells[inserted[0]]["source"])
    assert "numbers in the text come from the sizes above" in note   # the prose's are the desktop's
    korean = json.loads(path.read_text(encoding="utf-8"))
    build_script().with_browser_sizes(korean, path.name, "ko")
    note = "".join(next(c for c in korean["cells"] if "browser-sizes" in tags(c))["source"])
    assert "본문의 숫자는" in note and all(f"{k} = {v}" in note for k, v in sizes.items())
