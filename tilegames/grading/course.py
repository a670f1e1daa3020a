"""The teacher's grading commands for an nbgrader course folder (``tilegames[course]``).

    python -m tilegames.grading.course autograde NAME [--course DIR] [--no-sandbox]
    python -m tilegames.grading.course export [--course DIR] [--out F] [--format canvas|moodle]
    python -m tilegames.grading.course student-env [--prefix ENV]  # the students' environment

``autograde`` grades **every** submission of an assignment, even when some fail
to grade, in the sandbox by default (the student's code cannot read the course
folder, the gradebook or the exchange); it prints one line per student with the
points and everything that looked wrong (cells edited or deleted, a kernel that
was ended, output floods, a notebook filled in under another student's id) and
writes ``reports/<NAME>.csv``. A submission that failed to grade is listed as
failed — never as a zero — and ``export`` marks it so in the grades file.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .autograde import REPORT
from .sanitize import csv_cell, printable

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


def run_quietly(call, what: str) -> dict:
    """Call an nbgrader API function, keeping its log; ``RuntimeError`` with it on failure."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        result = call()
    if not result.get("success"):
        raise RuntimeError(f"{what} failed:\n{result.get('error') or result.get('log')}")
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
            return f"{student}: FAILED to grade ({printable(self.error)})"
        text = f"{student}: {self.points:g} of {self.maximum:g} points autograded"
        if self.to_mark:
            text += f"; {self.to_mark} part(s) to mark by hand"
        for flag in self.flags:
            text += f"\n    ! {printable(flag)}"
        return text


def submissions(course: Path, name: str) -> list[str]:
    """The students who handed in ``name`` (``submitted/<student>/<name>``)."""
    return sorted(p.parent.name for p in (Path(course) / "submitted").glob(f"*/{name}"))


def autograde(
    course: Path, name: str, *, students: list[str] | None = None, sandbox: bool = True
) -> list[Graded]:
    """Grade every submission of ``name``; one ``Graded`` each, failures included."""
    from nbgrader.api import Gradebook

    course = Path(course).resolve()
    api = nbgrader_api(course, sandbox=sandbox)
    results = []
    for student in students or submissions(course, name):
        try:
            run_quietly(
                lambda s=student: api.autograde(name, s, force=True, create=True),
                f"grading {student}",
            )
            with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
                notebook = gradebook.find_submission_notebook(name, name, student)
                auto = sum(g.auto_score for g in notebook.grades if g.auto_score is not None)
                manual = sum(1 for g in notebook.grades if g.needs_manual_grade)
                maximum = notebook.max_score
            report_path = course / "autograded" / student / name / REPORT
            report = json.loads(report_path.read_text()) if report_path.exists() else {}
            results.append(
                Graded(student, "graded", auto, maximum, manual, list(report.get("flags", [])))
            )
        except Exception as error:  # one submission's failure never stops the class's grading
            last = str(error).strip().splitlines()
            results.append(
                Graded(student, "failed", error=(last[-1] if last else repr(error))[:300])
            )
    write_report(course, name, results)
    return results


def write_report(course: Path, name: str, results: list[Graded]) -> Path:
    """``reports/<name>.csv``: one row per student (status, points, flags)."""
    folder = Path(course) / "reports"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.csv"
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "status", "points", "maximum", "to_mark", "flags", "error"])
        for r in results:
            flags = " | ".join(printable(flag) for flag in r.flags)
            writer.writerow(
                [csv_cell(r.student), r.status, r.points, r.maximum, r.to_mark, csv_cell(flags),
                 csv_cell(r.error)]
            )  # fmt: skip
    return path


def export(course: Path, out: Path, *, kind: str = "status") -> Path:
    """The gradebook as a CSV for the school: ``status`` (one row per student and assignment,
    with a ``status`` column), ``canvas`` or ``moodle`` (their grade-import formats).

    A failed grading (see ``reports/``) has no score, never 0 (``tilegames.grading.exports``).
    """
    from nbgrader.api import Gradebook

    from .exports import WRITERS, marks

    if kind not in WRITERS:
        raise ValueError(f"export to one of {', '.join(WRITERS)}, not {kind!r}")
    course = Path(course).resolve()
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        rows = marks(gradebook, course)
    return WRITERS[kind](rows, Path(out))


STUDENT_HIDDEN_LAB = (
    "@jupyter/nbgrader:formgrader",
    "@jupyter/nbgrader:create-assignment",
    "@jupyter/nbgrader:course-list",
    "@jupyter/nbgrader:validate-assignment",
)
"""nbgrader's teacher tools, and its Validate button (which runs no tests here: grading happens
on the teacher's side, so it would say "passes" of any notebook)."""
STUDENT_HIDDEN_SERVER = (
    "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.course_list",
    "nbgrader.server_extensions.validate_assignment",
)


def student_environment(prefix: Path | str = sys.prefix) -> list[Path]:
    """Leave students only nbgrader's Assignments list (fetch, submit) in the environment ``prefix``.

    Writes ``etc/jupyter/jupyter_server_config.d/zz-tilegames-students.json`` (read after
    nbgrader's own, so it wins) and adds the teacher tools to ``disabledExtensions`` in
    ``etc/jupyter/labconfig/page_config.json``. Returns the files written.
    """
    etc = Path(prefix) / "etc" / "jupyter"
    server = etc / "jupyter_server_config.d" / "zz-tilegames-students.json"
    server.parent.mkdir(parents=True, exist_ok=True)
    extensions = {name: False for name in STUDENT_HIDDEN_SERVER}
    server.write_text(json.dumps({"ServerApp": {"jpserver_extensions": extensions}}, indent=2))
    page = etc / "labconfig" / "page_config.json"
    page.parent.mkdir(parents=True, exist_ok=True)
    settings = json.loads(page.read_text()) if page.exists() else {}
    disabled = settings.setdefault("disabledExtensions", {})
    disabled.update({name: True for name in STUDENT_HIDDEN_LAB})
    page.write_text(json.dumps(settings, indent=2))
    return [server, page]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    grading = commands.add_parser("autograde", help="grade every submission of an assignment")
    grading.add_argument("name")
    grading.add_argument("--course", type=Path, default=Path("."))
    grading.add_argument(
        "--no-sandbox",
        action="store_true",
        help="run the students' code WITHOUT the sandbox (it could then read the course folder)",
    )
    students = commands.add_parser(
        "student-env", help="hide nbgrader's teacher tools and Validate from students"
    )
    students.add_argument("--prefix", type=Path, default=Path(sys.prefix))
    exporting = commands.add_parser("export", help="the gradebook as CSV, failures marked")
    exporting.add_argument("--course", type=Path, default=Path("."))
    exporting.add_argument("--out", type=Path, default=Path("grades.csv"))
    exporting.add_argument("--format", choices=("status", "canvas", "moodle"), default="status")
    args = parser.parse_args(argv)
    if args.command == "autograde":
        if not args.no_sandbox:
            from .sandbox import available

            ok, why = available()
            if not ok:
                print(
                    f"cannot grade in the sandbox here: {why}. Grading without it lets students' "
                    "code read the course folder; pass --no-sandbox to do so anyway.",
                    file=sys.stderr,
                )
                return 2
        results = autograde(args.course, args.name, sandbox=not args.no_sandbox)
        for result in results:
            print(result.line())
        failed = [r for r in results if r.status != "graded"]
        print(
            f"{len(results) - len(failed)} graded, {len(failed)} failed; "
            f"report: {args.course / 'reports' / (args.name + '.csv')}"
        )
        return 1 if failed else 0
    if args.command == "student-env":
        for path in student_environment(args.prefix):
            print(f"wrote {path}")
        return 0
    print(f"wrote {export(args.course, args.out, kind=args.format)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
