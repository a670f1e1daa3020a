"""Files the teacher's side writes and reads: atomically written CSVs, spreadsheet-safe cells,
and where a course's exchange is.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "marks.csv"
>>> _ = write_atomically(path, lambda handle: handle.write(spreadsheet_safe("=1+1") + "\\n"))
>>> path.read_text()
"'=1+1\\n"
"""

from __future__ import annotations

import json
import os
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

__all__ = [
    "csv_cell",
    "exchange_folder",
    "http_error_line",
    "printable",
    "spreadsheet_safe",
    "spreadsheet_value",
    "write_atomically",
]

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (OWASP's CSV injection list)."""


def write_atomically(path: Path, write: Callable[[IO[str]], object]) -> Path:
    """Write a text file through ``write(handle)`` into a temporary file beside ``path``, then
    rename it into place: a full disk or a crash leaves the old file whole, never a cut one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", newline="", encoding="utf-8") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def spreadsheet_safe(value: object) -> str:
    """``value`` as a CSV cell that no spreadsheet runs as a formula (a leading ``'``).

    >>> spreadsheet_safe("=HYPERLINK(1)"), spreadsheet_safe("ada"), spreadsheet_safe(None)
    ("'=HYPERLINK(1)", 'ada', '')
    """
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def spreadsheet_value(cell: str) -> str:
    """The value ``spreadsheet_safe`` wrote (its leading ``'`` removed).

    >>> spreadsheet_value(spreadsheet_safe("=1+1")), spreadsheet_value("'quoted")
    ('=1+1', "'quoted")
    """
    if cell.startswith("'") and cell[1:].startswith(FORMULA_START):
        return cell[1:]
    return cell


def exchange_folder(course: Path) -> Path:
    """The course's folder in the exchange (``<root>/<course id>`` as nbgrader lays it out),
    from the course's ``nbgrader_config.py``."""
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    root = Path(str(config.Exchange.get("root", "/srv/nbgrader/exchange")))
    course_id = str(config.CourseDirectory.get("course_id", ""))
    return root / course_id if config.Exchange.get("path_includes_course", False) else root


# -- the terminal and the CSV ----------------------------------------------------------------------

_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _escape(char: str) -> str:
    code = ord(char)
    if char == "\n":
        return "\\n"
    if char == "\r":
        return "\\r"
    if char == "\t":
        return "\\t"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object, *, newlines: bool = False) -> str:
    """``text`` safe to print on a terminal or put in a report: control characters escaped.

    ANSI escapes, carriage returns, backspaces, the other C0 and C1 controls,
    line and paragraph separators and bidi overrides become visible escapes
    (``\\x1b``, ``\\r``, ``\\u202e``). Newlines stay only with ``newlines=True``
    (one flag is one line: a newline in it could forge a line of its own); tabs
    are escaped too unless ``newlines=True``.

    >>> printable("bob\\x1b[31m")
    'bob\\\\x1b[31m'
    >>> printable("a\\nb"), printable("a\\nb", newlines=True)
    ('a\\\\nb', 'a\\nb')
    >>> printable("\\u202eevil")
    '\\\\u202eevil'
    """
    out = []
    for char in str(text):
        if newlines and char in "\n\t":
            out.append(char)
        elif unicodedata.category(char) in ("Cc", "Zl", "Zp") or char in _BIDI:
            out.append(_escape(char))
        else:
            out.append(char)
    return "".join(out)


def csv_cell(text: object) -> str:
    """A text cell for a report CSV: ``printable``, and never read as a spreadsheet formula.

    >>> csv_cell('=HYPERLINK("http://x")')
    '\\'=HYPERLINK("http://x")'
    >>> csv_cell("ada")
    'ada'
    """
    return spreadsheet_safe(printable(text))


def http_error_line(error, reason_of=lambda data: data.get("message")) -> str:
    """A server's reason for an HTTP error (``urllib.error.HTTPError``) in one short, printable
    line: ``reason_of(body)`` when the body is a JSON object and it finds one, else the body.

    >>> import io, urllib.error
    >>> body = io.BytesIO(b'{"status": 403, "message": "Action is not authorized"}')
    >>> http_error_line(urllib.error.HTTPError("http://hub/api", 403, "Forbidden", {}, body))
    'HTTP 403 Action is not authorized'
    """
    try:
        body = error.read().decode("utf-8", "replace")
    except OSError:
        body = ""
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    reason = reason_of(data) if isinstance(data, dict) else None
    text = printable(" ".join(str(reason or body).split()))
    return f"HTTP {error.code} {text[:200]}".rstrip()


@dataclass
class LinesAndCounts:
    """What a command of the kit did: one line per student (or item) and a count per kind.

    >>> done = LinesAndCounts()
    >>> done.add("sent", "ada: 3 of 4"); done.add("sent", "bob: 4 of 4")
    >>> done.counts, len(done.lines)
    ({'sent': 2}, 2)
    """

    lines: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str, line: str) -> None:
        self.lines.append(line)
        self.counts[kind] = self.counts.get(kind, 0) + 1
