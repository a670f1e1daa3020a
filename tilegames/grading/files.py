"""Files the teacher's side writes and reads: atomically written CSVs, spreadsheet-safe cells,
and where a course's exchange is.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "marks.csv"
>>> _ = write_atomically(path, lambda handle: handle.write(spreadsheet_safe("=1+1") + "\\n"))
>>> path.read_text()
"'=1+1\\n"
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import IO

__all__ = ["exchange_folder", "spreadsheet_safe", "spreadsheet_value", "write_atomically"]

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
