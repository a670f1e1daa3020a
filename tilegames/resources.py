"""The files tilegames ships besides its code: lessons, results files, rules cards, course copies.

An installed tilegames holds them as package data in ``tilegames/_data/``
(``setup.py`` copies them there when the wheel is built) and reads them with
``importlib.resources``, so it works from any folder, on any hub. In a
development checkout (``pip install -e .``) nothing is copied: the checkout's
own folders are read, so an edited lesson or a new results file is seen at
once. The kinds of file, and where they are in the repository:

==========  ======================  ==============================================
kind        in the repository       what
==========  ======================  ==============================================
lessons     ``notebooks/``          the lesson notebooks
results     ``results/``            the results files the lessons read (+ provenance)
cards       ``docs/cards/``         the printable rules cards
release     ``exercises/release/``  the students' copies of the course
==========  ======================  ==============================================

The teacher's side of the course (sources with solutions, answer keys, the
guide) is not here: it is the separate ``tilegames-course`` package.

>>> sorted(KINDS)
['cards', 'lessons', 'release', 'results']
>>> "03_maze_rules.ipynb" in names("lessons")
True
>>> results_path("maze_winnability.csv").name
'maze_winnability.csv'
>>> import pandas as pd
>>> len(pd.read_csv(results_path("maze_winnability.csv"))) > 0
True
>>> results_path("nope.csv")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
FileNotFoundError: tilegames ships no results file 'nope.csv'; it ships: ...maze_winnability.csv, ...
"""

from __future__ import annotations

import datetime
import importlib.resources
import json
from pathlib import Path

__all__ = [
    "KINDS",
    "checkout",
    "folder",
    "installed_data",
    "minutes_taken",
    "names",
    "results_path",
    "results_provenance",
    "time_taken",
]

KINDS = {
    "lessons": "notebooks",
    "results": "results",
    "cards": "docs/cards",
    "release": "exercises/release",
}
"""Each kind of shipped file, and its folder in the repository."""


def _package_folder() -> Path:
    location = importlib.resources.files("tilegames")
    if not isinstance(location, Path):  # pragma: no cover - tilegames imported from a zip file
        raise RuntimeError(
            f"tilegames is imported from {location}, not from files on disk: install it with pip"
        )
    return location


def installed_data() -> bool:
    """Whether this tilegames carries its files as package data (a built wheel's install)."""
    return (_package_folder() / "_data").is_dir()


def checkout() -> Path | None:
    """The development checkout this tilegames is imported from, or ``None`` when installed."""
    root = _package_folder().parent
    project = root / "pyproject.toml"
    if project.is_file() and 'name = "tilegames"' in project.read_text(encoding="utf-8"):
        return root
    return None


def folder(kind: str) -> Path:
    """The folder holding one kind of shipped file (see ``KINDS``).

    The installed package data if there is any, else the development checkout's
    folder. ``ValueError`` for an unknown kind, naming the known ones.
    """
    if kind not in KINDS:
        raise ValueError(f"kind: {kind!r} is not one of {', '.join(sorted(KINDS))}")
    shipped = _package_folder() / "_data" / kind
    if shipped.is_dir():
        return shipped
    root = checkout()
    if root is not None:
        return root / KINDS[kind]
    return shipped  # absent: reading from it names this folder in the error


def names(kind: str) -> list[str]:
    """The shipped files of one kind, as paths relative to its folder, sorted."""
    base = folder(kind)
    if not base.is_dir():
        return []
    return sorted(
        path.relative_to(base).as_posix()
        for path in base.rglob("*")
        if path.is_file() and ".ipynb_checkpoints" not in path.parts
    )


def results_path(name: str) -> Path:
    """The path of a shipped results file (``"maze_winnability.csv"``, its ``.json`` sidecar …).

    ``FileNotFoundError`` names the results files there are when ``name`` is not one.
    """
    path = folder("results") / name
    if not path.is_file():
        there = ", ".join(names("results")) or f"none (no folder {folder('results')})"
        raise FileNotFoundError(f"tilegames ships no results file {name!r}; it ships: {there}")
    return path


def results_provenance(name: str) -> dict:
    """The provenance kept beside the results file ``name`` (its ``.json``).

    >>> results_provenance("pyramids_matchups.csv")["command"].startswith("python")
    True
    """
    return json.loads(results_path(name).with_suffix(".json").read_text())


def minutes_taken(provenance: dict) -> float:
    """How long the run a provenance describes took, in minutes (from its seconds, or its start
    and finish times).

    >>> minutes_taken({"seconds": 90})
    1.5
    >>> minutes_taken({"started_utc": "2026-11-30T17:00:00+00:00",
    ...                "finished_utc": "2026-11-30T17:30:00+00:00"})
    30.0
    """
    for field in ("seconds", "seconds_this_session"):  # a resumed run: since it was resumed
        if field in provenance:
            return float(provenance[field]) / 60
    started = datetime.datetime.fromisoformat(provenance["started_utc"])
    finished = datetime.datetime.fromisoformat(
        provenance.get("finished_utc") or provenance["written_utc"]
    )
    return (finished - started).total_seconds() / 60


def time_taken(provenance: dict) -> str:
    """How long the run a provenance describes took, in words a reader takes in at a glance.

    >>> time_taken({"seconds": 3}), time_taken({"seconds": 1710}), time_taken({"seconds": 9000})
    ('3 seconds', '28 minutes', '2.5 hours')
    >>> time_taken({"seconds_this_session": 3896.5})  # a run stopped and resumed
    '65 minutes, not counting the time before it was stopped and started again'
    """
    from .i18n import _
    from .words import duration

    words = duration(60 * minutes_taken(provenance))
    resumed = "seconds" not in provenance and "seconds_this_session" in provenance
    stopped = _(", not counting the time before it was stopped and started again")
    return words + (stopped if resumed else "")
