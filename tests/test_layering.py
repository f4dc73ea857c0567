"""The package's layers: a lower package never imports a higher one, and no two modules
import each other (directly or round a longer loop), counting imports written inside
functions; imports only for type checkers (`if TYPE_CHECKING:`) do not count."""

from __future__ import annotations

import ast
from pathlib import Path

import gamelib

ROOT = Path(gamelib.__file__).parent

LAYERS = ["platform", "games", "search", "solver", "heuristics", "learning", "arena", "viz",
          "widgets"]
"""From the bottom up: each may import the ones before it. `platform` is the module that
says where gamelib runs (a browser or not); the modules directly in gamelib/ (the
command line, the lessons' launcher, the package's own __init__) sit on top of all."""

BESIDE = {"exercises": "arena"}
"""Packages on a side branch: each may import the layer named and all below it, and no
layer imports them."""


def allowed(package: str) -> set[str]:
    """The packages `package` may import (its own modules aside)."""
    top = BESIDE.get(package, package)
    return set(LAYERS[:LAYERS.index(top) + (package in BESIDE)])


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """The import statements inside `if TYPE_CHECKING:` blocks."""
    found: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                found.update(ast.walk(inner))
    return found


def imports(path: Path, known: set[str]) -> set[str]:
    """The gamelib modules `path` imports at run time (a `from package import module`
    counts as importing the module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = type_checking_only(tree)
    found = set()
    for node in ast.walk(tree):
        if node in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom) and node.module in known:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            found.update(name for name in names if name in known)
            if not all(name in known for name in names):
                found.add(node.module)
    return found


MODULES = {module_name(path): path for path in ROOT.rglob("*.py")}
GRAPH = {name: imports(path, set(MODULES)) - {name} for name, path in MODULES.items()}


def package(module: str) -> str | None:
    """The layer a module belongs to (None: a top-level module above every layer)."""
    parts = module.split(".")
    if len(parts) == 2 and parts[1] == "platform":
        return "platform"
    if len(parts) < 2 or (ROOT / parts[1]).is_dir() is False:
        return None
    return parts[1]


def test_every_package_is_placed():
    packages = {path.name for path in ROOT.iterdir()
                if path.is_dir() and (path / "__init__.py").exists()}
    assert packages <= set(LAYERS) | set(BESIDE), packages - set(LAYERS) - set(BESIDE)


def test_no_package_imports_a_higher_one():
    wrong = []
    for module, targets in GRAPH.items():
        own = package(module)
        if own is None:
            continue
        for target in targets:
            theirs = package(target)
            if theirs != own and (theirs is None or theirs not in allowed(own)):
                wrong.append(f"{module} imports {target}")
    assert not wrong, "\n".join(sorted(wrong))


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import loop in `graph` (its modules in order, the first repeated), or None."""
    state: dict[str, int] = {}          # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            cycle = visit(module)
            if cycle:
                return cycle
    return None


def test_no_import_cycles():
    # A package's __init__ imports its modules to re-export them; a module reaching back
    # into its own package's __init__ would be a loop, so it counts like any other.
    cycle = find_cycle(GRAPH)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_checks_see_a_cycle_and_a_layer_broken():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    assert "viz" not in allowed("search") and "games" in allowed("search")
    assert "arena" in allowed("exercises") and "viz" not in allowed("exercises")
    assert "exercises" not in allowed("widgets")
