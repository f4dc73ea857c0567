"""Shared fixtures: each lesson, and each Korean lesson, is executed once per test session
(quick settings)."""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import lessons  # noqa: E402  (scripts/lessons.py: how lessons are run everywhere)

EXECUTED = ROOT / "build" / "executed" / "quick"
EXECUTED_KOREAN = ROOT / "build" / "executed" / "quick-ko"


def remembered(execute: Callable[[Path], Any], folder: Path) -> Callable[[Path], Any]:
    """`execute` run once per lesson path, then remembered (a failure too, so a broken
    lesson is not run again by each of its tests); each executed copy written to `folder`."""
    import nbformat

    done: dict[Path, Any] = {}
    failed: dict[Path, BaseException] = {}

    def run(path: Path) -> Any:
        if path in failed:
            raise failed[path]
        if path not in done:
            try:
                done[path] = execute(path)
            except BaseException as error:
                failed[path] = error
                raise
            folder.mkdir(parents=True, exist_ok=True)
            nbformat.write(done[path], folder / path.name)
        return done[path]

    return run


@pytest.fixture(scope="session")
def executed_lesson() -> Callable[[Path], Any]:
    """A function: lesson path -> the notebook executed with quick settings (run once,
    then remembered; a copy is written to build/executed/quick/ for the HTML export)."""
    return remembered(lambda path: lessons.execute(path, quick=True), EXECUTED)


@pytest.fixture(scope="session")
def executed_korean_lesson() -> Callable[[Path], Any]:
    """A function: English lesson path -> its Korean edition executed with quick settings
    (run once, then remembered; a copy is written to build/executed/quick-ko/)."""
    return remembered(lambda path: lessons.execute_notebook(lessons.translated(path, "ko"),
                                                           quick=True),
                      EXECUTED_KOREAN)


LESSON_IN_NAME = re.compile(r"(?:^|[\[_-])(\d\d)[-_]")
"""A lesson's number in a test's parameters ("[04-heuristics]"), in a test's name
("test_09_..."), or in a facts module's name ("test_lesson05_facts", "test_lesson_facts_10")."""


LESSON_FIXTURES = {"executed_lesson", "full_lesson", "executed_korean_lesson"}
"""The fixtures that execute a lesson: a test using one reads that lesson's run."""


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
        if found and LESSON_FIXTURES & set(item.fixturenames):
            return found.group(1)
    named = re.match(r"test_(\d\d)_", item.name)
    return named.group(1) if named and "lesson" in module else None


BUILD_FROM_THE_CHECKOUT = {"test_lite", "test_lessons_command"}
"""Modules whose tests build gamelib from this checkout (the browser site's wheel, the wheel
test): setuptools writes build/ and the egg-info in the checkout, so they take turns."""


def edition(item: pytest.Item) -> str:
    """"-ko" for a test that reads a lesson's Korean run, else "" (the English run)."""
    return "-ko" if "executed_korean_lesson" in item.fixturenames else ""


GROUPS_FILE = "GAMELIB_TEST_GROUPS"
"""The environment variable naming the file where the workers of a `--dist loadgroup` run
write each test's group, for the scheduler below."""


def pytest_configure(config: pytest.Config) -> None:
    """In the main process of a `--dist loadgroup` run, a file for the workers' groups (the
    workers are started later and inherit the variable that names it)."""
    if (config.pluginmanager.hasplugin("xdist") and not hasattr(config, "workerinput")
            and config.getoption("dist", "no") == "loadgroup"):
        handle, path = tempfile.mkstemp(prefix="gamelib-test-groups-", suffix=".json")
        os.close(handle)
        os.environ[GROUPS_FILE] = path
        config.add_cleanup(lambda: Path(path).unlink(missing_ok=True))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With `pytest -n 2` (pytest-xdist, --dist loadgroup): the tests of one lesson run in
    one process, so each lesson is executed once (its Korean edition's tests in a group of
    their own, "lesson-05-ko", so it too is executed once, beside the English run); the
    other tests go by module, so a module's set-up (a served notebook, a built site) is
    made once; the modules that build gamelib from the checkout share one process.

    Each test gets its group as an `xdist_group` mark, and each worker writes the groups to
    the file GAMELIB_TEST_GROUPS names, which the scheduler reads: pytest-xdist 3.8 passes
    the marks on by renaming the tests, which pytest 9.2 ignores (pytest-xdist issue 1386),
    so without it every test was scheduled on its own and a lesson could run twice."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    groups = {}
    for item in items:
        chosen = item.get_closest_marker("xdist_group")     # a test that chose its own group
        if chosen:
            groups[item.nodeid] = chosen.args[0]
            continue
        module = Path(str(item.fspath)).stem
        lesson = lesson_of(item)
        group = ("checkout-builds" if module in BUILD_FROM_THE_CHECKOUT
                 else f"lesson-{lesson}{edition(item)}" if lesson else module)
        item.add_marker(pytest.mark.xdist_group(group))
        groups[item.nodeid] = group
    items.sort(key=lambda item: longest_first(groups[item.nodeid]))
    path = os.environ.get(GROUPS_FILE)
    if path and hasattr(config, "workerinput"):
        written = Path(f"{path}.{config.workerinput['workerid']}")
        written.write_text(json.dumps(groups))
        os.replace(written, path)             # whole, whichever worker writes last


LONG_GROUPS = ("mutants-eval-", "lesson-")
"""Groups that take a minute or more (the evaluation's mutants, a lesson's run): they are
handed out first, so that the two processes end together instead of one starting a long
group while the other has nothing left."""


def longest_first(group: str) -> tuple[int, int]:
    """The order in which groups are handed out: long groups first (later lessons, which run
    longer, before earlier ones), then the rest in the order collected."""
    for rank, prefix in enumerate(LONG_GROUPS):
        if group.startswith(prefix):
            number = re.search(r"\d+", group)
            return rank, -int(number.group()) if number else 0
    return len(LONG_GROUPS), 0


@pytest.hookimpl(optionalhook=True)      # a hook of pytest-xdist, when it is installed
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """For `--dist loadgroup`: pytest-xdist's scheduling by scope, each test's scope its
    group as the workers wrote it (see pytest_collection_modifyitems)."""
    if config.getoption("dist", "no") != "loadgroup" or GROUPS_FILE not in os.environ:
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False    # (it would order groups by their test count)

    class LessonGroups(LoadScopeScheduling):
        """Whole groups to one worker, in the order collected (long ones first)."""

        groups: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:
                self.groups = json.loads(Path(os.environ[GROUPS_FILE]).read_text() or "{}")
            return self.groups.get(nodeid, nodeid)

    return LessonGroups(config, log)
