"""The build steps ``pyproject.toml`` cannot declare (everything else is there).

1. The compiled Maze search, ``tilegames.maze.csearch``: an *optional*
   extension, so where no C compiler exists the install still succeeds and
   ``tilegames.maze.native`` says the Python search runs and why.
2. The Flaming Pyramids engine (``fast``, ``careful``, ``mayhem``, ``tiles`` in
   ``tilegames/pyramids``) compiled by mypyc, *optional* too: when mypyc (from
   mypy) cannot be imported, or compiling fails, or ``TILEGAMES_PURE_PYTHON=1``
   is set, the install says so and the same modules run as Python (the same
   games; ``tilegames.pyramids.native`` says which runs). ``pyproject.toml``'s
   build requirements bring mypy, so a plain ``pip install .`` compiles it.
3. The package data that lives outside ``tilegames/`` in this repository — the
   lessons, the results files they read, the rules cards and the students'
   copies of the course — copied into ``tilegames/_data/`` of the built package,
   where ``tilegames.resources`` finds it. The teacher's side of the course
   (sources with solutions, answer keys, the guide) is never copied here: it is
   the separate ``tilegames-course`` distribution built from ``course/``.

An editable install (``pip install -e .``) copies nothing: ``tilegames.resources``
reads the checkout's own folders. It does build the extension, in place.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
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


PYRAMIDS_COMPILED = [
    "tilegames/pyramids/fast.py",
    "tilegames/pyramids/careful.py",
    "tilegames/pyramids/turns.py",
    "tilegames/pyramids/mayhem.py",
    "tilegames/pyramids/tiles.py",
]
"""The Flaming Pyramids modules mypyc compiles (``tilegames.pyramids.native.MODULES``)."""


def say(message: str) -> None:
    print(f"setup.py: {message}", flush=True)


def pyramids_extensions() -> list[Extension]:
    """The Pyramids engine as mypyc extensions, or none (it then installs as Python, and says why)."""
    pure = "the Flaming Pyramids engine installs as pure Python (the same games, slower)"
    if os.environ.get("TILEGAMES_PURE_PYTHON", "") not in ("", "0"):
        say(f"TILEGAMES_PURE_PYTHON is set: {pure}")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say(f"mypyc (from mypy) cannot be imported: {pure}")
        return []
    try:
        # (what they import is read for its types, its own errors silenced: only these modules
        # must type-check)
        options = ["--ignore-missing-imports", "--follow-imports=silent"]
        extensions = mypycify(
            [*options, *PYRAMIDS_COMPILED], opt_level="3", group_name="tilegames.pyramids._engine"
        )
    except (Exception, SystemExit) as error:  # mypy found an error, say
        say(f"mypyc could not compile {PYRAMIDS_COMPILED} ({error!r}): {pure}")
        return []
    for extension in extensions:
        extension.optional = True  # see BuildExtensions: all of them or none
    return extensions


class BuildExtensions(build_ext):
    """``build_ext``, where the Pyramids extensions are built all or none.

    mypyc makes a shared library and a small module per ``.py`` file that
    loads it: when one of them does not build, the others are removed, so
    that every one of these modules runs as Python. An editable install
    (``pip install -e .``) builds none of them: a module compiled in the
    checkout would hide the edits to its ``.py`` file.
    """

    def run(self) -> None:
        self.pyramids_failed = False
        if PYRAMIDS and getattr(self, "editable_mode", False):
            self.pyramids_failed = True
            say(
                "an editable install runs the Flaming Pyramids engine as Python (edits take effect)"
            )
        super().run()

    def build_extension(self, ext: Extension) -> None:
        if ext not in PYRAMIDS:
            super().build_extension(ext)
            return
        if self.pyramids_failed:
            return
        try:
            super().build_extension(ext)
        except Exception as error:
            self.pyramids_failed = True
            for built in PYRAMIDS:
                Path(self.get_ext_fullpath(built.name)).unlink(missing_ok=True)
            say(
                f"compiling {ext.name} failed ({error}): the Flaming Pyramids engine installs "
                "as pure Python (the same games, slower)"
            )


PYRAMIDS = pyramids_extensions()

setup(
    cmdclass={"build_py": BuildWithData, "build_ext": BuildExtensions},
    ext_modules=[
        Extension(
            "tilegames.maze.csearch",
            sources=["tilegames/maze/csearch.c"],
            depends=["tilegames/maze/_search.c"],
            optional=True,  # no compiler: the install succeeds and the Python search runs
        ),
        *PYRAMIDS,
    ],
)
