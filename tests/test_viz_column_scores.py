"""The board with a score above each column: one label per scored column, coloured and
worded by outcome, and the scores in words for readers who cannot see the picture."""

import re

from gamelib import ConnectFour
from gamelib.viz import ColumnScores
from gamelib.viz.column_scores import outcome, signed

GAME = ConnectFour()


def test_scores_are_worded_from_the_side_to_move():
    assert [outcome(s) for s in (2, 0, -1)] == ["win", "draw", "loss"]
    assert [signed(s) for s in (2, 0, -1)] == ["+2", "0", "-1"]


def test_each_scored_column_gets_one_label_with_its_outcome():
    svg = ColumnScores(GAME.initial_state, {0: -2, 3: 1, 4: 0}, "first moves")._repr_svg_()
    labels = re.findall(r'class="score (\w+)">([^<]+)<', svg)
    assert labels == [("loss", "-2"), ("win", "+1"), ("draw", "0")]
    assert "first moves" in svg and "X to move" in svg


def test_a_full_column_has_no_label_and_the_words_say_every_score():
    state = GAME.play("333333")                       # column 3 is full
    picture = ColumnScores(state, {c: 0 for c in GAME.actions(state)})
    data, metadata = picture._repr_mimebundle_()
    assert data["image/svg+xml"].count('class="score ') == 6
    alt = metadata["image/svg+xml"]["alt"]
    assert "column 3:" not in alt and "column 2: 0 (draw)" in alt and "X to move" in alt
