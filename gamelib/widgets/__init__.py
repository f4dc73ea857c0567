"""ipywidgets on top of games, search and viz: play boards and search steppers.

A board is three parts: the game session (`session`), the worker that runs the AI
(`worker`) and the view (`board`); what differs per game lives in one presentation
adapter per game (`adapters`).

`PlayBoard(game, opponent=..., human_plays=...)` plays Tic-Tac-Toe or Connect Four
in a notebook; `SearchStepper(result)` and `MCTSStepper(...)` replay a search step by step.

A board or a stepper speaks the language gamelib speaks when it is made
(`gamelib.set_language("ko")`, or the locale) for its whole life: every word it shows or
gives a screen reader comes from the gettext catalogs, and the words its front ends draw
(`static/*.js`) are sent from Python, so there is one catalog.

ipywidgets, with the board's cells drawn by a small front end of their own (an anywidget,
`static/board.js`, no JavaScript build): they work in JupyterLab, Notebook 7, Voila,
VS Code and JupyterLite. Stable CSS classes, for browser tests and stylesheets:

- board: `gamelib-playboard` (the whole widget), `gamelib-status` (status line),
  `gamelib-cells` (the grid: role "grid", one tab stop), `gamelib-cell` +
  `gamelib-cell-R-C` (every square / disc), `gamelib-drop-C` (Connect Four drop
  buttons), `gamelib-col-C`; cell states `gamelib-empty`, `gamelib-mark-x` /
  `gamelib-mark-o` (Tic-Tac-Toe), `gamelib-disc-x` / `gamelib-disc-o` (Connect Four),
  `gamelib-win`, `gamelib-last`, `gamelib-hint`, `gamelib-unplayable`, `gamelib-echo`
  (your move before the kernel confirmed it), `gamelib-queued` (a drop button clicked
  while the AI thinks); `gamelib-board-message` (why a move was refused), `gamelib-live`
  (the board's live region);
- controls: `gamelib-opponent`, `gamelib-side`, `gamelib-rule`, `gamelib-new`,
  `gamelib-undo`, `gamelib-hint-button`, `gamelib-why`, `gamelib-tree-button`,
  `gamelib-review-button`; panels `gamelib-why-panel` (with `gamelib-why-table` and
  `gamelib-exact`), `gamelib-tree-panel`, `gamelib-review-panel`; the result banner
  `gamelib-banner` (`gamelib-result-win` / `-loss` / `-draw`); `gamelib-busy` on the
  board while the AI thinks;
- steppers: `gamelib-stepper`, `gamelib-step-first` / `-back` / `-forward` / `-last`,
  `gamelib-step-play`, `gamelib-step-slider`, `gamelib-narration`, `gamelib-stack`,
  `gamelib-stepper-picture`; MCTS: `gamelib-mcts-more`, `gamelib-mcts-view`.
"""

from gamelib.widgets.adapters import (GameAdapter, Preset, adapter_for, presets_for,
                                      register_adapter)
from gamelib.widgets.board import PlayBoard
from gamelib.widgets.mcts_stepper import MCTSStepper
from gamelib.widgets.stepper import SearchStepper

__all__ = ["PlayBoard", "SearchStepper", "MCTSStepper", "Preset", "presets_for",
           "GameAdapter", "adapter_for", "register_adapter"]
