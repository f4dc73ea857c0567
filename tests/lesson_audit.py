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

The Korean lessons' prose is audited the same way (`language="ko"`): numbers glued to a
Korean word ending (47배, 7열, 0.55점) are numbers, Korean verdict words are verdicts, and
a claim the English allow-list covers in the same cell of the English lesson is covered.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Iterable, Sequence

HANGUL = "\uac00-\ud7a3\u3131-\u318e"
"""Korean syllables and letters: a word ending glued to a number ("30번", "0.55점") leaves
it a number, as a space would in English."""
LETTER = rf"[^\W{HANGUL}]"
"""A letter, digit or underscore that is not Korean: glued to digits, it makes them a name."""
NUMBER = re.compile(rf"(?<![.])(?<!{LETTER})(?:[x×]\s?)?(\d{{1,3}}(?:,\d{{3}})+|\d+)(\.\d+)?"
                    rf"(%|x|×)?(?!{LETTER})")
"""A number as prose writes it: 549,946 / 0.41 / 49% / x6.3 / 3x / 47배 / 7열. Digits glued
to Latin letters (4th, L2_R1, 7x6 is two numbers) are not read as numbers unless separated;
digits glued to a Korean word ending are."""

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

KOREAN_VERDICTS = {
    "더 빠|더 빨|배 빠|배 빨": ("faster", "quicker"),
    "가장 빠|가장 빨": ("fastest",),
    "더 느|배 느": ("slower",),
    "가장 느": ("slowest",),
    "더 강|강해": ("stronger",),
    "가장 강": ("strongest",),
    "더 약": ("weaker",),
    "가장 약": ("weakest",),
    "보다 낫|보다 나은|더 잘 두|더 잘 둡": ("better than", "little better", "no better",
                                        "does better"),
    "배 적|보다 적|훨씬 적|가장 적": ("fewer", "fewest", "less than", "far less"),
    "보다 많|훨씬 많|배 많": ("more than", "far more", "more games than"),
    "가장 많": ("the most", "most common"),
    "절반": ("half", "halves", "halved"),
    "두 배": ("twice", "doubles", "doubled"),
    "알 수 없": ("cannot tell",),
    "쓸모없|쓸모 없": ("useless",),
    "커지|커집|커져|커졌|늘어나|늘어납|늘어났|자라|자랍|키우|키웁": ("grows",),
    "줄어": ("shrinks",),
    "에 가깝|에 가까": ("close to",),
    "미만|밑돌": ("well under", "less than"),
    "이득": ("pays", "paid"),
}
"""The verdict words of the Korean lessons, each with the English verdicts it translates.
Korean conjugates a word's last syllable (빠르다, 빠른, 빠릅니다), so each is read by what
comes before it ("더 빠", faster; "가장 느", slowest): a Korean verdict is backed by a cell that
prints either (the code cells, shared with the English lesson, print in English; gamelib's
own messages are in Korean)."""
KOREAN_VERDICT = re.compile("|".join(KOREAN_VERDICTS))
KOREAN_TIMES = re.compile(r"(?<![가-힣])(세|네|다섯|여섯|일곱|여덟|아홉|열) ?배")
"""A ratio written in Korean words ("네 배", four times): read as the number it names
("두 배", twice, is a verdict, as in English)."""
KOREAN_NUMBER_WORDS = {"세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8,
                       "아홉": 9, "열": 10}


def counterparts(claim: Claim) -> tuple[str, ...]:
    """The words that back a verdict in either language: a Korean verdict's own stems and
    the English verdicts it translates; an English verdict's word and the Korean stems
    that translate it."""
    for stems, english in KOREAN_VERDICTS.items():
        if re.fullmatch(stems, claim.value):
            return (*stems.split("|"), *english)
    korean = [stem for stems, english in KOREAN_VERDICTS.items() if claim.value in english
              for stem in stems.split("|")]
    return (claim.value, *korean)

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


def claims(sentence: str, language: str = "en") -> list[Claim]:
    """Every number and verdict word of one sentence; in Korean prose ("ko") its Korean
    verdicts and ratios too (the English words a translation keeps, as glosses, count)."""
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
    if language == "ko":
        for match in KOREAN_TIMES.finditer(sentence):
            number = str(KOREAN_NUMBER_WORDS[match.group(1)])
            found.append(Claim("number", match.group(0), number, sentence, match.start(),
                               match.end()))
        for match in KOREAN_VERDICT.finditer(sentence):
            found.append(Claim("verdict", match.group(0), match.group(0), sentence,
                               match.start(), match.end()))
    elif language != "en":
        raise ValueError(f"no audit for prose in {language!r}; the audit reads 'en' and 'ko'")
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


def audit(notebook: Any, lesson: str, allowed: Sequence[Allowed] = (), language: str = "en",
          backing: Any = None, english: Any = None) -> list[Finding]:
    """Every claim in `notebook`'s markdown that neither its outputs, its code nor `allowed`
    backs. `lesson` is the lesson's number ("05"), for the allow-list.

    A translated lesson (`language` "ko") is audited the same way, with two additions: a
    claim may be backed by the outputs and code of `backing` instead (an executed lesson
    with the same code cells), and a claim is covered when `english` (the English lesson)
    says it in the same cell and `allowed` covers it there every time it says it: it needs
    no output for the same reason, whatever the language."""
    backing = notebook if backing is None else backing
    shown = printed(backing)
    shown_lower = " ".join(shown.lower().split())
    numbers = numbers_in(shown) | numbers_in(code_of(backing))
    english_cells = {} if english is None else \
        {cell.get("id"): joined(cell["source"]) for cell in english["cells"]
         if cell["cell_type"] == "markdown"}
    findings = []
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        for sentence in sentences(joined(cell["source"])):
            for claim in claims(sentence, language):
                if claim.kind == "number":
                    backed = claim.value in numbers
                else:
                    backed = said(counterparts(claim), shown_lower)
                if backed or any(rule.covers(lesson, sentence, claim) for rule in allowed):
                    continue
                if cell.get("id") in english_cells and allowed_in_english(
                        claim, english_cells[cell.get("id")], lesson, allowed):
                    continue
                findings.append(Finding(lesson, index, claim))
    return findings


def said(words: Iterable[str], shown_lower: str) -> bool:
    """True when the outputs (lower case) say one of `words`: an English word whole, a
    Korean stem anywhere (Korean glues endings to it)."""
    for word in words:
        english = re.fullmatch(r"[\x00-\x7f]+", word) is not None
        pattern = r"\b" + re.escape(word) + r"\b" if english else re.escape(word)
        if re.search(pattern, shown_lower):
            return True
    return False


def allowed_in_english(claim: Claim, english: str, lesson: str,
                       allowed: Sequence[Allowed]) -> bool:
    """True when the English cell `english` makes the same claim (the same number, or a
    verdict `claim` translates) and `allowed` covers every place it makes it there."""
    same = []
    for sentence in sentences(english):
        for found in claims(sentence):
            if claim.kind == "number" == found.kind and found.value == claim.value:
                same.append((sentence, found))
            elif claim.kind == "verdict" == found.kind and found.value in counterparts(claim):
                same.append((sentence, found))
    return bool(same) and all(any(rule.covers(lesson, sentence, found) for rule in allowed)
                              for sentence, found in same)


def unused(rules: Iterable[Allowed], notebooks: dict[str, Any], language: str = "en"
           ) -> list[Allowed]:
    """Rules of the allow-list that cover no claim in any of `notebooks` (lesson -> notebook,
    in `language`): a stale entry hides nothing, and should go."""
    left = list(rules)
    for lesson, notebook in notebooks.items():
        for cell in notebook["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for sentence in sentences(joined(cell["source"])):
                for claim in claims(sentence, language):
                    left = [rule for rule in left if not rule.covers(lesson, sentence, claim)]
    return left
