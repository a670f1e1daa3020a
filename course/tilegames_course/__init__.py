"""The teacher's side of the tilegames course, as package data (never in ``tilegames`` itself).

``folder()`` holds what ``tilegames course DIR`` lays out: ``nbgrader_config.py``,
``README.md`` (the teacher's guide), ``source/<assignment>/<assignment>.ipynb``
(with solutions), ``keys/`` (the answer keys the grader loads) and the class
dashboard (``class_dashboard.ipynb``), as they are in
the repository's ``exercises/``. An installed package reads its copy, made when
the wheel was built; a development checkout reads ``exercises/`` itself.

>>> "nbgrader_config.py" in names() and "README.md" in names()
True
>>> any(name.startswith("source/") and name.endswith(".ipynb") for name in names())
True
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

__all__ = ["folder", "names"]
__version__ = "0.5.0"

PARTS = ("nbgrader_config.py", "README.md", "class_dashboard.ipynb", "source", "keys")
"""What of the repository's ``exercises/`` the teacher's kit holds."""


def folder() -> Path:
    """The course material: the installed copy, else the development checkout's ``exercises/``."""
    package = importlib.resources.files(__name__)
    if not isinstance(package, Path):  # pragma: no cover - imported from a zip file
        raise RuntimeError(f"tilegames_course is imported from {package}: install it with pip")
    shipped = package / "data"
    if shipped.is_dir():
        return shipped
    exercises = package.parent.parent / "exercises"
    if (exercises / "nbgrader_config.py").is_file():
        return exercises
    return shipped  # absent: reading from it names this folder


def names() -> list[str]:
    """The files of the course material, relative to ``folder()``, sorted."""
    base = folder()
    found = []
    for part in PARTS:
        path = base / part
        if path.is_file():
            found.append(part)
        elif path.is_dir():
            found += [
                item.relative_to(base).as_posix()
                for item in path.rglob("*")
                if item.is_file() and not {"__pycache__", ".ipynb_checkpoints"} & set(item.parts)
            ]
    return sorted(found)
