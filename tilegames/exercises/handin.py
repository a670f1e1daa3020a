"""Handing in an answer: the student's side of grading, and the plain data it travels as.

A graded cell of a worksheet holds one line, ``submit("pairs", pairs)``. It does
not grade anything: it turns the answer into **plain data** (numbers, strings,
lists, a table's columns; never an object with code in it) and shows it as a
cell output of its own type. The teacher's grader reads those outputs from the
executed notebook and checks them in a fresh process that the student's code
never ran in, with answer keys the student's environment does not hold. So a
student's code can change what they *answer*, never how it is *graded*.

>>> encoded = encode({"rows": [1, 2], "interval": (0.25, 0.5)})
>>> decode(encoded)
{'rows': [1, 2], 'interval': (0.25, 0.5)}
>>> from fractions import Fraction
>>> decode(encode(Fraction(120, 253)))
Fraction(120, 253)

Every student has their own numbers: ``student_id()`` names the student whose
questions a notebook answers, and each sheet derives that student's deals,
positions and parameters from it (``variant_seed``).

>>> variant_seed("w1_tula", "ada") == variant_seed("w1_tula", "ada")
True
>>> variant_seed("w1_tula", "ada") != variant_seed("w1_tula", "bob")
True
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import math
import os
import re
from collections.abc import Callable
from fractions import Fraction
from numbers import Integral, Real
from typing import Any, TypeVar

import numpy as np

from ..i18n import _

__all__ = [
    "MIME",
    "forget_student",
    "Unreadable",
    "decode",
    "encode",
    "student_id",
    "answering_student",
    "submit",
    "seed_window",
    "student_rng",
    "first_made",
    "variant_seed",
]

MIME = "application/vnd.tilegames.answer+json"
"""The output type a handed-in answer travels as (the grader reads only this)."""

PRACTICE = "practice"
"""The id of the practice variant, for a notebook run with no student id."""

STUDENT_VARIABLE = "TILEGAMES_STUDENT"
"""Set by the teacher's grader to the id nbgrader grades the notebook under."""

REPORT = "grading-report.json"
"""The file the teacher's grader writes beside each autograded notebook: what was handed in,
what looked wrong (``tilegames_course.grading.autograde``); the class dashboard reads it."""

MAX_ITEMS = 250_000
"""The most numbers, strings and containers one answer may hold (a simulation's rows fit)."""
MAX_DEPTH = 8
MAX_TEXT = 20_000
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$")

_typed: dict[str, str] = {}


class Unreadable(ValueError):
    """An answer that cannot travel as plain data; the message says why, in a student's words."""


def student_id(typed: str | None = None) -> str:
    """The id of the student whose questions this notebook answers.

    While the teacher grades, that is the id the submission was handed in under.
    Otherwise it is the id you type (``student_id("ab123")``) or, on a school's
    JupyterHub, your login. The id you typed is handed in with every answer,
    so a notebook copied from someone else shows whose it was.

    >>> student_id("ada")
    'ada'
    >>> student_id()  # later calls, like a sheet's check, keep the id typed before
    'ada'
    """
    if typed is not None:
        typed = str(typed).strip()
        if not ID_PATTERN.match(typed):
            raise ValueError(
                "a student id is letters, digits and . _ @ - (up to 64), like 'ab123': "
                f"{typed!r} is not one."
            )
        _typed["id"] = typed
    graded = os.environ.get(STUDENT_VARIABLE)
    if graded:
        return graded
    if typed or _typed.get("id"):  # a later call (a sheet's check) keeps the id typed before
        return typed or _typed["id"]
    hub = os.environ.get("JUPYTERHUB_USER", "").strip()
    if hub and ID_PATTERN.match(hub):
        _typed["id"] = hub
        return hub
    if not _typed.get("warned"):
        _typed["warned"] = "yes"
        print(
            _(
                "No student id yet: you are answering the practice questions ({practice}). Type "
                "your id in this cell, like student_id('ab123'), to get your own questions."
            ).format(practice=repr(PRACTICE))
        )
    return PRACTICE


def answering_student(student: str | None = None) -> str:
    """``student`` when given, else the id this notebook answers for, asked quietly (the
    setup cell already said when there is none): what a sheet's simulation check reads.

    >>> student_id("ada")
    'ada'
    >>> answering_student(), answering_student("bob")
    ('ada', 'bob')
    """
    if student:
        return student
    with contextlib.redirect_stdout(io.StringIO()):
        return student_id()


def forget_student() -> None:
    """Forget the id typed in this process (a fresh notebook, or a fresh test)."""
    _typed.clear()


def variant_seed(assignment: str, student: str) -> int:
    """A whole number made from the assignment and the student id: the seed of their variant."""
    digest = hashlib.sha256(f"tilegames/{assignment}/{student}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def seed_window(assignment: str, student: str, games: int) -> range:
    """The ``games`` consecutive seeds of ``student``'s own deals in ``assignment``.

    >>> seed_window("w1_tula", "ada", 3) == seed_window("w1_tula", "ada", 3)
    True
    >>> len(seed_window("w1_tula", "ada", 2000))
    2000
    """
    first = variant_seed(assignment, student) % 1_000_000 * 1000
    return range(first, first + games)


def student_rng(assignment: str, student: str, stream: int) -> np.random.Generator:
    """``student``'s own random numbers for one use (``stream``) in ``assignment``.

    >>> student_rng("w1_tula", "ada", 1).random() == student_rng("w1_tula", "ada", 1).random()
    True
    """
    return np.random.default_rng([variant_seed(assignment, student), stream])


Made = TypeVar("Made")


def first_made(
    make: Callable[[np.random.Generator], Made | None], rng: np.random.Generator
) -> Made:
    """What ``make(rng)`` first makes: it is called again while it returns None (a rejected try).

    >>> first_made(lambda rng: int(rng.integers(10)) or None, student_rng("w1_tula", "ada", 1)) > 0
    True
    """
    while True:
        made = make(rng)
        if made is not None:
            return made


# -- plain data ---------------------------------------------------------------------------------


class _Budget:
    def __init__(self) -> None:
        self.items = 0

    def spend(self) -> None:
        self.items += 1
        if self.items > MAX_ITEMS:
            raise Unreadable(f"the answer holds more than {MAX_ITEMS:,} values: hand in less.")


def encode(answer: Any) -> Any:
    """The answer as JSON-ready plain data with its kinds kept (Fraction, tuple, set, table).

    Raises ``Unreadable`` for what cannot travel (a generator, an object of your own
    class, something nested too deep); a player is handed in as its cell's code.
    """
    return _encode(answer, 0, _Budget())


def _encode(value: Any, depth: int, budget: _Budget) -> Any:  # noqa: C901 - one case per kind
    budget.spend()
    if depth > MAX_DEPTH:
        raise Unreadable("the answer is nested too deeply: give a flat list or a table.")
    if value is None or value is ...:
        return {"kind": "missing"}
    module = type(value).__module__.split(".")[0]
    type_name = f"{module}.{type(value).__name__}"
    if isinstance(value, bool) or type_name in ("numpy.bool", "numpy.bool_"):
        return {"kind": "bool", "value": bool(value)}
    if isinstance(value, Integral):
        number = int(value)
        if abs(number) > 10**60:
            raise Unreadable("that whole number is far too large to be an answer here.")
        return {"kind": "int", "value": str(number)}
    if isinstance(value, Fraction):
        return {"kind": "fraction", "num": str(value.numerator), "den": str(value.denominator)}
    if isinstance(value, Real):
        number = float(value)
        return {"kind": "float", "value": repr(number) if math.isfinite(number) else str(number)}
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise Unreadable("that text is far too long to be an answer.")
        return {"kind": "str", "value": value}
    if type_name == "pandas.DataFrame":
        if len(value) * max(1, len(value.columns)) > MAX_ITEMS:
            raise Unreadable(f"the table holds more than {MAX_ITEMS:,} values: hand in fewer rows.")
        columns = [str(column) for column in value.columns]
        return {
            "kind": "table",
            "columns": columns,
            "data": [
                [_encode(item, depth + 2, budget) for item in value[column].tolist()]
                for column in value.columns
            ],
        }
    if type_name in ("pandas.Series", "numpy.ndarray"):
        return _encode(list(value.tolist()), depth, budget)
    if isinstance(value, dict):
        return {
            "kind": "dict",
            "items": [
                [_encode(k, depth + 1, budget), _encode(v, depth + 1, budget)]
                for k, v in list(value.items())[: MAX_ITEMS + 1]
            ],
        }
    for kind, types in (("list", list), ("tuple", tuple), ("set", (set, frozenset))):
        if isinstance(value, types):
            items = list(value) if kind != "set" else sorted(value, key=repr)
            return {"kind": kind, "items": [_encode(item, depth + 1, budget) for item in items]}
    if callable(getattr(value, "choose", None)):
        return {"kind": "player", "class": type(value).__qualname__}
    if type(value).__module__.startswith("tilegames."):  # a move or a tile: its notation
        return {"kind": "str", "value": str(value)}
    raise Unreadable(
        f"an answer of type {type(value).__name__} cannot be handed in: give a number, a "
        "string, a list, a dict or a table."
    )


def decode(data: Any, *, depth: int = 0) -> Any:
    """The answer back from its plain data; ``Unreadable`` when the data is malformed.

    Tables come back as pandas DataFrames; nothing else is ever built from the data.
    """
    if depth > MAX_DEPTH + 2 or not isinstance(data, dict) or "kind" not in data:
        raise Unreadable("the handed-in data is malformed.")
    kind = data["kind"]
    try:
        if kind == "missing":
            return ...
        if kind == "bool":
            return _exactly(data["value"], bool)
        if kind == "int":
            return int(_short(data["value"]))
        if kind == "fraction":
            return Fraction(int(_short(data["num"])), int(_short(data["den"])))
        if kind == "float":
            return float(_short(data["value"]))
        if kind == "str":
            return _short(data["value"], MAX_TEXT)
        if kind in ("list", "tuple", "set"):
            items = [decode(item, depth=depth + 1) for item in _exactly(data["items"], list)]
            return {"list": list, "tuple": tuple, "set": set}[kind](items)
        if kind == "dict":
            pairs = [_exactly(pair, list) for pair in _exactly(data["items"], list)]
            return {decode(k, depth=depth + 1): decode(v, depth=depth + 1) for k, v in pairs}
        if kind == "table":
            import pandas as pd

            columns = [_short(c, 200) for c in _exactly(data["columns"], list)]
            values = [
                [decode(item, depth=depth + 2) for item in _exactly(column, list)]
                for column in _exactly(data["data"], list)
            ]
            if len(values) != len(columns) or len({len(v) for v in values}) > 1:
                raise Unreadable("the handed-in table is malformed.")
            return pd.DataFrame(dict(zip(columns, values)), columns=columns)
        if kind == "player":
            return Player(_short(data["class"], 200))
    except (KeyError, TypeError, ValueError, ZeroDivisionError, RecursionError) as error:
        if isinstance(error, Unreadable):
            raise
        raise Unreadable("the handed-in data is malformed.") from None
    raise Unreadable("the handed-in data is malformed.")


class Player(str):
    """A handed-in player: the name of its class (its code is read from the answer cell)."""


def _exactly(value: Any, kind: type) -> Any:
    if type(value) is not kind:
        raise Unreadable("the handed-in data is malformed.")
    return value


def _short(value: Any, limit: int = 200) -> str:
    if type(value) is not str or len(value) > limit:
        raise Unreadable("the handed-in data is malformed.")
    return value


# -- the graded cell's one line -----------------------------------------------------------------


class HandedIn:
    """What ``submit`` shows: a line for the student, the plain data for the grader."""

    def __init__(self, payload: dict, summary: str) -> None:
        self.payload = payload
        self.summary = summary

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {MIME: self.payload, "text/plain": self.summary}

    def __repr__(self) -> str:
        return self.summary


def submit(assignment: str, key: str, answer: Any) -> HandedIn:
    """Hand in ``answer`` to question ``key``: the graded cells' one line (via each sheet's ``submit``).

    Nothing is checked here; your teacher's grader checks the answer later. Use
    ``check(...)`` for feedback on the answer's form before you hand in.
    """
    student = os.environ.get(STUDENT_VARIABLE) or _typed.get("id", "")
    payload: dict[str, Any] = {
        "assignment": assignment,
        "question": key,
        "student": student,
        "typed": _typed.get("id", ""),
    }
    try:
        payload["answer"] = encode(answer)
        summary = f"Handed in ({key}). Your teacher's grader checks it."
    except Unreadable as error:
        payload["answer"] = {"kind": "unreadable", "why": str(error)}
        summary = f"Not handed in ({key}): {error}"
    except RecursionError:
        payload["answer"] = {"kind": "unreadable", "why": "the answer is nested too deeply."}
        summary = f"Not handed in ({key}): the answer is nested too deeply."
    if answer is ... or answer is None:
        summary = f"Nothing handed in yet ({key}): replace the ... with your answer."
    return HandedIn(payload, summary)
