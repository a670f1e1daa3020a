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
import shutil
import socket
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

import pandas as pd

__all__ = [
    "PROVENANCE_KEYS",
    "SESSION_KEYS",
    "BatchWriter",
    "DifferentRun",
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

SESSION_KEYS = ("started_utc", "finished_utc", "host", "seconds", "sha256", "file", "sessions")
"""Keys that differ between two runs of the same command: kept out of a Parquet file's bytes."""

OLD_KEYS = {"written_utc": "finished_utc", "date": "finished_utc", "options": "rules"}
"""How the hand-made sidecars of older kept files named a standard key."""

PARTIAL = ".partial"
"""``run.csv.partial``: the rows of an unfinished run (its progress in ``run.csv.partial.json``)."""


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
    handle, temporary = tempfile.mkstemp(
        prefix=f".{os.path.basename(target)}.",
        suffix=".part",
        dir=os.path.dirname(os.path.abspath(target)),
    )
    os.close(handle)
    return temporary


def _fsync_file(path: str) -> None:
    with open(path, "rb+") as handle:
        os.fsync(handle.fileno())


def _finish_record(record: dict[str, Any], out: str, rows: int) -> dict[str, Any]:
    import tilegames

    record = {**record, "file": os.path.basename(out), "rows": rows}
    record.setdefault("tilegames_version", tilegames.__version__)
    record.setdefault("python", sys.version.split()[0])
    if record.get("complete") is None:
        record["complete"] = True
    if record.get("finished_utc") is None:
        record["finished_utc"] = now()
    return record


def _put_in_place(data: str, out: str, record: dict[str, Any]) -> None:
    """Rename the staged ``data`` over ``out``, then its sidecar (with ``sha256``) beside it."""
    sidecar = sidecar_path(out)
    record = {**record, "sha256": _sha256(data)}
    text = json.dumps(record, indent=2, default=_plain) + "\n"
    staged_sidecar = _staged(sidecar)
    try:
        with open(staged_sidecar, "w") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(data, out)
        os.replace(staged_sidecar, sidecar)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(staged_sidecar)
        raise
    _sync_folder(os.path.dirname(os.path.abspath(out)))


def write_results(frame: pd.DataFrame, out: str | os.PathLike, provenance: dict[str, Any]) -> None:
    """Write ``frame`` to ``out`` (CSV or Parquet, by its suffix) and ``provenance`` beside it.

    The sidecar gets ``file``, ``rows``, ``sha256`` (of the file), the library
    version and Python's, unless ``provenance`` says them already. Both are
    made in full before either replaces anything, so a full disk changes nothing.
    """
    out = os.fspath(out)
    kind = format_of(out)
    for target in (out, sidecar_path(out)):
        if os.path.exists(target) and not os.path.isfile(target):
            raise OSError(errno.EINVAL, f"{target} is not a regular file")
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
        _put_in_place(data, out, record)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(data)
        raise


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


def read_provenance(out: str | os.PathLike) -> dict[str, Any]:
    """The provenance of ``out`` with every standard key (old sidecars' names translated).

    From the sidecar beside it, or else from a Parquet file's own metadata;
    keys it never recorded are ``None``.
    """
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
    there), its whole batches.

    >>> import tempfile, os
    >>> out = os.path.join(tempfile.mkdtemp(), "coins.parquet")
    >>> write_results(pd.DataFrame({"game": [0, 1], "heads": [True, False]}), out, {"seed": 1})
    >>> read_results(out)["heads"].tolist(), read_provenance(out)["seed"]
    ([True, False], 1)
    """
    out = os.fspath(out)
    if not os.path.exists(out) and os.path.exists(out + PARTIAL):
        return pd.concat(
            list(BatchWriter.whole_batches(out)) or [pd.DataFrame()], ignore_index=True
        )
    if format_of(out) == "parquet":
        return pd.read_parquet(out, columns=columns)
    if os.path.getsize(out) == 0:  # a run of no rows
        return pd.DataFrame()
    return pd.read_csv(out, usecols=columns)


def iter_results(out: str | os.PathLike, chunk: int = 100_000) -> Iterator[pd.DataFrame]:
    """The rows of a finished results file, ``chunk`` rows at a time (for a file too big to hold)."""
    out = os.fspath(out)
    if format_of(out) == "parquet":
        import pyarrow.parquet as pq

        for batch in pq.ParquetFile(out).iter_batches(batch_size=chunk):
            yield batch.to_pandas()
    else:
        yield from pd.read_csv(out, chunksize=chunk)


def describes(out: str | os.PathLike) -> bool:
    """Whether the sidecar beside ``out`` is the provenance of exactly the file there."""
    recorded = read_sidecar(out).get("sha256")
    try:
        return recorded == _sha256(os.fspath(out))
    except OSError:
        return False


def _is_provenance(data: Any) -> bool:
    return isinstance(data, dict) and "tilegames_version" in data


class DifferentRun(ValueError):
    """The results file there is another run's (another seed, rules, size ...): not mixed."""


class BatchWriter:
    """Write a run batch by batch, so that a crash keeps every whole batch and a rerun resumes.

    While the run goes, its rows are appended to ``out`` + ``.partial`` (CSV rows,
    or an Arrow stream for Parquet), flushed to disk after every batch, and
    ``out`` + ``.partial.json`` records the run (``run``: what decides its rows)
    and how many batches, rows and bytes are whole. ``finish`` puts the file and
    its sidecar in place of any older pair. Opening a writer where an unfinished
    run of the same ``run`` lies resumes it (``batches_done`` says how far it
    got; a torn tail is cut off); a different ``run`` is refused (``DifferentRun``)
    naming what differs. Each batch's bytes depend only on its rows, so a run
    stopped and resumed ends byte for byte as one that never stopped.

    >>> import tempfile, os
    >>> out = os.path.join(tempfile.mkdtemp(), "coins.csv")
    >>> writer = BatchWriter(out, run={"seed": 1}, provenance={"seed": 1})
    >>> writer.write(pd.DataFrame({"game": [0], "heads": [True]}))
    >>> BatchWriter(out, run={"seed": 1}, provenance={}).batches_done   # what a rerun finds
    1
    >>> writer.write(pd.DataFrame({"game": [1], "heads": [False]}))
    >>> writer.finish()["rows"], open(out).read()
    (2, 'game,heads\\n0,True\\n1,False\\n')
    >>> BatchWriter(out, run={"seed": 2}, provenance={})
    Traceback (most recent call last):
    ...
    tilegames.results.DifferentRun: ... is another run (seed 1, not 2): ...
    """

    def __init__(
        self, out: str | os.PathLike, run: dict[str, Any], provenance: dict[str, Any]
    ) -> None:
        self.out = os.fspath(out)
        self.kind = format_of(self.out)
        self.run = _jsonable(run)
        self.provenance = dict(provenance)
        self._command = self.provenance.get("command")
        self.partial = self.out + PARTIAL
        self.progress_path = self.partial + ".json"
        self.batches_done = 0
        """Whole batches in the file (those a resumed run skips)."""
        self.rows = 0
        self.finished = False
        """Whether ``out`` already holds this very run, complete."""
        self._bytes = 0
        self._columns: list[str] | None = None
        self._stream = None  # Parquet: the Arrow stream writer
        self._schema = None
        self._sessions: list[dict] = []
        self._open()

    # -- opening: fresh, resumed, or already complete ------------------------------------------
    def _open(self) -> None:
        progress = _read_json(self.progress_path)
        if progress and os.path.exists(self.partial):
            self._refuse_if_different(progress.get("run"), self.partial)
            self._resume(progress)
            return
        done = read_sidecar(self.out)
        other = done.get("file")
        folder = os.path.dirname(os.path.abspath(self.out))
        if (
            other
            and other != os.path.basename(self.out)
            and os.path.exists(os.path.join(folder, other))
        ):
            raise DifferentRun(
                f"{sidecar_path(self.out)} is the provenance of {other}: give "
                f"{os.path.basename(self.out)} another name"
            )
        if os.path.exists(self.out) and done.get("run") is not None:
            self._refuse_if_different(done.get("run"), self.out)
            if done.get("complete") and describes(self.out):
                self.finished = True
                self.batches_done, self.rows = done.get("batches", 0), done.get("rows", 0)
                return
        for stale in (self.partial, self.progress_path):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(stale)

    def _refuse_another_version(self, started: Any) -> None:
        """A stopped run goes on only with the tilegames that started it: another version
        may play the same seed differently, and one file would then hold two runs."""
        now = self.provenance.get("version")
        if started is None or now is None or started == now:
            return
        raise DifferentRun(
            f"{self.partial} was started by tilegames {started}, and this is {now}: another "
            f"version may play the same seed differently, so the two are not mixed; finish it "
            f"with tilegames {started} (pip install tilegames=={started}), or move it away"
        )

    def _refuse_if_different(self, recorded: Any, where: str) -> None:
        if recorded == self.run:
            return
        recorded = recorded if isinstance(recorded, dict) else {}
        keys = sorted(set(recorded) | set(self.run), key=str)
        differ = [
            f"{key} {json.dumps(recorded.get(key))}, not {json.dumps(self.run.get(key))}"
            for key in keys
            if recorded.get(key) != self.run.get(key)
        ]
        raise DifferentRun(
            f"{where} is another run ({'; '.join(differ)}): the two are not mixed; "
            f"move it away, or give another --out"
        )

    def _resume(self, progress: dict) -> None:
        self._refuse_another_version(progress.get("provenance", {}).get("version"))
        self.batches_done, self.rows = int(progress["batches"]), int(progress["rows"])
        self._bytes, self._columns = int(progress["bytes"]), progress.get("columns")
        self._sessions = list(progress.get("sessions", []))
        # the run keeps the provenance it started with (its command, workers ...): the file's
        # bytes do not depend on how it was resumed; each session's own command is in "sessions"
        started = {k: v for k, v in progress.get("provenance", {}).items() if k not in SESSION_KEYS}
        self.provenance = {**self.provenance, **started}
        if self.kind == "csv":
            with open(self.partial, "rb+") as handle:  # cut a torn tail: only whole batches stay
                handle.truncate(self._bytes)
                os.fsync(handle.fileno())
            return
        # an Arrow stream cannot be appended to once closed: copy its whole batches to a new one
        kept = self.partial + ".resume"
        with contextlib.suppress(FileNotFoundError):
            os.unlink(kept)
        os.replace(self.partial, kept)
        try:
            for table in _arrow_batches(kept, self.batches_done):
                self._append_arrow(table)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(kept)

    # -- writing ---------------------------------------------------------------------------------
    def write(self, frame: pd.DataFrame) -> None:
        """Append one batch (in order), make it durable, then record it as whole."""
        if self.finished:
            raise ValueError(f"{self.out} already holds this run, complete")
        if len(frame.columns):
            if self._columns is None:
                self._columns = [str(column) for column in frame.columns]
            elif [str(column) for column in frame.columns] != self._columns:
                raise ValueError(
                    f"a batch has the columns {list(frame.columns)}, the run's are {self._columns}"
                )
            if self.kind == "csv":
                text = _csv_text(frame, header=self._bytes == 0).encode()
                with open(self.partial, "ab") as handle:
                    handle.write(text)
                    handle.flush()
                    os.fsync(handle.fileno())
                self._bytes += len(text)
            else:
                self._append_arrow(_arrow_table(frame, self._schema))
        elif not os.path.exists(self.partial):
            open(self.partial, "ab").close()
        self.batches_done += 1
        self.rows += len(frame)
        self._record_progress()

    def _append_arrow(self, table) -> None:
        import pyarrow as pa

        if self._stream is None:
            self._schema = table.schema
            self._sink = pa.OSFile(self.partial, "wb")
            self._stream = pa.ipc.new_stream(self._sink, self._schema)
        self._stream.write_table(table)
        self._sink.flush()
        os.fsync(self._sink.fileno())
        self._bytes = self._sink.tell()

    def _record_progress(self) -> None:
        record = {
            "run": self.run,
            "batches": self.batches_done,
            "rows": self.rows,
            "bytes": self._bytes,
            "columns": self._columns,
            "complete": False,
            "sessions": [*self._sessions, self._session()],
            "provenance": self.provenance,
        }
        staged = _staged(self.progress_path)
        try:
            with open(staged, "w") as stream:
                json.dump(record, stream, default=_plain)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(staged, self.progress_path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(staged)
            raise

    def _session(self) -> dict:
        return {
            "command": self._command,
            "host": socket.gethostname(),
            "started_utc": self.provenance.get("started_utc"),
            "until_utc": now(),
        }

    def close(self) -> None:
        """Close the stream (an unfinished run stays resumable)."""
        if self._stream is not None:
            self._stream.close()
            self._sink.close()
            self._stream = None

    def finish(self, **extra: Any) -> dict[str, Any]:
        """Put the complete file and its sidecar in place; returns the sidecar's record."""
        if self.finished:
            return read_sidecar(self.out)
        if self.batches_done == 0:
            self._record_progress()
        self.close()
        record = _finish_record(
            {
                **self.provenance,
                **extra,
                "run": self.run,
                "batches": self.batches_done,
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
        if self.kind == "csv":
            data = self.partial
            open(data, "ab").close()  # a run of no rows: an empty file
        else:
            data = _staged(self.out)
            try:
                _write_parquet(_arrow_batches(self.partial, self.batches_done), data, record)
                _fsync_file(data)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(data)
                raise
        _put_in_place(data, self.out, record)
        for done in (self.partial, self.progress_path):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(done)
        self.finished = True
        return record

    def keep_elsewhere(self) -> str:
        """Move the finished rows to the temporary folder (when ``out`` cannot take them)."""
        self.close()
        handle, path = tempfile.mkstemp(prefix="tilegames-", suffix=os.path.splitext(self.out)[1])
        os.close(handle)
        if self.kind == "csv":
            shutil.copyfile(self.partial, path)
        else:
            _write_parquet(_arrow_batches(self.partial, self.batches_done), path, self.provenance)
        record = _finish_record(
            {**self.provenance, "run": self.run, "batches": self.batches_done}, path, self.rows
        )
        with open(sidecar_path(path), "w") as stream:
            json.dump({**record, "sha256": _sha256(path)}, stream, indent=2, default=_plain)
        for done in (self.partial, self.progress_path):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(done)
        return path

    @staticmethod
    def whole_batches(out: str | os.PathLike, chunk: int = 100_000) -> Iterator[pd.DataFrame]:
        """The rows of an unfinished run's whole batches, a chunk at a time (never a torn tail)."""
        out = os.fspath(out)
        partial = out + PARTIAL
        progress = _read_json(partial + ".json")
        if not progress:
            return
        if format_of(out) == "parquet":
            for table in _arrow_batches(partial, int(progress["batches"])):
                yield table.to_pandas()
            return
        import io

        with open(partial, "rb") as handle:
            text = handle.read(int(progress["bytes"]))
        if text:
            yield from pd.read_csv(io.BytesIO(text), chunksize=chunk)


def _arrow_batches(path: str, batches: int) -> Iterator:
    """The first ``batches`` whole tables of an Arrow stream (a torn tail is never read)."""
    import pyarrow as pa

    if batches == 0 or not os.path.getsize(path):
        return
    with pa.OSFile(path, "rb") as source:
        reader = pa.ipc.open_stream(source)
        for _ in range(batches):
            try:
                batch = reader.read_next_batch()
            except StopIteration:
                return
            yield pa.Table.from_batches([batch])


def why_not_out(out: str) -> str | None:
    """Why ``out`` cannot take a results file and its provenance, or None.

    Refused: an empty name, a folder, a missing or read-only folder, a suffix
    other than ``.csv`` or ``.parquet`` (``.json`` is the provenance's own), and
    a name whose ``.json`` sidecar already exists but is not the provenance of a
    tilegames results file (someone's data).
    """
    if not out.strip():
        return "is empty; give a file name such as results.csv"
    if os.path.isdir(out):
        return "is a folder; give a file name such as results.csv"
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    if os.path.exists(out) and not os.path.isfile(out):
        return "is not a regular file (a device, a pipe ...); give a file name such as results.csv"
    if not os.access(folder, os.W_OK) or (os.path.exists(out) and not os.access(out, os.W_OK)):
        return f"{out} cannot be written"
    stem, extension = os.path.splitext(os.path.basename(out))
    if extension.lower() == ".json":
        return (
            f"{stem}.json would be the provenance of the rows: "
            f"give a name such as {stem}.csv or {stem}.parquet"
        )
    if extension.lower() not in FORMATS:
        return f"the rows are written as CSV or Parquet: give a name such as {stem}.csv or {stem}.parquet"
    sidecar = sidecar_path(out)
    record = _read_json(sidecar)
    if os.path.exists(sidecar) and not _is_provenance(record):
        return (
            f"{sidecar} exists and is not the provenance of a tilegames results file; "
            "it would be replaced: choose another name or move it"
        )
    other = record.get("file")
    if other and other != os.path.basename(out) and os.path.exists(os.path.join(folder, other)):
        return f"{sidecar} is the provenance of {other}: give {stem} another name"
    return None
