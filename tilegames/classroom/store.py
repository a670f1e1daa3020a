"""The class store: a drop folder where each student leaves their own rows, read by the teacher.

The teacher makes the folder once (``python -m tilegames.classroom create
FOLDER``, mode 3733, see ``drop``) and gives it to the class (the
``TILEGAMES_CLASS_STORE`` setting, or ``share(..., store=FOLDER)``). A student's
``share`` checks their rows (the experiment exists, the seeds are the student's
own window, every row replays) and writes them as one file of their own,
atomically; sharing again replaces that file. No student can list, read,
change or delete another's file. The teacher's side (``ClassStore``, the
dashboard) lists the folder, keeps the latest share of each student, and checks
every share again: a share written by another student's account, or one that
does not replay, is not counted but listed with the refusals. It publishes the
class summary (no names) for the students' lesson to read.

A store made by an older tilegames (one ``class.db`` in the folder) stays
readable: its rows count until the student shares again.

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
tilegames.classroom.checks.Refused: these are not your deals: play seeds ... (run(experiment, your id) does).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from .. import i18n  # i18n._(...): this module uses _ as a name
from ..words import localized, whole
from . import drop
from .checks import (
    Refused,
    check_experiment,
    check_rows,
    check_student,
    check_values,
    replay,
    shown,
)
from .drop import StoreError, create_store
from .experiments import EXPERIMENTS, counted

__all__ = [
    "ClassStore",
    "NotShared",
    "Refused",
    "STORE_VARIABLE",
    "Sent",
    "StoreError",
    "class_results",
    "class_rows",
    "create_store",
    "practice_store",
    "share",
]

STORE_VARIABLE = "TILEGAMES_CLASS_STORE"
"""The folder of the class store, as the teacher sets it for the class (else ``share`` asks)."""

FORMAT = "tilegames-class-share"
LEGACY = "class.db"
"""The one SQLite file of a store made by tilegames 0.4 and before (read, never written)."""


@dataclass(frozen=True)
class Sent:
    """What a send did: whose rows, how many games, and the batch's own estimate."""

    experiment: str
    student: str
    games: int
    estimate: float

    def __str__(self) -> str:
        games = counted(self.games, EXPERIMENTS[self.experiment].unit or "games", grouped=False)
        return i18n._(
            "Shared {games} with the class (your estimate {estimate}); sending again replaces them."
        ).format(games=games, estimate=localized(f"{self.estimate:.3g}"))


@dataclass(frozen=True)
class NotShared:
    """``share`` where no class store is set up: nothing was sent, and this says how to."""

    experiment: str

    def __str__(self) -> str:
        return i18n._(
            "Not shared: no class store is set up here. In class, your teacher gives its folder "
            "(the {variable} setting, or share(..., store='folder'))."
        ).format(variable=STORE_VARIABLE)

    __repr__ = __str__


@dataclass(frozen=True)
class _Batch:
    student: str
    sent: float
    seeds: list[int]
    values: list[float]


class ClassStore:
    """The class store in ``folder``: ``share`` (a student's side), ``rows``, ``batches`` and
    ``refusals`` (the teacher's side, which lists the folder), ``publish`` (the summary for the
    students). ``create``: make the folder (mode 3733) if it is missing.
    """

    def __init__(self, folder: str | os.PathLike, *, create: bool = True) -> None:
        self.folder = Path(folder).absolute()
        if create and not self.folder.exists():
            create_store(self.folder)
        self._seen: dict[tuple, drop.Found] = {}  # the files read so far (a refresh: the new)
        self._checked: dict[tuple, _Batch | str] = {}

    # -- a student's side ------------------------------------------------------------------------

    def share(self, experiment: Any, rows: Any, *, student: Any) -> Sent:
        """Check ``student``'s rows and, if they are good, replace their share with them.

        Refused rows raise ``Refused`` (and leave a note for the teacher); a store that cannot
        be written raises ``StoreError``. Either way nothing already shared changes.
        """
        try:
            self._check_account(student)
            seeds, values = check_rows(experiment, rows, student)
        except Refused as error:
            self._note_refusal(experiment, student, str(error))
            raise
        now = time.time()
        data = {
            "format": FORMAT,
            "version": 1,
            "experiment": experiment,
            "student": student,
            "sent": now,
            "seeds": seeds,
            "values": values,
        }
        drop.write_file(self.folder, drop.share_name(self.folder, experiment, student), data)
        estimate = sum(values) / len(values)
        return Sent(experiment, student, len(values), estimate)

    def _check_account(self, student: Any) -> None:
        """On a hub of separate accounts, a student shares only under their own login's id."""
        check_student(student)
        me = drop.euid()
        try:
            owner = self.folder.stat().st_uid
        except OSError:
            return  # the write says what is wrong with the folder
        account = drop.account_of(me)
        if me not in (owner, 0) and not drop.matches_account(student, account):
            raise Refused(
                f"you are logged in as {account!r}, so you share as yourself, not as "
                f"{student!r} (student_id() gives your id)."
            )

    def _note_refusal(self, experiment: Any, student: Any, reason: str) -> None:
        """Leave a note of a refused share for the teacher (best effort: never raises)."""
        note = {
            "format": FORMAT,
            "refused": True,
            "experiment": experiment if isinstance(experiment, str) else shown(experiment),
            "student": student if isinstance(student, str) else shown(student),
            "sent": time.time(),
            "reason": reason[:500],
        }
        note = {k: _plain(v, 500) if isinstance(v, str) else v for k, v in note.items()}
        with contextlib.suppress(OSError, ValueError):  # StoreError is an OSError
            drop.write_file(self.folder, f"{secrets.token_hex(16)}{drop.REFUSAL}", note)

    # -- the teacher's side ----------------------------------------------------------------------

    def _read(self, experiment: str) -> tuple[dict[str, _Batch], list[dict]]:
        """The latest good share of each student, and every refusal, for ``experiment``."""
        check_experiment(experiment)
        batches: dict[str, _Batch] = dict(_legacy(self.folder / LEGACY, experiment))
        refusals = list(_legacy_refusals(self.folder / LEGACY, experiment))
        trusted = drop.trusted_uids(self.folder)
        for found in drop.read_drop(self.folder, self._seen):
            data = found.data if isinstance(found.data, dict) else {}
            if found.name.endswith(drop.REFUSAL):
                if data.get("experiment") == experiment:
                    refusals.append(_refusal_row(found, data, trusted))
                continue
            if found.name.split(".")[-4:-3] != [experiment]:
                continue  # another experiment's share (its name says which)
            checked = self._checked.get(found.key)
            if checked is None:
                checked = self._checked[found.key] = _check_share(found, experiment, trusted)
            if isinstance(checked, str):
                claimed = _plain(found.name.split(".")[0], 80)
                refusals.append({"student": claimed, "sent": found.mtime, "reason": checked})
            elif checked.student not in batches or checked.sent >= batches[checked.student].sent:
                batches[checked.student] = checked
        return batches, refusals

    def rows(self, experiment: str) -> pd.DataFrame:
        """Every counted row of ``experiment``: student, seed, value."""
        batches, _ = self._read(experiment)
        frames = [
            pd.DataFrame({"student": b.student, "seed": b.seeds, "value": b.values})
            for _, b in sorted(batches.items())
        ]
        if not frames:
            return pd.DataFrame(
                {
                    "student": pd.Series(dtype=object),
                    "seed": pd.Series(dtype="int64"),
                    "value": pd.Series(dtype=float),
                }  # fmt: skip
            )
        rows = pd.concat(frames, ignore_index=True)
        return rows.astype({"seed": "int64", "value": float})

    def batches(self, experiment: str) -> pd.DataFrame:
        """Who sent what: student, when (seconds since the epoch), how many games."""
        batches, _ = self._read(experiment)
        table = [(b.student, b.sent, len(b.values)) for b in batches.values()]
        return pd.DataFrame(table, columns=["student", "sent", "games"]).sort_values(
            "sent", ignore_index=True
        )

    def refusals(self, experiment: str) -> pd.DataFrame:
        """Every refused send and every share not counted: student, when, and why."""
        _, refusals = self._read(experiment)
        table = pd.DataFrame(refusals, columns=["student", "sent", "reason"])
        return table.sort_values("sent", ignore_index=True)

    def warning(self) -> str | None:
        """One line for the teacher when the folder is not a proper drop folder (others can list
        it, or delete shares), with the command that mends it; else ``None``."""
        problem = drop.open_to_others(self.folder)
        if problem is None:
            return None
        return (
            f"the class store {self.folder} is open: {problem} "
            f"(mend it: python -m tilegames.classroom create {self.folder})"
        )

    def publish(self, experiment: str, summary: Any = None) -> Path:
        """Write the class summary of ``experiment`` (no names) where the students' lesson reads
        it (``class_results``); the dashboard does this at every refresh. ``summary``: the one
        just computed from this store (else it is computed here)."""
        from .dashboard import class_summary
        from .published import summary_data

        if summary is None:
            summary = class_summary(self.rows(experiment), EXPERIMENTS[experiment])
        return drop.write_file(
            self.folder, drop.SUMMARY.format(experiment), summary_data(summary), mode=0o644
        )


def _check_share(found: drop.Found, experiment: str, trusted: set[int]) -> _Batch | str:
    """A share's batch if it is good, else why it is not counted (in the teacher's words)."""
    if found.problem:
        return f"not counted: {found.problem}"
    data = found.data
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return "not counted: not a share"
    student, seeds, values = data.get("student"), data.get("seeds"), data.get("values")
    try:
        check_student(student)
        token = found.name.removeprefix(f"{student}.{experiment}.").removesuffix(drop.SHARE)
        if data.get("experiment") != experiment or not token.isalnum():
            return "not counted: its name and its contents disagree"
        if found.uid not in trusted and not drop.matches_account(student, found.account):
            return (
                f"not counted: a share claiming {student!r} written by the account "
                f"{found.account!r}"
            )
        spec = EXPERIMENTS[experiment]
        if not isinstance(seeds, list) or not isinstance(values, list) or len(seeds) != len(values):
            return "not counted: not a share"
        if not 1 <= len(seeds) <= 10_000 or not all(type(s) is int for s in seeds):
            return "not counted: not a share"
        numbers = check_values(spec, student, seeds, values)
        if found.uid not in trusted:  # another account's file: it never passed our checks
            replay(spec, seeds, numbers)
    except Refused as error:
        return f"not counted: {error}"
    sent = data.get("sent")
    return _Batch(student, float(sent) if isinstance(sent, (int, float)) else found.mtime,
                  seeds, numbers)  # fmt: skip


def _plain(text: Any, limit: int) -> str:
    """``text`` as printable ASCII (anything else escaped), for the teacher's tables: a file a
    student wrote never puts control characters or markup into the teacher's view."""
    plain = "".join(c if " " <= c <= "~" else ascii(c)[1:-1] for c in str(text))
    return plain if len(plain) <= limit else plain[: limit - 3] + "..."


def _refusal_row(found: drop.Found, data: dict, trusted: set[int]) -> dict:
    claimed = _plain(data.get("student", "?"), 80)
    if found.uid not in trusted and not drop.matches_account(claimed, found.account):
        claimed = f"{claimed} (account {found.account})"
    return {"student": claimed, "sent": found.mtime, "reason": _plain(data.get("reason", ""), 500)}


def _legacy_connect(path: Path):
    import sqlite3

    try:  # read-only; "immutable" where a WAL store's folder cannot be written
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return sqlite3.connect(f"file:{path}?immutable=1", uri=True)


def _legacy(path: Path, experiment: str) -> list[tuple[str, _Batch]]:
    """The batches kept in an older store's ``class.db`` (none if there is none)."""
    import sqlite3

    if not path.exists():
        return []
    try:
        with _legacy_connect(path) as connection:
            sent = dict(connection.execute(
                "SELECT student, sent FROM batches WHERE experiment = ?", (experiment,)
            ).fetchall())  # fmt: skip
            rows = connection.execute(
                "SELECT student, seed, value FROM rows WHERE experiment = ? ORDER BY student, seed",
                (experiment,),
            ).fetchall()
    except sqlite3.Error as error:
        raise StoreError(f"cannot read the older class store {path}: {error}") from None
    batches: dict[str, _Batch] = {}
    for student, seed, value in rows:
        batch = batches.setdefault(student, _Batch(student, float(sent.get(student, 0)), [], []))
        batch.seeds.append(int(seed))
        batch.values.append(float(value))
    return list(batches.items())


def _legacy_refusals(path: Path, experiment: str) -> list[dict]:
    import sqlite3

    if not path.exists():
        return []
    try:
        with _legacy_connect(path) as connection:
            found = connection.execute(
                "SELECT student, sent, reason FROM refusals WHERE experiment = ?", (experiment,)
            ).fetchall()
    except sqlite3.Error:
        return []
    return [{"student": s, "sent": t, "reason": r} for s, t, r in found]


def _folder(store: str | os.PathLike | None) -> str | None:
    return str(store) if store else os.environ.get(STORE_VARIABLE) or None


def share(
    experiment: str, rows: Any, *, store: str | os.PathLike | None = None
) -> Sent | NotShared:
    """Send your rows to the class: the one call in a student's notebook.

    Your id is your login on the school's hub (or the one you typed,
    ``student_id("ab123")``); the store is the folder your teacher set up
    (``TILEGAMES_CLASS_STORE``), or ``store=``. Sharing again replaces your rows.

    >>> share("tula_stuck", None, store=None)  # no store set up here: nothing sent
    Not shared: no class store is set up here. In class, your teacher gives its folder (the TILEGAMES_CLASS_STORE setting, or share(..., store='folder')).
    """
    from ..exercises.handin import PRACTICE, student_id

    folder = _folder(store)
    if not folder:
        return NotShared(experiment)
    student = student_id()
    if student == PRACTICE:
        raise Refused("type your student id first (student_id('ab123')): the class pools by id.")
    return ClassStore(folder, create=False).share(experiment, rows, student=student)


def class_rows(
    experiment: str,
    *,
    store: str | os.PathLike | None = None,
    students: int = 30,
    games: int | None = None,
) -> tuple[pd.DataFrame, str]:
    """The class's rows and where they come from: the class store when one is set up (the
    teacher's side: it lists the store), else a class of ``students`` made-up students whose
    batches run from an eighth of ``games`` (the experiment's batch by default) to three times
    it (``batch_sizes``), as real students play — so a funnel plot shows its funnel."""
    from .experiments import batch_sizes, class_of

    folder = _folder(store)
    if folder:
        return ClassStore(folder, create=False).rows(experiment), _store_words(folder)
    chosen = check_experiment(experiment)
    sizes = batch_sizes(chosen.batch if games is None else games, students)
    unit = chosen.unit or "games"
    return class_of(chosen, students, sizes), i18n.ngettext(
        # English: "students" for 1 too
        "a class of {students} made-up students, playing between {fewest} and {most} each, "
        "{total} in all (no class store is set up here)",
        "a class of {students} made-up students, playing between {fewest} and {most} each, "
        "{total} in all (no class store is set up here)",
        students,
    ).format(
        students=whole(students),
        fewest=whole(min(sizes)),
        most=counted(max(sizes), unit, grouped=False),
        total=whole(sum(sizes), grouped=True),
    )


def _store_words(folder: str | os.PathLike) -> str:
    """Where rows read from a class store come from, in words."""
    return i18n._("the class store ({folder})").format(folder=folder)


def class_results(
    experiment: str,
    *,
    store: str | os.PathLike | None = None,
    students: int = 30,
    games: int | None = None,
):
    """The class summary of ``experiment`` and where it comes from: a student's lesson reads
    this. The teacher (and a laptop) computes it from the store's rows; a student on a hub
    of separate accounts reads the summary the teacher's dashboard last published; with no
    store, a class of ``students`` made-up students.

    >>> summary, where = class_results("tula_stuck", students=3, games=20)
    >>> len(summary.students), where.startswith("a class of 3 made-up")
    (3, True)
    """
    from .dashboard import class_summary
    from .published import read_summary

    spec = check_experiment(experiment)
    folder = _folder(store)
    if folder:
        try:
            rows = ClassStore(folder, create=False).rows(experiment)
        except StoreError:
            if not Path(folder).is_dir():
                raise
            return read_summary(Path(folder), spec)
        return class_summary(rows, spec), _store_words(folder)
    rows, where = class_rows(experiment, students=students, games=games)
    return class_summary(rows, spec), where


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
