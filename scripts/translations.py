"""The lessons' translation catalogs (notebooks/<language>/*.po), for translators.

    python scripts/translations.py check [--lang ko]
        every problem of every translated lesson: a markdown cell with no entry, an entry
        whose English changed (stale, or marked fuzzy by `update`), an empty entry, an
        entry for a cell that is gone, a translation whose numbers are not the English
        ones; exits with 1 if there is any
    python scripts/translations.py update [--lang ko] [--code] [LESSON ...]
        bring the catalogs up to the English lessons (all translated ones, or the lessons
        named, e.g. 10-learning-to-evaluate, which starts a new catalog): new cells get an
        empty entry, a changed cell keeps its old translation marked fuzzy with the
        previous English beside it, entries of cells that are gone are commented out;
        with --code, each code cell that prints or draws English text (even one word) or
        has English comments gets an entry too: translate its strings and comments only
        (check says so if the code itself changed)

    python scripts/translations.py messages [--lang ko]
        the same for the package's own messages (gamelib/locale/ko/LC_MESSAGES/gamelib.po):
        the messages marked in the code with _() or N_() are extracted, merged into the
        catalog (new ones empty, changed ones fuzzy), and the catalog is compiled to the
        .mo file that gamelib reads; run it again after translating

A translator then edits the .po file (any PO editor, or a text editor), removes the fuzzy
mark of each entry revised, and runs `check` until it says nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

from gamelib import translations
from gamelib.platform import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def english(lesson: str) -> nbformat.NotebookNode:
    """The English lesson called `lesson` (e.g. "03-alphabeta")."""
    path = NOTEBOOKS / f"{lesson}.ipynb"
    if not path.exists():
        names = ", ".join(p.stem for p in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")))
        sys.exit(f"error: there is no lesson {lesson!r}; the lessons are: {names}")
    return nbformat.read(path, as_version=4)


def catalog_path(lesson: str, language: str) -> Path:
    """Where the catalog of `lesson` in `language` lives in this checkout."""
    return NOTEBOOKS / language / f"{lesson}.po"


def check(language: str) -> int:
    """Print every problem of the catalogs of `language`; 1 if there is any."""
    catalogs = sorted((NOTEBOOKS / language).glob("[0-9][0-9]-*.po"))
    found = []
    for path in catalogs:
        catalog = translations.read_catalog(path)
        found += [str(problem) for problem in
                  translations.problems(path.stem, english(path.stem), catalog)]
        found += translations.number_changes(path.stem, catalog)
    for line in found:
        print(line)
    print(f"{len(catalogs)} lessons translated to {language}; {len(found)} problems")
    return 1 if found else 0


def update(language: str, lessons: list[str], code: bool = False) -> int:
    """Bring the catalogs of `lessons` (default: every one there is) up to the English;
    with `code`, start an entry for each code cell that shows English text or comments."""
    names = lessons or [path.stem for path in sorted((NOTEBOOKS / language).glob("*.po"))]
    for lesson in names:
        path = catalog_path(lesson, language)
        old = (translations.read_catalog(path) if path.exists()
               else translations.new_catalog(language))
        new = translations.updated(english(lesson), old, code=code)
        translations.write_catalog(new, path)
        problems = translations.problems(lesson, english(lesson), new)
        print(f"{path.relative_to(ROOT)}: {len(problems)} entries to translate or revise")
    return 0


def messages(language: str) -> int:
    """Merge the package's messages into its catalog of `language`, then compile it."""
    path = translations.message_catalog_path(language)
    catalog = (translations.read_catalog(path) if path.exists()
               else translations.new_catalog(language))
    catalog.project = "gamelib"
    catalog.update(translations.message_template(), update_header_comment=False)
    catalog.obsolete.clear()                # the code no longer says them
    translations.write_catalog(catalog, path)
    path.with_suffix(".mo").write_bytes(translations.compiled(catalog))
    todo = [message.id for message in catalog if message.id and
            (message.fuzzy or not translations.fully_translated(message))]
    print(f"{path.relative_to(ROOT)}: {len(todo)} messages to translate or revise")
    return 0


def language_argument(value: str) -> str:
    """A --lang value: a language the lessons are translated to."""
    if value not in translations.other_languages():
        raise argparse.ArgumentTypeError(
            f"no translation {value!r}; the lessons are translated to: "
            + ", ".join(f"{code} ({LANGUAGES[code]})" for code in translations.other_languages()))
    return value


def main(argv: list[str] | None = None) -> int:
    """Run `check` or `update`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["check", "update", "messages"])
    parser.add_argument("lessons", nargs="*", metavar="LESSON",
                        help="for update: the lessons to update (default: every catalog)")
    parser.add_argument("--lang", type=language_argument, default="ko")
    parser.add_argument("--code", action="store_true",
                        help="for update: also start an entry for each code cell that prints or "
                             "draws English text or has English comments (its translation "
                             "changes only strings and comments)")
    args = parser.parse_intermixed_args(argv)     # `update --lang ko LESSON` as documented
    if args.command == "check":
        return check(args.lang)
    if args.command == "messages":
        return messages(args.lang)
    return update(args.lang, args.lessons, code=args.code)


if __name__ == "__main__":
    sys.exit(main())
