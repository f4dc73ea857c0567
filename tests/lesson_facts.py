"""Reading an executed lesson for the facts tests: its prose and everything it printed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any


def prose_and_outputs(notebook: Any) -> tuple[str, str]:
    """(the markdown of every cell, the text every code cell printed or showed), after
    asserting that no cell raised."""
    outputs = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        for out in cell.outputs:
            assert out.output_type != "error", (index, out)
            if out.output_type == "stream":
                outputs.append(out.text)
            elif "text/plain" in out.get("data", {}):
                outputs.append(out["data"]["text/plain"])
    prose = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    return prose, "\n".join(outputs)


def number(pattern: str, text: str) -> float:
    """The first number the regular expression's group captures in `text`."""
    found = re.search(pattern, text)
    assert found, pattern
    return float(found.group(1))


def code_of(notebook: Any) -> str:
    """The source of every code cell."""
    return "\n".join(c.source for c in notebook.cells if c.cell_type == "code")


def check_no_plumbing(prose: str, notebook: Any) -> None:
    """The lesson's code reads no test settings, its prose names no seed bookkeeping, and
    columns are numbered one way: 0 to 6 from the left."""
    code = code_of(notebook)
    assert "GAMELIB_QUICK" not in code and "os.environ" not in code
    assert "seed report" not in prose and "the seed" not in prose.lower()
    assert "numbered **0 to 6** from the left" in prose
    assert "columns 1 to 7" not in prose.lower()


def check_committed_without_outputs(path: Path) -> None:
    """The notebook file holds no outputs and one setting only (no quick sizes)."""
    notebook = json.loads(path.read_text())
    assert "quick" not in notebook["metadata"].get("gamelib", {})     # one setting only
    assert all(c.get("outputs") == [] for c in notebook["cells"] if c["cell_type"] == "code")
