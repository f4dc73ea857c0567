"""The pinned sets agree with the lock, the lessons set is lean, every supported Python
gets exactly one pin of every locked package, and pyproject.toml agrees with itself."""

import re
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement

try:
    import tomllib
except ModuleNotFoundError:          # Python 3.10: pytest brings tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
TEST_ONLY = {"open-spiel", "playwright", "voila", "dask", "distributed", "pytest",
             "hypothesis", "uv", "nbmake"}


def pins(name: str) -> list[tuple[str, str, str]]:
    """(package, version, marker) for every pin of requirements/`name`."""
    found = []
    for line in (REQUIREMENTS / name).read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9_.-]+)==(\S+)(?:\s*;\s*(.+))?$", line.strip())
        if match:
            found.append((match[1].lower(), match[2], (match[3] or "").strip()))
    return found


def supported_versions() -> list[str]:
    """The Python versions the classifiers list (the ones tested)."""
    return [c.rsplit(" ", 1)[1] for c in PROJECT["classifiers"]
            if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]


def chosen(pinned: list[tuple[str, str, str]], version: str) -> dict[str, list[str]]:
    """Which versions of each package a Linux machine with Python `version` installs."""
    environment = {"python_version": version, "python_full_version": f"{version}.0",
                   "sys_platform": "linux", "platform_system": "Linux",
                   "platform_machine": "x86_64", "os_name": "posix",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython"}
    result: dict[str, list[str]] = {}
    for package, pinned_version, marker in pinned:
        if not marker or Marker(marker).evaluate(environment):
            result.setdefault(package, []).append(pinned_version)
    return result


@pytest.mark.parametrize("name", ["lessons.txt", "test.txt"])
def test_every_pin_of_a_set_is_the_lock_s_pin(name):
    for version in supported_versions():
        locked = chosen(pins("lock.txt"), version)
        differ = {package: (versions, locked.get(package))
                  for package, versions in chosen(pins(name), version).items()
                  if versions != locked.get(package)}
        assert differ == {}, (name, version)


def test_the_lessons_set_has_no_test_only_package():
    assert TEST_ONLY & {package for package, _, _ in pins("lessons.txt")} == set()
    assert {"jupyterlab", "ipykernel", "numba", "graphviz-pure"} <= \
        {package for package, _, _ in pins("lessons.txt")}


def test_the_test_set_holds_the_lessons_set_and_the_test_tools():
    tested = {package for package, _, _ in pins("test.txt")}
    assert {package for package, _, _ in pins("lessons.txt")} <= tested
    assert TEST_ONLY - {"nbmake"} <= tested and "pandas" in tested


@pytest.mark.parametrize("version", supported_versions())
def test_each_supported_python_gets_one_version_of_every_package(version):
    for name in ("lock.txt", "lessons.txt", "test.txt"):
        versions = chosen(pins(name), version)
        assert {p: v for p, v in versions.items() if len(v) != 1} == {}, (name, version)
        wanted = {Requirement(r).name.lower() for r in PROJECT["dependencies"]}
        assert wanted <= set(versions), (name, version, wanted - set(versions))


def test_the_floor_is_the_oldest_python_tested_and_the_license_is_spdx():
    versions = supported_versions()
    assert versions == sorted(versions, key=lambda v: tuple(map(int, v.split("."))))
    assert PROJECT["requires-python"] == f">={versions[0]}"
    assert PROJECT["license"] == "MIT" and (ROOT / "LICENSE").read_text().startswith("MIT")
    assert PROJECT["name"] == "gamelib-course"


def test_the_environment_file_asks_for_the_lessons_set():
    text = (ROOT / "environment.yml").read_text()
    assert "requirements/lessons.txt" in text
    assert re.search(r"python\s*=\s*3\.1\d", text)
