"""What the class store takes: a real experiment, a clean student id, the student's own rows.

Every check raises ``Refused`` with one line a student understands; none of them
writes anything. The student's side runs them before a share is written, and
the teacher's side runs them again on every share it reads (a student can
write any file into the drop folder).

>>> check_student("ab123")
'ab123'
>>> check_student("ab123\\n")
Traceback (most recent call last):
...
tilegames.classroom.checks.Refused: a student id has no spaces, line breaks or invisible characters: 'ab123\\n' has one.
>>> check_experiment(["tula_stuck"])
Traceback (most recent call last):
...
tilegames.classroom.checks.Refused: name the experiment as a string, like 'tula_stuck', not a list.
"""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

import numpy as np
import pandas as pd

from .experiments import EXPERIMENTS, WINDOW, Experiment, seeds

__all__ = ["Refused", "check_experiment", "check_rows", "check_student", "check_values", "shown"]

STUDENT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@-]{0,63}")
"""A student id, whole (``fullmatch``: nothing after it, not even a line break)."""

INVISIBLE = {"Cc", "Cf", "Zs", "Zl", "Zp"}
"""Control, format and space characters: an id with one looks like another id."""


class Refused(ValueError):
    """Rows the store will not take; the message says why, in a student's words."""


def shown(value: Any, limit: int = 40) -> str:
    """``value`` as plain ASCII for a message or a file (lone surrogates and control characters
    escaped, never raising), cut to about ``limit`` characters.

    >>> shown("ab\\ud800")
    "'ab\\\\ud800'"
    """
    text = ascii(value) if isinstance(value, str) else f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 4] + "...'"


def check_experiment(experiment: Any) -> Experiment:
    """The class experiment named ``experiment``, or ``Refused`` saying what is wrong."""
    if not isinstance(experiment, str):
        raise Refused(
            f"name the experiment as a string, like 'tula_stuck', not a {type(experiment).__name__}."
        )
    if experiment not in EXPERIMENTS:
        raise Refused(
            f"there is no class experiment {shown(experiment)}: the experiments are "
            f"{', '.join(EXPERIMENTS)}."
        )
    return EXPERIMENTS[experiment]


def check_student(student: Any) -> str:
    """``student`` if it is a student id (letters, digits and ``. _ @ -``, up to 64), else ``Refused``."""
    if not isinstance(student, str):
        raise Refused(f"a student id is text, like 'ab123', not a {type(student).__name__}.")
    if any(c.isspace() or unicodedata.category(c) in INVISIBLE for c in student):
        raise Refused(
            "a student id has no spaces, line breaks or invisible characters: "
            f"{shown(student)} has one."
        )
    if not STUDENT_ID.fullmatch(student):
        raise Refused(
            f"a student id is letters, digits and . _ @ - (up to 64), like 'ab123': "
            f"{shown(student)} is not one."
        )
    return student


def check_rows(experiment: Any, rows: Any, student: Any) -> tuple[list[int], list[float]]:
    """The seeds and values of ``student``'s rows if they are their honest batch; else ``Refused``.

    The seeds must be the student's own window, from its start, in order; every row must
    replay from its seed (a yes/no may be written ``True``, ``1`` or ``1.0``).
    """
    spec = check_experiment(experiment)
    check_student(student)
    if not isinstance(rows, pd.DataFrame):
        raise Refused(f"share your table of rows (a DataFrame with 'seed' and {spec.column!r}).")
    missing = [c for c in ("seed", spec.column) if c not in rows.columns]
    if missing:
        raise Refused(
            f"your rows need the columns 'seed' and {spec.column!r}: {missing[0]!r} is missing "
            "(is this the right experiment?)."
        )
    if not 1 <= len(rows) <= WINDOW:
        raise Refused(f"share between 1 and {WINDOW:,} rows, not {len(rows):,}.")
    try:
        given = [int(s) for s in rows["seed"]]
        if any(int(s) != s for s in rows["seed"]):
            raise ValueError
    except (TypeError, ValueError, OverflowError):
        raise Refused("each row's 'seed' is the whole number that deals its game.") from None
    values = check_values(spec, student, given, list(rows[spec.column]))
    replay(spec, given, values)
    return given, values


def check_values(spec: Experiment, student: str, given: list[int], values: list) -> list[float]:
    """The values as floats if ``given`` are ``student``'s seeds and each value has the
    experiment's kind (a yes/no is 0 or 1); else ``Refused``. Nothing is replayed here."""
    mine = seeds(spec, student)
    if given != list(mine[: len(given)]):
        raise Refused(
            f"these are not your deals: play seeds {mine.start} onwards, in order, every one "
            "(run(experiment, your id) does)."
        )
    out = []
    for seed, value in zip(given, values):
        number = _number(value)
        if number is None or (spec.kind == "proportion" and number not in (0.0, 1.0)):
            want = "True or False (1 or 0)" if spec.kind == "proportion" else "a number"
            raise Refused(
                f"the row with seed {seed} says {spec.column} = {shown(value)}: each "
                f"{spec.column} is {want}."
            )
        out.append(number)
    return out


def replay(spec: Experiment, given: list[int], values: list[float]) -> None:
    """``Refused`` unless every value is what playing its seed gives."""
    for seed, value in zip(given, values):
        if abs(float(spec.play(seed)) - value) > 1e-9:
            raise Refused(
                f"the row with seed {seed} says {spec.column} = {value:g}, but replaying that "
                "game gives something else: share the rows your simulation made."
            )


def _number(value: Any) -> float | None:
    """``value`` as a finite float if it is a bool or a real number, else ``None``."""
    if isinstance(value, (bool, np.bool_, int, np.integer, float, np.floating)):
        number = float(value)
        return number if math.isfinite(number) else None
    return None
