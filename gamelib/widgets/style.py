"""The stylesheet the boards and steppers ship with, and the CSS class names tests use."""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as widgets

from gamelib.platform import N_, _


CSS = """
<style>
.gamelib-playboard .jupyter-button:disabled { opacity: 0.45; cursor: not-allowed; }
.gamelib-playboard .jupyter-button { width: auto; min-width: max-content;
  padding: 0 10px; }
.gamelib-playboard .jupyter-button:focus-visible,
.gamelib-stepper .jupyter-button:focus-visible { outline: 3px solid #1a6bd0;
  outline-offset: 2px; }
.gamelib-stepper .widget-hbox { flex-wrap: wrap; }
.gamelib-side .widget-radio-box, .gamelib-mcts-view .widget-radio-box {
  flex-direction: row; flex-wrap: wrap; gap: 0 14px; }
.gamelib-playboard { container: gamelib-board / inline-size; }
.gamelib-playboard .gamelib-opponent { width: auto; max-width: 100%; min-width: 0; height: auto;
  flex-wrap: wrap; }     /* as wide as its longest name; the menu goes below when narrow */
.gamelib-playboard .gamelib-opponent > select { flex: 0 1 auto; width: auto;
  max-width: 100%; height: var(--jp-widgets-inline-height, 28px); }
.gamelib-playboard .gamelib-wrap { flex-wrap: wrap; gap: 4px 12px; max-width: 100%; }
.gamelib-playboard .gamelib-play-area > .gamelib-why-panel { flex: 1 1 22em;
  min-width: min(22em, 100%); }
.gamelib-banner .gamelib-result { display: inline-block; font-size: 26px; font-weight: bold;
  padding: 6px 18px; margin: 4px 0; border-radius: 8px; color: #1a1a1a; }
.gamelib-banner .gamelib-result-win { background: #ffd84d; border: 3px solid #e0a800; }
.gamelib-banner .gamelib-result-loss { background: #f3d0d0; }
.gamelib-banner .gamelib-result-draw { background: #dde3ea; }
.gamelib-status { font-size: 15px; }
.gamelib-status .gamelib-thinking { color: #b35900; }
.gamelib-why-table { border-collapse: collapse; margin: 4px 0; }
.gamelib-why-table td, .gamelib-why-table th { border: 1px solid #ccc; padding: 2px 8px;
  text-align: left; }
.gamelib-why-table tr.gamelib-chosen { background: #dff0d8; color: #1a1a1a;
  font-weight: bold; }
.gamelib-review-table td:nth-child(3) b { padding: 0 6px; border-radius: 4px;
  color: #1a1a1a; }
.gamelib-verdict-best td:nth-child(3) b { background: #bfe6bf; }
.gamelib-verdict-fine td:nth-child(3) b { background: #dcefc6; }
.gamelib-verdict-mistake td:nth-child(3) b { background: #ffd9a0; }
.gamelib-verdict-blunder td:nth-child(3) b { background: #f7b3b3; }
.gamelib-move-list .gamelib-move { margin: 2px; }
.gamelib-move.gamelib-verdict-best { border-left: 5px solid #3c9a3c; }
.gamelib-move.gamelib-verdict-fine { border-left: 5px solid #8cc063; }
.gamelib-move.gamelib-verdict-mistake { border-left: 5px solid #e09a1f; }
.gamelib-move.gamelib-verdict-blunder { border-left: 5px solid #c83232; }
.gamelib-move.gamelib-move-current { outline: 3px solid #1a6bd0; }
.gamelib-win-mark { vertical-align: -3px; color: #b07800; }
.gamelib-exact summary { cursor: pointer; color: var(--jp-content-link-color, #1a6bd0); }
.gamelib-small { font-size: 12px; opacity: 0.8; }
.gamelib-why-text { max-width: 32em; line-height: 1.4; margin: 2px 0; }
.gamelib-narration { font-size: 15px; min-height: 1.5em; }
</style>
"""

STEP_SYMBOLS = {"first": "|◀", "back": "◀", "forward": "▶", "last": "▶|"}
"""What a stepper's step buttons show. Their names are words ("back"), which a screen
reader says; the symbol is drawn by the stylesheet, with an empty alternative text."""
STEP_NAMES = {"first": N_("first"), "back": N_("back"), "forward": N_("forward"),
              "last": N_("last")}
"""The step buttons' names, as a screen reader says them (in the language spoken)."""
STEP_CSS = "<style>\n.gamelib-step-button { font-size: 0 !important; }\n" + "".join(
    f'.gamelib-step-{name}::before {{ content: "{symbol}" / ""; font-size: 14px; }}\n'
    for name, symbol in STEP_SYMBOLS.items()) + "</style>"


def stylesheet() -> widgets.HTML:
    """An invisible HTML widget carrying the stylesheet (a <style> element)."""
    sheet = widgets.HTML(CSS + STEP_CSS, layout=widgets.Layout(height="0px", margin="0"))
    sheet.add_class("gamelib-style")
    return sheet


def with_classes(widget: widgets.DOMWidget, *classes: str) -> widgets.DOMWidget:
    """Add CSS classes to `widget` and return it."""
    for css_class in classes:
        widget.add_class(css_class)
    return widget


def step_button(name: str, action: Callable[[], Any]) -> widgets.Button:
    """A stepper's small button named `name` (first, back, forward or last), drawn as its
    symbol (STEP_SYMBOLS), with the CSS class gamelib-step-<name>."""
    words = _(STEP_NAMES[name])
    button = with_classes(widgets.Button(description=words, tooltip=words,
                                         layout=widgets.Layout(width="44px")),
                          "gamelib-step-button", f"gamelib-step-{name}")
    button.on_click(lambda _b: action())
    return button
