"""The class store: one SQLite database where every student's rows meet.

The teacher names a folder every student can write to (on a JupyterHub, a
shared folder); the store is ``class.db`` in it, in WAL mode, and every send is
one ``BEGIN IMMEDIATE`` transaction, so thirty students sending at the same
moment lose nothing. A student's rows are checked before anything is written:
the experiment must exist, the seeds must be the student's own window (from
the start, consecutive), every row must replay from its seed. Sending again
*replaces* that student's rows (never doubles them); a student's send touches
no other student's rows. Every refusal is kept too, with its reason, so the
teacher can see who sent what.

>>> import tempfile
>>> from tilegames.classroom import EXPERIMENTS, run
>>> store = ClassStore(tempfile.mkdtemp())
>>> rows = run(EXPERIMENTS["tula_stuck"], "ada", 30)
>>> store.share("tula_stuck", rows, student="ada").games
30
>>> store.share("tula_stuck", rows, student="ada").games  # sent again: replaced
30
>>> len(store.rows("tula_stuck"))
30
>>> store.share("tula_stuck", rows, student="bob")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tilegames.classroom.store.Refused: these are not your deals: play seeds ... (run(experiment, your id) does).
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..exercises.handin import ID_PATTERN
from .experiments import EXPERIMENTS, WINDOW, Experiment, seeds

__all__ = [
    "ClassStore",
    "NotShared",
    "Refused",
    "Sent",
    "class_rows",
    "practice_store",
    "share",
    "STORE_VARIABLE",
]

STORE_VARIABLE = "TILEGAMES_CLASS_STORE"
"""The folder of the class store, as the teacher sets it for the class (else ``share`` asks)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS batches (
    experiment TEXT NOT NULL,
    student TEXT NOT NULL,
    sent REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (experiment, student)
);
CREATE TABLE IF NOT EXISTS rows (
    experiment TEXT NOT NULL,
    student TEXT NOT NULL,
    seed INTEGER NOT NULL,
    value REAL NOT NULL,
    PRIMARY KEY (experiment, student, seed)
);
CREATE TABLE IF NOT EXISTS refusals (
    experiment TEXT NOT NULL,
    student TEXT NOT NULL,
    sent REAL NOT NULL,
    reason TEXT NOT NULL
);
"""


class Refused(ValueError):
    """Rows the store will not take; the message says why, in a student's words."""


@dataclass(frozen=True)
class Sent:
    """What a send did: whose rows, how many games, and the batch's own estimate."""

    experiment: str
    student: str
    games: int
    estimate: float

    def __str__(self) -> str:
        return (
            f"Shared {self.games} {EXPERIMENTS[self.experiment].unit or 'games'} with the class "
            f"(your estimate {self.estimate:.3g}); sending again replaces them."
        )


@dataclass(frozen=True)
class NotShared:
    """``share`` where no class store is set up: nothing was sent, and this says how to."""

    experiment: str

    def __str__(self) -> str:
        return (
            "Not shared: no class store is set up here. In class, your teacher gives its folder "
            f"(the {STORE_VARIABLE} setting, or share(..., store='folder'))."
        )

    __repr__ = __str__


class ClassStore:
    """The class store in ``folder`` (created if missing): ``share``, ``rows``, ``batches``, ``refusals``."""

    def __init__(self, folder: str | os.PathLike, *, timeout: float = 60.0) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / "class.db"
        self.timeout = timeout
        with self._connect() as connection:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.executescript(SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        connection.execute(f"PRAGMA busy_timeout={int(self.timeout * 1000)}")
        connection.execute("PRAGMA synchronous=NORMAL")  # with WAL: safe, and no fsync per send
        return connection

    def _write(self, statements: list[tuple[str, Any]]) -> None:
        """Run ``statements`` as one transaction, retrying while another writer holds the lock."""
        deadline = time.monotonic() + self.timeout
        while True:
            connection = self._connect()
            try:
                connection.execute("BEGIN IMMEDIATE")
                for sql, parameters in statements:
                    if isinstance(parameters, list):
                        connection.executemany(sql, parameters)
                    else:
                        connection.execute(sql, parameters)
                connection.execute("COMMIT")
                return
            except sqlite3.OperationalError as error:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                if "locked" not in str(error) and "busy" not in str(error):
                    raise
                if time.monotonic() > deadline:
                    raise TimeoutError(
                        f"the class store {self.path} stayed busy for {self.timeout:.0f} s: "
                        "try again in a moment"
                    ) from error
                time.sleep(0.05)
            finally:
                connection.close()

    def share(self, experiment: str, rows: Any, *, student: str) -> Sent:
        """Check ``student``'s rows and, if they are good, replace their batch with them."""
        try:
            checked, sent = check_rows(experiment, rows, student)
        except Refused as error:
            self._refuse(experiment, student, str(error))
            raise
        now = time.time()
        self._write(
            [
                ("DELETE FROM rows WHERE experiment = ? AND student = ?", (experiment, student)),
                ("DELETE FROM batches WHERE experiment = ? AND student = ?", (experiment, student)),
                (
                    "INSERT INTO batches (experiment, student, sent, games) VALUES (?, ?, ?, ?)",
                    (experiment, student, now, sent.games),
                ),
                (
                    "INSERT INTO rows (experiment, student, seed, value) VALUES (?, ?, ?, ?)",
                    [(experiment, student, int(s), float(v)) for s, v in checked],
                ),
            ]
        )
        return sent

    def _refuse(self, experiment: str, student: str, reason: str) -> None:
        self._write(
            [
                (
                    "INSERT INTO refusals (experiment, student, sent, reason) VALUES (?, ?, ?, ?)",
                    (str(experiment)[:100], str(student)[:100], time.time(), reason[:500]),
                )
            ]
        )

    def _read(self, sql: str, parameters: tuple) -> pd.DataFrame:
        connection = self._connect()
        try:
            return pd.read_sql_query(sql, connection, params=parameters)
        finally:
            connection.close()

    def rows(self, experiment: str) -> pd.DataFrame:
        """Every shared row of ``experiment``: student, seed, value."""
        return self._read(
            "SELECT student, seed, value FROM rows WHERE experiment = ? ORDER BY student, seed",
            (experiment,),
        )

    def batches(self, experiment: str) -> pd.DataFrame:
        """Who sent what: student, when (seconds since the epoch), how many games."""
        return self._read(
            "SELECT student, sent, games FROM batches WHERE experiment = ? ORDER BY sent",
            (experiment,),
        )

    def refusals(self, experiment: str) -> pd.DataFrame:
        """Every refused send: student, when, and why."""
        return self._read(
            "SELECT student, sent, reason FROM refusals WHERE experiment = ? ORDER BY sent",
            (experiment,),
        )


def check_rows(experiment: str, rows: Any, student: str) -> tuple[list[tuple[int, float]], Sent]:
    """The rows as (seed, value) pairs if they are ``student``'s honest batch; else ``Refused``."""
    if experiment not in EXPERIMENTS:
        raise Refused(
            f"there is no class experiment {experiment!r}: the experiments are "
            f"{', '.join(EXPERIMENTS)}."
        )
    if not isinstance(student, str) or not ID_PATTERN.match(student):
        raise Refused("a student id is letters, digits and . _ @ - (like 'ab123').")
    spec: Experiment = EXPERIMENTS[experiment]
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
    mine = seeds(spec, student)
    try:
        given = [int(s) for s in rows["seed"]]
        if any(int(s) != s for s in rows["seed"]):
            raise ValueError
    except (TypeError, ValueError, OverflowError):
        raise Refused("each row's 'seed' is the whole number that deals its game.") from None
    if given != list(mine[: len(given)]):
        raise Refused(
            f"these are not your deals: play seeds {mine.start} onwards, in order, every one "
            "(run(experiment, your id) does)."
        )
    values = []
    for seed, value in zip(given, rows[spec.column]):
        truth = spec.play(seed)
        if not _same(value, truth, spec.kind):
            raise Refused(
                f"the row with seed {seed} says {spec.column} = {value!r}, but replaying that game "
                "gives something else: share the rows your simulation made."
            )
        values.append(float(truth))
    estimate = float(np.mean(values))
    return list(zip(given, values)), Sent(experiment, student, len(values), estimate)


def _same(given: Any, truth: Any, kind: str) -> bool:
    if kind == "proportion":
        return (
            isinstance(given, (bool, np.bool_, int, np.integer))
            and bool(given) == bool(truth)
            and given in (0, 1)
        )
    try:
        return abs(float(given) - float(truth)) < 1e-9
    except (TypeError, ValueError):
        return False


def share(
    experiment: str, rows: Any, *, store: str | os.PathLike | None = None
) -> Sent | NotShared:
    """Send your rows to the class: the one call in a student's notebook.

    Your id is your login on the school's hub (or the one you typed,
    ``student_id("ab123")``); the store is the folder your teacher set up
    (``TILEGAMES_CLASS_STORE``), or ``store=``.
    """
    from ..exercises.handin import PRACTICE, student_id

    folder = store or os.environ.get(STORE_VARIABLE)
    if not folder:
        return NotShared(experiment)
    student = student_id()
    if student == PRACTICE:
        raise Refused("type your student id first (student_id('ab123')): the class pools by id.")
    return ClassStore(folder).share(experiment, rows, student=student)


def class_rows(
    experiment: str,
    *,
    store: str | os.PathLike | None = None,
    students: int = 30,
    games: int | None = None,
) -> tuple[pd.DataFrame, str]:
    """The class's rows and where they come from: the class store when one is set up, else a
    class of ``students`` made-up students each playing ``games`` of their own deals."""
    from .experiments import class_of

    folder = store or os.environ.get(STORE_VARIABLE)
    if folder:
        return ClassStore(folder).rows(experiment), f"the class store ({folder})"
    chosen = EXPERIMENTS[experiment]
    rows = class_of(chosen, students, games)
    each = f"{chosen.batch if games is None else games} {chosen.unit or 'games'}"
    return rows, (
        f"a class of {students} made-up students, each playing {each} of their own "
        "(no class store is set up here)"
    )


def practice_store(
    experiment: str,
    *,
    students: int = 30,
    games: int | None = None,
    folder: str | os.PathLike | None = None,
) -> ClassStore:
    """A class store filled by ``students`` made-up students, each sharing their own batch
    (through ``ClassStore.share``, checks included): for trying the dashboard before class."""
    import tempfile

    from .experiments import run

    store = ClassStore(folder or tempfile.mkdtemp(prefix="tilegames-practice-store-"))
    spec = EXPERIMENTS[experiment]
    for number in range(1, students + 1):
        student = f"student{number:02d}"
        store.share(experiment, run(spec, student, games), student=student)
    return store
