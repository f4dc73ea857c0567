"""Build step: ship the lessons inside the package.

The notebooks live once, in the top-level notebooks/ folder. Building a wheel copies
them to gamelib/notebooks/ in the wheel, so `python -m gamelib lessons` finds them
after a plain `pip install`. Everything else is declared in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

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


setup(cmdclass={"build_py": BuildWithLessons})
