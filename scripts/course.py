"""The course's nbgrader commands: make the students' copies, check them, grade submissions.

``exercises/`` is an nbgrader course folder. Each assignment has ONE source
notebook, ``exercises/source/<assignment>/<assignment>.ipynb`` (the teacher's
copy: solutions between ``### BEGIN SOLUTION`` / ``### END SOLUTION``, hidden
autograded tests, model answers and rubrics for the written parts). The
students' copy ``exercises/release/<assignment>/<assignment>.ipynb`` is
*generated* from it with ``nbgrader generate_assignment``, never edited.

    python scripts/course.py list                  # the assignments, their points
    python scripts/course.py release [NAME ...]    # regenerate the students' copies (make notebooks)
    python scripts/course.py verify                # the copies are up to date and hold no solution
    python scripts/course.py autograde NAME        # grade exercises/submitted/*/NAME (a teacher's run)

Generation runs in a temporary course folder, so it leaves no gradebook behind.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "exercises"

SOLUTION = re.compile(r"### BEGIN SOLUTION\n(.*?)### END SOLUTION", re.S)
HIDDEN = re.compile(r"### BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", re.S)
MARKERS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")


def assignments(course: Path = EXERCISES) -> list[str]:
    """The assignments of a course folder, in teaching order (their names sort that way)."""
    return sorted(p.name for p in (course / "source").iterdir() if p.is_dir())


def nbgrader_api(course: Path):
    """An ``NbGraderAPI`` on ``course`` with this course's settings (``exercises/nbgrader_config.py``)."""
    from nbgrader.apps import NbGraderAPI
    from traitlets.config.loader import PyFileConfigLoader

    # nbgrader runs the `alembic` and `jupyter` commands of its own environment
    bin_dir = str(Path(sys.executable).parent)
    if bin_dir not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = bin_dir + os.pathsep + os.environ.get("PATH", "")

    config = PyFileConfigLoader("nbgrader_config.py", path=str(EXERCISES)).load_config()
    config.CourseDirectory.root = str(course)
    config.CourseDirectory.db_url = f"sqlite:///{course / 'gradebook.db'}"
    config.Exchange.root = str(course / "exchange")
    logging.getLogger("traitlets").setLevel(logging.ERROR)
    return NbGraderAPI(config=config)


def _run(call, what: str) -> dict:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        result = call()
    if not result.get("success"):
        raise RuntimeError(f"{what} failed:\n{result.get('error') or result.get('log')}")
    return result


def generate(course: Path, names: list[str]) -> None:
    """``nbgrader generate_assignment`` for each name, in the course folder ``course``."""
    api = nbgrader_api(course)
    for name in names:
        _run(
            lambda n=name: api.generate_assignment(n, force=True, create=True), f"generating {name}"
        )


def release(names: list[str] | None = None) -> list[Path]:
    """Regenerate the committed students' copies from the sources; returns the files written."""
    names = names or assignments()
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        course = Path(tmp)
        shutil.copytree(EXERCISES / "source", course / "source")
        generate(course, names)
        for name in names:
            target = EXERCISES / "release" / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(course / "release" / name, target)
            written += sorted(target.glob("*.ipynb"))
    for path in written:
        problems = solution_leaks(path, EXERCISES / "source" / path.parent.name / path.name)
        if problems:
            raise RuntimeError(f"{path} holds solution text: {problems[0]}")
    return written


def solution_lines(source: Path) -> set[str]:
    """Every non-trivial line inside a solution or hidden-test region of a source notebook."""
    lines: set[str] = set()
    for cell in nbformat.read(source, as_version=4).cells:
        for pattern in (SOLUTION, HIDDEN):
            for region in pattern.findall(cell.source):
                for line in region.splitlines():
                    text = line.strip()
                    if len(text) >= 8 and (not text.startswith("#") or len(text) > 30):
                        lines.add(text)
    return lines


def visible_lines(source: Path) -> set[str]:
    """Lines of the source outside every solution region (the question text): these may repeat."""
    lines: set[str] = set()
    for cell in nbformat.read(source, as_version=4).cells:
        text = HIDDEN.sub("", SOLUTION.sub("", cell.source))
        lines |= {line.strip() for line in text.splitlines()}
    return lines


def solution_leaks(student: Path, source: Path) -> list[str]:
    """Solution lines (or nbgrader markers) found in a students' copy; empty when clean."""
    text = "\n".join(cell.source for cell in nbformat.read(student, as_version=4).cells)
    leaks = [marker for marker in MARKERS if marker in text]
    shared = visible_lines(source)
    present = {line.strip() for line in text.splitlines()}
    leaks += sorted(
        line for line in solution_lines(source) if line in present and line not in shared
    )
    return leaks


def verify() -> list[str]:
    """Problems with the committed students' copies: stale, missing, or leaking a solution."""
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        course = Path(tmp)
        shutil.copytree(EXERCISES / "source", course / "source")
        generate(course, assignments())
        for name in assignments():
            for fresh in sorted((course / "release" / name).glob("*.ipynb")):
                committed = EXERCISES / "release" / name / fresh.name
                if not committed.exists():
                    problems.append(f"{committed} is missing: run make notebooks")
                    continue
                old = [c.source for c in nbformat.read(committed, as_version=4).cells]
                new = [c.source for c in nbformat.read(fresh, as_version=4).cells]
                if old != new:
                    problems.append(f"{committed} is older than its source: run make notebooks")
                leaks = solution_leaks(committed, EXERCISES / "source" / name / fresh.name)
                if leaks:
                    problems.append(f"{committed} holds solution text: {leaks[0]!r}")
    return problems


def points(name: str) -> dict[str, float]:
    """Points per graded cell of an assignment's source: ``{grade_id: points}``."""
    source = EXERCISES / "source" / name / f"{name}.ipynb"
    result = {}
    for cell in nbformat.read(source, as_version=4).cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade"):
            result[meta["grade_id"]] = float(meta.get("points", 0))
    return result


def autograde(name: str) -> None:
    """Autograde every submission in ``exercises/submitted/*/<name>`` (a teacher's command)."""
    api = nbgrader_api(EXERCISES)
    _run(lambda: api.generate_assignment(name, force=True, create=True), f"generating {name}")
    students = sorted(p.parent.name for p in (EXERCISES / "submitted").glob(f"*/{name}"))
    from nbgrader.api import Gradebook

    for student in students:
        _run(
            lambda s=student: api.autograde(name, s, force=True, create=True), f"grading {student}"
        )
        with Gradebook(f"sqlite:///{EXERCISES / 'gradebook.db'}") as gradebook:
            submission = gradebook.find_submission_notebook(name, name, student)
            auto = sum(g.auto_score for g in submission.grades if g.auto_score is not None)
            manual = sum(1 for g in submission.grades if g.needs_manual_grade)
            maximum = submission.max_score
        print(
            f"{student}: {auto:g} of {maximum:g} points autograded; {manual} part(s) to mark "
            f"by hand (exercises/autograded/{student}/{name})"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="the assignments and their points")
    releasing = commands.add_parser("release", help="regenerate the students' copies")
    releasing.add_argument("names", nargs="*")
    commands.add_parser("verify", help="the students' copies are current and hold no solution")
    grading = commands.add_parser("autograde", help="autograde exercises/submitted/*/NAME")
    grading.add_argument("name")
    args = parser.parse_args(argv)
    if args.command == "list":
        for name in assignments():
            table = points(name)
            print(f"{name:28} {len(table):3} graded cells {sum(table.values()):5.0f} points")
    elif args.command == "release":
        for path in release(args.names or None):
            print(f"wrote {path.relative_to(ROOT)}")
    elif args.command == "verify":
        problems = verify()
        for problem in problems:
            print(problem)
        if problems:
            return 1
        print("the students' copies are up to date and hold no solution text")
    elif args.command == "autograde":
        autograde(args.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
