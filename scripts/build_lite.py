#!/usr/bin/env python3
"""Build the course as a JupyterLite site in build/lite/: the lessons running in a browser
with nothing installed (a Python kernel compiled to WebAssembly, Pyodide).

The site is static files; any web server or static host can serve it. Everything the
lessons need offline is inside it: the Pyodide core, the pure-Python wheels its kernel
loads at start, gamelib, ipywidgets and Graphviz compiled to WebAssembly (viz.js). The
lessons need none of Pyodide's compiled packages (gamelib draws plots as SVG, and computes
Elo ratings and lesson 10's learned evaluations in plain Python, when matplotlib and numpy
are missing); those packages stay
on Pyodide's own server (no package registry has them): the site lists them, and the
browser downloads one when a student's own cell imports it, if online.

Usage: scripts/build_lite.py [--out build/lite]. Downloads (from PyPI and the npm
registry) are kept in build/lite-cache/, so a second build takes seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import venv
from pathlib import Path

# ---- Versions that fit together (the one place they are pinned) -----------------------
PYODIDE = "314.0.6"           # exactly what jupyterlite-pyodide-kernel 0.8.6 expects
VIZ_JS = "3.31.0"             # Graphviz compiled to WebAssembly, from the npm registry
BUILD_TOOLS = ["jupyterlite-core==0.8.6", "jupyterlite-pyodide-kernel==0.8.6",
               "jupyter_server==2.21.1", "jupyterlab_widgets==3.0.17", "setuptools==80.9.0",
               "anywidget==0.11.0"]     # its JupyterLab extension draws the boards' cells
# Pure-Python wheels gamelib needs in the browser, with what each one needs there.
BROWSER_WHEELS = {
    "graphviz==0.21": [],
    "ipywidgets==8.1.9": ["jupyterlab-widgets", "traitlets", "ipython"],
    "jupyterlab_widgets==3.0.17": [],
    "anywidget==0.11.0": ["ipywidgets", "psygnal", "typing-extensions"],
    "psygnal==0.16.1": [],
}
KERNEL_WHEELS = ["comm==0.2.3"]          # the kernel installs these itself, from pypi/
GAMELIB_NEEDS = ["graphviz", "ipywidgets", "anywidget", "tqdm"]
# Wheels of Pyodide's own list that the kernel loads at start (or gamelib needs): they
# are pure Python, so they come from PyPI and are served by the site.
PYODIDE_LOCAL = ["micropip", "packaging", "ipython", "jedi", "tqdm", "typing-extensions"]
# ------------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "lite-cache"
CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE}/full/"
PYODIDE_FILES = ["pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip"]


def run(*command: str | Path, cwd: Path | None = None) -> None:
    """Run a command, echoing it; stop the build if it fails."""
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], cwd=cwd, check=True)


def tools_python() -> Path:
    """A virtual environment with the pinned build tools (made once, kept in the cache)."""
    home = CACHE / "tools"
    python = home / "bin" / "python"
    stamp = home / "pins.txt"
    wanted = "\n".join(BUILD_TOOLS)
    if not (python.exists() and stamp.exists() and stamp.read_text() == wanted):
        shutil.rmtree(home, ignore_errors=True)
        venv.create(home, with_pip=True)
        run(python, "-m", "pip", "install", "-q", *BUILD_TOOLS, cwd=home)  # not the checkout
        stamp.write_text(wanted)
    return python


def npm_package(name: str, version: str) -> Path:
    """The unpacked npm package `name@version` (downloaded once)."""
    folder = CACHE / "npm" / f"{name.replace('/', '+')}-{version}"
    if not (folder / "package" / "package.json").exists():
        if shutil.which("npm") is None:
            sys.exit("npm is needed to fetch Pyodide and viz.js: `sudo apt-get install npm`")
        folder.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"{name}@{version}", cwd=folder)
        tarball = next(folder.glob("*.tgz"))
        with tarfile.open(tarball) as archive:
            archive.extractall(folder, filter="data")
        tarball.unlink()
    return folder / "package"


def wheel(python: Path, requirement: str) -> Path:
    """The pure-Python wheel of `requirement` ("name==version") from PyPI (downloaded once)."""
    name, version = requirement.split("==")
    folder = CACHE / "wheels"
    stem = re.sub(r"[-_.]+", "_", name).lower() + "-" + version + "-"
    found = [p for p in folder.glob("*.whl") if p.name.lower().startswith(stem)]
    if not found:
        run(python, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
            "--python-version", "3.14", "--platform", "any", "--dest", folder, requirement)
        found = [p for p in folder.glob("*.whl") if p.name.lower().startswith(stem)]
    if len(found) != 1 or not found[0].name.endswith("-none-any.whl"):
        sys.exit(f"expected one pure-Python wheel for {requirement}, found {found}")
    return found[0]


def gamelib_wheel(python: Path, folder: Path) -> Path:
    """gamelib built as a wheel from this checkout."""
    shutil.rmtree(folder, ignore_errors=True)
    run(python, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
        "--wheel-dir", folder, ROOT)
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    return next(folder.glob("gamelib_course-*.whl"))     # the distribution is gamelib-course


def sha256(path: Path) -> str:
    """The SHA-256 of a file, as hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lock_entry(name: str, path: Path, imports: list[str], depends: list[str]) -> dict:
    """An entry of Pyodide's package list for a wheel served beside pyodide.mjs."""
    version = path.name.split("-")[1]
    return {"name": name, "version": version, "file_name": path.name, "install_dir": "site",
            "sha256": sha256(path), "package_type": "package", "imports": imports,
            "depends": depends, "unvendored_tests": False}


def needed(packages: dict, roots: list[str]) -> set[str]:
    """`roots` and everything they depend on, in Pyodide's package list."""
    seen: set[str] = set()
    todo = [normal(r) for r in roots]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += [normal(d) for d in packages[name]["depends"]]
    return seen


def normal(name: str) -> str:
    """A package name as Pyodide's list spells it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pyodide_folder(python: Path, target: Path) -> None:
    """Pyodide's core, its kernel's wheels and gamelib's, with a package list that
    serves them from the site and points every other package at Pyodide's server."""
    core = npm_package("pyodide", PYODIDE)
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(core / name, target / name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = {normal(k): v for k, v in lock["packages"].items()}
    local = needed(packages, PYODIDE_LOCAL)
    for name, entry in packages.items():
        if name in local:
            path = wheel(python, f"{entry['name']}=={entry['version']}")
            shutil.copy2(path, target / path.name)
            entry.update(file_name=path.name, sha256=sha256(path))
        else:
            entry["file_name"] = CDN + entry["file_name"]
    for requirement, depends in BROWSER_WHEELS.items():
        path = wheel(python, requirement)
        shutil.copy2(path, target / path.name)
        name = normal(requirement.split("==")[0])
        packages[name] = lock_entry(name, path, [name.replace("-", "_")], depends)
    ours = gamelib_wheel(python, CACHE / "gamelib")
    shutil.copy2(ours, target / ours.name)
    packages["gamelib"] = lock_entry("gamelib", ours, ["gamelib"], GAMELIB_NEEDS)
    lock["packages"] = packages
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))


def site_source(python: Path, source: Path) -> list[Path]:
    """The folder `jupyter lite build` reads, made afresh (a stale build database would
    skip steps); returns the wheels for the site's pypi/."""
    shutil.rmtree(source, ignore_errors=True)
    pyodide_folder(python, source / "static" / "pyodide")
    settings = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "gamelib: adversarial search",
        "exposeAppInBrowser": "true",    # window.jupyterapp, which the browser tests read
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True}}}}
    (source / "jupyter-lite.json").write_text(json.dumps(settings, indent=2))
    return [wheel(python, requirement) for requirement in KERNEL_WHEELS]


STARTING_NOTES = {
    "en": ("*Browser version of the course.* Python starts inside this page when the lesson "
           "opens: from a few seconds to a minute or more the first time. Until it is ready, "
           "the status bar at the bottom says **Initializing** or **Unknown**; once it says "
           "**Idle**, run the cells (Run > Run All Cells, or Shift+Enter one by one)."),
    "ko": ("*강좌의 브라우저판입니다.* 강의를 열면 이 페이지 안에서 파이썬이 시작되는데, "
           "처음에는 몇 초에서 1분 넘게 걸리기도 합니다. 준비될 때까지 아래쪽 상태 표시줄에 "
           "**Initializing** 또는 **Unknown**이라고 나옵니다. **Idle**로 바뀌면 셀을 실행하세요"
           "(Run > Run All Cells, 또는 Shift+Enter로 하나씩)."),
}
"""The line each lesson of the site opens with, in the lesson's language (JupyterLab's own
words, the status and the menus, are in English in every lesson: the site has no language
pack)."""
BROWSER_NOTES = {
    "en": ("# The browser version of the course runs Python more slowly than a desktop:\n"
           "# these smaller sizes keep every cell of the lesson under a minute or so.\n"
           "# The numbers in the text come from the sizes above (the desktop's); the\n"
           "# cells below print the ones these sizes give, so some differ a little.\n"),
    "ko": ("# 브라우저판 강좌에서는 파이썬이 데스크톱보다 느리게 돕니다. 아래의 더 작은 크기로\n"
           "# 강의의 셀마다 1분 안팎에 끝나게 합니다. 본문의 숫자는 위의 크기(데스크톱의 크기)에서\n"
           "# 나온 것이고, 아래 셀들은 이 크기로 얻은 숫자를 출력하므로 조금 다를 수 있습니다.\n"),
}
"""The comment above a lesson's browser sizes, in the lesson's language."""
LANGUAGE_FOLDERS = {"ko": "ko"}
"""The site's folder of the lessons in each other language, beside the English ones."""


def lessons(folder: Path) -> Path:
    """A copy of the lessons (notebooks only, without outputs), each opening with a line
    on how Python starts in the page (JupyterLab's own status says "Unknown" meanwhile)
    and with its browser sizes, if it has any, in a cell after its `parameters` cell; and
    in ko/, the lessons whose Korean catalog is complete, built in Korean from it."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        lesson = json.loads(notebook.read_text(encoding="utf-8"))
        write_lesson(lesson, folder / notebook.name, "en")
    for language, subfolder in LANGUAGE_FOLDERS.items():
        for name, lesson in translated_lessons(language).items():
            write_lesson(lesson, folder / subfolder / f"{name}.ipynb", language)
    return folder


def write_lesson(lesson: dict, path: Path, language: str) -> None:
    """Write `lesson` to `path` as the site serves it: the starting note first, the
    browser sizes after the `parameters` cell."""
    lesson["cells"].insert(0, {"cell_type": "markdown", "id": "browser-starting",
                               "metadata": {}, "source": STARTING_NOTES[language]})
    with_browser_sizes(lesson, path.name, language)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(lesson, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def translated_lessons(language: str) -> dict[str, dict]:
    """The lessons whose catalog in `language` (notebooks/<language>/) is complete, built
    from the English ones as `python -m gamelib lessons --lang` builds them, by name; a
    lesson with an unfinished catalog is left out, saying so."""
    sys.path.insert(0, str(ROOT))              # this checkout's gamelib, as in the wheel
    try:
        import nbformat

        from gamelib import translations
        built = {}
        for catalog_path in sorted((ROOT / "notebooks" / language).glob("[0-9][0-9]-*.po")):
            english = nbformat.read(ROOT / "notebooks" / f"{catalog_path.stem}.ipynb",
                                    as_version=4)
            catalog = translations.read_catalog(catalog_path)
            if translations.problems(catalog_path.stem, english, catalog):
                print(f"{catalog_path.stem}: the {language} catalog is not complete; "
                      f"the lesson is left out of the site's {language}/ folder")
                continue
            lesson = translations.translated(english, catalog, language)
            built[catalog_path.stem] = json.loads(nbformat.writes(lesson))
    except ModuleNotFoundError as error:
        sys.exit(f"the lessons in {language} are built with {error.name}: run the build "
                 "with the lessons' Python (`make lite`, or `pip install \".[lessons]\"`)")
    return built


def with_browser_sizes(lesson: dict, name: str, language: str = "en") -> None:
    """Insert the lesson's browser sizes (metadata gamelib.browser, e.g. {"POSITIONS": 40})
    as a cell after its `parameters` cell, which a student sees and may change, with a
    comment in the lesson's `language`."""
    sizes = lesson["metadata"].get("gamelib", {}).get("browser", {})
    if not sizes:
        return
    cells = lesson["cells"]
    where = next((i for i, cell in enumerate(cells)
                  if "parameters" in cell.get("metadata", {}).get("tags", [])), None)
    if where is None:
        sys.exit(f"{name} has browser sizes but no cell tagged 'parameters' to put them after")
    source = BROWSER_NOTES[language] + "\n".join(f"{key} = {json.dumps(value)}" for key, value in sizes.items())
    cells.insert(where + 1, {"cell_type": "code", "execution_count": None,
                             "id": "browser-sizes", "metadata": {"tags": ["browser-sizes"]},
                             "outputs": [], "source": source})


def keep_pypi_off(out: Path) -> None:
    """Set disablePyPIFallback again (the build drops it), so nothing asks pypi.org."""
    config_file = out / "jupyter-lite.json"
    config = json.loads(config_file.read_text())
    plugins = config["jupyter-config-data"].setdefault("litePluginSettings", {})
    kernel = plugins.setdefault("@jupyterlite/pyodide-kernel-extension:kernel", {})
    kernel["disablePyPIFallback"] = True
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        sys.exit(f"the site does not load its own Pyodide: pyodideUrl is {kernel.get('pyodideUrl')!r}")
    config_file.write_text(json.dumps(config, indent=2))


def add_graphviz(folder: Path) -> None:
    """Graphviz compiled to WebAssembly (viz.js, one file with the wasm inside), beside
    Pyodide's folder, where gamelib looks for it."""
    folder.mkdir(parents=True)
    shutil.copy2(npm_package("@viz-js/viz", VIZ_JS) / "dist" / "viz.js", folder / "viz.js")


def build(out: Path) -> None:
    """Build the site into `out`."""
    python = tools_python()
    work = CACHE / "work"
    wheels = site_source(python, work / "src")
    content = lessons(work / "lessons")
    shutil.rmtree(out, ignore_errors=True)
    jupyter = python.parent / "jupyter"
    command: list[str | Path] = [jupyter, "lite", "build", "--lite-dir", work / "src",
                                 "--output-dir", out, "--contents", content,
                                 "--no-sourcemaps"]
    for path in wheels:
        command += ["--piplite-wheels", path]
    run(*command, cwd=work / "src")
    keep_pypi_off(out)
    add_graphviz(out / "static" / "viz")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"JupyterLite site: {out} ({size / 1e6:.0f} MB). Serve it with any web server, "
          f"e.g. `python3 -m http.server -d {out}`, and open /lab/index.html")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite",
                        help="where to write the site (default: build/lite)")
    build(parser.parse_args().out.resolve())


if __name__ == "__main__":
    main()
