"""The two build steps ``pyproject.toml`` cannot declare (everything else is there).

1. The compiled Maze search, ``tilegames.maze.csearch``: an *optional*
   extension, so where no C compiler exists the install still succeeds and
   ``tilegames.maze.native`` says the Python search runs and why.
2. The package data that lives outside ``tilegames/`` in this repository — the
   lessons, the results files they read, the rules cards and the students'
   copies of the course — copied into ``tilegames/_data/`` of the built package,
   where ``tilegames.resources`` finds it. The teacher's side of the course
   (sources with solutions, answer keys, the guide) is never copied here: it is
   the separate ``tilegames-course`` distribution built from ``course/``.

An editable install (``pip install -e .``) copies nothing: ``tilegames.resources``
reads the checkout's own folders. It does build the extension, in place.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

PACKAGE_DATA = {
    # folder in tilegames/_data/: (folder in the repository, the files it ships)
    "lessons": ("notebooks", ["*.ipynb"]),
    "results": ("results", ["*.csv", "*.json"]),
    "cards": ("docs/cards", ["*.html", "*/*.html"]),  # English, then each translation's
    "release": ("exercises/release", ["*/*.ipynb"]),
}


def data_files() -> dict[str, Path]:
    """``{path inside tilegames/_data: file in the repository}``, in a stable order."""
    files: dict[str, Path] = {}
    for kind, (folder, patterns) in PACKAGE_DATA.items():
        for pattern in patterns:
            for found in sorted((HERE / folder).glob(pattern)):
                if ".ipynb_checkpoints" not in found.parts:
                    files[f"{kind}/{found.relative_to(HERE / folder).as_posix()}"] = found
    return files


class BuildWithData(build_py):
    """``build_py``, then the lessons, results, cards and student copies into ``_data/``."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # the checkout's folders are read in place
            return
        files = data_files()
        if not any(name.startswith("lessons/") for name in files):
            raise SystemExit("setup.py: no lesson notebooks found in notebooks/: nothing to ship")
        target = Path(self.build_lib) / "tilegames" / "_data"
        shutil.rmtree(target, ignore_errors=True)  # a file removed since the last build goes too
        for name, source in files.items():
            destination = target / name
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, destination)


setup(
    cmdclass={"build_py": BuildWithData},
    ext_modules=[
        Extension(
            "tilegames.maze.csearch",
            sources=["tilegames/maze/csearch.c"],
            depends=["tilegames/maze/_search.c"],
            optional=True,  # no compiler: the install succeeds and the Python search runs
        )
    ],
)
