"""Every translated cell's bold text renders as bold: Markdown does not close `**` right after
a parenthesis when Hangul follows (`**TD(0)**은`), which the glossary's rule of use forbids
and this test finds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gamelib import translations

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted((ROOT / "notebooks").glob("*/[0-9][0-9]-*.po"))
CODE_OR_MATH = re.compile(r"<code>.*?</code>|\$\$.*?\$\$|\$[^$\n]*\$", flags=re.DOTALL)


def unclosed_bold(markdown: str) -> list[str]:
    """The places where `**` is left as text once `markdown` is rendered (code and math
    left out), each with a few characters around it."""
    mistune = pytest.importorskip("mistune")
    text = CODE_OR_MATH.sub("", mistune.create_markdown(plugins=["table"])(markdown))
    return [text[max(0, found.start() - 20):found.end() + 20]
            for found in re.finditer(r"\*\*", text)]


def test_an_emphasis_closed_before_hangul_is_found():
    assert unclosed_bold("- **TD(0)**은 각 국면의 값을")
    assert unclosed_bold("- **TD(0)** 갱신은 각 국면의 값을, `a**2`, $x^{**}$") == []


def code_cell_ids(lesson: str) -> set[str]:
    """The ids of the English lesson's code cells (their entries are code, not Markdown)."""
    notebook = json.loads((ROOT / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    return {cell["id"] for cell in notebook["cells"] if cell["cell_type"] == "code"}


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_every_bold_text_of_a_translation_renders(path):
    code = code_cell_ids(path.stem)
    found = {message.context: unclosed_bold(message.string)
             for message in translations.read_catalog(path)
             if message.id and message.string and message.context not in code}
    assert {cell: places for cell, places in found.items() if places} == {}


HANGUL_IN_A_WIDTH = re.compile(r"""\{(['"])[^'"{}]*[가-힣][^'"{}]*\1:[<>^]?\d+\}""")
"""A Korean string padded by a format width ({'깊이':>5}): the width counts characters, and a
Hangul letter takes two columns on screen, so the column it heads ends too far right."""


def test_hangul_padding_is_found():
    assert HANGUL_IN_A_WIDTH.search("print(f\"{'깊이':>5} {depth:>5}\")")
    assert not HANGUL_IN_A_WIDTH.search("print(\" 깊이  미니맥스\")  # {'depth':>5}")


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_no_code_translation_pads_korean_text_by_a_format_width(path):
    code = code_cell_ids(path.stem)
    padded = {message.context: HANGUL_IN_A_WIDTH.findall(message.string)
              for message in translations.read_catalog(path)
              if message.id and message.string and message.context in code}
    assert not {cell: found for cell, found in padded.items() if found}, \
        "print such a header as a literal line, spaced by display width"
