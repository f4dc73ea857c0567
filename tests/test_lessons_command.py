"""`python -m gamelib lessons [DIR]`: the lessons copied out of the package, then opened."""

import sys
import zipfile
from pathlib import Path

import pytest

from gamelib import lessons
from gamelib.cli import main

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


@pytest.fixture
def no_jupyter_start(monkeypatch):
    """Record the command that would start JupyterLab instead of starting it."""
    started = []
    monkeypatch.setattr(lessons.subprocess, "call", lambda command: started.append(command) or 0)
    return started


def test_every_lesson_is_found_and_copied_byte_for_byte(tmp_path):
    copied, kept = lessons.copy_lessons(tmp_path / "mine")
    assert [path.name for path in copied] == [path.name for path in NOTEBOOKS]
    assert kept == []
    for source, copy in zip(NOTEBOOKS, copied):
        assert copy.read_bytes() == source.read_bytes()


def test_a_lesson_already_there_is_kept_not_overwritten(tmp_path):
    mine = tmp_path / NOTEBOOKS[2].name
    mine.write_text("my own work")
    copied, kept = lessons.copy_lessons(tmp_path)
    assert kept == [mine] and mine.read_text() == "my own work"
    assert len(copied) == len(NOTEBOOKS) - 1


def test_copy_only_copies_and_says_where_without_starting_jupyter(tmp_path, capsys,
                                                                  no_jupyter_start):
    assert main(["lessons", str(tmp_path / "course"), "--copy-only"]) == 0
    assert f"{len(NOTEBOOKS)} lessons copied to {tmp_path / 'course'}" in capsys.readouterr().out
    assert no_jupyter_start == []
    assert main(["lessons", str(tmp_path / "course"), "--copy-only"]) == 0
    assert f"kept your own copy of {len(NOTEBOOKS)}" in capsys.readouterr().out


def test_without_copy_only_jupyterlab_opens_the_first_lesson(tmp_path, no_jupyter_start,
                                                             monkeypatch):
    monkeypatch.setattr(lessons, "has_jupyterlab", lambda: True)
    assert main(["lessons", str(tmp_path)]) == 0
    [command] = no_jupyter_start
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert str(tmp_path / "00-start-here.ipynb") in command


def test_without_jupyterlab_the_error_says_how_to_install_it(tmp_path, capsys,
                                                             no_jupyter_start, monkeypatch):
    monkeypatch.setattr(lessons, "has_jupyterlab", lambda: False)
    assert main(["lessons", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f'{sys.executable} -m pip install "jupyterlab>=4"' in err
    assert "gamelib-course[" not in err         # not on the package index: would fail
    assert no_jupyter_start == [] and (tmp_path / "00-start-here.ipynb").exists()


def test_a_file_given_as_the_folder_is_a_clear_error(tmp_path, capsys):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    assert main(["lessons", str(a_file), "--copy-only"]) == 2
    assert "is a file; give a folder" in capsys.readouterr().err


def test_an_installation_without_lessons_says_how_to_get_them(tmp_path, monkeypatch):
    monkeypatch.setattr(lessons, "PLACES", (tmp_path / "nowhere",))
    with pytest.raises(FileNotFoundError, match=r'reinstall it in the folder of a clone.*pip install "\.\[lessons\]"'):
        lessons.lesson_files()


def test_the_install_hint_installs_the_lessons_extra_of_pyproject():
    try:
        import tomllib
    except ModuleNotFoundError:          # Python 3.10: pytest brings tomli
        import tomli as tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert list(lessons.LESSONS_EXTRA) == project["optional-dependencies"]["lessons"]


@pytest.mark.slow
def test_the_wheel_carries_the_lessons_the_license_and_its_metadata(tmp_path):
    import subprocess

    uv = Path(sys.executable).with_name("uv")
    if not uv.exists():
        pytest.skip("uv (in the test set) builds the wheel")
    done = subprocess.run([str(uv), "build", "--wheel", "--quiet", "--out-dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    [wheel] = tmp_path.glob("gamelib_course-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(next(n for n in names if n.endswith("/METADATA"))).decode()
        packaged = {Path(n).name: archive.read(n) for n in names
                    if n.startswith("gamelib/notebooks/")}
    assert packaged == {path.name: path.read_bytes() for path in NOTEBOOKS}
    test_sets = {Path(n).name for n in names if n.startswith("gamelib/data/Test_")}
    assert test_sets == {path.name for path in (ROOT / "gamelib" / "data").glob("Test_*.txt.gz")}
    assert len(test_sets) == 6                              # Pons' standard sets, for lesson 09
    assert "gamelib/solver/core.wasm" in names              # the browser's solver
    assert any(n.endswith("licenses/LICENSE") for n in names)
    assert "Name: gamelib-course" in metadata and "License-Expression: MIT" in metadata
    assert "Provides-Extra: lessons" in metadata
