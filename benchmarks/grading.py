"""Grading benchmark: autograde a class of 30 on one assignment, as the teacher's command does.

    .venv/bin/python benchmarks/grading.py                  # 30 students, worksheet 1
    .venv/bin/python benchmarks/grading.py --students 5     # a quick look

Builds a course in a temporary folder, hands in the teacher's solutions under
30 student ids (each graded on their own variant) and autogrades them all in
the sandbox (``tilegames_course.grading.course.autograde``). Prints one JSON object:
the wall time, seconds per student, how many earned every point, and the target
(a class of 30 in under 5 minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import course  # noqa: E402  (scripts/course.py)
from tilegames_course.grading import course as grading  # noqa: E402
from tilegames_course.grading.sandbox import available  # noqa: E402

TARGET_SECONDS = 300


def hand_in(root: Path, name: str, students: list[str]) -> None:
    """Every student hands in the teacher's solutions (each notebook runs on its owner's id)."""
    release = nbformat.read(root / "release" / name / f"{name}.ipynb", as_version=4)
    source = nbformat.read(root / "source" / name / f"{name}.ipynb", as_version=4)
    solutions = {
        c.metadata["nbgrader"]["grade_id"]: c.source
        for c in source.cells
        if c.metadata.get("nbgrader", {}).get("solution")
    }
    for cell in release.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution") and cell.cell_type == "code":
            cell.source = re.sub(
                r"^\s*### (BEGIN|END) SOLUTION\n", "", solutions[meta["grade_id"]], flags=re.M
            )
    for student in students:
        folder = root / "submitted" / student / name
        folder.mkdir(parents=True)
        nbformat.write(release, folder / f"{name}.ipynb")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--assignment", default="w1_tula")
    args = parser.parse_args()
    sandbox, why = available()
    students = [f"student{i:02d}" for i in range(args.students)]
    with tempfile.TemporaryDirectory() as tmp:
        root = course.course_folder(Path(tmp))
        course.generate(root, [args.assignment])
        hand_in(root, args.assignment, students)
        started = time.perf_counter()
        results = grading.autograde(root, args.assignment, sandbox=sandbox)
        seconds = time.perf_counter() - started
    autograded = sum(v for k, v in course.points(args.assignment).items() if k.endswith("_test"))
    print(
        json.dumps(
            {
                "benchmark": "autograde a class",
                "assignment": args.assignment,
                "students": len(students),
                "sandbox": sandbox if sandbox else why,
                "seconds": round(seconds, 1),
                "seconds_per_student": round(seconds / len(students), 2),
                "graded": sum(r.status == "graded" for r in results),
                "full_marks": sum(r.points == autograded for r in results),
                "target_seconds_max": TARGET_SECONDS,
                "cores": 2,
                "python": platform.python_version(),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
