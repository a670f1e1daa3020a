"""A results file and its provenance, written atomically and always as a pair.

Every writer of a results table (the command line's ``--out``, the studies'
kept files) calls ``write_results(frame, out, provenance)``. The rows go to
``out`` as CSV and the provenance (command, seed, version, dates ...) to the
sidecar beside it, ``out`` with ``.json``. Each is written to a temporary file
in the same folder, flushed to disk (``fsync``) and only then renamed over the
old one, the rows first: a full disk or a crash leaves the old pair whole,
never a file cut mid-row. The sidecar records how many rows the file holds and
its SHA-256, so ``describes(out)`` tells whether the two belong together.

>>> import pandas as pd, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> out = os.path.join(folder, "coins.csv")
>>> write_results(pd.DataFrame({"game": [0, 1], "heads": [True, False]}), out, {"seed": 1})
>>> read_sidecar(out)["rows"], describes(out)
(2, True)
>>> why_not_out(os.path.join(folder, "coins.json"))
'the rows are written as CSV and coins.json would be their provenance: give a name such as coins.csv'
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import hashlib
import json
import os
import sys
import tempfile
from typing import Any

import pandas as pd

__all__ = [
    "describes",
    "keep_elsewhere",
    "now",
    "read_sidecar",
    "sidecar_path",
    "why_not_out",
    "write_results",
]


def sidecar_path(out: str | os.PathLike) -> str:
    """Where the provenance of ``out`` goes: the same name with ``.json``.

    >>> sidecar_path("results/run.csv")
    'results/run.json'
    """
    return os.path.splitext(os.fspath(out))[0] + ".json"


def now() -> str:
    """The time now, UTC, to the second (ISO 8601), as the sidecars record it."""
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def _sync_folder(folder: str) -> None:
    """Make a rename in ``folder`` durable (where the system allows opening a folder)."""
    with contextlib.suppress(OSError, AttributeError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _csv_text(frame: pd.DataFrame) -> str:
    return frame.to_csv(index=False, lineterminator="\n")


def write_results(frame: pd.DataFrame, out: str | os.PathLike, provenance: dict[str, Any]) -> None:
    """Write ``frame`` to ``out`` (CSV) and ``provenance`` beside it, atomically, as a pair.

    The sidecar gets ``file``, ``rows``, ``sha256`` (of the CSV), the library
    version and Python's, unless ``provenance`` says them already. Both are
    made in full before either replaces anything, so a full disk changes nothing.
    """
    import tilegames

    for target in (os.fspath(out), sidecar_path(out)):
        if os.path.exists(target) and not os.path.isfile(target):
            raise OSError(errno.EINVAL, f"{target} is not a regular file")
    text = _csv_text(frame)
    record = {
        **provenance,
        "file": os.path.basename(os.fspath(out)),
        "rows": len(frame),
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
    }
    record.setdefault("tilegames_version", tilegames.__version__)
    record.setdefault("python", sys.version.split()[0])
    sidecar = json.dumps(record, indent=2) + "\n"
    # both files are written beside their targets first, then renamed: data, then sidecar
    staged: list[tuple[str, str]] = []
    try:
        for target, content in ((os.fspath(out), text), (sidecar_path(out), sidecar)):
            folder = os.path.dirname(os.path.abspath(target))
            handle, temporary = tempfile.mkstemp(
                prefix=f".{os.path.basename(target)}.", suffix=".part", dir=folder
            )
            staged.append((temporary, target))
            with os.fdopen(handle, "w", newline="") as stream:
                stream.write(content)
                stream.flush()
                os.fsync(stream.fileno())
        for temporary, target in staged:
            os.replace(temporary, target)
    except BaseException:
        for temporary, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise
    _sync_folder(os.path.dirname(os.path.abspath(os.fspath(out))))


def keep_elsewhere(frame: pd.DataFrame, provenance: dict[str, Any]) -> str:
    """Write the pair to a new file in the temporary folder (when ``out`` could not take it);
    returns the CSV's path. Raises OSError when that fails too."""
    handle, path = tempfile.mkstemp(prefix="tilegames-", suffix=".csv")
    os.close(handle)
    try:
        write_results(frame, path, provenance)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise
    return path


def read_sidecar(out: str | os.PathLike) -> dict[str, Any]:
    """The provenance beside ``out``; ``{}`` when there is none or it cannot be read."""
    try:
        with open(sidecar_path(out)) as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def describes(out: str | os.PathLike) -> bool:
    """Whether the sidecar beside ``out`` is the provenance of exactly the file there."""
    recorded = read_sidecar(out).get("sha256")
    try:
        with open(out, "rb") as handle:
            digest = hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return False
    return recorded == digest


def _is_provenance(data: Any) -> bool:
    return isinstance(data, dict) and "tilegames_version" in data


def why_not_out(out: str) -> str | None:
    """Why ``out`` cannot take a results file and its provenance, or None.

    Refused: an empty name, a folder, a missing or read-only folder, a ``.json``
    name (the provenance's own), and a name whose ``.json`` sidecar already
    exists but is not the provenance of a tilegames results file (someone's data).
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
            f"the rows are written as CSV and {stem}.json would be their provenance: "
            f"give a name such as {stem}.csv"
        )
    if extension.lower() in (".parquet", ".pq", ".feather", ".xlsx"):
        return f"the rows are written as CSV: give a name such as {stem}.csv"
    sidecar = sidecar_path(out)
    if os.path.exists(sidecar):
        try:
            with open(sidecar) as handle:
                data = json.load(handle)
        except (OSError, ValueError):
            data = None
        if not _is_provenance(data):
            return (
                f"{sidecar} exists and is not the provenance of a tilegames results file; "
                "it would be replaced: choose another name or move it"
            )
    return None
