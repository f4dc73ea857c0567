"""Every number and verdict in a lesson's prose is printed by the lesson, or is a constant
of its code, or is on the short allow-list below, with the reason it needs no output.

The audit (tests/lesson_audit.py) reads the lessons the notebook tests executed (one run
per session, quick settings: tests/conftest.py), and runs the lessons that have quick
settings once more with the sizes a student sees, to audit those too (slow: a few minutes).
A lesson without quick settings runs the same in both, so its quick run is its full run.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Callable

import nbformat
import pytest

import lessons
from gamelib.translations import LANGUAGE_TAG, program
from lesson_audit import (Allowed, Claim, allowed_in_english, audit, claims, code_of,
                          numbers_in, output_text, printed, sentences, unused)

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
SIZED = [path for path in LESSONS if lessons.quick_settings(nbformat.read(path, as_version=4))]
"""The lessons whose quick runs use smaller sizes than a student's (the others run alike)."""
KOREAN = list(lessons.translated_lessons("ko"))
"""The lessons of the Korean edition (a complete catalog in notebooks/ko/)."""

ALLOWED = (
    # Kinds of numbers that are never measured
    Allowed(r"(?<=\()(19|20)\d\d\b|(?<=[A-Za-z.] )(19|20)\d\d(?=[);,]|\)| student| report)"
            r"|[Tt]he (19|20)\d\d report|(?<=[a-zé], )(19|20)\d\d|(?<=\d, )(19|20)\d\d",
            "a year, in a citation"),
    Allowed(r"(lesson|lessons|\*\*|^#)\s*[01]\d\b|\b[01]\d\s*·", "a lesson's number"),
    Allowed(r"(section|chapter|chapters|ch\.|edition|ed\.)\s*\d+(\.\d+)*(\s*(and|-)\s*\d+)?"
            r"|\b\d+(th|rd|nd)\b|\bIntelligence\* \d+", "a citation: section, chapter, volume"),
    Allowed(r"4\.5 × 10\s+12|about 10\s+44", "known sizes of the games, from the literature "
            "(Connect Four: Tromp; chess: Shannon's estimate), cited where they are used",
            "01 02 04"),
    Allowed(r"Gomoku \(15×15, 5 in a row\)", "a definition: the rules of Gomoku", "01"),
    Allowed(r"\b\d\.\d+\b(?=[^|]*\|)|\b0\.5\b|95%", "the fixed points of a score: a draw is "
            "0.5, intervals are 95% intervals (definitions)"),
    Allowed(r"25(-| to )35 discs|16 to 22 discs|about 300 random positions",
            "sizes of a sample, passed to the sampler as arguments of its call", "05 06"),
    # Verdict words that state a definition or a rule, not a measurement
    Allowed(r"at most|worth no more than|the most lines|the most visited|most visits",
            "a definition (a bound, a rule of the algorithm), not a measurement"),
    Allowed(r"higher is better|better moves|better for|is better than|MIN's better ones"
            r"|which limit plays better|better player|better\?|make evaluations .{0,30}better"
            r"|shown to be better than the window count",
            "a definition or a question, not a measured verdict"),
    Allowed(r"twice as deep|twice the depth|the exponent halved|grows like|grows like the "
            r"square root|tried twice|twice the time|passing only half the window|half-way"
            r"|each question halves it"
            r"|grows (slowly|with N|a tree)|shrinks as the child",
            "a theorem or a rule of the algorithm (Knuth & Moore 1975; UCB1), or an instruction"),
    Allowed(r"who is really stronger|which is stronger|is really stronger|stronger\?",
            "a question the lesson goes on to answer with a printed verdict"),
    Allowed(r"the tree grows fast|The tree grows like", "the b^m formula of the sentence", "01"),
    Allowed(r"far fewer (of them|nodes)", "a preview of lesson 03, which prints it", "02"),
    Allowed(r"the interval shrinks with more games", "a preview of lesson 08, which prints it",
            "06"),
    Allowed(r"^(19|20)\d\d\)", "a year, closing a citation the sentence split cut"),
    Allowed(r"which is worse than the 3 MAX already has", "a step of the worked example; the "
            "tree drawn above shows both values", "03"),
    Allowed(r"there are 69 on the 7×6 board", "a count of the board's lines, a fact of the "
            "rules (the check of the exercise uses them)", "04"),
    Allowed(r"a score of 0\.65 or more|It scores 0\.64 \(the match stops after 80 games\)",
            "the exercise's goal, set by its check, and the model solution's score and games, "
            "which the check prints when run on it (tests/test_exercises.py compares them)", "04"),
    Allowed(r"up to 200 games|every 40 games|after 20 seconds of play|60 in the browser version"
            r"|its five looks",
            "the check's own settings (GAMES, LOOK_EVERY, TIME_LIMIT of the evaluation check), "
            "which tests/test_exercises.py compares with the lesson's words", "04"),
    Allowed(r"(A )?400.point difference|a score of about 0\.91|400 points",
            "the definition of the Elo scale", "08"),
    Allowed(r"a faster win scores higher|fastest possible win", "the definition of the score",
            "09"),
    Allowed(r"needs more than", "the definition of the node budget", "09"),
    Allowed(r"the most \*\*winning spots", "the definition of the move order", "09"),
    Allowed(r"on 300 random boards", "what the check does (gamelib/exercises), not a result "
            "of the lesson", "01"),
    Allowed(r"each player moves first in half of the games", "a definition of a seat-swapped "
            "match", "06 08"),
    Allowed(r"about \d+ minutes", "the lesson map's estimate of reading, running and "
            "exercise time (run times measured, reading time estimated), not a result", "00"),
    Allowed(r"fewest empty cells", "by construction: the example chosen is the one with the "
            "most discs (the code's max)", "05"),
)
"""Reviewed: each entry says why its claims need no output. Keep it short."""

KOREAN_ALLOWED = (
    Allowed(r"일이 줄어듭니다", "the summary restates the counts printed above (255,168 "
            "games, 5,478 positions, 765 up to symmetry); the English says \"shrink the "
            "work\", a form the English audit does not read as a verdict", "01"),
    Allowed(r"정확히 알 수 없는 것은", "a definition: a pruned move's value is known only as "
            "a bound (the English says \"not known exactly\", no verdict)", "03"),
    Allowed(r"가장 빨리 지는 길|더 빠른 승리와 더 늦은 패배", "the definition of the scores "
            "(wins sooner and losses later score higher), as in lesson 09", "04"),
    Allowed(r"배수를 키우고", "what a ratio does by definition: a round that costs little "
            "more makes the multiple larger (no measured verdict; the English says \"makes "
            "it larger\")", "04"),
    Allowed(r"동의하지 않는 경우가 동의하는 경우보다 많습니다", "the table above prints how "
            "often the solver agrees in each case (both odd: under half); the English \"more "
            "often than\" is a form the English audit does not read", "05"),
    Allowed(r"트리(\(search tree\))?를 키우|트리가 자라|방문 횟수가 가장 많은", "a rule of the algorithm: MCTS "
            "grows its tree and plays the most visited move (the English \"grow a search "
            "tree\", \"most visits\": no verdict)", "07"),
    Allowed(r"추가 비용은 줄어들고", "the two medians printed below it (null windows' nodes "
            "over the full window's, easiest and hardest positions) show it; the English "
            "\"falls\" is a form the English audit does not read", "09"),
    Allowed(r"점수에 더 빨리 다가갑니다|가장 가운데에 가까운 수", "reasoning about the "
            "algorithm (a bound nearer the score needs fewer questions) and the definition "
            "of the tie-break (the centre-most move), not measurements", "09"),
)
"""Claims of the Korean lessons that need no output and that the English allow-list does
not already cover through the same cell of the English lesson (see `audit`): mostly a
Korean word ending that reads as a verdict where the English word is not one. Keep it
short; each entry says why."""


def test_the_audit_reads_numbers_ratios_and_verdicts_as_written() -> None:
    found = claims("From 549,946 nodes (x6.3, 49%) it is 3x faster, four times the games "
                   "for half the width; we cannot tell.")
    assert [(c.kind, c.value) for c in found] == [
        ("number", "549946"), ("number", "6.3"), ("number", "49"), ("number", "3"),
        ("number", "4"), ("verdict", "faster"), ("verdict", "half"), ("verdict", "cannot tell")]


def test_code_formulas_and_quoted_output_are_not_claims() -> None:
    text = "Call `alphabeta(depth=6)` for $b^{d/2}$:\n```\nscore 0.600 faster\n```\nDone."
    assert [c.text for s in sentences(text) for c in claims(s)] == []


def test_sentences_split_at_stops_list_items_and_table_rows() -> None:
    text = "One. Two: three\n- item 4\n| 5 | 6 |\n\nNext paragraph."
    assert sentences(text) == ["One.", "Two:", "three", "- item 4", "| 5 | 6 |",
                               "Next paragraph."]


def test_printed_numbers_are_read_from_text_tables_and_descriptions_not_markup() -> None:
    table = {"output_type": "display_data", "metadata": {},
             "data": {"text/html": "<style>td {width: 77px}</style><td>1,173</td>",
                      "text/plain": "1173"}}
    picture = {"output_type": "display_data", "metadata": {"image/svg+xml": {"alt": "14 nodes"}},
               "data": {"image/svg+xml": "<svg width='681'/>", "text/plain": "<Drawing>"}}
    assert numbers_in(output_text(table)) == {"1173"}
    assert numbers_in(output_text(picture)) == {"14"}


def notebook(markdown: str, code: str = "", printed: str = "") -> Any:
    """A small executed notebook: one markdown cell, one code cell that printed `printed`."""
    cell = nbformat.v4.new_code_cell(code)
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=printed)] \
        if printed else []
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(markdown), cell])


def test_a_claim_is_backed_by_an_output_or_a_constant_and_nothing_else() -> None:
    backed = notebook("It visits 1,173 nodes in 30 iterations and is faster.",
                      code="mcts(iterations=30)", printed="1,173 nodes: alpha-beta is faster\n")
    assert audit(backed, "02") == []
    unbacked = notebook("It visits 1,174 nodes in 31 iterations and is faster.",
                        code="mcts(iterations=30)", printed="1,173 nodes\n")
    assert [f.claim.text for f in audit(unbacked, "02")] == ["1,174", "31", "faster"]


def test_the_allow_list_covers_only_its_own_words_and_lessons() -> None:
    rule = Allowed(r"Allis 1988", "a citation", "05")
    lesson = notebook("As Allis 1988 showed, 1988 and 1989 are years.")
    assert [f.claim.text for f in audit(lesson, "05", [rule])] == ["1988", "1989"]
    assert len(audit(lesson, "04", [rule])) == 3


def test_the_issue_examples_fail_the_audit() -> None:
    """Sentences the lessons once held, with what their cells printed: each is caught."""
    examples = [
        ("08", "Four times the games for half the width.",
         "160 games: score 0.52 (95% CI 0.44-0.60)\n40 games: score 0.55 (95% CI 0.40-0.69)"),
        ("05", "Over all positions it does little better than always guessing the most common "
               "outcome.", "the rule is right in 49% of 300 positions; always guessing the most "
                           "common one is right in 49%"),
        ("09", "A null window cuts off very early and searches deeper only when it must.",
         "null window  358 nodes"),
        ("02", "Each extra empty cell multiplies the work by a factor close to the number of "
               "moves (a little less where lines end early).", "x 6.3\nx 9.9"),
        ("03", "The saving grows with the depth.", "5 x 2.4\n6 x 1.8"),
        ("07", "Try `iterations=2000`, twice the time: MCTS does better, but still loses more "
               "games than it wins.", "MCTS, 1000 iterations +10 =3 -27, score 0.287"),
        ("09", "Later it solves positions on the spot, in well under a second.",
         "O wins after 5 moves"),
    ]
    for lesson, sentence, printed in examples:
        assert audit(notebook(sentence, printed=printed), lesson, ALLOWED), sentence


@pytest.fixture(scope="session")
def full_lesson() -> Callable[[Path], Any]:
    """Lessons executed with the sizes a student sees (each run once, then remembered)."""
    done: dict[Path, Any] = {}

    def run(path: Path) -> Any:
        if path not in done:
            done[path] = lessons.execute(path, quick=False, timeout=3600)
        return done[path]
    return run


def findings_text(notebook: Any, path: Path) -> str:
    return "\n".join(str(f) for f in audit(notebook, path.name[:2], ALLOWED))


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_claim_in_the_lesson_is_printed_or_allowed(path: Path, executed_lesson: Any) -> None:
    found = findings_text(executed_lesson(path), path)
    assert not found, "claims that nothing in the lesson prints:\n" + found


def test_the_full_size_audit_covers_the_lessons_whose_quick_runs_differ() -> None:
    """The quick audit stands for the full one only where a quick run changes nothing."""
    assert SIZED, "no lesson has quick settings: then nothing here needs a full run"
    for path in set(LESSONS) - set(SIZED):
        notebook = nbformat.read(path, as_version=4)
        assert lessons.with_settings(notebook, quick=True) == notebook, path.name


@pytest.mark.slow
@pytest.mark.parametrize("path", SIZED, ids=lambda p: p.stem)
def test_every_claim_in_the_full_size_lesson_is_printed_or_allowed(path: Path,
                                                                    full_lesson: Any) -> None:
    found = findings_text(full_lesson(path), path)
    assert not found, "claims that nothing in the lesson prints:\n" + found


def test_every_entry_of_the_allow_list_is_still_needed() -> None:
    sources = {path.name[:2]: nbformat.read(path, as_version=4) for path in LESSONS}
    assert unused(ALLOWED, sources) == []


def test_claims_carry_their_sentence() -> None:
    claim: Claim = claims("It is 3 times faster.")[0]
    assert claim.sentence[claim.start:claim.end] == "3"


# -- the Korean lessons ----------------------------------------------------------------------


def korean_notebook(markdown: str, english: str, printed: str = "", code: str = "") -> Any:
    """A small executed Korean lesson and its English source: one markdown cell (the same
    id in both), one code cell that printed `printed`."""
    lesson = notebook(markdown, code, printed)
    source = notebook(english, code)
    lesson.cells[0].id = source.cells[0].id = "prose"
    return lesson, source


def test_numbers_glued_to_korean_word_endings_are_read() -> None:
    found = claims("게임보다 국면이 47배 적고, 30번 두어 7열에서 4수 만에 0.55점을 얻으며 "
                   "49%가 맞습니다. 네 배의 게임으로 폭이 절반이 됩니다.", "ko")
    assert [(c.kind, c.value) for c in found] == [
        ("number", "47"), ("number", "30"), ("number", "7"), ("number", "4"),
        ("number", "0.55"), ("number", "49"), ("number", "4"), ("verdict", "배 적"),
        ("verdict", "절반")]
    assert [c.value for c in claims("L2_R1, 4th, x6.3, 3x", "ko")] == ["6.3", "3"]
    assert numbers_in("노드 1,173개, 점수 0.55점, 12초") == {"1173", "0.55", "12"}
    with pytest.raises(ValueError, match="no audit for prose in 'fr'; the audit reads 'en' "
                                         "and 'ko'"):
        claims("Il y a 3 coups.", "fr")


def test_a_korean_verdict_is_backed_by_its_korean_or_english_word_only() -> None:
    for shown in ("alpha-beta is 3.5x faster", "알파-베타가 3.5배 더 빠릅니다"):
        lesson, english = korean_notebook("알파-베타가 3.5배 더 빠릅니다.",
                                          "Alpha-beta is 3.5 times faster.", shown)
        assert audit(lesson, "03", (), "ko", english=english) == []
    lesson, english = korean_notebook("알파-베타가 3.5배 더 빠릅니다.",
                                      "Alpha-beta is 3.5 times faster.", "3.5 slower")
    assert [f.claim.text for f in audit(lesson, "03", (), "ko", english=english)] == ["더 빠"]


def test_the_english_allow_list_covers_a_korean_claim_only_where_the_english_cell_makes_it(
        ) -> None:
    rule = Allowed(r"Allis 1988", "a citation", "05")
    lesson, english = korean_notebook("Allis(1988)가 보였듯이, 1989년은 연도입니다.",
                                      "As Allis 1988 showed, 1989 is a year.")
    assert [f.claim.text for f in audit(lesson, "05", [rule], "ko", english=english)] == \
        ["1989"]
    assert len(audit(lesson, "04", [rule], "ko", english=english)) == 2    # not lesson 04's
    english.cells[0].id = "another-cell"
    assert len(audit(lesson, "05", [rule], "ko", english=english)) == 2    # not this cell's
    assert not allowed_in_english(claims("1988년", "ko")[0], "in 1988 (Allis 1988)", "05",
                                  [rule])          # one of the English two is not covered


def test_every_entry_of_the_korean_allow_list_is_still_needed() -> None:
    sources = {path.name[:2]: lessons.translated(path, "ko") for path in KOREAN}
    assert unused(KOREAN_ALLOWED, sources, "ko") == []


def korean_findings(lesson: Any, path: Path, backing: Any = None) -> list:
    """The Korean lesson's unbacked claims, against its own outputs or `backing`'s."""
    return audit(lesson, path.name[:2], (*ALLOWED, *KOREAN_ALLOWED), "ko", backing=backing,
                 english=nbformat.read(path, as_version=4))


@pytest.mark.slow
@pytest.mark.parametrize("path", KOREAN, ids=lambda p: f"{p.stem}-ko")
def test_every_claim_in_the_korean_lesson_is_printed_or_allowed(
        path: Path, executed_korean_lesson: Any) -> None:
    """The quick audit of the Korean lesson, against the outputs of its own run."""
    found = "\n".join(map(str, korean_findings(executed_korean_lesson(path), path)))
    assert not found, "claims that nothing in the Korean lesson prints:\n" + found


@pytest.mark.slow
@pytest.mark.parametrize("path", KOREAN, ids=lambda p: f"{p.stem}-ko")
def test_a_changed_number_in_the_korean_prose_is_reported(path: Path,
                                                          executed_korean_lesson: Any) -> None:
    """The audit reads the Korean prose: the last number that the lesson's outputs back and
    nothing else covers (one glued to a Korean word ending, such as 47배, where there is
    one; the last, as results come after the citations) is changed to one that neither the outputs, the code nor the English cell hold,
    and the audit names it. (A changed number that the English cell says elsewhere is
    caught by test_translations.py, which compares each cell's numbers.)"""
    executed = executed_korean_lesson(path)
    shown = numbers_in(printed(executed))
    known = shown | numbers_in(code_of(executed))
    english = nbformat.read(path, as_version=4)
    english_cells = {cell.id: cell.source for cell in english.cells}
    rules = (*ALLOWED, *KOREAN_ALLOWED)
    candidates = []
    for index, cell in enumerate(executed.cells):
        if cell.cell_type != "markdown":
            continue
        for sentence in sentences(cell.source):
            for claim in claims(sentence, "ko"):
                if (claim.kind == "number" and claim.value in shown and claim.text.isdigit()
                        and not any(rule.covers(path.name[:2], sentence, claim)
                                    for rule in rules)
                        and not allowed_in_english(claim, english_cells.get(cell.id, ""),
                                                   path.name[:2], rules)
                        and cell.source.count(sentence) == 1):
                    glued = sentence[claim.end:claim.end + 1] >= "가"
                    candidates.append((glued, index, sentence, claim))
    assert candidates, f"{path.name}: no number in the Korean prose is backed by an output"
    _, index, sentence, claim = max(candidates, key=lambda found: found[:2])
    said_in_english = numbers_in(english_cells.get(executed.cells[index].id, ""))
    wrong = next(str(n) for n in range(int(claim.value) + 1, 10**9)
                 if str(n) not in known | said_in_english)
    changed = sentence[:claim.start] + wrong + sentence[claim.end:]
    mutant = copy.deepcopy(executed)
    mutant.cells[index].source = mutant.cells[index].source.replace(sentence, changed)
    found = [f for f in audit(mutant, path.name[:2], (*ALLOWED, *KOREAN_ALLOWED), "ko",
                              english=english) if f.cell == index]
    assert [f.claim.value for f in found if f.claim.value == wrong] == [wrong], \
        (sentence, changed, [str(f) for f in found])


@pytest.mark.slow
@pytest.mark.parametrize("path", [path for path in SIZED if path in KOREAN],
                         ids=lambda p: p.stem)
def test_every_claim_in_the_full_size_korean_lesson_is_printed_or_allowed(
        path: Path, full_lesson: Any) -> None:
    """The full-size audit of a Korean lesson, without running it a second time at full
    size: its prose is audited against the English lesson's full-size run.

    That is the Korean lesson's own full-size run in all that the prose can quote: the
    Korean lesson's code cells are the English programs, cell for cell (asserted here: a
    translated cell differs only in its strings and comments, whose numbers the catalog
    check keeps; only the cell that sets gamelib's language is added), the kernels compute
    the same things from the same seeds, so they print the same numbers; what the language
    changes is the wording, and a verdict is backed by its English word as well as by its
    Korean one (lesson_audit.KOREAN_VERDICTS). A number of the Korean prose that
    the full-size run does not print fails here exactly as it would in English. The quick
    Korean run (above) checks that the Korean lesson runs and backs its prose itself."""
    english = nbformat.read(path, as_version=4)
    korean = lessons.translated(path, "ko")

    def code(lesson: Any) -> list[tuple[str, str | None]]:
        return [(cell.id, program(cell.source)) for cell in lesson.cells
                if cell.cell_type == "code" and LANGUAGE_TAG not in cell.metadata.get("tags", [])]

    assert code(korean) == code(english)
    found = "\n".join(map(str, korean_findings(korean, path, backing=full_lesson(path))))
    assert not found, "claims that nothing in the full-size lesson prints:\n" + found
