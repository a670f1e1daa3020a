"""Marks to the school's gradebook: nbgrader export plugins for a status CSV, Canvas and Moodle.

Every export reads the course's gradebook and its grading reports
(``reports/<assignment>.csv``) and never turns a failed grading into a zero:

- ``StatusCsvExport``: one row per student and assignment with a ``status``
  (``graded``, ``failed``, ``missing``); a failed grading has no score.

Only assignments that were released (in the exchange's outbound folder) or handed in are
listed; a score whose written parts are still to be marked by hand says so (Canvas's
``Notes``, Moodle's feedback, the status file's ``note``); a cell a spreadsheet would read as a
formula (starting ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written with a
leading ``'``; and every file is written to a temporary name and renamed into place.
- ``CanvasExport``: Canvas's gradebook import CSV — ``Student``, ``ID``, ``SIS User
  ID``, ``SIS Login ID``, ``Section``, then one column per assignment, a ``Points
  Possible`` row first. The nbgrader id goes in ``SIS Login ID`` (Canvas matches a
  row by it). A failed or missing grading is left empty, which Canvas reads as "no
  change", and the ``Notes`` column says which gradings failed.
- ``MoodleExport``: Moodle's grade import CSV — ``Username`` (mapped to the user's
  username on import), then per assignment a grade column and a ``<assignment>
  (feedback)`` column; a failed grading has an empty grade and the feedback says so.

With nbgrader: ``nbgrader export --exporter=tilegames_course.grading.exports.CanvasExport
--to canvas.csv``; or ``python -m tilegames_course.grading.course export --format canvas``.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.plugins import ExportPlugin
from traitlets import Unicode

from .files import exchange_folder, spreadsheet_safe, spreadsheet_value, write_atomically

__all__ = [
    "CanvasExport",
    "Mark",
    "MoodleExport",
    "StatusCsvExport",
    "marks",
    "released",
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
                    student = spreadsheet_value(row["student"])
                    failed[(report.stem, student)] = spreadsheet_value(row.get("error", ""))
    return failed


def released(gradebook: Gradebook, course: Path) -> set[str]:
    """The assignments handed out: in the exchange's outbound folder, or handed in."""
    names = set()
    outbound = exchange_folder(course) / "outbound"
    for assignment in gradebook.assignments:
        if (outbound / assignment.name).is_dir() or assignment.submissions:
            names.add(assignment.name)
    return names


def marks(gradebook: Gradebook, course: Path) -> list[Mark]:
    """Every student's mark on every released assignment of the gradebook, failures marked."""
    failed = failed_gradings(course)
    handed_out = released(gradebook, course)
    result = []
    for assignment in gradebook.assignments:
        if assignment.name not in handed_out:
            continue
        for student in gradebook.students:
            key = (assignment.name, student.id)
            try:
                submission = gradebook.find_submission(assignment.name, student.id)
            except MissingEntry:
                submission = None
            manual = bool(submission and submission.needs_manual_grade)
            note = failed.get(key, "")
            if key in failed:
                status, score = "failed", None
            elif submission is None:
                status, score = "missing", None
            else:
                status, score = "graded", float(submission.score)
                if manual:
                    note = "written parts still to be marked by hand: the score is not final"
            result.append(
                Mark(
                    assignment.name,
                    student.id,
                    status,
                    score,
                    float(assignment.max_score),
                    manual,
                    note,
                    student.first_name or "",
                    student.last_name or "",
                )
            )
    return result


def _score(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def write_status(rows: list[Mark], path: Path) -> Path:
    """The status CSV: assignment, student, status, score (empty unless graded), max, note."""

    def write(handle) -> None:
        writer = csv.writer(handle)
        writer.writerow(
            ["assignment", "student", "status", "score", "max_score", "needs_manual_grade", "note"]
        )
        for m in rows:
            writer.writerow(
                [m.assignment, spreadsheet_safe(m.student), m.status, _score(m.score),
                 f"{m.max_score:g}", m.needs_manual_grade, spreadsheet_safe(m.note)]
            )  # fmt: skip

    return write_atomically(Path(path), write)


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

    def write(handle) -> None:
        writer = csv.writer(handle)
        writer.writerow([*CANVAS_IDENTITY, *assignments, "Notes"])
        writer.writerow(
            ["    Points Possible", "", "", "", "", *(f"{maximum[a]:g}" for a in assignments), ""]
        )
        for student in students:
            first = table[(assignments[0], student)]
            name = f"{first.last_name}, {first.first_name}".strip(", ") or student
            cells = [_score(table[(a, student)].score) for a in assignments]
            notes = []
            for a in assignments:
                mark = table[(a, student)]
                if mark.status == "failed":
                    notes.append(f"{a}: grading failed, not a zero")
                elif mark.needs_manual_grade:
                    notes.append(f"{a}: written parts still to be marked by hand")
            writer.writerow(
                [spreadsheet_safe(name), "", "", spreadsheet_safe(student), "", *cells,
                 spreadsheet_safe("; ".join(notes))]
            )  # fmt: skip

    return write_atomically(Path(path), write)


def write_moodle(rows: list[Mark], path: Path) -> Path:
    """Moodle's grade import CSV: ``Username``, then a grade and a feedback column per assignment."""
    assignments, students, table = _pivot(rows)

    def write(handle) -> None:
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
                if mark.status == "graded" and mark.needs_manual_grade:
                    feedback = "Autograded part only: the written answers are still to be marked."
                cells += [_score(mark.score), feedback]
            writer.writerow([spreadsheet_safe(student), *cells])

    return write_atomically(Path(path), write)


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
