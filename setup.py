"""Build step: ship the lessons inside the package.

The notebooks live once, in the top-level notebooks/ folder, with their translation
catalogs in notebooks/<language>/. Building a wheel copies the notebooks to
gamelib/notebooks/ and the catalogs to gamelib/locale/<language>/lessons/ in the wheel,
so `python -m gamelib lessons [--lang ko]` finds them after a plain `pip install`.
Everything else is declared in pyproject.toml.
"""

import sys

if sys.version_info < (3, 10):    # before anything else: pip then stops at once, saying why
    sys.exit("error: gamelib-course needs Python 3.10 or newer; this is Python "
             f"{sys.version_info[0]}.{sys.version_info[1]}. Make the virtual environment "
             "with a newer Python, e.g. python3.12 -m venv gamelib-env")

import shutil  # noqa: E402
from pathlib import Path  # noqa: E402

from setuptools import setup  # noqa: E402
from setuptools.command.build_py import build_py  # noqa: E402

LESSONS = Path(__file__).parent / "notebooks"


class BuildWithLessons(build_py):
    """The usual build, plus the lesson notebooks as package data."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:          # an editable install reads notebooks/ in place
            return
        target = Path(self.build_lib, "gamelib", "notebooks")
        target.mkdir(parents=True, exist_ok=True)
        for notebook in sorted(LESSONS.glob("[0-9][0-9]-*.ipynb")):
            shutil.copy2(notebook, target / notebook.name)
        for catalog in sorted(LESSONS.glob("*/[0-9][0-9]-*.po")):
            place = Path(self.build_lib, "gamelib", "locale", catalog.parent.name, "lessons")
            place.mkdir(parents=True, exist_ok=True)
            shutil.copy2(catalog, place / catalog.name)


setup(cmdclass={"build_py": BuildWithLessons})
