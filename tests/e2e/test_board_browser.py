"""Real-browser tests of the boards, in JupyterLab and in Voila (Debian's Chromium).

Each test runs once per front end. The defects they pin live in the browser: marks left
on screen after Undo (1), a double-click playing two moves (2), the Tic-Tac-Toe grid
stretching (4), unreadable colours in the dark theme (5), the board greying out while
the AI thinks, and a tree drawn at its natural size. Screenshots go to build/e2e/.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from test_browser import CHROMIUM_ARGS, find_chromium, free_port, stop, wait_for_port

pytestmark = pytest.mark.e2e

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
SHOTS = ROOT / "build" / "e2e"
NOTEBOOK = "boards.ipynb"
TOKEN = "gamelib-boards"
WAIT_MS = 30_000


def contrast(fore: str, back: str) -> float:
    """The WCAG contrast ratio of two CSS rgb()/rgba() colours."""
    def luminance(colour: str) -> float:
        parts = [float(x) for x in colour[colour.index("(") + 1:-1].split(",")[:3]]
        linear = [(c / 255) / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
                  for c in parts]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted([luminance(fore), luminance(back)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def serve(kind: str, folder: Path, notebook: str = NOTEBOOK) -> tuple[subprocess.Popen, int]:
    """Start Voila (on `notebook`) or JupyterLab in `folder`; return the process and port."""
    port, log = free_port(), open(folder / f"{kind}.log", "w")
    if kind == "voila":
        command = [sys.executable, "-m", "voila", notebook, "--no-browser", f"--port={port}",
                   "--Voila.ip=127.0.0.1", f"--token={TOKEN}"]
    else:
        settings = folder / "settings"
        (settings / "@jupyterlab" / "apputils-extension").mkdir(parents=True)
        (settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
         ).write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
                   "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={TOKEN}",
                   "--allow-root", f"--LabApp.user_settings_dir={settings}",
                   f"--LabApp.workspaces_dir={folder / 'workspaces'}",
                   "--LabApp.expose_app_in_browser=True", "--ServerApp.open_browser=False"]
    process = subprocess.Popen(command, cwd=folder, stdout=log, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL)
    wait_for_port(port, process, folder / f"{kind}.log")
    return process, port


def open_boards(context, kind: str, port: int, dark: bool = False):
    """A tab showing the notebook's two boards, drawn and ready."""
    tab = context.new_page()
    if kind == "voila":
        theme = "&theme=dark" if dark else ""
        tab.goto(f"http://127.0.0.1:{port}/?token={TOKEN}{theme}", timeout=90_000)
    else:
        tab.goto(f"http://127.0.0.1:{port}/lab/tree/{NOTEBOOK}?token={TOKEN}", timeout=90_000)
        accept = tab.locator(".jp-Dialog .jp-mod-accept")          # "Select Kernel"
        try:
            accept.wait_for(timeout=15_000)
            accept.click()
        except Exception:
            pass                                                   # no dialog this time
        tab.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').wait_for(
            timeout=90_000)
        if dark:
            tab.evaluate("() => { window.jupyterapp.commands.execute('apputils:change-theme', "
                         "{theme: 'JupyterLab Dark'}); }")
        tab.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    tab.locator(".gamelib-ttt-grid").first.wait_for(timeout=90_000)
    tab.locator(".gamelib-c4-frame").first.wait_for(timeout=90_000)
    return tab


@pytest.fixture(scope="module", params=["lab", "voila"])
def frontend(request, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple]:
    """(browser context, front end, port): a server and a Chromium for each front end."""
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        pytest.skip("Chromium is needed for the browser tests: scripts/setup.sh --browser")
    kind = request.param
    folder = tmp_path_factory.mktemp(kind)
    shutil.copy(HERE / NOTEBOOK, folder / NOTEBOOK)
    SHOTS.mkdir(parents=True, exist_ok=True)
    process, port = serve(kind, folder)
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(folder / "profile"), executable_path=chromium, headless=True,
                args=CHROMIUM_ARGS, viewport={"width": 1400, "height": 1300})
            try:
                yield context, kind, port
            finally:
                context.close()
    finally:
        stop(process)


@pytest.fixture(scope="module")
def page(frontend):
    """The light-theme tab of this front end."""
    context, kind, port = frontend
    tab = open_boards(context, kind, port)
    yield tab
    tab.screenshot(path=str(SHOTS / f"{kind}-page.png"), full_page=True)


def c4(page):
    return page.locator(".gamelib-playboard").filter(has=page.locator(".gamelib-c4-frame"))


def ttt(page):
    return page.locator(".gamelib-playboard").filter(has=page.locator(".gamelib-ttt-grid"))


def text_of(locator) -> str:
    """The element's visible text, trimmed (a no-break space counts as nothing)."""
    return locator.evaluate("el => el.textContent.trim()")


def test_undo_leaves_no_ghost_marks(page, frontend) -> None:
    from playwright.sync_api import expect
    board = ttt(page)
    board.locator(".gamelib-cell-1-1").click()
    expect(board.locator(".gamelib-mark-o")).to_have_count(1, timeout=WAIT_MS)
    expect(board.locator(".gamelib-status")).to_contain_text("Your move", timeout=WAIT_MS)
    board.locator(".gamelib-undo").click()
    expect(board.locator(".gamelib-mark-x")).to_have_count(0, timeout=WAIT_MS)
    page.wait_for_function("el => [...el.querySelectorAll('.gamelib-cell')].every("
                           "c => c.textContent.trim() === '')",
                           arg=board.element_handle(), timeout=WAIT_MS)
    board.screenshot(path=str(SHOTS / f"{frontend[1]}-tictactoe-after-undo.png"))


def test_a_double_click_plays_one_move(page) -> None:
    from playwright.sync_api import expect
    board = c4(page)
    board.locator(".gamelib-opponent select").select_option(label="Random")
    board.locator(".gamelib-new").click()
    expect(board.locator(".gamelib-disc-x")).to_have_count(0, timeout=WAIT_MS)
    board.locator(".gamelib-drop-3").dblclick()
    expect(board.locator(".gamelib-disc-o")).to_have_count(1, timeout=WAIT_MS)
    page.wait_for_timeout(1500)                       # a second move would have landed
    assert board.locator(".gamelib-disc-x").count() == 1
    assert board.locator(".gamelib-disc-o").count() == 1


def test_the_grid_does_not_stretch_when_the_why_panel_grows(page) -> None:
    from playwright.sync_api import expect
    board = ttt(page)
    board.locator(".gamelib-new").click()
    grid = board.locator(".gamelib-ttt-grid")
    before = grid.bounding_box()["height"]
    board.locator(".gamelib-cell-0-0").click()
    expect(board.locator(".gamelib-why-table").first).to_be_visible(timeout=WAIT_MS)
    panel = board.locator(".gamelib-why-panel").bounding_box()["height"]
    assert panel > before + 20                          # the panel is taller than the grid
    assert abs(grid.bounding_box()["height"] - before) < 2


def test_the_board_greys_out_while_the_ai_thinks(page, frontend) -> None:
    from playwright.sync_api import expect
    board = c4(page)
    board.locator(".gamelib-opponent select").select_option(label="Iterative deepening, 3 s")
    board.locator(".gamelib-new").click()
    expect(board.locator(".gamelib-disc-x")).to_have_count(0, timeout=WAIT_MS)
    board.locator(".gamelib-drop-2").click()
    busy = page.locator(".gamelib-playboard.gamelib-busy")
    expect(busy).to_have_count(1, timeout=WAIT_MS)
    opacity = "el => Number(getComputedStyle(el).opacity)"
    assert board.locator(".gamelib-undo").evaluate(opacity) < 0.6
    assert board.locator(".gamelib-c4-frame").evaluate(opacity) < 0.8
    assert "gamelib-unplayable" in board.locator(".gamelib-drop-0").get_attribute("class")
    assert board.locator(".gamelib-cell-5-0").get_attribute("aria-disabled") == "true"
    assert not board.locator(".gamelib-new").is_disabled()
    board.screenshot(path=str(SHOTS / f"{frontend[1]}-connect4-thinking.png"))
    expect(busy).to_have_count(0, timeout=WAIT_MS)
    expect(board.locator(".gamelib-disc-o")).to_have_count(1, timeout=WAIT_MS)
    assert board.locator(".gamelib-undo").evaluate(opacity) == 1


def test_show_the_tree_draws_at_a_readable_size(page, frontend) -> None:
    from playwright.sync_api import expect
    board = c4(page)
    board.locator(".gamelib-opponent select").select_option(label="Alpha-beta, depth 4 (medium)")
    board.locator(".gamelib-new").click()
    expect(board.locator(".gamelib-disc-x")).to_have_count(0, timeout=WAIT_MS)
    board.locator(".gamelib-drop-3").click()
    expect(board.locator(".gamelib-disc-o")).to_have_count(1, timeout=WAIT_MS)
    expect(board.locator(".gamelib-tree-button")).to_be_enabled(timeout=WAIT_MS)
    board.locator(".gamelib-tree-button").click()
    svg = board.locator(".gamelib-tree-panel svg")
    expect(svg).to_have_count(1, timeout=WAIT_MS)
    natural = float(svg.get_attribute("width").removesuffix("pt")) * 4 / 3
    assert svg.bounding_box()["width"] > 0.95 * natural          # drawn, not shrunk
    font = svg.locator("text").first.evaluate(
        "el => el.getBoundingClientRect().height")
    assert font >= 9
    board.screenshot(path=str(SHOTS / f"{frontend[1]}-connect4-tree.png"))


def test_review_marks_the_moves(page, frontend) -> None:
    from playwright.sync_api import expect
    board = ttt(page)
    board.locator(".gamelib-new").click()
    board.locator(".gamelib-cell-0-1").click()
    expect(board.locator(".gamelib-mark-o")).to_have_count(1, timeout=WAIT_MS)
    board.locator(".gamelib-review-button").click()
    expect(board.locator(".gamelib-review-table tr")).to_have_count(2, timeout=WAIT_MS)
    expect(board.locator(".gamelib-review-table")).to_contain_text("best", timeout=WAIT_MS)
    board.locator(".gamelib-exact summary").click()
    expect(board.locator(".gamelib-exact-table")).to_be_visible(timeout=WAIT_MS)
    board.screenshot(path=str(SHOTS / f"{frontend[1]}-tictactoe-review.png"))


def test_dark_theme_keeps_the_chosen_row_readable(frontend) -> None:
    from playwright.sync_api import expect
    context, kind, port = frontend
    tab = open_boards(context, kind, port, dark=True)
    try:
        board = ttt(tab)
        board.locator(".gamelib-cell-1-1").click()
        row = board.locator("tr.gamelib-chosen").first
        expect(row).to_be_visible(timeout=WAIT_MS)
        colours = row.evaluate("el => [getComputedStyle(el).color, "
                               "getComputedStyle(el).backgroundColor]")
        assert contrast(*colours) >= 4.5, colours
        page_background = board.evaluate(
            "el => { for (let n = el; n; n = n.parentElement) { const c = "
            "getComputedStyle(n).backgroundColor; if (c !== 'rgba(0, 0, 0, 0)' && "
            "c !== 'transparent') return c; } return 'rgb(255, 255, 255)'; }")
        assert contrast("rgb(255, 255, 255)", page_background) > 4.5   # really dark
        drop = c4(tab).locator(".gamelib-drop-3")           # as a column no one may play
        style = drop.evaluate("el => { el.classList.add('gamelib-unplayable'); const s = "
                              "getComputedStyle(el); return [s.color, s.backgroundColor, "
                              "s.opacity]; }")
        assert float(style[2]) == 1 and contrast(style[0], style[1]) >= 4.5, style
        assert contrast(style[1], page_background) >= 3, (style, page_background)
        drop.evaluate("el => el.classList.remove('gamelib-unplayable')")
        board.screenshot(path=str(SHOTS / f"{kind}-tictactoe-dark.png"))
        c4(tab).screenshot(path=str(SHOTS / f"{kind}-connect4-dark.png"))
    finally:
        tab.close()
