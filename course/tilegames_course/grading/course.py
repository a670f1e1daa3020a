"""The teacher's grading commands for an nbgrader course folder (in ``tilegames-course``).

    python -m tilegames_course.grading.course autograde NAME [--course DIR] [--no-sandbox]
    python -m tilegames_course.grading.course export [--course DIR] [--out F] [--format canvas|moodle]
    python -m tilegames_course.grading.course export --format lti [--course DIR]  # to the LMS (LTI 1.3)
    python -m tilegames_course.grading.course lms-ids [--hub URL] [--token-file F] [--course DIR] [STUDENT ...]

``autograde`` grades **every** submission of an assignment, even when some fail
to grade, in the sandbox by default (the student's code cannot read the course
folder, the gradebook or the exchange); it prints one line per student with the
points and everything that looked wrong (cells edited or deleted, a kernel that
was ended, output floods, a notebook filled in under another student's id) and
writes ``reports/<NAME>.csv``. A submission that failed to grade is listed as
failed — never as a zero — and ``export`` marks it so in the grades file.

The students' environment is set up from the students' package, where this one is
never installed: ``python -m tilegames.student_env`` (``tilegames.student_env``).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import logging
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tilegames.i18n import N_, _, argparse_speaking

from .autograde import REPORT
from .files import csv_cell, printable, write_atomically

__all__ = ["Graded", "autograde", "export", "nbgrader_api"]


def nbgrader_api(course: Path, *, sandbox: bool = True):
    """An ``NbGraderAPI`` on the course folder ``course`` with its own ``nbgrader_config.py``."""
    from nbgrader.apps import NbGraderAPI
    from traitlets.config.loader import PyFileConfigLoader

    course = Path(course).resolve()
    bin_dir = str(Path(sys.executable).parent)  # nbgrader runs its environment's alembic, jupyter
    if bin_dir not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = bin_dir + os.pathsep + os.environ.get("PATH", "")
    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    config.CourseDirectory.root = str(course)
    config.CourseDirectory.db_url = f"sqlite:///{course / 'gradebook.db'}"
    if not Path(str(config.Exchange.root)).is_dir():  # no class exchange here: a private one
        config.Exchange.root = str(course / "exchange")
    config.TrustedGrade.keys = str(course / "keys")
    config.SandboxedExecute.hide = [str(course), str(config.Exchange.root)]
    config.SandboxedExecute.sandbox = sandbox
    logging.getLogger("traitlets").setLevel(logging.ERROR)
    return NbGraderAPI(config=config)


class NbgraderFailed(RuntimeError):
    """An nbgrader step failed; ``str()`` is its reason in one line, ``log`` all it said."""

    def __init__(self, reason: str, log: str = "") -> None:
        super().__init__(reason)
        self.log = log


_UNHELPFUL = ("please see the", "there was an error processing", "nbgraderexception")


def failure_reason(result: dict) -> str:
    """The one line that says why an nbgrader step failed, from its log and traceback.

    nbgrader ends a failure with "Please see the above traceback…": the reason is the
    last error line before it.

    >>> failure_reason({"log": "[INFO] ok\\n[ERROR] No notebooks found, did you forget?\\n"
    ...                 "[ERROR] There was an error processing assignment: x",
    ...                 "error": "NbGraderException: Please see the above traceback"})
    'No notebooks found, did you forget?'
    """
    lines = []
    for text in (result.get("log") or "", result.get("error") or ""):
        for line in text.splitlines():
            line = line.strip()
            if line.startswith("[ERROR]"):
                lines.append(line.removeprefix("[ERROR]").strip())
            elif re.match(r"^[A-Za-z_.]*(Error|Exception|Exit)\b.*:", line):
                lines.append(line)
    useful = [line for line in lines if not any(u in line.lower() for u in _UNHELPFUL)]
    found = (useful or lines or ["nbgrader gave no reason"])[-1]
    return found if len(found) <= 300 else found[:297] + "..."


def run_quietly(call, what: str) -> dict:
    """Call an nbgrader API function, keeping its log; ``NbgraderFailed`` with its reason."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        result = call()
    if not result.get("success"):
        log = f"{result.get('log') or ''}\n{result.get('error') or ''}"
        reason = failure_reason(result)
        if what:
            reason = _("{what} failed: {reason}").format(what=what, reason=reason)
        raise NbgraderFailed(reason, log)
    return result


@dataclass
class Graded:
    """One student's grading: the points, or why it failed, and what looked wrong."""

    student: str
    status: str  # "graded" or "failed"
    points: float | None = None
    maximum: float | None = None
    to_mark: int = 0
    flags: list[str] = field(default_factory=list)
    error: str = ""

    def line(self) -> str:
        """What the teacher's terminal shows; control characters escaped (``printable``)."""
        student = printable(self.student)
        if self.status != "graded":
            return _("{student}: FAILED to grade: {error}").format(
                student=student, error=printable(self.error)
            )
        text = _("{student}: {points} of {maximum} points autograded").format(
            student=student, points=f"{self.points:g}", maximum=f"{self.maximum:g}"
        )
        if self.to_mark:
            text += _("; {count} part(s) to mark by hand").format(count=self.to_mark)
        for flag in self.flags:
            text += f"\n    ! {printable(flag)}"
        return text


def submissions(course: Path, name: str) -> list[str]:
    """The students who handed in ``name`` (``submitted/<student>/<name>``)."""
    return sorted(p.parent.name for p in (Path(course) / "submitted").glob(f"*/{name}"))


def assignment_names(course: Path) -> list[str]:
    """The assignments of a course folder (``source/<name>/``), in teaching order."""
    source = Path(course) / "source"
    return sorted(p.name for p in source.iterdir() if p.is_dir()) if source.is_dir() else []


def _handed_in(course: Path, name: str) -> int:
    """How many submissions of ``name`` the gradebook or ``submitted/`` holds."""
    from nbgrader.api import Gradebook, MissingEntry

    count = len(submissions(course, name))
    database = Path(course) / "gradebook.db"
    if database.exists():
        with Gradebook(f"sqlite:///{database}") as gradebook, contextlib.suppress(MissingEntry):
            count = max(count, len(gradebook.find_assignment(name).submissions))
    return count


def _listed_notebooks(course: Path, name: str) -> set[str]:
    """The notebooks the gradebook lists for ``name`` (none before it was generated)."""
    from nbgrader.api import Gradebook, MissingEntry

    database = Path(course) / "gradebook.db"
    if not database.exists():
        return set()
    with Gradebook(f"sqlite:///{database}") as gradebook:
        try:
            return {notebook.name for notebook in gradebook.find_assignment(name).notebooks}
        except MissingEntry:
            return set()


def _generated(course: Path, name: str) -> bool:
    """Whether ``release/<name>`` is current and the gradebook lists its notebooks."""
    course = Path(course)
    sources = sorted((course / "source" / name).glob("*.ipynb"))
    copies = [course / "release" / name / s.name for s in sources]
    if not sources or not all(c.exists() for c in copies):
        return False
    if any(s.stat().st_mtime > c.stat().st_mtime for s, c in zip(sources, copies)):
        return False
    return _listed_notebooks(course, name) == {s.stem for s in sources}


def prepare(course: Path, names: list[str] | None = None) -> list[str]:
    """Generate the students' copies (``release/``) with nbgrader, so the gradebook lists every
    notebook and its points; lines saying what was done.

    An assignment already generated from its current source is left alone, and one that
    students have handed in is never regenerated (nbgrader would delete ``release/`` first and
    then refuse): so running it twice, or after the class has started, is safe.
    """
    course = Path(course).resolve()
    lines = []
    api = None
    for name in names or assignment_names(course):
        if _generated(course, name):
            lines.append(
                _("ready      release/{name} (generated from source/{name})").format(name=name)
            )
            continue
        handed_in = _handed_in(course, name)
        if handed_in:
            lines.append(
                _(
                    "kept       release/{name}: source/{name} changed, but {count} student(s) "
                    "have handed it in, so it is not regenerated"
                ).format(name=name, count=handed_in)
            )
            continue
        api = api or nbgrader_api(course)
        run_quietly(
            lambda n=name, a=api: a.generate_assignment(n, force=True, create=True),
            _("generating {name}").format(name=name),
        )
        lines.append(
            _("generated  release/{name} (nbgrader generate_assignment)").format(name=name)
        )
    return lines


def refuse_to_delete_handed_in_work() -> None:
    """Make ``nbgrader generate_assignment`` leave alone, before it deletes anything, an
    assignment that students have handed in (nbgrader itself deletes ``release/<name>``, then
    refuses, and deletes it again as a "failed assignment"). The assignment is skipped with an
    error line; the course's ``nbgrader_config.py`` calls this."""
    from nbgrader.api import Gradebook, MissingEntry
    from nbgrader.converters import GenerateAssignment

    original = GenerateAssignment.init_destination
    if getattr(original, "tilegames_guard", False):
        return

    def init_destination(self, assignment_id: str, student_id: str) -> bool:
        try:
            with Gradebook(self.coursedir.db_url) as gradebook:
                handed_in = len(gradebook.find_assignment(assignment_id).submissions)
        except MissingEntry:
            handed_in = 0
        dest = Path(self._format_dest(assignment_id, student_id))
        if handed_in and dest.exists():
            # skipped, not raised: nbgrader removes the folder of an assignment that raised
            self.log.error(
                _(
                    "{assignment} has {count} submission(s): its students' copy {folder} is kept "
                    "as the students received it (not regenerated, nothing was deleted)"
                ).format(assignment=assignment_id, count=handed_in, folder=dest)
            )
            return False
        return original(self, assignment_id, student_id)

    init_destination.tilegames_guard = True
    GenerateAssignment.init_destination = init_destination


def autograde(
    course: Path, name: str, *, students: list[str] | None = None, sandbox: bool = True
) -> list[Graded]:
    """Grade every submission of ``name``; one ``Graded`` each, failures included."""
    from nbgrader.api import Gradebook

    course = Path(course).resolve()
    if not _listed_notebooks(course, name):
        raise NbgraderFailed(
            _("{name} has not been generated in {course}: run tilegames course there first").format(
                name=name, course=course
            )
        )
    api = nbgrader_api(course, sandbox=sandbox)
    results = []
    for student in students or submissions(course, name):
        try:
            run_quietly(lambda s=student: api.autograde(name, s, force=True, create=True), "")
            with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
                notebook = gradebook.find_submission_notebook(name, name, student)
                auto = sum(g.auto_score for g in notebook.grades if g.auto_score is not None)
                manual = sum(1 for g in notebook.grades if g.needs_manual_grade)
                maximum = notebook.max_score
            report_path = course / "autograded" / student / name / REPORT
            try:
                report = json.loads(report_path.read_text())
            except (OSError, ValueError) as error:
                why = _("its grading report {report} is unreadable ({error})").format(
                    report=report_path, error=error
                )
                raise NbgraderFailed(why) from error
            results.append(
                Graded(student, "graded", auto, maximum, manual, list(report.get("flags", [])))
            )
        except Exception as error:  # one submission's failure never stops the class's grading
            last = str(error).strip().splitlines()
            reason = (last[-1] if last else repr(error))[:300]
            unreadable = _unreadable_notebook(course, name, student, reason)
            results.append(unreadable or Graded(student, "failed", error=reason))
    write_report(course, name, results)
    return results


STUDENTS_NOTEBOOK = ("NotJSONError", "NotebookValidationError", "UnicodeDecodeError", "not valid")
"""Failures that are the handed-in file's own: what was handed in is not a readable notebook."""


def _unreadable_notebook(course: Path, name: str, student: str, reason: str) -> Graded | None:
    """A grading that failed because the student's file is not a notebook: graded 0 (nothing
    in it could be graded), with the reason, as the gradebook already holds it; else None."""
    from nbgrader.api import Gradebook, MissingEntry

    if not any(mark in reason for mark in STUDENTS_NOTEBOOK):
        return None
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        try:
            submission = gradebook.find_submission(name, student)
        except MissingEntry:
            return None
        maximum = float(submission.max_score)
    flag = _(
        "the handed-in file is not a readable notebook ({reason}): nothing could be graded"
    ).format(reason=reason)
    return Graded(student, "graded", 0.0, maximum, 0, [flag])


def write_report(course: Path, name: str, results: list[Graded]) -> Path:
    """``reports/<name>.csv``: one row per student (status, points, flags), written atomically."""

    def write(handle) -> None:
        writer = csv.writer(handle)
        writer.writerow(["student", "status", "points", "maximum", "to_mark", "flags", "error"])
        for r in results:
            flags = " | ".join(printable(flag) for flag in r.flags)
            writer.writerow(
                [csv_cell(r.student), r.status, r.points, r.maximum, r.to_mark, csv_cell(flags),
                 csv_cell(r.error)]
            )  # fmt: skip

    return write_atomically(Path(course) / "reports" / f"{name}.csv", write)


def export(course: Path, out: Path, *, kind: str = "status") -> Path:
    """The gradebook as a CSV for the school: ``status`` (one row per student and assignment,
    with a ``status`` column), ``canvas`` or ``moodle`` (their grade-import formats).

    A failed grading (see ``reports/``) has no score, never 0 (``tilegames_course.grading.exports``).
    """
    from nbgrader.api import Gradebook

    from .exports import WRITERS, marks

    if kind not in WRITERS:
        raise ValueError(f"export to one of {', '.join(WRITERS)}, not {kind!r}")
    course = Path(course).resolve()
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        rows = marks(gradebook, course)
    return WRITERS[kind](rows, Path(out))


DESCRIPTION = N_(
    "The teacher's grading commands for an nbgrader course folder (in ``tilegames-course``)."
)
"""The command's description (the module docstring's first line), translated where it is shown."""


@argparse_speaking()  # argparse's own words (usage:, error:) in the language in use too
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=_(DESCRIPTION))
    commands = parser.add_subparsers(dest="command", required=True)
    grading = commands.add_parser("autograde", help=_("grade every submission of an assignment"))
    grading.add_argument("name")
    grading.add_argument("--course", type=Path, default=Path("."))
    grading.add_argument(
        "--no-sandbox",
        action="store_true",
        help=_("run the students' code WITHOUT the sandbox (it could then read the course folder)"),
    )
    exporting = commands.add_parser("export", help=_("the gradebook as CSV, failures marked"))
    exporting.add_argument("--course", type=Path, default=Path("."))
    exporting.add_argument("--out", type=Path, default=Path("grades.csv"))
    exporting.add_argument(
        "--format", choices=("status", "canvas", "moodle", "lti"), default="status"
    )
    ids = commands.add_parser(
        "lms-ids",
        help=_("the students' LMS ids from the hub's LTI 1.3 login, into the gradebook"),
    )
    ids.add_argument("students", nargs="*", help=_("default: every student of the gradebook"))
    ids.add_argument("--course", type=Path, default=Path("."))
    ids.add_argument(
        "--hub",
        default=os.environ.get("JUPYTERHUB_API_URL", ""),
        help=_("the hub's address (default: JUPYTERHUB_API_URL, set in a hub's servers)"),
    )
    ids.add_argument(
        "--token-file",
        type=Path,
        help=_(
            "a file holding an API token with the admin:auth_state scope "
            "(default: JUPYTERHUB_API_TOKEN)"
        ),
    )
    args = parser.parse_args(argv)
    if args.command == "lms-ids":  # tilegames_course.grading.hub_ids
        from . import hub_ids

        try:
            if not args.hub:
                raise hub_ids.HubError(_("which hub? pass --hub https://hub.school.example"))
            done = hub_ids.run(
                args.course, args.hub, hub_ids.token_from(args.token_file), args.students
            )
        except hub_ids.HubError as error:
            print(_("lms-ids stopped: {error}").format(error=error), file=sys.stderr)
            return 1
        return 1 if done.refused else 0
    if args.command == "autograde":
        if not args.no_sandbox:
            from .sandbox import available

            ok, why = available()
            if not ok:
                print(
                    _(
                        "cannot grade in the sandbox here: {why}. Grading without it lets "
                        "students' code read the course folder; pass --no-sandbox to do so anyway."
                    ).format(why=why),
                    file=sys.stderr,
                )
                return 2
        results = autograde(args.course, args.name, sandbox=not args.no_sandbox)
        for result in results:
            print(result.line())
        failed = [r for r in results if r.status != "graded"]
        print(
            _("{graded} graded, {failed} failed; report: {report}").format(
                graded=len(results) - len(failed),
                failed=len(failed),
                report=args.course / "reports" / (args.name + ".csv"),
            )
        )
        return 1 if failed else 0
    if args.format == "lti":  # the marks to the LMS by LTI 1.3 (tilegames_course.grading.lti)
        from . import lti

        try:
            lti.export(args.course)
        except lti.LtiError as error:
            print(_("LTI export stopped: {error}").format(error=error), file=sys.stderr)
            return 1
        return 0
    print(_("wrote {file}").format(file=export(args.course, args.out, kind=args.format)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
