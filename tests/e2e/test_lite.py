"""The course in a browser: build the JupyterLite site, serve it on 127.0.0.1, and run
lessons 00 and 03 in Debian's Chromium with no other host reachable.

Python runs inside the page (Pyodide); nothing is installed. The tests play a column on
lesson 00's board, draw a tree, step a stepper, step through lesson 03's alpha-beta
stepper, and check that the only thing that would need the internet (numpy, here for
Elo ratings) says so in one line.
Chromium is launched through Playwright with `executable_path` (never `playwright
install`). Without Chromium the tests fail when CI=true and are skipped otherwise.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator
from urllib.parse import unquote, urlparse

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parent.parent.parent
SITE = ROOT / "build" / "lite"
ARTIFACTS = ROOT / "test-artifacts"
LESSON = "00-start-here.ipynb"
ALPHABETA_LESSON = "03-alphabeta.ipynb"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
PYODIDE_CDN = "cdn.jsdelivr.net"
START_MS = 240_000          # the first cell waits for Python to start in the page
WAIT_MS = 60_000
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def chromium() -> str:
    """Debian's Chromium, or fail (CI) / skip (elsewhere) with the install command."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        message = ("Chromium is needed for the browser tests: run `scripts/setup.sh --browser` "
                   "(or `sudo apt-get install chromium`)")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types browsers insist on for modules and WebAssembly."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json"}

    def log_message(self, *args: object) -> None:
        """Stay quiet."""


@pytest.fixture(scope="module")
def site() -> Path:
    """The site, built by the build script (as `make lite` does); prints how long it took."""
    started = time.monotonic()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py"), "--out",
                    str(SITE)], check=True, stdin=subprocess.DEVNULL)
    print(f"\nJupyterLite build: {time.monotonic() - started:.0f} s")
    return SITE


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    """Serve the site on a free port of 127.0.0.1."""
    handler = functools.partial(SiteHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def playwright():
    """Playwright, started once for the module's browser windows."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as started:
        yield started


@contextlib.contextmanager
def browser_page(playwright, chromium: str, profile: Path, screenshot: str):
    """A fresh Chromium window; yields (page, requests to other hosts), every such request
    recorded and refused. Leaves a screenshot in test-artifacts/."""
    from playwright.sync_api import Route

    ARTIFACTS.mkdir(exist_ok=True)
    elsewhere: list[str] = []

    def refuse_other_hosts(route: Route) -> None:
        if urlparse(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1300, "height": 1400})
    context.route("**/*", refuse_other_hosts)
    context.on("request", lambda request: None if urlparse(request.url).hostname
               in LOCAL_HOSTS or request.url in elsewhere else elsewhere.append(request.url))
    page = context.pages[0] if context.pages else context.new_page()
    try:
        yield page, elsewhere
    finally:
        try:
            page.screenshot(path=str(ARTIFACTS / screenshot))
        except Exception:
            pass
        context.close()


@pytest.fixture(scope="module")
def lab(playwright, chromium: str, base_url: str, tmp_path_factory: pytest.TempPathFactory):
    """Lesson 00 opened and run in Chromium; yields (page, requests to other hosts)."""
    with browser_page(playwright, chromium, tmp_path_factory.mktemp("chromium-profile"),
                      "lite-lesson.png") as (page, elsewhere):
        started = time.monotonic()
        page.goto(f"{base_url}/lab/index.html?path={LESSON}", timeout=WAIT_MS)
        idle(page, WAIT_MS)
        run_all_cells(page)
        page.locator(".gamelib-playboard .gamelib-drop-3").wait_for(timeout=START_MS)
        idle(page, START_MS)
        print(f"\nlesson 00 run in the browser {time.monotonic() - started:.0f} s "
              "after opening the page")
        yield page, elsewhere


@pytest.fixture(scope="module")
def alphabeta_lesson(playwright, chromium: str, base_url: str,
                     tmp_path_factory: pytest.TempPathFactory):
    """Lesson 03 opened in a second window and run cell by cell, from the top, up to its
    first stepper (cells further down plot, which needs the internet); yields (page,
    the stepper, requests to other hosts)."""
    with browser_page(playwright, chromium, tmp_path_factory.mktemp("chromium-profile-03"),
                      "lite-lesson-03.png") as (page, elsewhere):
        started = time.monotonic()
        page.goto(f"{base_url}/lab/index.html?path={ALPHABETA_LESSON}", timeout=WAIT_MS)
        idle(page, WAIT_MS)
        run_cells_until(page, ".gamelib-stepper")
        stepper = page.locator(".gamelib-stepper").first
        print(f"\nlesson 03 run up to its stepper {time.monotonic() - started:.0f} s "
              "after opening the page")
        yield page, stepper, elsewhere


def idle(page, timeout: float) -> None:
    """Wait until the notebook's kernel is idle."""
    page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').wait_for(
        timeout=timeout)


def run_all_cells(page) -> None:
    """Run > Run All Cells, from the menu bar."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()


def run_cells_until(page, selector: str, most: int = 30) -> None:
    """Run the notebook's cells one at a time from the top (Shift+Enter), waiting for each,
    until one shows `selector`."""
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.keyboard.press("Escape")
    for _ in range(most):
        cell = page.locator(".jp-Notebook .jp-Cell.jp-mod-active").element_handle()
        page.keyboard.press("Shift+Enter")
        page.wait_for_function(
            "cell => !cell.classList.contains('jp-CodeCell') || /^\\[\\d+\\]/.test("
            "cell.querySelector('.jp-InputArea-prompt').textContent.trim())",
            arg=cell, timeout=START_MS)
        idle(page, WAIT_MS)
        if cell.query_selector(selector) is not None:
            return
    raise AssertionError(f"no cell of the notebook's first {most} showed {selector}")


def run_new_cell(page, code: str):
    """Add a cell at the end of the notebook, run it, and return its output area."""
    page.locator(".jp-Notebook .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)
    cells = page.locator(".jp-Notebook .jp-CodeCell")
    cell = cells.nth(cells.count() - 1)      # Shift+Enter adds an empty cell after it
    page.keyboard.press("Shift+Enter")
    idle(page, WAIT_MS)
    return cell.locator(".jp-OutputArea")


def svg_of(data_url: str) -> str:
    """The SVG text inside a data: URL (base64 or percent-encoded)."""
    head, _, body = data_url.partition(",")
    return base64.b64decode(body).decode() if head.endswith(";base64") else unquote(body)


def no_other_host(elsewhere: list[str]) -> None:
    """Fail on any request that left 127.0.0.1."""
    assert elsewhere == [], f"the page asked other hosts: {elsewhere}"


def test_lesson_00_runs_without_errors(lab) -> None:
    """Every cell of lesson 00 ran; none shows an error; nothing left 127.0.0.1."""
    page, elsewhere = lab
    assert page.locator(".jp-OutputArea-output[data-mime-type="
                        "'application/vnd.jupyter.stderr']").count() == 0
    texts = " ".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    assert "Error" not in texts and "X wins after" in texts
    no_other_host(elsewhere)


def test_a_column_click_gets_the_ai_disc(lab) -> None:
    """A click on column 3 drops a red disc at the bottom; the AI answers with a yellow
    disc (with no threads in the browser, it answers inside the click); its tree draws."""
    from playwright.sync_api import expect

    page, elsewhere = lab
    board = page.locator(".gamelib-playboard").first
    board.locator(".gamelib-drop-3").click()
    expect(board.locator(".gamelib-cell-5-3.gamelib-disc-x")).to_have_count(1,
                                                                            timeout=WAIT_MS)
    expect(board.locator(".gamelib-disc-o")).to_have_count(1, timeout=WAIT_MS)
    expect(board.locator(".gamelib-status")).to_contain_text("The AI played", timeout=WAIT_MS)
    board.locator(".gamelib-tree-button").click()
    expect(board.locator("svg g.node").first).to_be_visible(timeout=WAIT_MS)
    board.screenshot(path=str(ARTIFACTS / "lite-board.png"))
    no_other_host(elsewhere)


def test_a_tree_is_drawn_and_a_stepper_steps(lab) -> None:
    """draw_tree renders through Graphviz compiled to WebAssembly; the stepper's forward
    button moves to the next event and redraws."""
    from playwright.sync_api import expect

    page, elsewhere = lab
    drawing = run_new_cell(page, "from gamelib import GameTree, alphabeta, Trace, draw_tree, "
                                 "SearchStepper\n"
                                 "textbook = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])\n"
                                 "result = alphabeta(textbook, textbook.initial_state, "
                                 "trace=Trace())\n"
                                 "draw_tree(result)")
    picture = drawing.locator("img[src^='data:image/svg+xml']")   # how JupyterLab shows SVG
    expect(picture).to_have_count(1, timeout=WAIT_MS)
    svg = svg_of(picture.get_attribute("src") or "")
    assert svg.count('class="node leaf') == 7 and 'class="node pruned' in svg
    drawing.screenshot(path=str(ARTIFACTS / "lite-tree.png"))
    stepper = run_new_cell(page, "SearchStepper(result)").locator(".gamelib-stepper")
    expect(stepper.locator(".gamelib-narration")).to_contain_text("Step 1 of 30",
                                                                  timeout=WAIT_MS)
    stepper.locator(".gamelib-step-forward").click()
    expect(stepper.locator(".gamelib-narration")).to_contain_text("Step 2 of 30",
                                                                  timeout=WAIT_MS)
    expect(stepper.locator(".gamelib-stepper-picture svg g.node.current")).to_have_count(
        1, timeout=WAIT_MS)
    stepper.screenshot(path=str(ARTIFACTS / "lite-stepper.png"))
    no_other_host(elsewhere)


def test_what_needs_the_internet_says_it_in_one_line(lab) -> None:
    """Offline, Elo ratings (numpy) and a lesson's plot (matplotlib) each say in one line
    that the browser downloads the package from the internet; the only requests that
    tried to leave were for those packages, on Pyodide's server."""
    from playwright.sync_api import expect

    page, elsewhere = lab
    output = run_new_cell(page, "from gamelib.arena.stats import elo_ratings\n"
                                "elo_ratings([[0, 3], [1, 0]], [[0, 4], [4, 0]])")
    expect(output).to_have_text(
        "NeedsInternetError: Elo ratings need numpy, which the browser version of the "
        "course downloads from the internet on first use: connect, then run this cell "
        "again.", timeout=WAIT_MS)
    assert elsewhere and all(urlparse(url).hostname == PYODIDE_CDN and "/numpy-" in url
                             for url in elsewhere), elsewhere
    asked_for_numpy = len(elsewhere)
    output = run_new_cell(page, "from gamelib.viz import new_plot\n"
                                "fig, ax = new_plot(figsize=(4, 2))")
    expect(output).to_have_text(
        "NeedsInternetError: plots need matplotlib, which the browser version of the "
        "course downloads from the internet on first use: connect, then run this cell "
        "again.", timeout=WAIT_MS)
    plot_requests = elsewhere[asked_for_numpy:]
    assert any("/matplotlib-" in url for url in plot_requests), plot_requests
    assert all(urlparse(url).hostname == PYODIDE_CDN and url.endswith(".whl")
               for url in plot_requests), plot_requests


def test_lesson_03_steps_through_alpha_beta(alphabeta_lesson) -> None:
    """Lesson 03's alpha-beta stepper answers its buttons in the browser: forward moves to
    the next event (new narration, the current node redrawn), back returns, and the last
    step shows the branches the search pruned."""
    from playwright.sync_api import expect

    page, stepper, elsewhere = alphabeta_lesson
    narration = stepper.locator(".gamelib-narration")
    picture = stepper.locator(".gamelib-stepper-picture")
    expect(picture.locator("svg g.node").first).to_be_visible(timeout=WAIT_MS)
    step, steps = step_number(narration.inner_text())
    assert "alpha" in narration.inner_text() or "alpha" in stepper.inner_text()
    before = (narration.inner_text(), picture.inner_html())
    started = time.monotonic()
    stepper.locator(".gamelib-step-forward").click()
    expect(narration).to_contain_text(f"Step {step + 1} of {steps}.", timeout=WAIT_MS)
    print(f"\none step of the stepper: {time.monotonic() - started:.2f} s")
    assert narration.inner_text() != before[0] and picture.inner_html() != before[1]
    expect(picture.locator("svg g.node.current")).to_have_count(1, timeout=WAIT_MS)
    stepper.locator(".gamelib-step-back").click()
    expect(narration).to_have_text(before[0], timeout=WAIT_MS)
    stepper.locator(".gamelib-step-last").click()
    expect(narration).to_contain_text(f"Step {steps} of {steps}.", timeout=WAIT_MS)
    expect(picture.locator("svg g.node.pruned").first).to_be_visible(timeout=WAIT_MS)
    stepper.screenshot(path=str(ARTIFACTS / "lite-alphabeta-stepper.png"))
    no_other_host(elsewhere)


def step_number(narration: str) -> tuple[int, int]:
    """(k, n) from a stepper's narration "Step k of n. ..."."""
    words = narration.split()
    return int(words[1]), int(words[3].rstrip("."))
