"""The grade report's headings, legend and words speak Korean when gamelib does; in English
the report is as it was (the students' data, e.g. a status code, stays as recorded)."""

from __future__ import annotations

import re

from gamelib.exercises.grade import NOTEBOOK, Row, html_page, markdown
from gamelib.platform import speaking
from korean_text import leftover_english

ROWS = [Row("ann", "a.ipynb", "is_win", True, "passed", "", ""),
        Row("bob", "b.ipynb", "is_win", False, "broken", "timed out", ""),
        Row("cat", "c.ipynb", NOTEBOOK, False, "broken", "not a notebook", "")]
DATA = {"ann", "bob", "cat", "is_win", "timed", "out", "not", "whole", "notebook"}
"""What the rows themselves hold: names, an exercise, a diagnosis recorded in English."""

ENGLISH_MARKDOWN = """# Grades

1 of 3 checks passed.

Legend: \u2714 passed; \u2718 failed; \u23f1 timed out; \u25cb missing or not written yet; \
\u26a0 broken (could not run); ? the check could not judge.

| student | is_win |
|---|---|
| ann | \u2714 passed |
| bob | \u23f1 timed out |
| cat | \u26a0 whole notebook: not a notebook |

| student | exercise | passed | status | diagnosis | message |
|---|---|---|---|---|---|
| ann | is_win | yes | passed |  |  |
| bob | is_win | no | broken | timed out |  |
| cat | (whole notebook) | no | broken | not a notebook |  |
"""


def test_the_markdown_report_is_as_it_was_in_english():
    with speaking("en"):
        assert markdown(ROWS) == ENGLISH_MARKDOWN
        page = html_page(ROWS)
    assert "<title>Grades</title>" in page and "<p class='legend'>Legend: <span" in page
    assert ("<tr><th>student</th><th>exercise</th><th>passed</th><th>status</th>"
            "<th>diagnosis</th><th>message</th></tr>") in page


def test_the_report_speaks_korean():
    with speaking("ko"):
        text, page = markdown(ROWS), html_page(ROWS)
    assert text.startswith("# 채점 결과\n") and "| 학생 | 연습 문제 | 통과 |" in text
    assert leftover_english(text, DATA) == []
    words = re.sub(r"<style>.*?</style>|<[^>]*>", " ", page)
    assert leftover_english(words, DATA) == [] and "<title>채점 결과</title>" in page
