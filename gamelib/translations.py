"""The lessons in other languages, built from the English ones and a catalog per lesson;
and the catalogs of the package's own messages.

A lesson's translation is a gettext catalog, notebooks/<language>/<lesson>.po in a source
checkout (gamelib/locale/<language>/lessons/ in an installed package), with one entry per
markdown cell: its context (msgctxt) is the cell's id, its msgid the cell's English source,
its msgstr the translation. A code cell may have an entry too, for what it prints: its
translation is the same code with its text translated (string literals and comments),
which a check compares with the English as syntax trees, so the program stays the one the
English lesson runs; a code cell without an entry is shared as it is. When the English of
a cell changes, its entry's msgid no longer matches, so the translation shows as stale
until a translator revises it.

    python scripts/translations.py check        # what is missing or stale, per lesson
    python scripts/translations.py update       # bring the catalogs up to the English
    python scripts/translations.py messages     # the same for the package's own messages

Reading and writing catalogs needs Babel (in the lessons extra).
"""

from __future__ import annotations

import ast
import copy
import io
import re
import string
import tokenize
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamelib.platform import DEFAULT_LANGUAGE, DOMAIN, LANGUAGES

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

PACKAGE = Path(__file__).resolve().parent
PROJECT = "gamelib lessons"
LANGUAGE_TAG = "gamelib-language"
"""The tag of the two cells (a line saying so, then the code) that set the package's
language in a translated lesson, just before its first code cell."""

LANGUAGE_NOTE = {"ko": "아래 셀은 gamelib이 보여 주는 메시지(연습 문제의 채점 결과, 힌트 등)를 "
                       "한국어로 바꿉니다."}
"""The markdown line above the cell that sets the language, in each language."""


def catalog_places(language: str) -> tuple[Path, Path]:
    """Where the catalogs of `language` are: in an installed package, then in a checkout."""
    return PACKAGE / "locale" / language / "lessons", PACKAGE.parent / "notebooks" / language


def catalog_files(language: str) -> dict[str, Path]:
    """The catalogs of `language` by lesson name ("03-alphabeta"), from the first place
    that has any."""
    for place in catalog_places(language):
        found = sorted(place.glob("[0-9][0-9]-*.po"))
        if found:
            return {path.stem: path for path in found}
    return {}


def read_catalog(path: Path) -> Catalog:
    """The catalog in the PO file at `path`, the previous English of its fuzzy entries kept."""
    from babel.messages.pofile import read_po

    text = path.read_bytes()
    catalog = read_po(io.BytesIO(text))
    previous = previous_sources(text.decode("utf-8"))
    for message in catalog:                 # Babel reads `#|` lines as plain comments
        message.user_comments = [line for line in message.user_comments
                                 if not line.startswith("|")]
        if message.context in previous:
            message.previous_id = [previous[message.context]]
    return catalog


def previous_sources(po_text: str) -> dict[str, str]:
    """The previous English (gettext's `#| msgid` lines) of each fuzzy entry, by cell id.

    Babel writes these lines but does not read them back, so they are read here."""
    from babel.messages.pofile import unescape

    found = {}
    for block in po_text.split("\n\n"):
        lines = block.splitlines()
        previous = [line[3:] for line in lines if line.startswith("#| ")]
        context = [line for line in lines if line.startswith("msgctxt ")]
        if previous and context:
            parts = [previous[0].removeprefix("msgid ")] + previous[1:]
            found[unescape(context[0].removeprefix("msgctxt "))] = \
                "".join(unescape(part) for part in parts)
    return found


def write_catalog(catalog: Catalog, path: Path) -> None:
    """Write `catalog` to `path` in the lessons' PO layout (entries in notebook order), the
    previous English of each fuzzy entry above it as gettext's `#| msgid` lines."""
    from babel.messages.pofile import escape, normalize, write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, sort_output=False, include_lineno=False)
    text = buffer.getvalue().decode("utf-8")
    for message in catalog:                 # Babel would wrap these lines mid-string
        if message.fuzzy and message.previous_id and message.context:
            context = f"\nmsgctxt {escape(message.context)}\n"
            previous = "#| msgid " + normalize(message.previous_id[0], prefix="#| ",
                                                 width=0)
            text = text.replace(context, f"\n{previous}{context}", 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))


def markdown_cells(notebook: Any) -> list[Any]:
    """The markdown cells of a notebook (nbformat, version 4), in order."""
    return [cell for cell in notebook.cells if cell.cell_type == "markdown"]


def code_cells(notebook: Any) -> list[Any]:
    """The code cells of a notebook (nbformat, version 4), in order."""
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


class _TextBlanked(ast.NodeTransformer):
    """A syntax tree with the text of its string literals blanked, format specifications
    (":.1%", which decide how numbers print) kept."""

    def visit_Constant(self, node: ast.Constant) -> ast.Constant:
        return ast.Constant("") if isinstance(node.value, str) else node

    def visit_FormattedValue(self, node: ast.FormattedValue) -> ast.FormattedValue:
        node.value = self.visit(node.value)
        return node                     # not into format_spec


def program(source: str) -> str | None:
    """`source` as a program without its text (strings blanked, comments gone), to tell
    whether a translated code cell is still the English one; None if it does not parse.
    Jupyter's magics and shell lines are compared as they are."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    magics = [line.strip() for line in source.splitlines() if line.lstrip().startswith(("%", "!"))]
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return None
    return ast.dump(_TextBlanked().visit(tree)) + repr(magics)


def same_program(english: str, translation: str) -> bool:
    """True when a code cell's translation changes only its text, not what it does."""
    mine = program(english)
    return mine is not None and mine == program(translation)


def entries(catalog: Catalog) -> dict[str, Any]:
    """The catalog's messages by cell id (the header aside)."""
    return {str(message.context): message for message in catalog if message.id}


@dataclass(frozen=True)
class Problem:
    """Something wrong with one entry of a lesson's translation."""

    lesson: str
    cell: str
    kind: str                   # missing, stale, fuzzy, empty, orphan or code
    english: str

    def __str__(self) -> str:
        words = " ".join(self.english.split())
        words = words if len(words) <= 50 else words[:47] + "..."
        return f"{self.lesson}, cell {self.cell}: {EXPLAIN[self.kind]}: \"{words}\""


EXPLAIN = {
    "missing": "no entry for this cell",
    "stale": "the English changed since it was translated",
    "fuzzy": "marked fuzzy (the English changed): revise it, then remove the flag",
    "empty": "not translated yet",
    "orphan": "an entry for a cell the lesson no longer has",
    "code": "the translation changes the code, not only its text (strings and comments)",
}


def problems(lesson: str, notebook: Any, catalog: Catalog) -> list[Problem]:
    """What keeps `catalog` from translating every markdown cell of `notebook` (and each
    code cell it has an entry for) as it is now: missing, stale, fuzzy or empty entries,
    a code cell's translation that changes its code, and entries for cells that are gone."""
    found = []
    translated = entries(catalog)
    for cell in markdown_cells(notebook) + code_cells(notebook):
        message = translated.get(cell.id)
        if message is None and cell.cell_type == "code":
            continue                    # shared as it is
        if message is None:
            kind = "missing"
        elif message.id != cell.source:
            kind = "stale"
        elif message.fuzzy:
            kind = "fuzzy"
        elif not message.string.strip():
            kind = "empty"
        elif cell.cell_type == "code" and not same_program(cell.source, message.string):
            kind = "code"
        else:
            continue
        found.append(Problem(lesson, cell.id, kind, cell.source))
    cells = {cell.id for cell in notebook.cells}
    found += [Problem(lesson, cell_id, "orphan", message.id)
              for cell_id, message in translated.items() if cell_id not in cells]
    return found


def translated(notebook: Any, catalog: Catalog, language: str) -> Any:
    """The lesson in `language`: every markdown cell replaced by its translation, each code
    cell by its translation if it has one (else as it is), and before the first code cell
    a cell that makes gamelib speak `language` (with a line saying so)."""
    import nbformat

    strings = {cell_id: message.string for cell_id, message in entries(catalog).items()}
    result = copy.deepcopy(notebook)
    for cell in markdown_cells(result):
        cell.source = strings[cell.id]
    for cell in code_cells(result):
        cell.source = strings.get(cell.id) or cell.source
    first = next((i for i, cell in enumerate(result.cells) if cell.cell_type == "code"),
                 len(result.cells))
    note = nbformat.v4.new_markdown_cell(LANGUAGE_NOTE[language], id=f"{language}-language-note",
                                         metadata={"tags": [LANGUAGE_TAG]})
    setting = nbformat.v4.new_code_cell(f'import gamelib\ngamelib.set_language("{language}")',
                                        id=f"{language}-language",
                                        metadata={"tags": [LANGUAGE_TAG]})
    result.cells[first:first] = [note, setting]
    result.metadata.setdefault("gamelib", {})["language"] = language
    return result


def updated(notebook: Any, catalog: Catalog, code: bool = False) -> Catalog:
    """`catalog` brought up to the English of `notebook`, gettext's way: an entry per
    markdown cell (and per code cell that had one) in notebook order; a new markdown cell
    gets an empty one; a cell whose English changed keeps its old translation, marked fuzzy
    with the previous English beside it; entries of cells that are gone are kept as
    obsolete (commented out). With `code`, each code cell that shows English text or has
    English comments (`has_text`) and no entry yet gets an empty one, for a translator to
    start from."""
    from babel.messages.catalog import Catalog, Message

    result = Catalog(locale=catalog.locale, project=catalog.project, fuzzy=False,
                     creation_date=catalog.creation_date, revision_date=catalog.revision_date)
    old = entries(catalog)
    for cell in notebook.cells:
        message = old.get(cell.id)
        if cell.cell_type not in ("markdown", "code"):
            continue
        if message is None and cell.cell_type == "code" and not (code and has_text(cell.source)):
            continue
        if message is None:
            result.add(cell.source, string="", context=cell.id)
        elif message.id == cell.source:
            result.add(cell.source, string=message.string, context=cell.id,
                       flags=message.flags, previous_id=message.previous_id)
        else:
            result.add(cell.source, string=message.string, context=cell.id,
                       flags={"fuzzy"}, previous_id=message.previous_id or message.id)
    cells = {cell.id for cell in notebook.cells}
    for cell_id, message in old.items():
        if cell_id not in cells:
            result.obsolete[(message.id, cell_id)] = Message(message.id, message.string,
                                                             context=cell_id)
    result.obsolete.update(catalog.obsolete)
    return result


ENGLISH_TEXT = re.compile(r"[A-Za-z]{2,}[^\S\n]+[A-Za-z]{2,}")
"""Two English words in a row: a string a student reads, not a name or a position."""

ENGLISH_WORD = re.compile(r"(?<![\w./])[A-Za-z]{2,}")
"""One English word (not a file suffix like .png): text when a string is shown as it is
(printed, a label, a title)."""

SHOWN_BY = {"print", "display", "set_title", "set_xlabel", "set_ylabel", "suptitle", "text",
            "annotate", "figtext"}
"""Calls whose positional string arguments a student reads."""

SHOWN_AS = {"label", "title", "xlabel", "ylabel", "text", "description"}
"""Keyword arguments whose string a student reads (a `name` is a player's: data)."""


def has_text(source: str) -> bool:
    """True when a code cell shows English text (what it prints or draws) or explains itself
    in English comments: a string literal with two English words in a row, a one-word string
    that is printed, drawn as a label or title, or part of an f-string, or a comment with
    two English words in a row."""
    code = "\n".join(line for line in source.splitlines()
                     if not line.lstrip().startswith(("%", "!")))
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return False
    names, code_names = _player_names(tree), _identifiers(tree)
    return (any(ENGLISH_TEXT.search(text) for text in _strings(tree) if text not in names)
            or any(ENGLISH_WORD.search(text) for text in _shown_strings(tree)
                   if text.strip().rstrip(":") not in code_names)
            or any(ENGLISH_TEXT.search(comment) for comment in _comments(code)))


def _player_names(tree: ast.AST) -> set[str]:
    """Strings given as a name (`player.name = "plain MCTS"`, `name="..."`): data that
    stays as it is in every language, since code finds players by it."""
    named: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(target, ast.Attribute)
                                                and target.attr == "name"
                                                for target in node.targets):
            named.append(node.value)
        elif isinstance(node, ast.Call):
            named += [kw.value for kw in node.keywords if kw.arg == "name"]
    return {node.value for node in named
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def _identifiers(tree: ast.AST) -> set[str]:
    """The names the code itself uses (variables, attributes, exception classes): a printed
    word that is one of them is code, e.g. print("IllegalMoveError:", error)."""
    return ({node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
            | {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)})


def _strings(tree: ast.AST) -> list[str]:
    """The text of every string literal in `tree`."""
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def _shown_strings(tree: ast.AST) -> list[str]:
    """The string literals of `tree` a student reads as they are: the text parts of
    f-strings and the strings given to a call that prints or draws them."""
    shown: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            shown += node.values
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            shown += node.args if called in SHOWN_BY else []
            shown += [kw.value for kw in node.keywords if kw.arg in SHOWN_AS]
    return [node.value for node in shown
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def _comments(code: str) -> list[str]:
    """The comments of `code` (which parses), without their '#'."""
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    return [token.string.lstrip("#") for token in tokens if token.type == tokenize.COMMENT]


def new_catalog(language: str) -> Catalog:
    """An empty catalog for a lesson in `language`."""
    from babel.messages.catalog import Catalog

    return Catalog(locale=language, project=PROJECT, fuzzy=False)


NUMBER = re.compile(r"\d+(?:\.\d+)?")


def numbers(text: str) -> list[str]:
    """The numbers in `text`, sorted (a translation must keep the English cell's numbers)."""
    return sorted(NUMBER.findall(text))


NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                "seven": "7", "eight": "8", "nine": "9", "ten": "10", "twelve": "12",
                "twenty": "20", "hundred": "100"}
"""English numbers written as words, which a translation may write in digits (Korean writes
"two minutes" as 2분: 이 분 would read oddly)."""


def spelled_numbers(text: str) -> list[str]:
    """The numbers `text` spells out in words ("two minutes" -> ["2"])."""
    words = re.findall(r"[A-Za-z]+", text.lower())
    return [NUMBER_WORDS[word] for word in words if word in NUMBER_WORDS]


def numbers_kept(english: str, translation: str) -> bool:
    """True when the translation keeps every number of the English in digits and adds none,
    except where the English spells a number out as a word."""
    missing = Counter(numbers(english)) - Counter(numbers(translation))
    added = Counter(numbers(translation)) - Counter(numbers(english))
    return not missing and not added - Counter(spelled_numbers(english))


def number_changes(lesson: str, catalog: Catalog) -> list[str]:
    """Each translated entry whose numbers are not the English cell's, saying which."""
    changes = []
    for cell_id, message in entries(catalog).items():
        if message.string and not numbers_kept(message.id, message.string):
            changes.append(f"{lesson}, cell {cell_id}: the English has {numbers(message.id)}, "
                           f"the translation {numbers(message.string)}")
    return changes


def other_languages() -> list[str]:
    """The languages lessons can be translated to (every one gamelib speaks but English)."""
    return [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]


# -- the package's own messages -----------------------------------------------------------
# Marked in the code with _() or N_() (gamelib.platform); their catalog for each language is
# gamelib/locale/<language>/LC_MESSAGES/gamelib.po, and the .mo beside it is what Python's
# gettext reads: committed, so the package needs no Babel to speak.


def message_catalog_path(language: str) -> Path:
    """The PO file of the package's messages in `language`."""
    return PACKAGE / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def message_template() -> Catalog:
    """Every message marked for translation in the package's code, in order of appearance."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    template = Catalog(project="gamelib", fuzzy=False)
    for filename, line, message, _comments, _context in extract_from_dir(
            PACKAGE, method_map=[("**.py", "python")], keywords={"_": None, "N_": None,
                                                               "ngettext": (1, 2)},
            comment_tags=()):
        template.add(message, locations=[(filename, line)])
    return template


def fully_translated(message: Any) -> bool:
    """True when every form of the message's translation is written (a message with plural
    forms has one string per form: Korean has one)."""
    forms = (message.string,) if isinstance(message.string, str) else message.string
    return bool(forms) and all(forms)


def compiled(catalog: Catalog) -> bytes:
    """The .mo file of `catalog` (fuzzy entries left out, as gettext does)."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def placeholders(message: str | tuple[str, ...]) -> list[str]:
    """The named placeholders of a message ("{count} boards" -> ["count"]), sorted; of a
    message with plural forms, those of all its forms."""
    forms = (message,) if isinstance(message, str) else message
    return sorted({name for form in forms
                   for _text, name, _spec, _conversion in string.Formatter().parse(form)
                   if name is not None})
