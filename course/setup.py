"""Build ``tilegames-course`` from the repository's ``exercises/``: copies, no symlinks.

The course material is the teacher's side of ``exercises/`` (``tilegames_course.PARTS``:
the nbgrader config, the guide, ``source/`` with the solutions, ``keys/``, the class dashboard).
It is copied, at build time, into ``tilegames_course/data/`` of the wheel, and into
``exercises/`` of the sdist (so a wheel built from the sdist has it too). Copying keeps
one source of truth (the repository's ``exercises/``, which ``scripts/course.py`` and the
tests use in place) without symlinks, which do not survive every checkout and archive.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
PARTS = ("nbgrader_config.py", "README.md", "class_dashboard.ipynb", "source", "keys")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")


def exercises() -> Path:
    """The course material: the sdist's copy, else the repository's ``exercises/``."""
    for candidate in (HERE / "exercises", HERE.parent / "exercises"):
        if (candidate / "nbgrader_config.py").is_file() and (candidate / "source").is_dir():
            return candidate
    raise SystemExit(
        "tilegames-course: the course's exercises/ folder (nbgrader_config.py, source/) was not "
        f"found in {HERE} or {HERE.parent}: build it from a tilegames checkout"
    )


def copy_course(target: Path) -> None:
    """The teacher's parts of ``exercises/`` into ``target`` (replaced)."""
    source = exercises()
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for part in PARTS:
        path = source / part
        if path.is_dir():
            shutil.copytree(path, target / part, ignore=SKIP)
        elif path.is_file():
            shutil.copyfile(path, target / part)
        else:  # every part is the teacher's: none may go missing
            raise SystemExit(f"tilegames-course: {path} is missing")


class BuildWithCourse(build_py):
    def run(self) -> None:
        super().run()
        if not self.editable_mode:  # an editable install reads exercises/ in place
            copy_course(Path(self.build_lib) / "tilegames_course" / "data")


class SdistWithCourse(sdist):
    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        super().make_release_tree(base_dir, files)
        copy_course(Path(base_dir) / "exercises")


setup(cmdclass={"build_py": BuildWithCourse, "sdist": SdistWithCourse})
