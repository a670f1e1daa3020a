"""Shared for the worksheet tests: run a teacher's source notebook as a given student."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import nbformat
import pytest

from tilegames.exercises.handin import MIME, STUDENT_VARIABLE

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def solutions_handed_in(monkeypatch):
    """``run(assignment, student)``: the payloads the source's graded cells hand in for ``student``.

    Every code cell runs in order in one namespace, as the autograder runs a notebook
    whose student pasted the teacher's solutions; each graded cell's ``submit(...)``
    gives the plain data the trusted grader reads.
    """

    def run(assignment: str, student: str) -> dict[str, dict]:
        monkeypatch.setenv(STUDENT_VARIABLE, student)
        path = ROOT / "exercises" / "source" / assignment / f"{assignment}.ipynb"
        namespace: dict = {}
        payloads = {}
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            code = re.sub(r"^\s*### (BEGIN|END) SOLUTION\n", "", cell.source, flags=re.M)
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
            with contextlib.redirect_stdout(io.StringIO()):
                if grade_id.endswith("_test"):
                    *body, last = code.strip().splitlines()
                    exec("\n".join(body), namespace)
                    handed = eval(last, namespace)._repr_mimebundle_()[MIME]
                    payloads[handed["question"]] = handed
                else:
                    exec(code, namespace)
        return payloads

    return run
