"""The course's nbgrader commands: make the students' copies, check them, grade submissions.

``exercises/`` is an nbgrader course folder. Each assignment has ONE source
notebook, ``exercises/source/<assignment>/<assignment>.ipynb`` (the teacher's
copy: solutions between ``### BEGIN SOLUTION`` / ``### END SOLUTION``, graded
cells that hand answers in, model answers and rubrics for the written parts; the
answer keys are ``exercises/keys/<assignment>.py``). The
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
import re
import shutil
import sys
import tempfile
from pathlib import Path

import nbformat

from tilegames_course.grading import course as grading

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "exercises"

SOLUTION = re.compile(r"### BEGIN SOLUTION\n(.*?)### END SOLUTION", re.S)
HIDDEN = re.compile(r"### BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", re.S)
MARKERS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")


def assignments(course: Path = EXERCISES) -> list[str]:
    """The assignments of a course folder, in teaching order (their names sort that way)."""
    return sorted(p.name for p in (course / "source").iterdir() if p.is_dir())


def course_folder(target: Path) -> Path:
    """A working course folder at ``target``: the sources, the keys and the course's settings."""
    shutil.copytree(EXERCISES / "source", target / "source", dirs_exist_ok=True)
    shutil.copytree(EXERCISES / "keys", target / "keys", dirs_exist_ok=True)
    shutil.copy(EXERCISES / "nbgrader_config.py", target / "nbgrader_config.py")
    return target


def nbgrader_api(course: Path, *, sandbox: bool = True):
    """An ``NbGraderAPI`` on ``course`` with the course's settings (its ``nbgrader_config.py``)."""
    return grading.nbgrader_api(course, sandbox=sandbox)


def _run(call, what: str) -> dict:
    return grading.run_quietly(call, what)


def generate(course: Path, names: list[str]) -> None:
    """``nbgrader generate_assignment`` for each name, in the course folder ``course``."""
    api = nbgrader_api(course)
    for name in names:
        _run(
            lambda n=name: api.generate_assignment(n, force=True, create=True), f"generating {name}"
        )


def strip_handed_in(source: Path) -> bool:
    """Drop the handed-in answers' plain data from an executed source (keep the "Handed in" line).

    ``submit`` shows each answer as data for the grader; in the teacher's executed copy that is
    only bulk (a simulation's 2,000 rows). Returns whether the file changed.
    """
    from tilegames.exercises.handin import MIME

    notebook = nbformat.read(source, as_version=4)
    changed = False
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if MIME in output.get("data", {}):
                del output["data"][MIME]
                changed = True
    if changed:
        nbformat.write(notebook, source)
    return changed


def release(names: list[str] | None = None) -> list[Path]:
    """Regenerate the committed students' copies from the sources; returns the files written."""
    names = names or assignments()
    for name in names:
        for source in sorted((EXERCISES / "source" / name).glob("*.ipynb")):
            strip_handed_in(source)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        course = course_folder(Path(tmp))
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
        course = course_folder(Path(tmp))
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


def autograde(name: str, *, sandbox: bool = True) -> int:
    """Autograde every submission in ``exercises/submitted/*/<name>`` (a teacher's command)."""
    api = nbgrader_api(EXERCISES, sandbox=sandbox)
    _run(lambda: api.generate_assignment(name, force=True, create=True), f"generating {name}")
    results = grading.autograde(EXERCISES, name, sandbox=sandbox)
    for result in results:
        print(result.line())
    return sum(r.status != "graded" for r in results)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="the assignments and their points")
    releasing = commands.add_parser("release", help="regenerate the students' copies")
    releasing.add_argument("names", nargs="*")
    commands.add_parser("verify", help="the students' copies are current and hold no solution")
    grader = commands.add_parser("autograde", help="autograde exercises/submitted/*/NAME")
    grader.add_argument("name")
    grader.add_argument(
        "--no-sandbox", action="store_true", help="see tilegames_course.grading.course"
    )
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
        return 1 if autograde(args.name, sandbox=not args.no_sandbox) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
