"""The boards played as a student plays them, in JupyterLab and in Voila (Debian's Chromium).

What a good web game promises, checked in a real browser: the whole board and its buttons
fit a 1024x768 window (with JupyterLab's file browser open) and a 150% zoom; your own disc
shows within a frame of the click; a click right after the AI's reply is played, not
dropped; a whole game of Tic-Tac-Toe and of Connect Four can be played with the keyboard
alone, focus staying on the board; the review marks every move and its move list steps
back through the game; cells and buttons have names; tree pictures open centred, at a
readable size. One server and one tab per front end serve every test; the tab is resized
for the other window sizes. In JupyterLab, screenshots of 1024x768, 1920x1080 and 150%
zoom, light and dark, go to build/e2e/.
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
SIZES = {"1024x768": {"width": 1024, "height": 768},
         "1920x1080": {"width": 1920, "height": 1080},
         "zoom150": {"width": 683, "height": 512}}
"""Window sizes in CSS pixels: a 1024x768 window at 150% zoom lays out as 683x512."""
RESULTS = ("You win!", "The AI wins.", "Draw.")


@pytest.fixture(scope="module", params=["lab", "voila"])
def frontend(request, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple]:
    """(browser, front end, port): JupyterLab or Voila serving a copy of the notebook,
    and a Chromium."""
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        pytest.skip("Chromium is needed for the browser tests: scripts/setup.sh --browser")
    kind = request.param
    folder = tmp_path_factory.mktemp(f"play-{kind}")
    shutil.copy(HERE / NOTEBOOK, folder / NOTEBOOK)
    SHOTS.mkdir(parents=True, exist_ok=True)
    process, port = serve(kind, folder, NOTEBOOK)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                                 args=CHROMIUM_ARGS)
            try:
                yield browser, kind, port
            finally:
                browser.close()
    finally:
        stop(process)


def open_notebook(frontend):
    """A 1024x768 tab with the notebook run and every widget drawn (in JupyterLab, with
    the file browser open)."""
    browser, kind, port = frontend
    tab = browser.new_context(viewport=SIZES["1024x768"]).new_page()
    if kind == "voila":
        tab.goto(f"http://127.0.0.1:{port}/?token={TOKEN}", timeout=90_000)
    else:
        tab.goto(f"http://127.0.0.1:{port}/lab/tree/{NOTEBOOK}?token={TOKEN}", timeout=90_000)
        accept = tab.locator(".jp-Dialog .jp-mod-accept")            # "Select Kernel"
        try:
            accept.wait_for(timeout=15_000)
            accept.click()
        except Exception:
            pass
        tab.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').wait_for(
            state="attached", timeout=90_000)          # (hidden in a narrow toolbar)
        if not tab.locator(".jp-FileBrowser").is_visible():
            tab.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        tab.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    tab.locator(".gamelib-stepper-picture svg").wait_for(timeout=90_000)
    tab.locator(".gamelib-tree-panel svg").wait_for(timeout=90_000)
    return tab


@pytest.fixture(scope="module")
def page(frontend):
    """The notebook at 1024x768, light theme, in this front end."""
    tab = open_notebook(frontend)
    yield tab
    tab.context.close()


def board_of(page, index: int):
    """The index-th board of the notebook (0: explained, 1: Connect Four against a random
    player, 2: Tic-Tac-Toe, 3: Connect Four against the perfect player)."""
    return page.locator(".gamelib-playboard").nth(index)


def new_game(board) -> None:
    """Press New game and wait for the empty board."""
    from playwright.sync_api import expect
    board.locator(".gamelib-new").click()
    expect(board.locator(".gamelib-cell:not(.gamelib-empty)")).to_have_count(0, timeout=WAIT_MS)
    expect(board.locator(".gamelib-busy")).to_have_count(0, timeout=WAIT_MS)


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


CHOICE_CUT = """board => {
  // The entries of each menu that would not fit once chosen (a native menu cuts the
  // chosen entry off silently): [] when every name can be read.
  const cut = [];
  for (const menu of board.querySelectorAll('select')) {
    const style = getComputedStyle(menu);
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = style.font;
    const room = menu.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    for (const option of menu.options)
      if (pen.measureText(option.text).width > room + 1) cut.push(option.text);
  }
  return cut;
}"""


def test_the_whole_board_fits_a_laptop_window_and_a_150_percent_zoom(page, frontend) -> None:
    try:
        for size in ("1024x768", "zoom150"):
            page.set_viewport_size(SIZES[size])
            if frontend[1] == "lab" and size == "1024x768":
                assert page.locator(".jp-FileBrowser").is_visible()
            for index in range(4):
                board = board_of(page, index)
                board.scroll_into_view_if_needed()
                assert board.evaluate(OUT_OF_VIEW) == [], (size, index)
                assert board.evaluate(CHOICE_CUT) == [], (size, index)
            explained = board_of(page, 0)
            grid = explained.locator(".gamelib-cells").bounding_box()
            why = explained.locator(".gamelib-why-panel").bounding_box()
            beside = why["x"] >= grid["x"] + grid["width"] - 1
            below = why["y"] >= grid["y"] + grid["height"] - 1
            assert beside or below                       # never on top of the board
            if size == "zoom150":
                assert below                             # no room beside it: wrapped below
    finally:
        page.set_viewport_size(SIZES["1024x768"])


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


def test_a_whole_game_of_tic_tac_toe_with_the_keyboard_alone(page) -> None:
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


def go_to_column(page, target: int) -> None:
    """Move the focus to column `target` with Home, End and the arrow keys."""
    row, col = (int(n) for n in page.evaluate(FOCUS).split("-")[-2:])
    if target == 0:
        page.keyboard.press("Home")
    elif target == 6:
        page.keyboard.press("End")
    else:
        for _ in range(abs(target - col)):
            page.keyboard.press("ArrowRight" if target > col else "ArrowLeft")
    assert page.evaluate(FOCUS).endswith(f"-{target}"), (row, col, target)


def test_a_whole_game_of_connect_four_with_the_keyboard_alone(page) -> None:
    """Tab to the board, choose columns with Home, End and the arrows, drop with Enter or
    Space until the game ends (stacking a column, then the next); the result is announced
    and focus never leaves the board; then Shift+Tab reaches New game, and Enter starts one."""
    from playwright.sync_api import expect
    board = board_of(page, 1)
    new_game(board)
    board.locator(".gamelib-review-button").focus()
    page.keyboard.press("Tab")                        # the board is the next tab stop
    assert page.evaluate(FOCUS) is not None
    page.keyboard.press("ArrowUp")                    # rows move too (nothing to play there)
    for turn in range(1, 22):
        full = [c for c in range(7) if "gamelib-empty" not in
                (board.locator(f".gamelib-cell-0-{c}").get_attribute("class") or "")]
        target = next(c for c in (0, 1, 2, 4, 5, 6, 3) if c not in full)
        go_to_column(page, target)
        page.keyboard.press("Enter" if turn % 2 else "Space")
        expect(board.locator(".gamelib-disc-x")).to_have_count(turn, timeout=WAIT_MS)
        page.wait_for_function(                        # the AI's reply, or the end
            "([board, turn]) => board.querySelector('.gamelib-result') !== null || ("
            "board.querySelectorAll('.gamelib-disc-o').length === turn && "
            "board.querySelector('.gamelib-status').textContent.includes('Your move'))",
            arg=[board.element_handle(), turn], timeout=WAIT_MS)
        assert page.evaluate(FOCUS) is not None, turn      # focus stays on the board
        if board.locator(".gamelib-result").count():
            break
    result = board.locator(".gamelib-result").inner_text().strip()
    assert result in RESULTS
    expect(board.locator(".gamelib-live")).to_contain_text(result, timeout=WAIT_MS)
    for _ in range(12):                               # back through the buttons
        page.keyboard.press("Shift+Tab")
        if page.evaluate("() => document.activeElement.classList.contains('gamelib-new')"):
            break
    else:
        raise AssertionError("Shift+Tab from the board never reached New game")
    page.keyboard.press("Enter")
    expect(board.locator(".gamelib-disc-x")).to_have_count(0, timeout=WAIT_MS)
    expect(board.locator(".gamelib-result")).to_have_count(0, timeout=WAIT_MS)
    expect(board.locator(".gamelib-live")).to_contain_text("Your move", timeout=WAIT_MS)


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
    assert badly_named(board) == []
    why = board.get_by_role("checkbox", name="Why this move?")
    expect(why).to_be_checked()
    expect(board.get_by_role("radio", name="You play red (first)")).to_be_checked()


def badly_named(part) -> list[str]:
    """The buttons, checkboxes, radio buttons and menus of `part` whose accessible name (as
    a screen reader hears it: Playwright's accessibility snapshot) has no word in it."""
    roles = r"(button|checkbox|radio|combobox)"
    found = re.findall(rf'^\s*- {roles}(?: "([^"]*)")?', part.aria_snapshot(), re.M)
    return [f"{role} {name!r}" for role, name in found if not re.search("[A-Za-z]", name)]


def test_every_button_of_a_stepper_has_a_name(page) -> None:
    from playwright.sync_api import expect
    stepper = page.locator(".gamelib-stepper")
    assert badly_named(stepper) == []
    for name in ("Play", "Stop", "first", "back", "forward", "last"):
        expect(stepper.get_by_role("button", name=name, exact=True)).to_have_count(1)


IN_VIEW = """stepper => {
  const node = stepper.querySelector('g.node.current');
  const frame = stepper.querySelector('.gamelib-viewport');
  if (!node || !frame) return false;
  const a = node.getBoundingClientRect(), f = frame.getBoundingClientRect();
  return a.width > 0 && f.width > 0 && a.left >= f.left && a.right <= f.right && a.top >= f.top && a.bottom <= f.bottom;
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
    page.wait_for_function("stepper => stepper.querySelector('g.node text')"    # readable
                           ".getBoundingClientRect().height >= 9",
                           arg=stepper.element_handle(), timeout=5_000)
    stepper.locator(".gamelib-viewport-zoom-in").click()
    assert picture.get_attribute("data-scale") == "1.25"


REVIEWED = """board => {
  // The time the review's marks appeared, once every move of the list is marked.
  const moves = [...board.querySelectorAll('.gamelib-move')];
  const marked = moves.filter(m => [...m.classList].some(c => c.startsWith('gamelib-verdict-')));
  const yours = moves.filter(m => m.textContent.includes('you:'));
  return yours.length > 0 && marked.length === yours.length ? performance.now() : null;
}"""


def play_columns(board, columns: list[int]) -> int:
    """Click each column in turn (skipping full ones), each time waiting for the AI's
    reply, until the game ends; returns how many moves the student played."""
    from playwright.sync_api import expect
    played = 0
    for column in columns:
        if board.locator(".gamelib-result").count():
            break
        if "gamelib-empty" not in (board.locator(f".gamelib-cell-0-{column}")
                                   .get_attribute("class") or ""):
            continue
        board.locator(f".gamelib-drop-{column}").click()
        played += 1
        expect(board.locator(".gamelib-disc-x")).to_have_count(played, timeout=WAIT_MS)
        board.page.wait_for_function(
            "([board, played]) => board.querySelector('.gamelib-result') !== null || ("
            "board.querySelectorAll('.gamelib-disc-o').length === played && "
            "!board.classList.contains('gamelib-busy'))",
            arg=[board.element_handle(), played], timeout=WAIT_MS)
    return played


@pytest.mark.parametrize("columns", [[0, 6], [0, 6, 1, 5, 2], [0, 0, 6, 6, 1, 1, 5, 5, 2, 2, 4]],
                         ids=["2-moves", "5-moves", "whole-game"])
def test_the_review_marks_every_move_at_once_and_its_list_steps_back(page, frontend,
                                                                      columns) -> None:
    """Against the perfect player: from the click on Review to every move marked, in
    under 3 s (the review's 2 s and a margin for a busy machine; printed); then a click
    on a move of the list shows the position after it, and Back to the game returns."""
    from playwright.sync_api import expect
    board = board_of(page, 3)
    new_game(board)
    played = play_columns(board, columns)
    clicked = board.evaluate("""board => {
      board.querySelector('.gamelib-review-button').click();
      return performance.now();
    }""")
    marked = page.wait_for_function(REVIEWED, arg=board.element_handle(), polling="raf",
                                    timeout=WAIT_MS).json_value()
    plies = board.locator(".gamelib-move").count()
    print(f"\n{frontend[1]}: review of {played} moves ({plies} plies) marked "
          f"{(marked - clicked) / 1000:.2f} s after the click")
    assert marked - clicked < 3000
    marks = board.locator(".gamelib-move").all_inner_texts()
    assert not any("not judged" in mark for mark in marks), marks
    assert all(re.search(r"\((best|fine|mistake|blunder)\)$", mark)
               for mark in marks if "you:" in mark), marks
    discs = board.locator(".gamelib-disc-x, .gamelib-disc-o")
    board.locator(".gamelib-move").nth(0).click()
    expect(discs).to_have_count(1, timeout=WAIT_MS)
    expect(board.locator(".gamelib-status")).to_contain_text(f"Move 1 of {plies}",
                                                             timeout=WAIT_MS)
    expect(board.locator(".gamelib-move-current")).to_have_text(marks[0])
    board.locator(".gamelib-move").nth(2).click()
    expect(discs).to_have_count(3, timeout=WAIT_MS)
    expect(board.locator(".gamelib-cell-0-0")).to_have_attribute(
        "aria-label", re.compile("an earlier position is shown"))
    board.locator(".gamelib-back").click()
    expect(discs).to_have_count(plies, timeout=WAIT_MS)
    expect(board.locator(".gamelib-back")).to_have_count(0)


SCENES = {"explained": (0, ".gamelib-why-panel"), "tree": (0, ".gamelib-tree-panel"),
          "connect4": (1, ".gamelib-cells"), "tictactoe": (2, ".gamelib-cells"),
          "reviewed": (3, ".gamelib-move-list")}
"""What each screenshot shows: (the board, the part of it scrolled into view)."""


def test_screenshots(page, frontend) -> None:
    """Pictures to look at, in JupyterLab: the explained board's why panel and its tree,
    each board, the reviewed board's move list and the stepper, at each size, light and
    dark (a 150% zoom photographed at its 683x512 layout)."""
    from playwright.sync_api import expect
    if frontend[1] != "lab":
        pytest.skip("the screenshots are taken in JupyterLab, in its two themes")
    reviewed = board_of(page, 3)
    if reviewed.locator(".gamelib-move").count() == 0:      # (when run on its own)
        play_columns(reviewed, [0])
        reviewed.locator(".gamelib-review-button").click()
        page.wait_for_function(REVIEWED, arg=reviewed.element_handle(), timeout=WAIT_MS)
    try:
        for theme in ("light", "dark"):
            page.evaluate("theme => window.jupyterapp.commands.execute("
                          "'apputils:change-theme', {theme})",
                          "JupyterLab Light" if theme == "light" else "JupyterLab Dark")
            page.wait_for_function("dark => document.body.dataset.jpThemeLight === "
                                   "String(!dark)", arg=theme == "dark", timeout=WAIT_MS)
            for size, viewport in SIZES.items():
                page.set_viewport_size(viewport)
                parts = {name: board_of(page, index).locator(part)
                         for name, (index, part) in SCENES.items()}
                parts["stepper"] = page.locator(".gamelib-stepper .gamelib-viewport")
                for name, part in parts.items():
                    part.scroll_into_view_if_needed()
                    expect(part).to_be_visible(timeout=WAIT_MS)
                    page.wait_for_timeout(400)             # the notebook draws what scrolled in
                    page.screenshot(path=str(SHOTS / f"play-{name}-{size}-{theme}.png"))
    finally:
        page.set_viewport_size(SIZES["1024x768"])
