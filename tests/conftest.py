"""Shared fixtures: each lesson is executed once per test session (quick settings)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import lessons  # noqa: E402  (scripts/lessons.py: how lessons are run everywhere)

EXECUTED = ROOT / "build" / "executed" / "quick"


@pytest.fixture(scope="session")
def executed_lesson() -> Callable[[Path], Any]:
    """A function: lesson path -> the notebook executed with quick settings (run once,
    then remembered; a copy is written to build/executed/quick/ for the HTML export)."""
    import nbformat

    done: dict[Path, Any] = {}
    failed: dict[Path, BaseException] = {}

    def run(path: Path) -> Any:
        if path in failed:
            raise failed[path]
        if path not in done:
            try:
                done[path] = lessons.execute(path, quick=True)
            except BaseException as error:
                failed[path] = error
                raise
            EXECUTED.mkdir(parents=True, exist_ok=True)
            nbformat.write(done[path], EXECUTED / path.name)
        return done[path]

    return run
