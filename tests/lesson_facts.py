"""Reading an executed lesson for the facts tests: its prose and everything it printed."""

from __future__ import annotations

import re
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
