"""What SearchStepper and MCTSStepper share: a slider position, moving it, and showing it."""

from __future__ import annotations

from typing import Any


class Stepping:
    """The stepping half of a stepper: `go`, `forward`, `back` move a slider that redraws.

    Subclasses build `self.slider`, `self.play`, `self.view` and `self.widget`, count
    their `steps`, set `self._narration` and draw in `_show`. `first` is the lowest
    position (0: before the first event; 1: the first MCTS iteration).
    """

    first = 0
    _narration: str
    slider: Any                 # the widgets a subclass builds
    play: Any
    view: Any
    widget: Any

    @property
    def steps(self) -> int:
        """The last position."""
        raise NotImplementedError

    def _show(self) -> None:
        """Draw the current position."""
        raise NotImplementedError

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
            self._show()
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
        self._show()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the stepper when it is the value of a notebook cell."""
        return self.widget._repr_mimebundle_(**kwargs)
