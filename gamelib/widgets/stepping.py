"""What SearchStepper and MCTSStepper share: a slider position, moving it, and showing it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import anywidget
import ipywidgets as widgets

from gamelib.platform import N_, _, speaking
from gamelib.widgets.treeview import STATIC

PLAY_LABELS = """
<style>
.gamelib-step-play i.fa { font-style: normal; }
.gamelib-step-play i.fa::before { font-family: sans-serif; font-size: 13px; font-weight: normal; }
.gamelib-step-play i.fa-play::before { content: "Play"; }
.gamelib-step-play i.fa-pause::before { content: "Pause"; }
.gamelib-step-play i.fa-stop::before { content: "Stop"; }
.gamelib-step-play i.fa-retweet::before { content: "Repeat"; }
.gamelib-step-play.widget-play { width: auto; }
.gamelib-step-play .jupyter-button { width: auto !important; min-width: 52px; flex: 0 0 auto;
  padding: 0 8px; }
</style>
"""
"""Words on the play widget's buttons: its icons come from an icon font that exported
pages may lack (the buttons were blank); words read the same everywhere."""
PLAY_WORDS = (N_("Play"), N_("Pause"), N_("Stop"), N_("Repeat"))


def play_labels() -> widgets.HTML:
    """The stylesheet that puts words (Play, Pause, Stop) on a stepper's play buttons, in
    the language spoken."""
    css = PLAY_LABELS
    for word in PLAY_WORDS:
        css = css.replace(f'content: "{word}"', 'content: "{}"'.format(_(word).replace('"', "")))
    return widgets.HTML(css)


class SliderNames(anywidget.AnyWidget):
    """Invisible: gives the sliders of its stepper (class gamelib-step-slider) their
    descriptions as accessible names (static/slider_names.js), which ipywidgets does not:
    a screen reader says "step, slider, 3", not just "slider, 3"."""

    _esm = STATIC / "slider_names.js"


def slider_names() -> SliderNames:
    """The helper that names a stepper's sliders, taking no room on the page."""
    return SliderNames(layout=widgets.Layout(height="0px", width="0px", margin="0"))


class Stepping(ABC):
    """The stepping half of a stepper: `go`, `forward`, `back` move a slider that redraws.

    Subclasses build `self.slider`, `self.play`, `self.view` and `self.widget`, count
    their `steps`, set `self._narration` and draw in `_show`. `first` is the lowest
    position (0: before the first event; 1: the first MCTS iteration).
    """

    first = 0
    language = "en"             # the language it speaks (a subclass: the one it was made in)
    _narration: str
    slider: Any                 # the widgets a subclass builds
    play: Any
    view: Any
    widget: Any

    @property
    @abstractmethod
    def steps(self) -> int:
        """The last position."""

    @abstractmethod
    def _show(self) -> None:
        """Draw the current position."""

    @property
    def position(self) -> int:
        """The step shown (from `first` to `steps`)."""
        return self.slider.value

    @property
    def picture(self) -> str:
        """The current drawing (SVG markup)."""
        return self.view.value

    @property
    def narration(self) -> str:
        """The sentence for the current step."""
        return self._narration

    def go(self, position: int) -> None:
        """Show step `position` (clipped to first..steps)."""
        target = max(self.first, min(self.steps, position))
        if target == self.slider.value:
            self._redraw()
        else:
            self.slider.value = target          # its observer redraws

    def forward(self) -> None:
        """One step forward."""
        self.go(self.position + 1)

    def back(self) -> None:
        """One step back."""
        self.go(self.position - 1)

    def _slider_moved(self, change: dict) -> None:
        """Keep the play widget where the slider is (the browser links them), redraw."""
        if self.play.value != change["new"]:
            self.play.value = change["new"]
        self._redraw()

    def _redraw(self) -> None:
        """Draw the current position in the stepper's own language."""
        with speaking(self.language):
            self._show()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the stepper when it is the value of a notebook cell."""
        return self.widget._repr_mimebundle_(**kwargs)
