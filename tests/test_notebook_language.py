"""Lessons speak a student's language: no developer words in what a student reads.

Markdown cells and the text printed by code cells of every notebook under
``notebooks/`` and the students' copies under ``exercises/release/`` are
checked for words that belong to the developers ("spec", "[choice]", a test
machine's "CI").
"""

from __future__ import annotations

import pathlib
import re

import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(ROOT.glob("notebooks/*.ipynb")) + sorted(
    ROOT.glob("exercises/release/*/*.ipynb")
)
FORBIDDEN = [
    r"\bspec\b",
    r"\bspecification\b",
    r"\[choice\]",
    r"\bin CI\b",
    r"\bCI=1\b",
    r"\bskipped in\b",
    r"\bcontinuous integration\b",
    # words a 16-year-old would not know, left unexplained (issue 24, item 9)
    r"\bdepth.first\b",
    r"\btie-break seed\b",
    r"\bon a cluster\b",
    r"\(the tests check this\)",
    # claims typed into the prose instead of measured in the notebook
    r"\bunder a minute\b",
    r"\babout nine times\b",
    r"\bfinished 20\d\d-",  # a timestamp printed from a results file
    r"\{'[a-z_]+': ",  # a raw dict of options printed
]


def student_text(path: pathlib.Path) -> list[tuple[str, str]]:
    """(where, text) for every markdown cell and every printed output."""
    notebook = nbformat.read(path, as_version=4)
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            found.append((f"cell {index}", cell.source))
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                found.append((f"cell {index} output", output.get("text", "")))
    return found


def test_there_are_lessons_to_check():
    assert len(NOTEBOOKS) >= 6


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_developer_words_in_what_a_student_reads(path):
    problems = [
        f"{where}: {match.group(0)!r}"
        for where, text in student_text(path)
        for pattern in FORBIDDEN
        for match in re.finditer(pattern, text, flags=re.IGNORECASE)
    ]
    assert not problems, "\n".join(problems)
