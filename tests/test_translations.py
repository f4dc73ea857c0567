"""The Korean edition: every translated lesson's catalog is complete and follows the current
English; a lesson built from it keeps the English code cells; a translation keeps the
English numbers; the translators' tool marks what changed; `lessons --lang ko` copies the
lessons in Korean where they are translated."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

import translations as tool                 # scripts/translations.py
from gamelib import lessons, translations
from gamelib.cli import main

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CATALOGS = sorted((NOTEBOOKS / "ko").glob("[0-9][0-9]-*.po"))
"""The lessons of the Korean edition are those with a catalog."""


def english(lesson: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / f"{lesson}.ipynb", as_version=4)


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.stem)
def test_a_translated_lesson_has_a_current_translation_of_every_markdown_cell(path):
    found = translations.problems(path.stem, english(path.stem),
                                  translations.read_catalog(path))
    assert not found, "run `python scripts/translations.py update`, then translate:\n" + \
        "\n".join(map(str, found))


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.stem)
def test_a_translation_keeps_the_numbers_of_its_english_cell(path):
    changes = translations.number_changes(path.stem, translations.read_catalog(path))
    assert not changes, "\n".join(changes)


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.stem)
def test_a_built_korean_lesson_runs_the_english_code_and_shows_every_translation(path):
    check_built(english(path.stem), translations.read_catalog(path))


# -- a tiny lesson of our own, so that the machinery is tested whatever is translated yet ----

TITLE = "# 99 · A tiny lesson\n\nMinimax looks **2** plies ahead."
CODE = "from gamelib import minimax\nprint(2 + 2)"
STEP = "## The step\n\nAlpha-beta prunes 4 of 9 leaves."
KOREAN = {"cell-00": "# 99 · 작은 강의\n\n미니맥스(minimax)는 **2**수 앞을 봅니다.",
          "cell-02": "## 단계\n\n알파-베타 가지치기(alpha-beta pruning)는 리프 9개 중 4개를 잘라냅니다."}


def tiny_lesson() -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell(TITLE, id="cell-00"),
                      nbformat.v4.new_code_cell(CODE, id="cell-01"),
                      nbformat.v4.new_markdown_cell(STEP, id="cell-02"),
                      nbformat.v4.new_code_cell("print('done')", id="cell-03")]
    return notebook


def tiny_catalog(notebook: nbformat.NotebookNode, strings: dict[str, str] = KOREAN):
    catalog = translations.new_catalog("ko")
    for cell in translations.markdown_cells(notebook):
        catalog.add(cell.source, string=strings.get(cell.id, ""), context=cell.id)
    return catalog


def check_built(notebook, catalog):
    """The built lesson: the English code cells in order (or their translations, the same
    programs), after the one that sets the language; every markdown cell the catalog's
    translation."""
    built = translations.translated(notebook, catalog, "ko")
    setting = [cell for cell in built.cells
               if translations.LANGUAGE_TAG in cell.metadata.get("tags", [])]
    assert [cell.cell_type for cell in setting] == ["markdown", "code"]
    assert setting[1].source == 'import gamelib\ngamelib.set_language("ko")'
    lesson = [cell for cell in built.cells if cell not in setting]
    strings = {cell_id: m.string for cell_id, m in translations.entries(catalog).items()}
    assert [(c.id, c.source) for c in lesson if c.cell_type == "code"] == \
        [(c.id, strings.get(c.id) or c.source) for c in notebook.cells if c.cell_type == "code"]
    for cell in translations.code_cells(notebook):
        assert translations.same_program(cell.source, strings.get(cell.id) or cell.source)
    assert [(c.id, c.source) for c in lesson if c.cell_type == "markdown"] == \
        [(c.id, strings[c.id]) for c in notebook.cells if c.cell_type == "markdown"]
    assert built.metadata["gamelib"]["language"] == "ko"
    nbformat.validate(built)


def test_the_tiny_lesson_builds_in_korean():
    notebook = tiny_lesson()
    check_built(notebook, tiny_catalog(notebook))
    assert translations.problems("99-tiny", notebook, tiny_catalog(notebook)) == []


PRINTS = 'total = 2 + 2  # the sum\nprint(f"{total:>3} moves ahead, {total / 8:.1%} done", sep="")'
PRINTS_KO = 'total = 2 + 2  # 합\nprint(f"{total:>3}수 앞, {total / 8:.1%} 끝남", sep="")'


def test_a_code_cell_translation_may_change_its_text_and_nothing_else():
    assert translations.same_program(PRINTS, PRINTS_KO)
    for wrong in (PRINTS_KO.replace("2 + 2", "2 + 3"),        # a number
                  PRINTS_KO.replace(":.1%", ":.2%"),          # how a number prints
                  PRINTS_KO.replace("total / 8", "total / 9"),
                  PRINTS_KO.replace("total =", "sum ="),      # a name
                  PRINTS_KO.replace('sep=""', 'end=""'),
                  PRINTS_KO + "\nprint(1)",                   # a statement more
                  "print(f'{total'"):                         # no program at all
        assert not translations.same_program(PRINTS, wrong), wrong


def test_a_code_cell_with_a_translation_runs_it_and_one_that_changes_the_code_is_named():
    notebook = tiny_lesson()
    notebook.cells[3].source = PRINTS
    catalog = tiny_catalog(notebook)
    assert translations.problems("99-tiny", notebook, catalog) == []    # shared as it is
    catalog.add(PRINTS, string=PRINTS_KO, context="cell-03")
    assert translations.problems("99-tiny", notebook, catalog) == []
    check_built(notebook, catalog)
    assert translations.translated(notebook, catalog, "ko").cells[-1].source == PRINTS_KO
    catalog.delete(PRINTS, context="cell-03")
    catalog.add(PRINTS, string=PRINTS_KO.replace("2 + 2", "2 + 3"), context="cell-03")
    [problem] = translations.problems("99-tiny", notebook, catalog)
    assert (problem.cell, problem.kind) == ("cell-03", "code")
    assert "changes the code" in str(problem)


def test_update_with_code_starts_entries_only_for_code_cells_that_print_english():
    notebook = tiny_lesson()
    notebook.cells[3].source = PRINTS
    catalog = translations.updated(notebook, tiny_catalog(notebook), code=True)
    found = translations.entries(catalog)
    assert "cell-03" in found and found["cell-03"].string == ""     # prints English words
    assert "cell-01" not in found                                   # print(2 + 2): no text
    assert "cell-03" not in translations.entries(
        translations.updated(notebook, tiny_catalog(notebook)))     # only when asked


@pytest.mark.parametrize("source", [
    'print("Done")',                                   # one printed word
    'n = 3\nprint(f"{n} nodes")',                      # one word of an f-string
    'ax.set_ylabel("nodes")',                          # an axis label
    'ax.plot([1, 2], label="minimax")',                # a legend entry
    '# try a deeper search\nalphabeta(game, state, depth=6)',    # English in a comment only
    'depth = 4   # plies ahead',
])
def test_update_with_code_starts_entries_for_one_shown_word_and_for_english_comments(source):
    notebook = tiny_lesson()
    notebook.cells[3].source = source
    assert translations.has_text(source)
    catalog = translations.updated(notebook, tiny_catalog(notebook), code=True)
    assert translations.entries(catalog)["cell-03"].string == ""


@pytest.mark.parametrize("source", [
    'alphabeta(game, state, order="centre")',          # an option's value, not text
    'ax.plot(xs, ys, "o-", color="grey")',             # a format and a colour
    'counts["minimax"].append(1)',                     # a key
    'print(f"{name}.png", 2 + 2)  # noqa: T201',       # a file name, a linter's mark
    'print("X")',                                      # one letter: a player
    'try:\n    f()\nexcept IllegalMoveError as error:\n    print("IllegalMoveError:", error)',
    'plain = MCTSPlayer()\nplain.name = "plain MCTS"',    # a player's name: data
    'p = AlphaBetaPlayer(depth=2, name="window count")',
])
def test_update_with_code_leaves_code_without_english_text_shared(source):
    assert not translations.has_text(source)


def test_a_change_in_the_english_is_named_with_lesson_cell_and_first_words():
    notebook = tiny_lesson()
    catalog = tiny_catalog(notebook)
    notebook.cells[2].source = STEP.replace("4 of 9", "5 of 9")
    [problem] = translations.problems("99-tiny", notebook, catalog)
    assert (problem.lesson, problem.cell, problem.kind) == ("99-tiny", "cell-02", "stale")
    assert str(problem) == ('99-tiny, cell cell-02: the English changed since it was '
                            'translated: "## The step Alpha-beta prunes 5 of 9 leaves."')


def test_missing_empty_and_orphan_entries_are_each_named():
    notebook = tiny_lesson()
    catalog = tiny_catalog(notebook, {"cell-00": KOREAN["cell-00"]})   # cell-02 left empty
    catalog.add("A cell since removed", string="지워진 셀", context="cell-77")
    notebook.cells.append(nbformat.v4.new_markdown_cell("## Summary\n\nAll done.",
                                                        id="cell-04"))
    found = translations.problems("99-tiny", notebook, catalog)
    assert [(p.cell, p.kind) for p in found] == [("cell-02", "empty"), ("cell-04", "missing"),
                                                ("cell-77", "orphan")]
    assert str(found[1]).endswith('no entry for this cell: "## Summary All done."')


def test_a_changed_number_in_a_translation_is_named():
    notebook = tiny_lesson()
    catalog = tiny_catalog(notebook, {**KOREAN, "cell-02": "## 단계\n\n리프 9개 중 3개를 잘라냅니다."})
    assert translations.number_changes("99-tiny", catalog) == [
        "99-tiny, cell cell-02: the English has ['4', '9'], the translation ['3', '9']"]


# -- the translators' tool ---------------------------------------------------------------------


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A checkout with the tiny lesson, translated, for scripts/translations.py."""
    (tmp_path / "ko").mkdir()
    nbformat.write(tiny_lesson(), tmp_path / "99-tiny.ipynb")
    translations.write_catalog(tiny_catalog(tiny_lesson()), tmp_path / "ko" / "99-tiny.po")
    monkeypatch.setattr(tool, "NOTEBOOKS", tmp_path)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    return tmp_path


def test_check_is_quiet_on_a_complete_catalog_and_names_a_stale_entry(checkout, capsys):
    assert tool.main(["check"]) == 0
    assert capsys.readouterr().out == "1 lessons translated to ko; 0 problems\n"
    notebook = tiny_lesson()
    notebook.cells[0].source = TITLE.replace("**2**", "**3**")
    nbformat.write(notebook, checkout / "99-tiny.ipynb")
    assert tool.main(["check"]) == 1
    out = capsys.readouterr().out
    assert '99-tiny, cell cell-00: the English changed since it was translated: "# 99' in out
    assert out.endswith("1 lessons translated to ko; 1 problems\n")


def test_update_keeps_a_changed_cell_s_translation_fuzzy_beside_the_previous_english(
        checkout, capsys):
    notebook = tiny_lesson()
    notebook.cells[2].source = STEP.replace("4 of 9", "5 of 9")
    notebook.cells.insert(3, nbformat.v4.new_markdown_cell("A new cell.", id="cell-05"))
    del notebook.cells[0]                                       # the title is gone
    nbformat.write(notebook, checkout / "99-tiny.ipynb")
    assert tool.main(["update"]) == 0
    assert "ko/99-tiny.po: 2 entries to translate or revise" in capsys.readouterr().out
    text = (checkout / "ko" / "99-tiny.po").read_text(encoding="utf-8")
    assert ('#, fuzzy\n#| msgid ""\n#| "## The step\\n"\n#| "\\n"\n'
            '#| "Alpha-beta prunes 4 of 9 leaves."\nmsgctxt "cell-02"\n') in text
    assert '#~ msgctxt "cell-00"' in text                     # kept, commented out
    catalog = translations.read_catalog(checkout / "ko" / "99-tiny.po")
    step = translations.entries(catalog)["cell-02"]
    assert step.id == notebook.cells[1].source and step.string == KOREAN["cell-02"]
    assert step.previous_id == [STEP]
    assert [(p.cell, p.kind) for p in translations.problems("99-tiny", notebook, catalog)] \
        == [("cell-02", "fuzzy"), ("cell-05", "empty")]
    translations.write_catalog(catalog, checkout / "again.po")      # read, written: the same
    assert (checkout / "again.po").read_text(encoding="utf-8") == text


def test_update_starts_a_catalog_for_a_new_lesson_and_refuses_an_unknown_one(checkout,
                                                                             capsys):
    for arguments in (["update", "99-tiny"], ["update", "--lang", "ko", "99-tiny"]):
        (checkout / "ko" / "99-tiny.po").unlink()
        assert tool.main(arguments) == 0
        catalog = translations.read_catalog(checkout / "ko" / "99-tiny.po")
        assert [(m.context, m.string) for m in translations.entries(catalog).values()] == \
            [("cell-00", ""), ("cell-02", "")]
    with pytest.raises(SystemExit, match="there is no lesson '98-nothing'; the lessons are: "
                                         "99-tiny"):
        tool.main(["update", "98-nothing"])
    with pytest.raises(SystemExit):
        tool.main(["check", "--lang", "en"])
    assert "no translation 'en'; the lessons are translated to: ko (한국어)" in \
        capsys.readouterr().err


# -- python -m gamelib lessons --lang ko -------------------------------------------------------


@pytest.fixture
def course(tmp_path, monkeypatch):
    """An installation with two lessons, one of them translated completely."""
    package = tmp_path / "package"
    (package / "ko").mkdir(parents=True)
    nbformat.write(tiny_lesson(), package / "00-start-here.ipynb")
    untranslated = tiny_lesson()
    untranslated.cells[0].source = "# 01 · Not yet"
    nbformat.write(untranslated, package / "01-games-as-search.ipynb")
    translations.write_catalog(tiny_catalog(tiny_lesson()), package / "ko" / "00-start-here.po")
    translations.write_catalog(tiny_catalog(tiny_lesson()),          # its cell-00 is stale
                               package / "ko" / "01-games-as-search.po")
    monkeypatch.setattr(lessons, "PLACES", (package,))
    monkeypatch.setattr(translations, "catalog_places", lambda language: (package / language,))
    monkeypatch.setattr(lessons.subprocess, "call", lambda command: 0)
    monkeypatch.chdir(tmp_path)
    return package


def test_lessons_in_korean_are_built_and_an_unfinished_one_is_english_saying_so(course,
                                                                              capsys):
    assert main(["lessons", "--lang", "ko", "--copy-only"]) == 0
    out = capsys.readouterr().out
    folder = course.parent / "gamelib-lessons-ko"
    assert out.splitlines() == [
        f"2 lessons copied to {folder}",
        "in English until their 한국어 translation is complete: 01-games-as-search"]
    korean = nbformat.read(folder / "00-start-here.ipynb", as_version=4)
    assert korean.cells[0].source == KOREAN["cell-00"]
    assert korean.cells[2].source == 'import gamelib\ngamelib.set_language("ko")'
    assert (folder / "01-games-as-search.ipynb").read_bytes() == \
        (course / "01-games-as-search.ipynb").read_bytes()
    saved = json.loads((folder / "00-start-here.ipynb").read_text(encoding="utf-8"))
    assert saved["nbformat"] == 4 and saved["metadata"]["gamelib"]["language"] == "ko"


def test_english_stays_the_default_and_bad_languages_are_refused(course, capsys):
    assert main(["lessons", "--copy-only"]) == 0
    assert capsys.readouterr().out == f"2 lessons copied to {course.parent / 'gamelib-lessons'}\n"
    assert (course.parent / "gamelib-lessons" / "00-start-here.ipynb").read_bytes() == \
        (course / "00-start-here.ipynb").read_bytes()
    for wrong in ("fr", "KO", ""):
        with pytest.raises(SystemExit) as exit_:
            main(["lessons", "--lang", wrong])
        assert exit_.value.code == 2
        assert (f"argument --lang: no lessons in {wrong!r}; choose one of en (English), "
                "ko (한국어)") in capsys.readouterr().err


def test_without_babel_the_korean_lessons_say_how_to_install_it(course, capsys, monkeypatch):
    def no_babel(path):
        raise ModuleNotFoundError("No module named 'babel'", name="babel")
    monkeypatch.setattr(translations, "read_catalog", no_babel)
    assert main(["lessons", "--lang", "ko", "--copy-only"]) == 1
    err = capsys.readouterr().err
    assert "the lessons in 한국어 are built with babel, which is not installed" in err
    assert '"babel>=2.12"' in err


def test_a_number_the_english_spells_out_may_be_written_in_digits_and_no_other() -> None:
    assert translations.numbers_kept("at most two minutes per move", "한 수에 최대 2분")
    assert translations.numbers_kept("depth 4, two rounds", "깊이 4, 두 라운드")
    assert not translations.numbers_kept("depth 4", "깊이")                 # a number lost
    assert not translations.numbers_kept("depth 4", "깊이 4, 5번")           # one added
    assert not translations.numbers_kept("two moves", "3수")                 # not the one spelled
