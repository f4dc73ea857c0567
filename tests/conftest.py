"""Shared fixtures: each lesson is executed once per test session (quick settings)."""

from __future__ import annotations

import re
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


LESSON_IN_NAME = re.compile(r"(?:^|[\[_-])(\d\d)[-_]")
"""A lesson's number in a test's parameters ("[04-heuristics]"), in a test's name
("test_09_..."), or in a facts module's name ("test_lesson05_facts", "test_lesson_facts_10")."""


def lesson_of(item: pytest.Item) -> str | None:
    """The number of the one lesson a test reads from an executed lesson, if it reads one."""
    module = Path(str(item.fspath)).stem
    whole_module = re.fullmatch(r"test_lesson(\d\d)_facts|test_lesson_facts_(\d\d)", module)
    if whole_module:
        return whole_module.group(1) or whole_module.group(2)
    callspec = getattr(item, "callspec", None)
    if callspec is not None:
        found = LESSON_IN_NAME.search(f"[{callspec.id}")
        if found and "lesson" in module:
            return found.group(1)
        if found and {"executed_lesson", "full_lesson"} & set(item.fixturenames):
            return found.group(1)
    named = re.match(r"test_(\d\d)_", item.name)
    return named.group(1) if named and "lesson" in module else None


BUILD_FROM_THE_CHECKOUT = {"test_lite", "test_lessons_command"}
"""Modules whose tests build gamelib from this checkout (the browser site's wheel, the wheel
test): setuptools writes build/ and the egg-info in the checkout, so they take turns."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With `pytest -n 2` (pytest-xdist, --dist loadgroup): the tests of one lesson run in
    one process, so each lesson is executed once; the other tests go by module, so a
    module's set-up (a served notebook, a built site) is made once; the modules that build
    gamelib from the checkout share one process."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        if item.get_closest_marker("xdist_group"):      # a test that chose its own group
            continue
        module = Path(str(item.fspath)).stem
        lesson = lesson_of(item)
        group = ("checkout-builds" if module in BUILD_FROM_THE_CHECKOUT
                 else f"lesson-{lesson}" if lesson else module)
        item.add_marker(pytest.mark.xdist_group(group))
