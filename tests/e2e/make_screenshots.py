"""Regenerate the README screenshots figures/playboard.png and figures/stepper.png.

Usage: .venv/bin/python tests/e2e/make_screenshots.py   (needs Debian's chromium)
Voila serves a small notebook; Chromium (through Playwright) photographs the widgets.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).parent))
from test_browser import CHROMIUM_ARGS, ROOT, find_chromium, free_port, stop  # noqa: E402

CELLS = [
    "from gamelib import ConnectFour, GameTree, PlayBoard, SearchStepper, Trace, alphabeta",
    'board = PlayBoard(ConnectFour(), opponent="alphabeta:6")\n'
    "for move in [3, 3, 4, 2]:\n    board.click(move)\nboard",
    "tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])\n"
    "stepper = SearchStepper(alphabeta(tree, tree.initial_state, trace=Trace()))\n"
    "stepper.go(17)\nstepper",
]
SHOTS = {".gamelib-playboard": "playboard.png", ".gamelib-stepper": "stepper.png"}


def write_notebook(folder: Path) -> Path:
    """The notebook to photograph."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    path = folder / "screenshots.ipynb"
    nbformat.write(notebook, path)
    return path


def wait_for_port(port: int, seconds: float = 60) -> None:
    """Poll until the server accepts connections."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"Voila did not open port {port}")


def main() -> None:
    """Serve, photograph, save into figures/."""
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        sys.exit("chromium is needed: scripts/setup.sh --browser")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        notebook = write_notebook(folder)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "voila", notebook.name, "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1", "--token=shots"], cwd=folder,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        try:
            wait_for_port(port)
            with sync_playwright() as playwright:
                context = playwright.chromium.launch_persistent_context(
                    str(folder / "profile"), executable_path=chromium, headless=True,
                    args=CHROMIUM_ARGS, viewport={"width": 1300, "height": 1000})
                page = context.pages[0] if context.pages else context.new_page()
                page.goto(f"http://127.0.0.1:{port}/?token=shots", timeout=60_000)
                page.locator(".gamelib-stepper-picture svg").wait_for(timeout=90_000)
                for selector, name in SHOTS.items():
                    target = ROOT / "figures" / name
                    page.locator(selector).first.screenshot(path=str(target))
                    print("wrote", target)
                context.close()
        finally:
            stop(server)


if __name__ == "__main__":
    main()
