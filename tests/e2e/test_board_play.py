"""The boards played in JupyterLab as a student plays them (Debian's Chromium).

What a good web game promises, checked in a real browser: the whole board and its buttons
fit a 1024x768 window with the file browser open and a 150% zoom; your own disc shows
within a frame of the click; a click right after the AI's reply is played, not dropped;
a whole game can be played with the keyboard alone, focus staying on the board; cells and
buttons have names; tree pictures open centred, at a readable size. Screenshots of
1024x768, 1920x1080 and 150% zoom, light and dark, go to build/e2e/.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Iterator

import pytest

from test_board_browser import serve, TOKEN
from test_browser import CHROMIUM_ARGS, find_chromium, stop

pytestmark = pytest.mark.e2e

HERE = Path(__file__).parent
SHOTS = HERE.parent.parent / "build" / "e2e"
NOTEBOOK = "board_play.ipynb"
WAIT_MS = 30_000
SIZES = {"1024x768": ({"width": 1024, "height": 768}, 1),
         "1920x1080": ({"width": 1920, "height": 1080}, 1),
         "zoom150": ({"width": 683, "height": 512}, 1.5)}
"""Window sizes in CSS pixels: a 1024x768 window at 150% zoom lays out as 683x512."""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple]:
    """(browser, port): JupyterLab serving a copy of the notebook, and a Chromium."""
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        pytest.skip("Chromium is needed for the browser tests: scripts/setup.sh --browser")
    folder = tmp_path_factory.mktemp("play")
    shutil.copy(HERE / NOTEBOOK, folder / NOTEBOOK)
    SHOTS.mkdir(parents=True, exist_ok=True)
    process, port = serve("lab", folder)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                                 args=CHROMIUM_ARGS)
            try:
                yield browser, port
            finally:
                browser.close()
    finally:
        stop(process)


def open_notebook(lab, size: str = "1024x768", dark: bool = False):
    """A tab of the given size with the notebook run and every widget drawn."""
    browser, port = lab
    viewport, scale = SIZES[size]
    tab = browser.new_context(viewport=viewport, device_scale_factor=scale).new_page()
    tab.goto(f"http://127.0.0.1:{port}/lab/tree/{NOTEBOOK}?token={TOKEN}", timeout=90_000)
    accept = tab.locator(".jp-Dialog .jp-mod-accept")                # "Select Kernel"
    try:
        accept.wait_for(timeout=15_000)
        accept.click()
    except Exception:
        pass
    tab.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').wait_for(
        state="attached", timeout=90_000)              # (hidden in a narrow toolbar)
    if dark:
        tab.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', "
                     "{theme: 'JupyterLab Dark'})")
    if not tab.locator(".jp-FileBrowser").is_visible():
        tab.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    tab.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    tab.locator(".gamelib-stepper-picture svg").wait_for(timeout=90_000)
    tab.locator(".gamelib-tree-panel svg").wait_for(timeout=90_000)
    return tab


@pytest.fixture(scope="module")
def page(lab):
    """The notebook at 1024x768, light theme, file browser open."""
    tab = open_notebook(lab)
    yield tab
    tab.context.close()


def board_of(page, index: int):
    """The index-th board of the notebook (0: explained, 1: Connect Four, 2: Tic-Tac-Toe)."""
    return page.locator(".gamelib-playboard").nth(index)


OUT_OF_VIEW = """board => {
  // Every part of the board (cells, buttons, menus) that is cut off or scrolled away
  // sideways, and every button whose label does not fit: [] when all is visible.
  const area = board.closest('.jp-OutputArea-output') || board.parentElement;
  const edge = area.getBoundingClientRect();
  const bad = [];
  for (const scroller of [area, board, ...board.querySelectorAll('.widget-box')]) {
    if (scroller.scrollWidth > scroller.clientWidth + 1) bad.push('scrolls: ' + scroller.className);
  }
  const parts = board.querySelectorAll('.gamelib-cells, button, select, .widget-radio-box');
  for (const part of parts) {
    const box = part.getBoundingClientRect();
    if (box.width === 0) continue;
    if (box.left < edge.left - 1 || box.right > edge.right + 1 || box.right > innerWidth)
      bad.push('outside: ' + (part.textContent.trim() || part.className));
    if (part.tagName === 'BUTTON' && part.scrollWidth > part.clientWidth + 1)
      bad.push('label cut: ' + part.textContent.trim());
  }
  return bad;
}"""


@pytest.mark.parametrize("size", ["1024x768", "zoom150"])
def test_the_whole_board_fits_with_the_file_browser_open(lab, size) -> None:
    tab = open_notebook(lab, size)
    try:
        if size == "1024x768":
            assert tab.locator(".jp-FileBrowser").is_visible()
        for index in range(3):
            board = board_of(tab, index)
            board.scroll_into_view_if_needed()
            assert board.evaluate(OUT_OF_VIEW) == [], (size, index)
        explained = board_of(tab, 0)
        grid = explained.locator(".gamelib-cells").bounding_box()
        why = explained.locator(".gamelib-why-panel").bounding_box()
        beside = why["x"] >= grid["x"] + grid["width"] - 1
        below = why["y"] >= grid["y"] + grid["height"] - 1
        assert beside or below                           # never on top of the board
        if size == "zoom150":
            assert below                                 # no room beside it: wrapped below
    finally:
        tab.context.close()


def test_your_disc_shows_within_a_frame_of_the_click(page) -> None:
    from playwright.sync_api import expect
    board = board_of(page, 1)
    board.locator(".gamelib-new").click()
    expect(board.locator(".gamelib-disc-x")).to_have_count(0, timeout=WAIT_MS)
    expect(board.locator(".gamelib-busy")).to_have_count(0, timeout=WAIT_MS)
    cell = board.locator(".gamelib-cell-5-2")
    cell.evaluate("""cell => {
      window.gamelibEcho = {};
      const drop = cell.closest('.gamelib-board-view').querySelector('.gamelib-drop-2');
      drop.addEventListener('click', () => { window.gamelibEcho.click = performance.now(); },
                            {capture: true});
      new MutationObserver((changes, observer) => {
        if (cell.classList.contains('gamelib-disc-x')) {
          window.gamelibEcho.shown = performance.now();
          observer.disconnect();
        }
      }).observe(cell, {attributes: true});
    }""")
    board.locator(".gamelib-drop-2").click()
    expect(cell).to_have_class(re.compile("gamelib-disc-x"), timeout=WAIT_MS)
    echo = page.evaluate("() => window.gamelibEcho")
    assert "click" in echo and echo["shown"] - echo["click"] < 50, echo
    expect(board.locator(".gamelib-disc-o")).to_have_count(1, timeout=WAIT_MS)


def test_a_click_right_after_the_ai_reply_is_never_dropped(page) -> None:
    """The page itself clicks the next column in the very task that draws the AI's disc."""
    from playwright.sync_api import expect
    board = board_of(page, 1)
    board.locator(".gamelib-new").click()
    expect(board.locator(".gamelib-disc-x")).to_have_count(0, timeout=WAIT_MS)
    expect(board.locator(".gamelib-busy")).to_have_count(0, timeout=WAIT_MS)
    board.evaluate("""board => {
      const columns = [0, 1, 2, 4, 5];          // (the centre is closed on move one)
      let next = 1;
      board.querySelector('.gamelib-drop-0').click();
      new MutationObserver((changes, observer) => {
        const replies = board.querySelectorAll('.gamelib-disc-o').length;
        if (replies === next && next < columns.length) {
          board.querySelector('.gamelib-drop-' + columns[next]).click();
          next += 1;
        }
        if (next === columns.length) observer.disconnect();
      }).observe(board.querySelector('.gamelib-c4-frame'),
                 {attributes: true, subtree: true, attributeFilter: ['class']});
    }""")
    expect(board.locator(".gamelib-disc-x")).to_have_count(5, timeout=WAIT_MS)
    expect(board.locator(".gamelib-disc-o")).to_have_count(5, timeout=WAIT_MS)


FOCUS = """() => {
  const cell = document.activeElement;
  return cell && cell.getAttribute('role') === 'gridcell'
    ? [...cell.classList].find(c => /^gamelib-cell-\\d+-\\d+$/.test(c)) : null;
}"""


def test_a_whole_game_with_the_keyboard_alone(page) -> None:
    from playwright.sync_api import expect
    board = board_of(page, 2)
    board.locator(".gamelib-new").click()
    expect(board.locator(".gamelib-mark-x")).to_have_count(0, timeout=WAIT_MS)
    board.locator(".gamelib-review-button").focus()
    page.keyboard.press("Tab")                        # the board is the next tab stop
    assert page.evaluate(FOCUS) is not None
    assert board.locator('[role="gridcell"][tabindex="0"]').count() == 1   # one tab stop
    page.keyboard.press("ArrowRight")
    board.locator(".gamelib-cells").screenshot(path=str(SHOTS / "play-keyboard-focus.png"))
    page.keyboard.press("ArrowLeft")
    for turn in range(1, 6):
        focused = page.evaluate(FOCUS)
        row, col = (int(n) for n in focused.split("-")[-2:])
        empty = [(r, c) for r in range(3) for c in range(3)
                 if "gamelib-empty" in board.locator(f".gamelib-cell-{r}-{c}").get_attribute("class")]
        target = min(empty, key=lambda rc: abs(rc[0] - row) + abs(rc[1] - col))
        for _ in range(abs(target[0] - row)):
            page.keyboard.press("ArrowDown" if target[0] > row else "ArrowUp")
        for _ in range(abs(target[1] - col)):
            page.keyboard.press("ArrowRight" if target[1] > col else "ArrowLeft")
        assert page.evaluate(FOCUS) == f"gamelib-cell-{target[0]}-{target[1]}"
        page.keyboard.press("Enter" if turn % 2 else "Space")
        expect(board.locator(".gamelib-mark-x")).to_have_count(turn, timeout=WAIT_MS)
        page.wait_for_function(                        # the AI's reply, or the end
            "([board, turn]) => board.querySelector('.gamelib-result') !== null || ("
            "board.querySelectorAll('.gamelib-mark-o').length === turn && "
            "board.querySelector('.gamelib-status').textContent.includes('Your move'))",
            arg=[board.element_handle(), turn], timeout=WAIT_MS)
        assert page.evaluate(FOCUS) is not None, turn      # focus stays on the board
        if board.locator(".gamelib-result").count():
            break
    expect(board.locator(".gamelib-result")).to_have_count(1, timeout=WAIT_MS)
    live = board.locator(".gamelib-live")
    expect(live).to_contain_text(board.locator(".gamelib-status").inner_text().strip())


def test_connect_four_keys_choose_a_column_and_drop(page) -> None:
    from playwright.sync_api import expect
    board = board_of(page, 1)
    board.locator(".gamelib-new").click()
    expect(board.locator(".gamelib-disc-x")).to_have_count(0, timeout=WAIT_MS)
    board.locator(".gamelib-cell-0-0").focus()
    page.keyboard.press("End")                        # the last column
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(board.locator(".gamelib-cell-5-5.gamelib-disc-x")).to_have_count(1, timeout=WAIT_MS)
    expect(board.locator(".gamelib-disc-o")).to_have_count(1, timeout=WAIT_MS)
    assert page.evaluate(FOCUS) == "gamelib-cell-0-5"


def test_cells_and_buttons_have_names_and_closed_columns_say_why(page) -> None:
    from playwright.sync_api import expect
    board = board_of(page, 1)
    board.locator(".gamelib-new").click()
    expect(board.locator(".gamelib-disc-x")).to_have_count(0, timeout=WAIT_MS)
    grid = board.get_by_role("grid")
    expect(grid).to_have_count(1)
    centre = grid.get_by_role("gridcell", name="column 3, row 1: empty (the first player "
                                               "may not open in the centre column)")
    expect(centre).to_have_attribute("aria-disabled", "true", timeout=WAIT_MS)
    expect(grid.get_by_role("gridcell", name="column 0, row 6: empty")).to_have_count(1)
    names = board.locator('[role="gridcell"]').evaluate_all(
        "cells => cells.map(c => c.getAttribute('aria-label'))")
    assert len(names) == 42 and len(set(names)) == 42
    unnamed = board.evaluate("""board => [...board.querySelectorAll('button, input, select')]
      .filter(b => b.offsetParent !== null && b.getAttribute('aria-hidden') !== 'true'
        && !b.closest('[aria-hidden="true"]'))
      .filter(b => !(b.textContent.trim() || b.getAttribute('aria-label') || b.title
        || (b.labels && [...b.labels].some(l => l.textContent.trim()))))
      .map(b => b.outerHTML.slice(0, 80))""")
    assert unnamed == []
    why = board.get_by_role("checkbox", name="Why this move?")
    expect(why).to_be_checked()
    expect(board.get_by_role("radio", name="You play red (first)")).to_be_checked()


IN_VIEW = """stepper => {
  const node = stepper.querySelector('g.node.current');
  const frame = stepper.querySelector('.gamelib-viewport');
  if (!node || !frame) return false;
  const a = node.getBoundingClientRect(), f = frame.getBoundingClientRect();
  return a.left >= f.left && a.right <= f.right && a.top >= f.top && a.bottom <= f.bottom;
}"""


def test_trees_open_centred_and_the_current_node_stays_in_view(page) -> None:
    from playwright.sync_api import expect
    board = board_of(page, 0)
    frame = board.locator(".gamelib-tree-panel .gamelib-viewport")
    frame.scroll_into_view_if_needed()
    view = frame.bounding_box()
    root = board.evaluate("""board => {
      const nodes = [...board.querySelectorAll('.gamelib-tree-panel g.node')];
      const top = nodes.reduce((a, b) => a.getBoundingClientRect().top
                                       <= b.getBoundingClientRect().top ? a : b);
      const box = top.getBoundingClientRect();
      return {x: box.x + box.width / 2, y: box.y, scale: Number(
        board.querySelector('.gamelib-viewport').dataset.scale)};
    }""")
    assert abs(root["x"] - (view["x"] + view["width"] / 2)) < 30        # centred sideways
    assert view["y"] <= root["y"] <= view["y"] + view["height"] / 2       # near the top
    assert root["scale"] == 1                                             # natural size
    stepper = page.locator(".gamelib-stepper")
    picture = stepper.locator(".gamelib-viewport")
    picture.scroll_into_view_if_needed()
    for step in range(18, 26):
        stepper.locator(".gamelib-step-forward").click()
        expect(stepper.locator(".gamelib-narration")).to_contain_text(f"Step {step} of",
                                                                      timeout=WAIT_MS)
        page.wait_for_function(IN_VIEW, arg=stepper.element_handle(), timeout=5_000)
    font = stepper.locator("g.node text").first.evaluate("el => el.getBoundingClientRect().height")
    assert font >= 9                                                      # still readable
    stepper.locator(".gamelib-viewport-zoom-in").click()
    assert picture.get_attribute("data-scale") == "1.25"


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_screenshots(lab, size, theme) -> None:
    """Pictures to look at: each board and the stepper, at each size, in each theme."""
    from playwright.sync_api import expect
    tab = open_notebook(lab, size, dark=theme == "dark")
    try:
        board = board_of(tab, 1)
        board.locator(".gamelib-drop-2").click()
        expect(board.locator(".gamelib-disc-o")).to_have_count(1, timeout=WAIT_MS)
        for index, name in enumerate(["explained", "connect4", "tictactoe"]):
            board_of(tab, index).scroll_into_view_if_needed()
            tab.screenshot(path=str(SHOTS / f"play-{name}-{size}-{theme}.png"))
        tab.locator(".gamelib-stepper").scroll_into_view_if_needed()
        tab.screenshot(path=str(SHOTS / f"play-stepper-{size}-{theme}.png"))
    finally:
        tab.context.close()
