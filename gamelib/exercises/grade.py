"""Grading for instructors: run every exercise check on a pile of submitted notebooks.

`python -m gamelib grade SUBMISSIONS... [--out DIR] [--timeout S]`

Each notebook runs in a fresh Jupyter kernel, cell by cell, each cell with a time limit
(a cell that runs too long is interrupted and the run goes on). Lines that call a check,
a hint or a solution are left out (the grader runs the checks itself). Then, for every
exercise the notebook contains (the functions it defines or checks, the predictions it
asks for, the unit-test exercise), the same check a student runs is run in that kernel,
under the same time limit. The result is one table, a row per
student and exercise: student, notebook, exercise, passed, status, diagnosis, message,
written as CSV, Markdown and HTML. A broken submission (not JSON, a syntax error, an
endless loop, a missing function, a kernel that dies) gets rows that say so; the run
never stops for one bad file.
"""

from __future__ import annotations

import argparse
import csv
import html
import json
import math
import re
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Sequence

from gamelib.platform import N_, _

MARK = "@@gamelib-grade@@"
DEFAULT_TIMEOUT = 120.0
COLUMNS = ("student", "notebook", "exercise", "passed", "status", "diagnosis", "message")
NOTEBOOK = "(whole notebook)"
"""The exercise of a row about the whole notebook (not readable, no exercise in it)."""


@dataclass
class Row:
    """One line of the grade table."""

    student: str
    notebook: str
    exercise: str
    passed: bool
    status: str
    diagnosis: str
    message: str


PREDICT = "predict:"
UNIT_TESTS = "unit_tests"


def exercise_names() -> dict[str, str]:
    """Every gradable exercise's key -> its title: the function exercises (keyed by the
    function the student writes), the predictions ("predict:" + the variable the student
    sets) and the unit-test exercise."""
    from gamelib.exercises import EXERCISES, predict, unit_tests
    names = {name: ex.title for name, ex in EXERCISES.items()}
    names.update({PREDICT + name: f"predict: {q.title}"
                  for name, q in predict.QUESTIONS.items()})
    names[UNIT_TESTS] = unit_tests.EXERCISE
    return names


# -- inside the student's kernel ---------------------------------------------------------


def run_check(function: str, namespace: dict) -> dict:
    """Run the check of the exercise `function` (a key of exercise_names) on what the
    student wrote in `namespace`; the verdict as a plain dict (run inside the kernel)."""
    try:
        result = _check(function, namespace)
    except Exception as error:                        # the check itself must not stop grading
        return {"passed": False, "status": "error", "diagnosis": "check crashed",
                "message": f"{type(error).__name__}: {error}"}
    if result is None:
        return {"passed": False, "status": "missing",
                "diagnosis": "missing function",
                "message": f"the notebook defines no function called `{function}`"}
    message = result.message + (f" Hint: {result.hint}" if result.hint else "")
    return {"passed": result.passed, "status": result.status,
            "diagnosis": result.diagnosis or ("" if result.passed else result.status),
            "message": message}


def _check(function: str, namespace: dict) -> Any:
    """The CheckResult of one exercise, or None when the student's function is missing."""
    from gamelib.exercises import EXERCISES, predict, unit_tests
    if function.startswith(PREDICT):
        name = function[len(PREDICT):]
        return predict.QUESTIONS[name].check(namespace.get(name))
    if function == UNIT_TESTS:
        return unit_tests.check(dict(namespace))
    fn = namespace.get(function)
    return None if fn is None else EXERCISES[function].check(fn)


def check_cell(function: str) -> str:
    """The source of the cell that runs one check and prints its verdict."""
    return (f"import json as _grade_json\n"
            f"from gamelib.exercises.grade import run_check as _grade_run_check\n"
            f"print({MARK!r} + _grade_json.dumps(_grade_run_check({function!r}, globals())))")


# -- around the kernel -------------------------------------------------------------------


def find_notebooks(paths: Sequence[str]) -> list[Path]:
    """Every submission: the files given, and the .ipynb files inside the folders given."""
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found.extend(p for p in sorted(path.rglob("*.ipynb"))
                         if ".ipynb_checkpoints" not in p.parts)
        else:
            found.append(path)
    return found


def student_names(notebooks: list[Path]) -> dict[Path, str]:
    """A name per submission: the file name without .ipynb, or, when several files share
    a name (one folder per student), the folder too."""
    stems = [p.stem for p in notebooks]
    return {p: p.stem if stems.count(p.stem) == 1 else f"{p.parent.name}/{p.stem}"
            for p in notebooks}


def expected_exercises(sources: list[str]) -> list[str]:
    """The exercises a notebook contains: the functions it defines or checks, the
    predictions it asks for or sets, and the unit-test exercise if it checks it."""
    from gamelib.exercises import EXERCISES, predict
    text = "\n".join(sources)
    found = []
    for function, exercise in EXERCISES.items():
        defined = rf"^\s*def\s+{re.escape(function)}\s*\("
        checked = rf"\b{re.escape(exercise.checker.__name__)}\s*\("
        if re.search(defined, text, re.M) or re.search(checked, text):
            found.append(function)
    for name in predict.QUESTIONS:
        if re.search(rf"\bpredict\.{name}\.(ask|check)\s*\(", text) or \
                re.search(rf"^{name}\s*=", text, re.M):
            found.append(PREDICT + name)
    if re.search(r"\bunit_tests\.check\s*\(", text):
        found.append(UNIT_TESTS)
    return found


CALLS = re.compile(r"^\s*(\w+_exercise\.(check|hint|solution)\(.*\)|check_\w+\(.*\)|"
                   r"predict\.\w+\.(ask|check|hint|solution)\(.*\)|"
                   r"unit_tests\.(check|hint|solution)\(.*\))\s*(#.*)?$")


def without_check_calls(source: str) -> str:
    """A cell's source with its one-line check/hint/solution calls left out."""
    lines = source.splitlines()
    kept = [re.sub(r"\S.*", "pass", line) if CALLS.match(line) else line for line in lines]
    return "\n".join(kept)


def grade_notebook(path: Path, student: str, timeout: float) -> list[Row]:
    """Execute one submission and check every exercise in it; rows, never an exception."""
    def rows_for(functions: list[str], status: str, diagnosis: str, message: str) -> list[Row]:
        """The same verdict for each exercise."""
        titles = exercise_names()
        return [Row(student, str(path), titles.get(f, f), False, status, diagnosis, message)
                for f in functions]

    try:
        import nbformat
        notebook = nbformat.read(str(path), as_version=4)
        sources = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    except Exception as error:                         # not JSON, not a notebook, unreadable
        return rows_for([NOTEBOOK], "broken", "not a notebook",
                        f"could not read {path.name} as a notebook: "
                        f"{type(error).__name__}: {str(error)[:200]}")
    functions = expected_exercises(sources)
    if not functions:
        return rows_for([NOTEBOOK], "broken", "no exercise",
                        "the notebook contains none of the course's exercises")
    try:
        verdicts = execute(notebook, functions, timeout, path.parent)
    except Exception as error:                         # the kernel would not start, ...
        return rows_for(functions, "broken", "not run",
                        f"could not run the notebook: {type(error).__name__}: {error}")
    titles = exercise_names()
    return [Row(student, str(path), titles[f], bool(v.get("passed")), v.get("status", ""),
                v.get("diagnosis", ""), v.get("message", "")) for f, v in verdicts.items()]


def execute(notebook: Any, functions: list[str], timeout: float, folder: Path
            ) -> dict[str, dict]:
    """Run the notebook's cells, then one check per function, in a fresh kernel."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import DeadKernelError

    cells = [nbformat.v4.new_code_cell(without_check_calls(cell.source))
             for cell in notebook.cells if cell.cell_type == "code"]
    checks = [nbformat.v4.new_code_cell(check_cell(f)) for f in functions]
    run_nb = nbformat.v4.new_notebook(cells=cells + checks)
    notes: list[str] = []
    verdicts: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as workdir:
        client = NotebookClient(run_nb, timeout=int(max(1, timeout)), allow_errors=True,
                                interrupt_on_timeout=True, kernel_name="python3",
                                resources={"metadata": {"path": workdir}},
                                error_on_timeout={"ename": "TimeoutError",
                                                  "evalue": f"timed out after {timeout:g} s",
                                                  "traceback": []})
        with client.setup_kernel():
            for index, cell in enumerate(run_nb.cells):
                started = time.perf_counter()
                try:
                    client.execute_cell(cell, index)
                except DeadKernelError:
                    where = (f"cell {index + 1} of the notebook" if index < len(cells)
                             else "the check")
                    for f in functions[max(0, index - len(cells)):]:
                        verdicts.setdefault(f, _verdict("broken", "kernel died",
                                                        f"the kernel died while running "
                                                        f"{where}"))
                    break
                elapsed = time.perf_counter() - started
                error = _error(cell)
                if index < len(cells):
                    if error:
                        notes.append(f"cell {index + 1}: {error}")
                    continue
                function = functions[index - len(cells)]
                verdict = _read_verdict(cell, error, elapsed, timeout, notes)
                if verdict["diagnosis"] == "missing function" and notes:
                    verdict["message"] += f" (errors in the notebook: {'; '.join(notes[:3])})"
                verdicts[function] = verdict
    return {f: verdicts.get(f, _verdict("broken", "not run", "the check did not run"))
            for f in functions}


def _verdict(status: str, diagnosis: str, message: str) -> dict:
    """A failed verdict."""
    return {"passed": False, "status": status, "diagnosis": diagnosis, "message": message}


def _error(cell: Any) -> str:
    """The error a cell ended with, as one line ('' if none)."""
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            return f"{output.get('ename')}: {output.get('evalue')}"
    return ""


def _read_verdict(cell: Any, error: str, elapsed: float, timeout: float,
                  notes: list[str]) -> dict:
    """The verdict printed by a check cell, or what went wrong with it."""
    for output in cell.get("outputs", []):
        text = output.get("text", "")
        if output.get("output_type") == "stream" and MARK in text:
            return json.loads(text.split(MARK, 1)[1].strip())
    if "KeyboardInterrupt" in error or "TimeoutError" in error or elapsed >= timeout:
        return _verdict("broken", "timed out", f"the check did not finish within "
                        f"{timeout:g} s (an endless loop, or a search that never stops?)")
    context = f" Earlier errors: {'; '.join(notes[:3])}" if notes else ""
    return _verdict("broken", "error", f"the check could not run: {error}.{context}")


# -- the table ---------------------------------------------------------------------------


def grade(paths: Sequence[str], out: Path, timeout: float = DEFAULT_TIMEOUT,
          progress: bool = True) -> list[Row]:
    """Grade every submission in `paths`; write grades.csv, grades.md and grades.html in
    `out`; the rows."""
    notebooks = find_notebooks(paths)
    names = student_names(notebooks)
    rows: list[Row] = []
    for number, path in enumerate(notebooks, 1):
        if progress:
            print(f"[{number}/{len(notebooks)}] {path}", flush=True)
        try:
            rows.extend(grade_notebook(path, names[path], timeout))
        except Exception as error:                       # never stop for one bad file
            rows.append(Row(names[path], str(path), NOTEBOOK, False, "broken", "grader error",
                            f"{type(error).__name__}: {error}; "
                            f"{traceback.format_exc(limit=1)}"))
    write_tables(rows, out)
    return rows


def write_tables(rows: list[Row], out: Path) -> None:
    """grades.csv (one row per student and exercise), grades.md and grades.html."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "grades.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=COLUMNS)
        writer.writeheader()
        for row in rows:
            writer.writerow(asdict(row))
    (out / "grades.md").write_text(markdown(rows), encoding="utf-8")
    (out / "grades.html").write_text(html_page(rows), encoding="utf-8")


MARKS = {"pass": ("\u2714", N_("passed"), "#2ca02c"),
         "fail": ("\u2718", N_("failed"), "#d62728"),
         "timeout": ("\u23f1", N_("timed out"), "#ff7f0e"),
         "missing": ("\u25cb", N_("missing or not written yet"), "#7f7f7f"),
         "broken": ("\u26a0", N_("broken (could not run)"), "#8c564b"),
         "unjudged": ("?", N_("the check could not judge"), "#9467bd")}
"""Each kind of verdict in the grid: symbol, words (the legend, translated where shown),
colour."""
SHORT = {"pass": N_("passed"), "fail": N_("failed"), "timeout": N_("timed out"),
         "missing": N_("missing"), "broken": N_("broken"), "unjudged": N_("not judged")}
"""Each kind of verdict in a grid cell, in a word or two (translated where shown)."""
DETAIL_HEADS = (N_("student"), N_("exercise"), N_("passed"), N_("status"), N_("diagnosis"),
                N_("message"))
"""The headings of the table with one row per student and exercise."""


def kind(row: Row) -> str:
    """Which kind of verdict a row is: pass, fail, timeout, missing, broken, unjudged."""
    if row.passed:
        return "pass"
    if row.diagnosis == "timed out":
        return "timeout"
    if row.status in ("missing", "not implemented yet"):
        return "missing"
    if row.status in ("could not judge", "error") or row.diagnosis in ("check crashed",
                                                                        "check error"):
        return "unjudged"
    return "broken" if row.status == "broken" else "fail"


def _summary(rows: list[Row]) -> tuple[list[str], list[str], dict]:
    """Students, exercises (in order met; not the whole-notebook rows) and the row of each
    (student, exercise)."""
    students = list(dict.fromkeys(r.student for r in rows))
    exercises = list(dict.fromkeys(r.exercise for r in rows if r.exercise != NOTEBOOK))
    return students, exercises or [_("exercises")], {(r.student, r.exercise): r for r in rows}


def _grid_cells(student: str, exercises: list[str], cell: dict) -> list[tuple[str, str]]:
    """(kind, text) for each exercise column of a student's grid row; a notebook that
    could not be graded at all fills its first cell with why."""
    whole = cell.get((student, NOTEBOOK))
    if whole is not None:
        return [("broken", MARKS["broken"][0] + " " + _("whole notebook: {diagnosis}").format(
            diagnosis=whole.diagnosis))] + \
            [("", "")] * (len(exercises) - 1)
    found = []
    for exercise in exercises:
        row = cell.get((student, exercise))
        if row is None:
            found.append(("", ""))
        else:
            symbol = MARKS[kind(row)][0]
            found.append((kind(row), f"{symbol} {_(SHORT[kind(row)])}"))
    return found


def legend() -> str:
    """What each symbol of the grid means."""
    return "; ".join(f"{symbol} {_(word)}" for symbol, word, _colour in MARKS.values())


def passed_line(rows: list[Row]) -> str:
    """The line that counts the checks passed: "3 of 4 checks passed."."""
    return _("{passed} of {count} checks passed.").format(passed=sum(r.passed for r in rows),
                                                          count=len(rows))


def yes_no(passed: bool) -> str:
    """"yes" or "no", in the language gamelib speaks."""
    return _("yes") if passed else _("no")


def markdown(rows: list[Row]) -> str:
    """The grades as a Markdown summary: a grid of symbols, then every row's diagnosis."""
    students, exercises, cell = _summary(rows)
    lines = ["# " + _("Grades"), "", passed_line(rows), "", _("Legend:") + f" {legend()}.", "",
             "| " + _("student") + " | " + " | ".join(exercises) + " |",
             "|---|" + "---|" * len(exercises)]
    for student in students:
        marks = [text for _kind, text in _grid_cells(student, exercises, cell)]
        lines.append(f"| {student} | " + " | ".join(marks) + " |")
    lines += ["", "| " + " | ".join(_(head) for head in DETAIL_HEADS) + " |",
              "|---|---|---|---|---|---|"]
    for r in rows:
        message = r.message.replace("|", "\\|").replace("\n", " ")
        lines.append(f"| {r.student} | {r.exercise} | {yes_no(r.passed)} | "
                     f"{_(r.status)} | {r.diagnosis} | {message} |")
    return "\n".join(lines) + "\n"


def html_page(rows: list[Row]) -> str:
    """The grades as a small HTML page: the grid with its legend, then every row."""
    students, exercises, cell = _summary(rows)
    esc = html.escape
    head = "".join(f"<th>{esc(e)}</th>" for e in exercises)
    grid = []
    for student in students:
        tds = "".join(f"<td class='{k}' title='{esc(text)}'>{esc(text)}</td>" if k
                      else "<td></td>" for k, text in _grid_cells(student, exercises, cell))
        grid.append(f"<tr><th>{esc(student)}</th>{tds}</tr>")
    detail = "".join(f"<tr class='{kind(r)}'><td>{esc(r.student)}</td>"
                     f"<td>{esc(r.exercise)}</td><td>{yes_no(r.passed)}</td>"
                     f"<td>{esc(_(r.status))}</td><td>{esc(r.diagnosis)}</td>"
                     f"<td>{esc(r.message)}</td></tr>" for r in rows)
    styles = "".join(f".{k}{{color:{colour};background:{colour}1a}}"
                     for k, (_, _, colour) in MARKS.items())
    keys = "".join(f"<span class='{k}'>{symbol} {esc(_(word))}</span> "
                   for k, (symbol, word, _colour) in MARKS.items())
    title, heads = esc(_("Grades")), "".join(f"<th>{esc(_(h))}</th>" for h in DETAIL_HEADS)
    legend_word, student = esc(_("Legend:")), esc(_("student"))
    return ("<!doctype html><meta charset='utf-8'><title>" + title + "</title><style>"
            "body{font-family:sans-serif}td,th{border:1px solid #ccc;padding:3px 6px;"
            "vertical-align:top}table{border-collapse:collapse;margin-bottom:1em}"
            f".legend span{{padding:2px 6px;margin-right:4px}}{styles}</style>"
            f"<h1>{title}</h1><p>{esc(passed_line(rows))}"
            f"</p><p class='legend'>{legend_word} {keys}</p>"
            f"<table><tr><th>{student}</th>{head}</tr>{''.join(grid)}</table>"
            f"<table><tr>{heads}</tr>{detail}</table>")


# -- the command line --------------------------------------------------------------------


def add_parser(sub: argparse._SubParsersAction) -> None:
    """The `grade` subcommand."""
    parser = sub.add_parser("grade", help=_("run the exercise checks on submitted notebooks "
                                            "and write a grade table"))
    parser.add_argument("submissions", nargs="+",
                        help=_("notebooks, or folders to search for .ipynb files"))
    parser.add_argument("--out", default="grades",
                        help=_("folder for grades.csv, grades.md, grades.html (default: "
                               "grades)"))
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                        help=_("seconds allowed per cell and per check (default: "
                               "{seconds:g})").format(seconds=DEFAULT_TIMEOUT))
    parser.set_defaults(run=cmd_grade)


def cmd_grade(args: argparse.Namespace) -> int:
    """Grade the submissions and say where the table is; a usage mistake is one line on
    standard error and exit status 2, with nothing written."""
    def error(text: str) -> int:
        """Say what is wrong, on standard error."""
        print(_("gamelib grade: error: {message}").format(message=text), file=sys.stderr,
              flush=True)
        return 2

    if not (math.isfinite(args.timeout) and args.timeout > 0):
        return error(_("--timeout must be a positive number of seconds, not {timeout:g}")
                     .format(timeout=args.timeout))
    missing = [name for name in args.submissions if not Path(name).exists()]
    if missing:
        return error(_("no such file or folder: ") + ", ".join(_brief(m) for m in missing))
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        return error(_("--out {folder} is a file; give a folder for the tables").format(
            folder=_brief(args.out)))
    notebooks = find_notebooks(args.submissions)
    if not notebooks:
        return error(_("no notebooks found in ") + " ".join(map(_brief, args.submissions)))
    try:
        out.mkdir(parents=True, exist_ok=True)       # before grading: fail fast
        rows = grade(args.submissions, out, args.timeout)
    except OSError as problem:                       # the tables could not be written
        return error(_("could not write the tables in {folder}: {problem}").format(
            folder=_brief(args.out), problem=problem.strerror or problem))
    passed = sum(r.passed for r in rows)
    print(_("{passed} of {count} checks passed; table in {table} (summary: grades.md, "
            "grades.html)").format(passed=passed, count=len(rows), table=out / "grades.csv"))
    return 0


def _brief(name: str, limit: int = 80) -> str:
    """A file name as the user typed it, cut short if it is very long."""
    return name if len(name) <= limit else name[:limit - 3] + "..."
