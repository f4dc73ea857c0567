"""The audit of a lesson's prose against what the lesson itself prints.

Every number, percentage, ratio and verdict word in a markdown cell is a *claim*. A claim
holds when the lesson backs it:

- a number is printed by one of the lesson's cells (text output, a table, a picture's
  description), or is a literal in the lesson's code (a constant the student can see);
- a ratio or verdict word ("faster", "halves", "cannot tell", ...) is printed by one of the
  lesson's cells: the sentence that draws a conclusion from data has a cell that draws it too;
- or it stands on the allow-list (`Allowed`): a pattern, the lessons it applies to, and why
  it needs no output (a year, a lesson number, a citation, a definition).

What the prose quotes as code (fenced blocks and `inline code`) is not audited: it is code,
not a claim. Pictures' pixels are not read; their descriptions (alt text) are.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Iterable, Sequence

NUMBER = re.compile(r"(?<![\w.])(?:[x×]\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(%|x|×)?(?![\w])")
"""A number as prose writes it: 549,946 / 0.41 / 49% / x6.3 / 3x. Digits glued to letters
(4th, L2_R1, 7x6 is two numbers) are not read as numbers unless separated."""

NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "twenty": 20, "hundred": 100}
TIMES = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\s+times\b", re.IGNORECASE)
"""A ratio written in words ("four times the games"): read as the number it names."""

VERDICTS = (
    "faster", "fastest", "slower", "slowest", "quicker", "stronger", "strongest", "weaker",
    "weakest", "better than", "worse than", "little better", "no better", "the most",
    "most common", "fewer", "fewest", "cheaper", "more than", "less than", "far less",
    "far more", "half", "halves", "halved", "twice", "doubles", "doubled", "cannot tell",
    "useless", "pays", "close to", "a little less", "well under", "grows", "shrinks",
    "very early", "only when it must", "outperforms", "beats", "does better", "more games than",
)
"""Comparison and verdict words: each one in the prose must be printed by a cell too."""
VERDICT = re.compile(r"\b(" + "|".join(re.escape(w) for w in VERDICTS) + r")\b", re.IGNORECASE)

FENCED = re.compile(r"```.*?```", re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
MATH = re.compile(r"\$[^$\n]+\$")
TAGS = re.compile(r"<[^>]+>")
STYLE = re.compile(r"<(style|script)\b.*?</\1>", re.DOTALL | re.IGNORECASE)
SENTENCE_END = re.compile(r"(?<=[.!?:;])\s+|\n\s*\n|\n(?=\s*[-|#*\d])")


@dataclass(frozen=True)
class Allowed:
    """A claim that needs no output: `pattern` (a regex) matched around it, and why."""

    pattern: str
    reason: str
    lessons: str = ""
    """Lesson numbers it applies to ("05 07"); empty: every lesson."""

    def covers(self, lesson: str, sentence: str, claim: Claim) -> bool:
        if self.lessons and lesson not in self.lessons.split():
            return False
        for found in re.finditer(self.pattern, sentence, re.IGNORECASE):
            if found.start() <= claim.start and claim.end <= found.end():
                return True
        return False


@dataclass(frozen=True)
class Claim:
    """One number or verdict word of a sentence; `start`/`end` locate it in the sentence."""

    kind: str                  # "number" or "verdict"
    text: str                  # as written
    value: str                 # normalised: a number as a plain decimal, a word lower case
    sentence: str
    start: int
    end: int


@dataclass(frozen=True)
class Finding:
    """A claim that nothing backs: where it is, and what it says."""

    lesson: str
    cell: int
    claim: Claim

    def __str__(self) -> str:
        sentence = " ".join(self.claim.sentence.split())
        return (f"{self.lesson} cell {self.cell}: {self.claim.kind} {self.claim.text!r} "
                f"in: {sentence}")


def normalise(digits: str, fraction: str | None = None) -> str:
    """"549,946" -> "549946", "0.40" -> "0.4", "3.0" -> "3"."""
    try:
        value = Decimal(digits.replace(",", "") + (fraction or ""))
    except InvalidOperation:
        return digits
    text = format(value.normalize(), "f")
    return text


def prose(markdown: str) -> str:
    """The words of a markdown cell that make claims: code and formulas blanked out (kept at
    the same length, so positions stay meaningful)."""
    blank = lambda found: " " * len(found.group(0))  # noqa: E731
    text = FENCED.sub(blank, markdown)
    text = INLINE_CODE.sub(blank, text)
    text = MATH.sub(blank, text)
    return TAGS.sub(blank, text)


def sentences(markdown: str) -> list[str]:
    """The sentences (and list items, table rows, headings) of a markdown cell's prose."""
    return [part.strip() for part in SENTENCE_END.split(prose(markdown)) if part.strip()]


def claims(sentence: str) -> list[Claim]:
    """Every number and verdict word of one sentence."""
    found = []
    for match in NUMBER.finditer(sentence):
        found.append(Claim("number", match.group(0).strip(),
                           normalise(match.group(1), match.group(2)),
                           sentence, match.start(), match.end()))
    for match in TIMES.finditer(sentence):
        number = str(NUMBER_WORDS[match.group(1).lower()])
        found.append(Claim("number", match.group(0), number, sentence, match.start(), match.end()))
    for match in VERDICT.finditer(sentence):
        word = " ".join(match.group(0).lower().split())
        found.append(Claim("verdict", match.group(0), word, sentence, match.start(), match.end()))
    return found


def output_text(output: Any) -> str:
    """What a student reads in one output: text, tables and pictures' descriptions (never a
    picture's markup, whose coordinates are numbers too)."""
    if output.get("output_type") == "stream":
        return joined(output.get("text", ""))
    if output.get("output_type") == "error":
        return ""
    data = output.get("data", {})
    parts = [joined(meta.get("alt", "")) for meta in output.get("metadata", {}).values()
             if isinstance(meta, dict)]
    if "text/html" in data:
        page = joined(data["text/html"])
        parts.append(html.unescape(TAGS.sub(" ", STYLE.sub(" ", page))))
    elif "text/markdown" in data:
        parts.append(joined(data["text/markdown"]))
    elif "text/plain" in data and not any(kind.startswith("image/") for kind in data):
        parts.append(joined(data["text/plain"]))
    return "\n".join(parts)


def printed(notebook: Any) -> str:
    """Everything the lesson's cells printed or showed as text, one string."""
    return "\n".join(output_text(output) for cell in notebook["cells"]
                     if cell["cell_type"] == "code" for output in cell.get("outputs", []))


def numbers_in(text: str) -> set[str]:
    """The numbers written in `text`, normalised (plus each percentage as a fraction)."""
    found = set()
    for match in NUMBER.finditer(text):
        found.add(normalise(match.group(1), match.group(2)))
    for match in re.finditer(r"(?<![\d.,])(\d+)(\.\d+)?(?![\d,])", text):   # -18, x8.1, 3-4
        found.add(normalise(match.group(1), match.group(2)))
    return found


def joined(text: str | list[str]) -> str:
    """A notebook's text field, which the file format may split into a list of lines."""
    return "".join(text) if isinstance(text, list) else text


def code_of(notebook: Any) -> str:
    """The source of every code cell."""
    return "\n".join(joined(cell["source"]) for cell in notebook["cells"]
                     if cell["cell_type"] == "code")


def audit(notebook: Any, lesson: str, allowed: Sequence[Allowed] = ()) -> list[Finding]:
    """Every claim in `notebook`'s markdown that neither its outputs, its code nor `allowed`
    backs. `lesson` is the lesson's number ("05"), for the allow-list."""
    shown = printed(notebook)
    shown_lower = " ".join(shown.lower().split())
    numbers = numbers_in(shown) | numbers_in(code_of(notebook))
    findings = []
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        for sentence in sentences(joined(cell["source"])):
            for claim in claims(sentence):
                if claim.kind == "number":
                    backed = claim.value in numbers
                else:
                    backed = re.search(r"\b" + re.escape(claim.value) + r"\b",
                                       shown_lower) is not None
                if backed or any(rule.covers(lesson, sentence, claim) for rule in allowed):
                    continue
                findings.append(Finding(lesson, index, claim))
    return findings


def unused(rules: Iterable[Allowed], notebooks: dict[str, Any]) -> list[Allowed]:
    """Rules of the allow-list that cover no claim in any of `notebooks` (lesson -> notebook):
    a stale entry hides nothing, and should go."""
    left = list(rules)
    for lesson, notebook in notebooks.items():
        for cell in notebook["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for sentence in sentences(joined(cell["source"])):
                for claim in claims(sentence):
                    left = [rule for rule in left if not rule.covers(lesson, sentence, claim)]
    return left
