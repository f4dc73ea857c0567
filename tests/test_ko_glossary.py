"""The Korean glossary (notebooks/ko/GLOSSARY.md) is the one the catalogs use: every Korean
term of its tables appears in the translations, and no translation uses a word it rejects."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamelib import translations

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "notebooks" / "ko" / "GLOSSARY.md"
LESSONS = sorted((ROOT / "notebooks" / "ko").glob("[0-9][0-9]-*.po"))
PACKAGE = translations.message_catalog_path("ko")

REJECTED = {
    "창 세기": r"창 세기",
    "사목, 4목": r"사목|4목",
    "선후 바꾸기": r"선후 바꾸기",
    "선수, 후수": r"선수|후수",
    "모서리": r"모서리",
    "보드 (비트보드 밖에서)": r"(?<!비트)보드",
    "3열처럼 숫자에 바로 붙인 열": r"(\d|\})열",
}
"""What each row of the glossary's "쓰지 않는 말" looks like in a translation."""


def rows(section: str) -> list[list[str]]:
    """The rows of the table under the heading `section` (the header row left out)."""
    text = GLOSSARY.read_text(encoding="utf-8").split(f"## {section}\n", 1)[1]
    table = [line for line in text.split("\n## ", 1)[0].splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in line.strip("|").split(" | ")] for line in table[2:]]


def strings(path: Path) -> list[str]:
    """The translations of the catalog at `path`, plural forms included."""
    found = []
    for message in translations.read_catalog(path):
        if message.id and message.string:
            found += [message.string] if isinstance(message.string, str) else \
                list(message.string)
    return found


@pytest.fixture(scope="module")
def korean():
    """Every translation: the lessons' cells and the package's messages, by catalog name."""
    return {path.name: strings(path) for path in [*LESSONS, PACKAGE]}


def test_every_term_of_the_glossary_is_used(korean):
    text = "\n".join(line for found in korean.values() for line in found)
    terms = [term for row in rows("용어") for term in row[1].split(" / ")]
    assert len(terms) > 80
    assert [term for term in terms if term not in text] == []


def test_the_book_and_lesson_titles_are_the_glossarys(korean):
    lessons = "\n".join(line for name, found in korean.items() if name.endswith(".po")
                        and name[:2].isdigit() for line in found)
    for _english, korean_title, _reason in rows("책 제목"):
        assert korean_title in lessons
    for number, title in rows("강의 제목 (강의 00의 지도 = 각 강의의 첫 제목 = 모든 \"다음 강의\" 줄)"):
        assert title.split(" (")[0] in lessons, number


def test_no_translation_uses_a_rejected_word(korean):
    assert {row[0] for row in rows("쓰지 않는 말")} == set(REJECTED)
    found = [(name, match.group(0), line[max(0, match.start() - 20):match.end() + 20])
             for name, lines in korean.items() for line in lines
             for pattern in REJECTED.values() for match in re.finditer(pattern, line)]
    assert found == []
