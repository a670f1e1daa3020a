"""Results tables and their provenance: one module for every study, written atomically.

A results file is CSV (for a person to open) or Parquet (for big runs), chosen
by its suffix: ``run.csv`` or ``run.parquet``. Its provenance is a dict with
the same keys for every study (``PROVENANCE_KEYS``: command, seed, rules,
library version, engine, rows, start and finish, host ...), made by
``provenance(...)``. It goes beside the file as ``run.json``; a Parquet file
also carries it inside its own metadata (all but the keys that change from one
session to the next, ``SESSION_KEYS``, so that a rerun gives the same bytes).

``write_results(frame, out, provenance)`` writes a whole table at once;
``BatchWriter`` writes a long run batch by batch and resumes it
(``sim.simulate(..., out=...)`` uses it); ``read_results(out)`` gives the rows
and ``read_provenance(out)`` the provenance, old sidecars included.

A file under its finished name is whole and complete: a long run's batches
land as atomically renamed part files in ``run.csv.partial/``, a lock guards
the name while a run writes it, the file is assembled and renamed into place
only when every batch is there, and its sidecar records the file's SHA-256 and
a seal over its own claims, both checked on every read (``NotAsRecorded``).

>>> import pandas as pd, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> out = os.path.join(folder, "coins.csv")
>>> write_results(pd.DataFrame({"game": [0, 1], "heads": [True, False]}), out, {"seed": 1})
>>> read_sidecar(out)["rows"], describes(out)
(2, True)
>>> why_not_out(os.path.join(folder, "coins.json"))
'coins.json would be the provenance of the rows: give a name such as coins.csv or coins.parquet'
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import hashlib
import json
import os
import re
import secrets
import shutil
import socket
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

import pandas as pd

from .i18n import _
from .outlock import OutBusy, OutLock

__all__ = [
    "PROVENANCE_KEYS",
    "SESSION_KEYS",
    "BatchWriter",
    "DifferentRun",
    "NotAsRecorded",
    "OutBusy",
    "OutLock",
    "describes",
    "format_of",
    "iter_results",
    "keep_elsewhere",
    "now",
    "provenance",
    "read_provenance",
    "read_results",
    "read_sidecar",
    "sidecar_path",
    "unfinished",
    "why_not_as_recorded",
    "why_not_out",
    "write_results",
]

FORMATS = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}
"""File suffix -> format of the rows."""

PROVENANCE_KEYS = (
    "what",
    "command",
    "seed",
    "rules",
    "tilegames_version",
    "python",
    "engine",
    "rows",
    "complete",
    "started_utc",
    "finished_utc",
    "host",
)
"""The keys every study's provenance has (``None`` where a study has nothing to say)."""

SESSION_KEYS = (
    "started_utc",
    "finished_utc",
    "host",
    "seconds",
    "sha256",
    "seal",
    "file",
    "sessions",
)
"""Keys that differ between two runs of the same command: kept out of a Parquet file's bytes."""

OLD_KEYS = {"written_utc": "finished_utc", "date": "finished_utc", "options": "rules"}
"""How the hand-made sidecars of older kept files named a standard key."""

PARTIAL = ".partial"
"""``run.csv.partial/``: the folder of an unfinished run's part files (``BatchWriter``)."""


def sidecar_path(out: str | os.PathLike) -> str:
    """Where the provenance of ``out`` goes: the same name with ``.json``.

    >>> sidecar_path("results/run.csv"), sidecar_path("run.parquet")
    ('results/run.json', 'run.json')
    """
    return os.path.splitext(os.fspath(out))[0] + ".json"


def format_of(out: str | os.PathLike) -> str:
    """``"csv"`` or ``"parquet"``, from the file's suffix (ValueError for anything else).

    >>> format_of("run.parquet"), format_of("RUN.CSV")
    ('parquet', 'csv')
    """
    extension = os.path.splitext(os.fspath(out))[1].lower()
    if extension not in FORMATS:
        raise ValueError(
            f"{os.fspath(out)}: results are written as .csv or .parquet, not {extension or 'no suffix'}"
        )
    return FORMATS[extension]


def now() -> str:
    """The time now, UTC, to the second (ISO 8601), as the sidecars record it."""
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def provenance(
    *,
    what: str,
    command: str,
    seed: Any,
    rules: Any = None,
    engine: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A provenance with every standard key: the study's words, plus version, Python, host, start.

    ``rules`` is whatever decides the rows besides the seed (players, variants,
    budgets); ``engine`` which implementation ran (default: this Python).
    ``rows``, ``complete`` and ``finished_utc`` are filled in when the file is written.

    >>> record = provenance(what="coins", command="flip --seed 1", seed=1, rules={"p": 0.5})
    >>> sorted(set(PROVENANCE_KEYS) - set(record))
    []
    """
    import tilegames

    record: dict[str, Any] = {key: None for key in PROVENANCE_KEYS}
    record.update(
        what=what,
        command=command,
        seed=seed,
        rules=rules,
        tilegames_version=tilegames.__version__,
        python=sys.version.split()[0],
        engine=engine or f"Python {sys.version.split()[0]}",
        started_utc=now(),
        host=socket.gethostname(),
    )
    record.update(extra)
    return record


def _sync_folder(folder: str) -> None:
    """Make a rename in ``folder`` durable (where the system allows opening a folder)."""
    with contextlib.suppress(OSError, AttributeError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _csv_text(frame: pd.DataFrame, header: bool = True) -> str:
    return frame.to_csv(index=False, lineterminator="\n", header=header)


def _jsonable(value: Any) -> Any:
    """``value`` with tuples as lists and numpy numbers as Python's (what JSON gives back)."""
    return json.loads(json.dumps(value, default=_plain))


def _plain(value: Any) -> Any:
    if hasattr(value, "item"):
        return value.item()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return str(value)


def _file_metadata(record: dict[str, Any]) -> dict[bytes, bytes]:
    """What a Parquet file carries of its provenance (no session keys: same run, same bytes)."""
    kept = {key: value for key, value in record.items() if key not in SESSION_KEYS}
    return {b"tilegames": json.dumps(kept, sort_keys=True, default=_plain).encode()}


def _arrow_table(frame: pd.DataFrame, schema=None):
    import pyarrow as pa

    table = pa.Table.from_pandas(frame, preserve_index=False).replace_schema_metadata(None)
    if schema is not None and table.schema != schema:
        try:
            table = table.cast(schema)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError, ValueError) as error:
            raise ValueError(
                f"a batch's columns {table.schema.names} ({table.schema.types}) do not fit the "
                f"first batch's {schema.names} ({schema.types}): {error}"
            ) from None
    return table


ROW_GROUP_ROWS = 20_000
"""Rows per Parquet row group when a run's batches are put together: a writer keeps some
kilobytes per row group until it closes, so one per 1000-row batch made the command's
memory grow with the run (some 160 MB more for 10 million games); 20,000 keeps it flat."""


def _write_parquet(tables: Iterator, path: str, record: dict[str, Any]) -> int:
    """Write the Arrow tables to ``path``, consecutive ones together in row groups of about
    ``ROW_GROUP_ROWS`` rows (the same tables give the same bytes); returns the rows written."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    writer, rows, waiting = None, 0, []

    def flush() -> None:
        if waiting:
            writer.write_table(pa.concat_tables(waiting), row_group_size=ROW_GROUP_ROWS * 2)
            waiting.clear()

    try:
        for table in tables:
            if writer is None:
                schema = table.schema.with_metadata(_file_metadata(record))
                writer = pq.ParquetWriter(path, schema)
            waiting.append(table.replace_schema_metadata(schema.metadata))
            rows += table.num_rows
            if sum(waiting_table.num_rows for waiting_table in waiting) >= ROW_GROUP_ROWS:
                flush()
        flush()
    finally:
        if writer is not None:
            writer.close()
    if writer is None:  # no rows at all: an empty file with the provenance
        pq.write_table(pa.table({"game": pa.array([], pa.int64())}).replace_schema_metadata(
            _file_metadata(record)), path)  # fmt: skip
    return rows


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _staged(target: str) -> str:
    """A new, empty file beside ``target`` to write into before renaming it into place.

    Made with the permissions ``open`` would give (``0o666`` less the umask), not
    ``mkstemp``'s 0600: a class sharing a folder reads each other's results."""
    folder = os.path.dirname(os.path.abspath(target))
    for _attempt in range(100):
        path = os.path.join(folder, f".{os.path.basename(target)}.{secrets.token_hex(4)}.part")
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            continue
        return path
    raise FileExistsError(errno.EEXIST, f"no free temporary name beside {target}")


def _fsync_file(path: str) -> None:
    with open(path, "rb+") as handle:
        os.fsync(handle.fileno())


@contextlib.contextmanager
def _staging(target: str, data: str | bytes) -> Iterator[str]:
    """A new file beside ``target`` holding ``data``, synced, for the block to rename into place;
    removed when the block (or the writing) fails."""
    staged = _staged(target)
    try:
        with open(staged, "wb" if isinstance(data, bytes) else "w") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        yield staged
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(staged)
        raise


def _write_file(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` as a new file, atomically (staged, synced, renamed)."""
    with _staging(path, data) as staged:
        os.replace(staged, path)


def _finish_record(record: dict[str, Any], out: str, rows: int) -> dict[str, Any]:
    import tilegames

    record = {**record, "file": os.path.basename(out), "rows": rows}
    record.setdefault("tilegames_version", tilegames.__version__)
    record.setdefault("python", sys.version.split()[0])
    if record.get("tilegames_version") is None:
        record["tilegames_version"] = tilegames.__version__
    if record.get("complete") is None:
        record["complete"] = True
    if record.get("finished_utc") is None:
        record["finished_utc"] = now()
    return record


def _seal(record: dict[str, Any]) -> str:
    """A digest of every claim of a sidecar (``seal`` itself left out): a sidecar edited
    after it was written (its rows, seed, command, version ...) no longer matches it."""
    claims = {key: value for key, value in record.items() if key != "seal"}
    text = json.dumps(claims, sort_keys=True, separators=(",", ":"), default=_plain)
    return hashlib.sha256(text.encode()).hexdigest()


def _sealed(record: dict[str, Any], data: str) -> dict[str, Any]:
    """``record`` with the ``sha256`` of the file ``data`` and its ``seal``."""
    record = _jsonable({**record, "sha256": _sha256(data)})
    record.pop("seal", None)
    return {**record, "seal": _seal(record)}


def _put_in_place(data: str, out: str, record: dict[str, Any]) -> None:
    """Rename the staged ``data`` over ``out``, then its sealed sidecar beside it.
    ``record`` is sealed already (``_sealed``)."""
    sidecar = sidecar_path(out)
    text = json.dumps(record, indent=2, default=_plain) + "\n"
    with _staging(sidecar, text) as staged_sidecar:
        os.replace(data, out)
        os.replace(staged_sidecar, sidecar)
    _sync_folder(os.path.dirname(os.path.abspath(out)))


def write_results(frame: pd.DataFrame, out: str | os.PathLike, provenance: dict[str, Any]) -> None:
    """Write ``frame`` to ``out`` (CSV or Parquet, by its suffix) and ``provenance`` beside it.

    The sidecar gets ``file``, ``rows``, ``sha256`` (of the file), the library
    version and Python's, unless ``provenance`` says them already, and a ``seal``
    over all of it (``read_results`` checks both). Both are made in full before
    either replaces anything, so a full disk changes nothing; the name is locked
    meanwhile (``OutBusy`` while another run writes it). This replaces whatever
    pair was there: it is the library's own call, used to make a kept results file.
    """
    out = os.fspath(out)
    kind = format_of(out)
    for target in (out, sidecar_path(out)):
        if os.path.exists(target) and not os.path.isfile(target):
            raise OSError(errno.EINVAL, f"{target} is not a regular file")
    lock = OutLock(out)
    try:
        record = _finish_record(provenance, out, len(frame))
        data = _staged(out)
        try:
            if kind == "csv":
                with open(data, "w", newline="") as stream:
                    stream.write(_csv_text(frame))
            else:
                _write_parquet(
                    iter([_arrow_table(frame)]) if len(frame.columns) else iter([]), data, record
                )
            _fsync_file(data)
            _put_in_place(data, out, _sealed(record, data))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(data)
            raise
    finally:
        lock.release()


def keep_elsewhere(frame: pd.DataFrame, provenance: dict[str, Any], suffix: str = ".csv") -> str:
    """Write the pair to a new file in the temporary folder (when ``out`` could not take it);
    returns the file's path. Raises OSError when that fails too."""
    handle, path = tempfile.mkstemp(prefix="tilegames-", suffix=suffix)
    os.close(handle)
    try:
        write_results(frame, path, provenance)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise
    return path


def read_sidecar(out: str | os.PathLike) -> dict[str, Any]:
    """The provenance beside ``out`` as written; ``{}`` when there is none or it cannot be read."""
    return _read_json(sidecar_path(out))


def _read_json(path: str) -> dict[str, Any]:
    try:
        with open(path) as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


class NotAsRecorded(ValueError):
    """A results file and its sidecar disagree: the file or the sidecar was changed after
    they were written (or the file is another than the one the sidecar describes)."""


def why_not_as_recorded(out: str | os.PathLike, rows: int | None = None) -> str | None:
    """What is wrong between ``out`` and the sidecar beside it, or None when it holds what
    the sidecar says. Checked: the file's SHA-256, the sidecar's seal (its claims: rows,
    seed, command, version ...), and ``rows`` (the rows counted in the file) against
    the sidecar's. A sidecar from before these were recorded is checked for what it has.

    >>> import tempfile
    >>> out = os.path.join(tempfile.mkdtemp(), "r.csv")
    >>> write_results(pd.DataFrame({"game": [0, 1]}), out, {"seed": 1})
    >>> why_not_as_recorded(out, rows=2) is None
    True
    >>> _ = open(out, "a").write("2\\n")
    >>> why_not_as_recorded(out)
    '... was changed after it was written: its bytes are not those ... records (SHA-256)'
    """
    out = os.fspath(out)
    sidecar = sidecar_path(out)
    record = read_sidecar(out)
    if not record:
        if os.path.exists(sidecar) and _is_results_name(out):
            return _("{sidecar} cannot be read as the provenance of {name}").format(
                sidecar=sidecar, name=os.path.basename(out)
            )
        return None
    if record.get("file") not in (None, os.path.basename(out)):
        return None  # the provenance of another file (run.csv beside run.parquet): no claim
    recorded = record.get("sha256")
    if recorded is not None and recorded != _sha256(out):
        return _(
            "{out} was changed after it was written: its bytes are not those "
            "{sidecar} records (SHA-256)"
        ).format(out=out, sidecar=os.path.basename(sidecar))
    if "seal" in record and record["seal"] != _seal(record):
        return _(
            "{sidecar} was changed after it was written: its claims (rows, seed, command, "
            "version ...) are not those it was sealed with"
        ).format(sidecar=sidecar)
    if "seal" in record and format_of(out) == "parquet" and rows is None:
        import pyarrow.parquet as pq

        rows = pq.ParquetFile(out).metadata.num_rows
    claimed = record.get("rows")
    if rows is not None and isinstance(claimed, int) and claimed != rows and recorded:
        return _("{out} holds {rows} rows, and {sidecar} says {claimed}").format(
            out=out, rows=rows, sidecar=os.path.basename(sidecar), claimed=claimed
        )
    return None


def _is_results_name(out: str) -> bool:
    return os.path.splitext(out)[1].lower() in FORMATS


def _check_as_recorded(out: str, rows: int | None = None) -> None:
    problem = why_not_as_recorded(out, rows)
    if problem:
        raise NotAsRecorded(problem)


def read_provenance(out: str | os.PathLike) -> dict[str, Any]:
    """The provenance of ``out`` with every standard key (old sidecars' names translated).

    From the sidecar beside it, or else from a Parquet file's own metadata;
    keys it never recorded are ``None``. ``NotAsRecorded`` when the file or the
    sidecar was changed after they were written.
    """
    out = os.fspath(out)
    if os.path.isfile(out):
        _check_as_recorded(out)
    record = read_sidecar(out)
    if not record and format_of(out) == "parquet" and os.path.isfile(out):
        import pyarrow.parquet as pq

        metadata = pq.read_schema(out).metadata or {}
        with contextlib.suppress(ValueError):
            record = json.loads(metadata.get(b"tilegames", b"{}"))
    for old, new in OLD_KEYS.items():
        if record.get(new) is None and old in record:
            record[new] = record[old]
    return {**{key: None for key in PROVENANCE_KEYS}, **record}


def read_results(out: str | os.PathLike, columns: list[str] | None = None) -> pd.DataFrame:
    """The rows of ``out``, CSV or Parquet; of an unfinished run (only ``run.csv.partial``
    there), its whole batches. ``NotAsRecorded`` when the file does not hold what its
    sidecar says (edited, cut short, another file).

    >>> import tempfile, os
    >>> out = os.path.join(tempfile.mkdtemp(), "coins.parquet")
    >>> write_results(pd.DataFrame({"game": [0, 1], "heads": [True, False]}), out, {"seed": 1})
    >>> read_results(out)["heads"].tolist(), read_provenance(out)["seed"]
    ([True, False], 1)
    """
    out = os.fspath(out)
    if not os.path.exists(out) and os.path.isdir(out + PARTIAL):
        return pd.concat(
            list(BatchWriter.whole_batches(out)) or [pd.DataFrame()], ignore_index=True
        )
    if format_of(out) == "parquet":
        _check_as_recorded(out)
        return pd.read_parquet(out, columns=columns)
    if os.path.getsize(out) == 0:  # a run of no rows
        _check_as_recorded(out, 0)
        return pd.DataFrame()
    frame = pd.read_csv(out, usecols=columns)
    _check_as_recorded(out, len(frame))
    return frame


def iter_results(out: str | os.PathLike, chunk: int = 100_000) -> Iterator[pd.DataFrame]:
    """The rows of a finished results file, ``chunk`` rows at a time (for a file too big to
    hold); checked against its sidecar first (``NotAsRecorded``)."""
    out = os.fspath(out)
    _check_as_recorded(out)
    if format_of(out) == "parquet":
        import pyarrow.parquet as pq

        for batch in pq.ParquetFile(out).iter_batches(batch_size=chunk):
            yield batch.to_pandas()
    elif os.path.getsize(out):
        yield from pd.read_csv(out, chunksize=chunk)


def describes(out: str | os.PathLike) -> bool:
    """Whether the sidecar beside ``out`` is the provenance of exactly the file there."""
    recorded = read_sidecar(out).get("sha256")
    try:
        return recorded == _sha256(os.fspath(out)) and why_not_as_recorded(out) is None
    except OSError:
        return False


def _is_provenance(data: Any) -> bool:
    return isinstance(data, dict) and "tilegames_version" in data


class DifferentRun(ValueError):
    """The results file there is another run's (another seed, rules, size ...): not mixed."""


def _differences(recorded: Any, wanted: dict[str, Any]) -> str:
    """``"seed 1, not 2; games 5, not 6"``: how the run ``recorded`` differs from ``wanted``."""
    recorded = recorded if isinstance(recorded, dict) else {}
    keys = sorted(set(recorded) | set(wanted), key=str)
    return "; ".join(
        _("{key} {recorded}, not {wanted}").format(
            key=key,
            recorded=json.dumps(recorded.get(key), default=_plain),
            wanted=json.dumps(wanted.get(key), default=_plain),
        )
        for key in keys
        if recorded.get(key) != wanted.get(key)
    )


PART = re.compile(r"(\d{12})-(\d+)-([0-9a-f]{16})\.(csv|parquet)\Z")
"""A part file's name: batch number, rows, the first 16 hex digits of its SHA-256, format."""
RUN_FILE = "run.json"
"""In a run's partial folder: what decides its rows, its provenance, its sessions."""
AGAIN = "--force"
"""The option that replaces another run's file (or discards its unfinished parts)."""


class BatchWriter:
    """Write a run batch by batch, so that a crash keeps every whole batch and a rerun resumes;
    the file under ``out``'s name is there only when it is whole and complete.

    - Each batch is a **part file** in the folder ``out`` + ``.partial``, written
      in full, synced and then renamed in: a part that is there is whole; its name
      holds its batch number, rows and SHA-256, so a part damaged later is found
      (and its batch played again). ``run.json`` there says which run they are.
    - An **exclusive lock** on ``out`` (``OutLock``) is held from opening to
      ``close``/``finish``: a second run on the same name is refused (``OutBusy``).
    - ``finish`` assembles the parts into ``out`` (only when every batch ``0 ..
      batches-1`` is there) and renames it into place with its sealed sidecar.
    - Opening where an unfinished run lies resumes it when it is the same ``run``
      and the same tilegames version (``batches_done``: whole parts); a finished
      ``out`` of the same run (of any version), as its sealed sidecar says and
      checked against its bytes, is found done (``finished``). Anything else there (another run's file or
      parts, a file changed by hand, someone's file) is refused (``DifferentRun``,
      ``NotAsRecorded``), never replaced, unless ``force``.

    Each batch's bytes depend only on its rows, so a run stopped and resumed ends
    byte for byte as one that never stopped.

    >>> import tempfile, os
    >>> out = os.path.join(tempfile.mkdtemp(), "coins.csv")
    >>> writer = BatchWriter(out, run={"seed": 1}, provenance={"seed": 1})
    >>> writer.write(pd.DataFrame({"game": [0], "heads": [True]}))
    >>> writer.close()   # stopped: the whole batch stays in coins.csv.partial
    >>> writer = BatchWriter(out, run={"seed": 1}, provenance={})
    >>> writer.batches_done
    1
    >>> writer.write(pd.DataFrame({"game": [1], "heads": [False]}))
    >>> writer.finish()["rows"], open(out).read()
    (2, 'game,heads\\n0,True\\n1,False\\n')
    >>> BatchWriter(out, run={"seed": 2}, provenance={})
    Traceback (most recent call last):
    ...
    tilegames.results.DifferentRun: ... holds another run (seed 1, not 2): ...
    """

    def __init__(
        self,
        out: str | os.PathLike,
        run: dict[str, Any],
        provenance: dict[str, Any],
        *,
        batches: int | None = None,
        force: bool = False,
    ) -> None:
        import tilegames

        self.out = os.fspath(out)
        self.kind = format_of(self.out)
        self.run = _jsonable(run)
        self.provenance = dict(provenance)
        if self.provenance.get("tilegames_version") is None:
            self.provenance["tilegames_version"] = tilegames.__version__
        self._command = self.provenance.get("command")
        self.partial = self.out + PARTIAL
        self.expected = batches
        """How many batches make the run complete (None: as many as are written)."""
        self.force = force
        self.done: dict[int, str] = {}
        """Batch number -> the name of its whole part file."""
        self.rows = 0
        self.finished = False
        """Whether ``out`` already holds this very run, complete."""
        self.notes: list[str] = []
        """What opening found and mended (a damaged part, played again), in words."""
        self._columns: list[str] | None = None
        self._schema = None
        self._sessions: list[dict] = []
        self._replaces: str | None = None
        self._lock = OutLock(self.out)
        try:
            self._open()
        except BaseException:
            self._lock.release()
            raise
        if self.finished:
            self._lock.release()

    @property
    def batches_done(self) -> int:
        """Whole batches from the first one on, with no gap (those a resumed run skips)."""
        count = 0
        while count in self.done:
            count += 1
        return count

    # -- opening: fresh, resumed, or already complete ------------------------------------------
    def _open(self) -> None:
        folder = os.path.dirname(os.path.abspath(self.out))
        self._remove_stale_staging(folder)
        done = read_sidecar(self.out)
        other = done.get("file")
        if (
            other
            and other != os.path.basename(self.out)
            and os.path.exists(os.path.join(folder, other))
        ):
            raise DifferentRun(
                _("{sidecar} is the provenance of {other}: give {stem} another name").format(
                    sidecar=sidecar_path(self.out), other=other, stem=os.path.basename(self.out)
                )
            )
        for target in (self.out, sidecar_path(self.out)):
            if os.path.exists(target) and not os.path.isfile(target):
                raise DifferentRun(
                    _("{target} is not a regular file: give another --out").format(target=target)
                )
        started = self._read_partial()
        if started is not None and self._finish_interrupted(started):
            return
        if os.path.exists(self.out):
            if started is not None and started.get("replaces") == _sha256(self.out):
                pass  # the file a --force run replaces when it finishes
            elif self._is_this_run_done(done):
                if started is not None:
                    shutil.rmtree(self.partial, ignore_errors=True)
                self.finished = True
                self.done = dict.fromkeys(range(int(done.get("batches") or 0)), "")
                self.rows = int(done.get("rows") or 0)
                return
            else:
                why = self._why_not_ours(done)
                if not self.force:
                    raise DifferentRun(
                        _(
                            "{why}: it is not replaced; give another --out, or add {again} "
                            "to replace it when this run finishes"
                        ).format(why=why, again=AGAIN)
                    )
                self._replaces = _sha256(self.out)
        if started is None:
            self._start()
        else:
            self._resume(started)

    def _remove_stale_staging(self, folder: str) -> None:
        """Files a stopped writer of this name was staging (``.NAME.xxxxxxxx.part``): none is
        in use while this one holds the lock, and none is a finished file."""
        names = (os.path.basename(self.out), os.path.basename(sidecar_path(self.out)))
        for name in os.listdir(folder):
            if name.endswith(".part") and any(name.startswith(f".{n}.") for n in names):
                with contextlib.suppress(OSError):
                    os.unlink(os.path.join(folder, name))

    def _is_this_run_done(self, done: dict) -> bool:
        # a finished file of another version is still that run: only going on with a stopped
        # run needs the version that started it (its batches and ours must not mix)
        return (
            done.get("run") == self.run
            and done.get("complete") is True
            and why_not_as_recorded(self.out) is None
        )

    def _why_not_ours(self, done: dict) -> str:
        """Why the file at ``out`` is not this run, complete, in words."""
        if not done:
            return _("{out} exists and is not a tilegames results file with its provenance").format(
                out=self.out
            )
        problem = why_not_as_recorded(self.out)
        if problem:
            return problem
        if done.get("run") is None:
            return _("{out} holds results of another kind ({command})").format(
                out=self.out, command=done.get("command") or _("no command recorded")
            )
        if done.get("run") != self.run:
            return _("{out} holds another run ({differences})").format(
                out=self.out, differences=_differences(done.get("run"), self.run)
            )
        return _("{out} holds this run unfinished, without its parts").format(out=self.out)

    def _read_partial(self) -> dict | None:
        """The record of an unfinished run in ``out.partial`` (refused when it is not this
        run's; discarded with ``force``), or None when there is none."""
        if not os.path.lexists(self.partial):
            return None
        started = _read_json(os.path.join(self.partial, RUN_FILE)) if os.path.isdir(
            self.partial
        ) else {}  # fmt: skip
        why = None
        if not os.path.isdir(self.partial):
            why = _(
                "{partial} is not a folder of parts (an older tilegames's unfinished run, "
                "which this one cannot go on with)"
            ).format(partial=self.partial)
        elif not started:
            why = _("{partial} has no readable {file}: which run its parts are is unknown").format(
                partial=self.partial, file=RUN_FILE
            )
        elif started.get("run") != self.run:
            why = _("{out} holds another run ({differences})").format(
                out=self.partial, differences=_differences(started.get("run"), self.run)
            )
        else:
            version = (started.get("provenance") or {}).get("tilegames_version")
            here = self.provenance["tilegames_version"]
            if version != here:
                why = _(
                    "{partial} was started by tilegames {version}, and this is {here}: "
                    "another version may play the same seed differently, so the two are not "
                    "mixed; finish it with tilegames {version} (pip install "
                    "tilegames=={version})"
                ).format(partial=self.partial, version=version, here=here)
        if why is None:
            return started
        if not self.force:
            raise DifferentRun(
                _(
                    "{why}: the two are not mixed; give another --out, or add {again} to "
                    "discard it and start again"
                ).format(why=why, again=AGAIN)
            )
        if os.path.isdir(self.partial):
            shutil.rmtree(self.partial)
        else:
            os.unlink(self.partial)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.partial + ".json")  # an older tilegames's record of it
        return None

    def _finish_interrupted(self, started: dict) -> bool:
        """A run stopped between putting ``out`` and its sidecar in place: finish that."""
        record = started.get("finishing")
        if not record or not os.path.isfile(self.out) or record.get("sha256") != _sha256(self.out):
            return False
        _write_file(sidecar_path(self.out), (json.dumps(record, indent=2) + "\n").encode())
        shutil.rmtree(self.partial, ignore_errors=True)
        self.finished = True
        self.done = dict.fromkeys(range(int(record.get("batches") or 0)), "")
        self.rows = int(record.get("rows") or 0)
        return True

    def _start(self) -> None:
        os.mkdir(self.partial)
        try:
            self._record_run()
        except BaseException:
            shutil.rmtree(self.partial, ignore_errors=True)
            raise

    def _record_run(self, **extra: Any) -> None:
        record = {
            "run": self.run,
            "provenance": self.provenance,
            "sessions": [*self._sessions, self._session()],
            "replaces": self._replaces,
            **extra,
        }
        _write_file(
            os.path.join(self.partial, RUN_FILE),
            json.dumps(record, default=_plain).encode(),
        )

    def _resume(self, started: dict) -> None:
        self._sessions = list(started.get("sessions", []))
        self._replaces = self._replaces or started.get("replaces")
        # the run keeps the provenance it started with (its command, workers ...): the file's
        # bytes do not depend on how it was resumed; each session's own command is in "sessions"
        kept = {k: v for k, v in (started.get("provenance") or {}).items() if k not in SESSION_KEYS}
        self.provenance = {**self.provenance, **kept}
        for name in sorted(os.listdir(self.partial)):
            path = os.path.join(self.partial, name)
            match = PART.match(name)
            if name == RUN_FILE:
                continue
            if match is None or match.group(4) != self.kind:
                if name.startswith("."):  # a part a stopped run had not finished writing
                    with contextlib.suppress(OSError):
                        os.unlink(path)
                continue
            index = int(match.group(1))
            if _sha256(path)[:16] != match.group(3) or index in self.done:
                os.unlink(path)
                self.notes.append(
                    _(
                        "{path} was damaged (its bytes are not those written): its batch is "
                        "played again"
                    ).format(path=path)
                )
                continue
            self.done[index] = name
            self.rows += int(match.group(2))
        self._record_run()

    # -- writing ---------------------------------------------------------------------------------
    def write(self, frame: pd.DataFrame, index: int | None = None) -> None:
        """Write one batch (number ``index``; default: the first missing one) as a whole part."""
        if self.finished:
            raise ValueError(f"{self.out} already holds this run, complete")
        if not self._lock.held:
            raise ValueError(f"the writer of {self.out} is closed")
        index = self.batches_done if index is None else index
        if index in self.done:
            raise ValueError(f"batch {index} of {self.out} is written already")
        data = b""
        if len(frame.columns):
            columns = [str(column) for column in frame.columns]
            if self._columns is None:
                self._columns = self._columns_so_far() or columns
            if columns != self._columns:
                raise ValueError(
                    f"a batch has the columns {list(frame.columns)}, the run's are {self._columns}"
                )
            csv = self.kind == "csv"
            data = _csv_text(frame).encode() if csv else self._parquet_bytes(frame)
        digest = hashlib.sha256(data).hexdigest()[:16]
        name = f"{index:012d}-{len(frame)}-{digest}.{self.kind}"
        _write_file(os.path.join(self.partial, name), data)
        self.done[index] = name
        self.rows += len(frame)

    def _parquet_bytes(self, frame: pd.DataFrame) -> bytes:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if self._schema is None:
            self._schema = self._schema_so_far()
        table = _arrow_table(frame, self._schema)
        self._schema = table.schema
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink)
        return sink.getvalue().to_pybytes()

    def _parts(self) -> Iterator[str]:
        """The paths of the whole parts, in batch order."""
        for index in sorted(self.done):
            yield os.path.join(self.partial, self.done[index])

    def _columns_so_far(self) -> list[str] | None:
        for path in self._parts():
            if os.path.getsize(path):
                if self.kind == "csv":
                    return [str(column) for column in pd.read_csv(path, nrows=0).columns]
                import pyarrow.parquet as pq

                return list(pq.read_schema(path).names)
        return None

    def _schema_so_far(self):
        import pyarrow.parquet as pq

        for path in self._parts():
            if os.path.getsize(path):
                return pq.read_schema(path).remove_metadata()
        return None

    def _session(self) -> dict:
        return {
            "command": self._command,
            "host": socket.gethostname(),
            "started_utc": self.provenance.get("started_utc"),
            "until_utc": now(),
        }

    def close(self) -> None:
        """Let go of ``out`` (an unfinished run stays resumable: its parts are whole)."""
        self._lock.release()

    def finish(self, **extra: Any) -> dict[str, Any]:
        """Put the complete file and its sidecar in place; returns the sidecar's record.
        ValueError when a batch is missing (the file would not be complete)."""
        if self.finished:
            return read_sidecar(self.out)
        count = self.expected if self.expected is not None else len(self.done)
        missing = [index for index in range(count) if index not in self.done]
        if missing or len(self.done) != count:
            raise ValueError(
                f"{self.out} is not complete: batches {missing[:5]} of {count} are missing"
            )
        record = _finish_record(
            {
                **self.provenance,
                **extra,
                "run": self.run,
                "batches": count,
                "complete": True,
                "sessions": [*self._sessions, self._session()],
            },
            self.out,
            self.rows,
        )
        if self._sessions:
            record["started_utc"] = self._sessions[0].get("started_utc") or record.get(
                "started_utc"
            )
        data = _staged(self.out)
        try:
            if self.kind == "csv":
                self._assemble_csv(data)
            else:
                tables = (table for table, _ in self._part_tables())
                _write_parquet(tables, data, record)
            _fsync_file(data)
            record = _sealed(record, data)
            self._record_run(finishing=record)
            _put_in_place(data, self.out, record)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(data)
            raise
        shutil.rmtree(self.partial, ignore_errors=True)
        self.finished = True
        self._lock.release()
        return record

    def _assemble_csv(self, data: str) -> None:
        header = None
        with open(data, "wb") as target:
            for path in self._parts():
                with open(path, "rb") as part:
                    first = part.readline()
                    if not first:
                        continue
                    if header is None:
                        header = first
                        target.write(first)
                    shutil.copyfileobj(part, target, 1 << 20)

    def _part_tables(self) -> Iterator:
        """(Arrow table, path) of each whole Parquet part, in batch order, in the run's schema."""
        import pyarrow.parquet as pq

        schema = None
        for path in self._parts():
            if not os.path.getsize(path):
                continue
            table = pq.read_table(path).replace_schema_metadata(None)
            schema = schema or table.schema
            yield (table if table.schema == schema else table.cast(schema)), path

    def keep_elsewhere(self, pending: pd.DataFrame | None = None) -> str:
        """Copy the whole batches (and ``pending``, the batch that could not be written) to the
        temporary folder, with their provenance, when ``out`` cannot take them; the run's
        parts stay where they are. Returns the file's path."""
        frames = list(frames_of(self.kind, self._parts()))
        if pending is not None:
            frames.append(pending)
        frame = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
        record = {**self.provenance, "run": self.run, "complete": False}
        self.close()
        return keep_elsewhere(frame, record, suffix=os.path.splitext(self.out)[1])

    @staticmethod
    def whole_batches(out: str | os.PathLike, chunk: int = 100_000) -> Iterator[pd.DataFrame]:
        """The rows of an unfinished run's whole batches from the first on (up to a missing
        or damaged one), one batch at a time; read without the lock (parts are whole)."""
        partial = os.fspath(out) + PARTIAL
        if not os.path.isdir(partial):
            return
        kind = format_of(out)
        parts: dict[int, str] = {}
        for name in os.listdir(partial):
            match = PART.match(name)
            if match and match.group(4) == kind:
                parts[int(match.group(1))] = name
        paths = []
        index = 0
        while index in parts:
            path = os.path.join(partial, parts[index])
            if _sha256(path)[:16] != PART.match(parts[index]).group(3):
                break
            paths.append(path)
            index += 1
        yield from frames_of(kind, paths)


def frames_of(kind: str, paths) -> Iterator[pd.DataFrame]:
    """The rows of each part file (an empty part: none)."""
    for path in paths:
        if not os.path.getsize(path):
            continue
        if kind == "csv":
            yield pd.read_csv(path)
        else:
            yield pd.read_parquet(path)


def unfinished(out: str | os.PathLike) -> dict[str, Any]:
    """What an unfinished run at ``out`` has done: ``{"run", "batches", "rows"}`` of its whole
    batches from the first on; ``{}`` when there is none.

    >>> unfinished("nowhere.csv")
    {}
    """
    partial = os.fspath(out) + PARTIAL
    started = _read_json(os.path.join(partial, RUN_FILE))
    if not started:
        return {}
    frames = list(BatchWriter.whole_batches(out))
    return {
        "run": started.get("run"),
        "batches": _count_whole(out),
        "rows": sum(len(frame) for frame in frames),
    }


def _count_whole(out: str | os.PathLike) -> int:
    partial = os.fspath(out) + PARTIAL
    names = {int(m.group(1)) for m in map(PART.match, os.listdir(partial)) if m}
    count = 0
    while count in names:
        count += 1
    return count


def why_not_out(out: str) -> str | None:
    """Why ``out`` cannot take a results file and its provenance, or None.

    Refused: an empty name, a folder, a missing or read-only folder, a suffix
    other than ``.csv`` or ``.parquet`` (``.json`` is the provenance's own), and
    a name whose ``.json`` sidecar already exists but is not the provenance of a
    tilegames results file (someone's data).
    """
    if not out.strip():
        return _("is empty; give a file name such as results.csv")
    if os.path.isdir(out):
        return _("is a folder; give a file name such as results.csv")
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        return _("the folder {folder} does not exist").format(folder=folder)
    if os.path.exists(out) and not os.path.isfile(out):
        return _(
            "is not a regular file (a device, a pipe ...); give a file name such as results.csv"
        )
    if not os.access(folder, os.W_OK) or (os.path.exists(out) and not os.access(out, os.W_OK)):
        return _("{out} cannot be written").format(out=out)
    stem, extension = os.path.splitext(os.path.basename(out))
    if extension.lower() == ".json":
        return _(
            "{stem}.json would be the provenance of the rows: "
            "give a name such as {stem}.csv or {stem}.parquet"
        ).format(stem=stem)
    if extension.lower() not in FORMATS:
        return _(
            "the rows are written as CSV or Parquet: give a name such as {stem}.csv or "
            "{stem}.parquet"
        ).format(stem=stem)
    sidecar = sidecar_path(out)
    record = _read_json(sidecar)
    if os.path.exists(sidecar) and not _is_provenance(record):
        return _(
            "{sidecar} exists and is not the provenance of a tilegames results file; "
            "it would be replaced: choose another name or move it"
        ).format(sidecar=sidecar)
    other = record.get("file")
    if other and other != os.path.basename(out) and os.path.exists(os.path.join(folder, other)):
        return _("{sidecar} is the provenance of {other}: give {stem} another name").format(
            sidecar=sidecar, other=other, stem=stem
        )
    return None
