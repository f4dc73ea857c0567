"""The Korean README (README.ko.md) promises only what the project does: each command of its
code blocks is one the English README gives, a target of the Makefile, or a gamelib command
line that parses; its links lead to files of the checkout; README.md links to it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from gamelib.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
README_KO = ROOT / "README.ko.md"
GAMELIB = re.compile(r"^(?:\.venv/bin/)?python3? -m gamelib (.+)$")
"""A gamelib command line, run by any Python or by the checkout's environment."""


def commands(markdown: str) -> list[str]:
    """Each command of the fenced code blocks of `markdown`, its trailing comment dropped
    and its spaces made single."""
    found = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", markdown, flags=re.DOTALL):
        for line in block.splitlines():
            command = " ".join(re.split(r"\s#\s", line, maxsplit=1)[0].split())
            if command and not command.startswith("#"):
                found.append(command)
    return found


def code_spans(markdown: str) -> set[str]:
    """The inline code of `markdown` (`make setup`), spaces made single."""
    return {" ".join(span.split()) for span in re.findall(r"`([^`\n]+)`", markdown)}


def make_targets() -> set[str]:
    """The targets the Makefile defines."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][a-z0-9-]*):", text, flags=re.MULTILINE))


def problem(command: str, english: set[str]) -> str | None:
    """Why `command` is not one the project has (None when it is)."""
    if command in english:
        return None
    if command.startswith("make "):
        unknown = [word for word in command.split()[1:] if "=" not in word
                   and word not in make_targets()]
        return f"no Makefile target {unknown}" if unknown else None
    line = GAMELIB.match(command)
    if line is None:
        return "not in README.md, not a make target, not a gamelib command"
    try:
        build_parser().parse_args(shlex.split(line.group(1)))
    except SystemExit as exit_:
        return f"python -m gamelib refuses it (exit status {exit_.code})"
    return None


@pytest.fixture(scope="module")
def english() -> set[str]:
    """The commands the English README gives, in code blocks or inline."""
    text = README.read_text(encoding="utf-8")
    return set(commands(text)) | code_spans(text)


def test_every_command_of_the_korean_readme_is_one_the_project_has(english, capsys):
    found = commands(README_KO.read_text(encoding="utf-8"))
    assert "python -m gamelib lessons --lang ko" in found
    assert {command: problem(command, english) for command in found
            if problem(command, english)} == {}
    capsys.readouterr()


def test_a_command_the_project_does_not_have_is_named(english, capsys):
    assert problem("python -m gamelib lessons --langue ko", english).startswith(
        "python -m gamelib refuses it")
    assert problem("make lesson", english) == "no Makefile target ['lesson']"
    assert problem("pip install gamelib", english) == \
        "not in README.md, not a make target, not a gamelib command"
    assert problem(".venv/bin/python -m gamelib lessons --lang ko", english) is None
    capsys.readouterr()


def test_the_korean_readmes_links_lead_to_files_of_the_checkout():
    text = README_KO.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#\s]+)\)", text)
    assert "notebooks/ko/GLOSSARY.md" in links and "README.md" in links
    assert [link for link in links if "://" not in link and not (ROOT / link).exists()] == []


def test_the_english_readme_links_the_korean_one_near_the_top():
    text = README.read_text(encoding="utf-8")
    section = text.split("## 한국어 (Korean)\n", 1)[1].split("\n## ", 1)[0]
    assert text.index("## 한국어 (Korean)") < text.index("## Installing")
    assert "(README.ko.md)" in section
    assert "python -m gamelib lessons --lang ko" in commands(section)
