"""Marks to the school's gradebook: nbgrader export plugins for a status CSV, Canvas and Moodle.

Every export reads the course's gradebook and its grading reports
(``reports/<assignment>.csv``) and never turns a failed grading into a zero:

- ``StatusCsvExport``: one row per student and assignment with a ``status``
  (``graded``, ``failed``, ``missing``); a failed grading has no score.
- ``CanvasExport``: Canvas's gradebook import CSV — ``Student``, ``ID``, ``SIS User
  ID``, ``SIS Login ID``, ``Section``, then one column per assignment, a ``Points
  Possible`` row first. The nbgrader id goes in ``SIS Login ID`` (Canvas matches a
  row by it). A failed or missing grading is left empty, which Canvas reads as "no
  change", and the ``Notes`` column says which gradings failed.
- ``MoodleExport``: Moodle's grade import CSV — ``Username`` (mapped to the user's
  username on import), then per assignment a grade column and a ``<assignment>
  (feedback)`` column; a failed grading has an empty grade and the feedback says so.

With nbgrader: ``nbgrader export --exporter=tilegames.grading.exports.CanvasExport
--to canvas.csv``; or ``python -m tilegames.grading.course export --format canvas``.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.plugins import ExportPlugin
from traitlets import Unicode

__all__ = [
    "CanvasExport",
    "Mark",
    "MoodleExport",
    "StatusCsvExport",
    "marks",
    "write_canvas",
    "write_moodle",
    "write_status",
]


@dataclass(frozen=True)
class Mark:
    """One student's result on one assignment."""

    assignment: str
    student: str
    status: str  # graded, failed or missing
    score: float | None
    max_score: float
    needs_manual_grade: bool = False
    note: str = ""
    first_name: str = ""
    last_name: str = ""


def failed_gradings(course: Path) -> dict[tuple[str, str], str]:
    """(assignment, student) -> why, for every grading the reports list as failed."""
    failed = {}
    for report in sorted((Path(course) / "reports").glob("*.csv")):
        with report.open(newline="") as handle:
            for row in csv.DictReader(handle):
                if row.get("status") == "failed":
                    failed[(report.stem, row["student"])] = row.get("error", "")
    return failed


def marks(gradebook: Gradebook, course: Path) -> list[Mark]:
    """Every student's mark on every assignment of the gradebook, failures marked."""
    failed = failed_gradings(course)
    result = []
    for assignment in gradebook.assignments:
        for student in gradebook.students:
            key = (assignment.name, student.id)
            try:
                submission = gradebook.find_submission(assignment.name, student.id)
            except MissingEntry:
                submission = None
            if key in failed:
                status, score = "failed", None
            elif submission is None:
                status, score = "missing", None
            else:
                status, score = "graded", float(submission.score)
            result.append(
                Mark(
                    assignment.name,
                    student.id,
                    status,
                    score,
                    float(assignment.max_score),
                    bool(submission and submission.needs_manual_grade),
                    failed.get(key, ""),
                    student.first_name or "",
                    student.last_name or "",
                )
            )
    return result


def _score(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def write_status(rows: list[Mark], path: Path) -> Path:
    """The status CSV: assignment, student, status, score (empty unless graded), max, note."""
    with Path(path).open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["assignment", "student", "status", "score", "max_score", "needs_manual_grade", "note"]
        )
        for m in rows:
            writer.writerow(
                [m.assignment, m.student, m.status, _score(m.score), f"{m.max_score:g}",
                 m.needs_manual_grade, m.note]
            )  # fmt: skip
    return Path(path)


CANVAS_IDENTITY = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
"""The columns Canvas's gradebook import identifies a student by (in Canvas's own order)."""


def _pivot(rows: list[Mark]) -> tuple[list[str], list[str], dict[tuple[str, str], Mark]]:
    assignments = list(dict.fromkeys(m.assignment for m in rows))
    students = list(dict.fromkeys(m.student for m in rows))
    return assignments, students, {(m.assignment, m.student): m for m in rows}


def write_canvas(rows: list[Mark], path: Path) -> Path:
    """Canvas's gradebook import CSV (see the module's docstring)."""
    assignments, students, table = _pivot(rows)
    maximum = {m.assignment: m.max_score for m in rows}
    with Path(path).open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow([*CANVAS_IDENTITY, *assignments, "Notes"])
        writer.writerow(
            ["    Points Possible", "", "", "", "", *(f"{maximum[a]:g}" for a in assignments), ""]
        )
        for student in students:
            first = table[(assignments[0], student)]
            name = f"{first.last_name}, {first.first_name}".strip(", ") or student
            cells = [_score(table[(a, student)].score) for a in assignments]
            notes = "; ".join(
                f"{a}: grading failed, not a zero"
                for a in assignments
                if table[(a, student)].status == "failed"
            )
            writer.writerow([name, "", "", student, "", *cells, notes])
    return Path(path)


def write_moodle(rows: list[Mark], path: Path) -> Path:
    """Moodle's grade import CSV: ``Username``, then a grade and a feedback column per assignment."""
    assignments, students, table = _pivot(rows)
    with Path(path).open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Username", *[c for a in assignments for c in (a, f"{a} (feedback)")]])
        for student in students:
            cells = []
            for a in assignments:
                mark = table[(a, student)]
                feedback = {
                    "failed": "The autograder could not grade this; your teacher will mark it.",
                    "missing": "Not handed in.",
                }.get(mark.status, "")
                cells += [_score(mark.score), feedback]
            writer.writerow([student, *cells])
    return Path(path)


WRITERS = {"status": write_status, "canvas": write_canvas, "moodle": write_moodle}


class _Export(ExportPlugin):
    """An nbgrader export plugin writing one of ``WRITERS``."""

    kind = "status"
    default = "grades.csv"
    course = Unicode("", help="The course folder (its reports/); default: nbgrader's").tag(
        config=True
    )

    def export(self, gradebook: Gradebook) -> None:
        coursedir = getattr(self.parent, "coursedir", None)
        course = Path(self.course or (coursedir.root if coursedir is not None else "."))
        rows = [
            m
            for m in marks(gradebook, course)
            if (not self.assignment or m.assignment in self.assignment)
            and (not self.student or m.student in self.student)
        ]
        destination = self.to or self.default
        WRITERS[self.kind](rows, Path(destination))
        self.log.info("Exported %d marks to %s (%s)", len(rows), destination, self.kind)


class StatusCsvExport(_Export):
    """nbgrader export: the status CSV."""


class CanvasExport(_Export):
    """nbgrader export: Canvas's gradebook import CSV."""

    kind = "canvas"
    default = "canvas_grades.csv"


class MoodleExport(_Export):
    """nbgrader export: Moodle's grade import CSV."""

    kind = "moodle"
    default = "moodle_grades.csv"
