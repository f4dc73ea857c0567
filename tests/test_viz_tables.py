"""Tables without pandas: rows of dicts shown as HTML and as aligned text."""

from __future__ import annotations

import pytest

from gamelib.viz import table

ROWS = [{"player": "alpha-beta 2", "median ms": 1.234, "nodes": 1520},
        {"player": "mcts <200>", "median ms": 20.0, "nodes": 200, "note": "seeded"}]


def test_the_index_column_comes_first_and_floats_are_rounded():
    shown = table(ROWS, index="player", digits=1)
    assert shown.columns == ["player", "median ms", "nodes", "note"]
    assert shown.text_rows() == [["alpha-beta 2", "1.2", "1,520", ""],
                                 ["mcts <200>", "20.0", "200", "seeded"]]
    assert str(shown).splitlines()[0].split() == ["player", "median", "ms", "nodes", "note"]


def test_the_notebook_shows_an_escaped_html_table_with_row_headers():
    page = table(ROWS, index="player")._repr_html_()
    assert page.startswith('<table class="gamelib-table">')
    assert "<th>mcts &lt;200&gt;</th><td>20.0</td>" in page and "1.234" in page


def test_bad_rows_or_index_say_what_is_wrong():
    with pytest.raises(ValueError, match="non-empty list of dicts"):
        table([])
    with pytest.raises(ValueError, match="'name' is not a column.*'player'"):
        table(ROWS, index="name")
