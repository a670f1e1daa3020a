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
    r"\bNewcombe\b",
    r"\bheuristics?\b",
    r"\bsignificant\b",
    r"\bASCII\b",
    r"\bhundreds of times\b",
    r"\bNobody has published\b",
    # developer reprs and numbers no student reads that way (issue 36, third pass)
    r"\w\.parse\('",  # a move's repr, Move.parse('fall left'), printed instead of its words
    r"\bmercy (?:True|False)\b",
    r"\d\.\d{4,}%",  # a percentage with four decimals (25.6917%)
    r"\bSent\(",
]
TYPED_DURATIONS = re.compile(
    r"(?<!limit of )\b(?:a few|a second or two|about \d[\d,.]*|\d[\d,.]*|several)\s+(?:seconds?|minutes?|hours?)\b"
    r"|\btook hours\b|\(hours\b|\btakes a moment\b|\bRun All takes\b",
    flags=re.IGNORECASE,
)
"""A running time typed into prose or a comment: it is true of one computer on one day. A lesson
prints the times it measures (or that a results file recorded) instead. A homework's "Time:"
line (how long the work should take a student) and a time limit (a rule) are not running times."""


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


def typed_text(path: pathlib.Path) -> list[tuple[str, str]]:
    """(where, text) for every markdown cell and every comment in a code cell: what was typed."""
    notebook = nbformat.read(path, as_version=4)
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            typed = [line for line in cell.source.splitlines() if not line.startswith("Time: ")]
            found.append((f"cell {index}", "\n".join(typed)))
        elif cell.cell_type == "code":
            comments = [line.split("#", 1)[1] for line in cell.source.splitlines() if "#" in line]
            found.append((f"cell {index} comments", "\n".join(comments)))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_running_time_is_typed_into_a_lesson(path):
    problems = [
        f"{where}: {match.group(0)!r}"
        for where, text in typed_text(path)
        for match in TYPED_DURATIONS.finditer(text)
    ]
    assert not problems, "\n".join(problems)


LESSONS = sorted(ROOT.glob("notebooks/*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_says_what_ci_means_before_it_shows_one(path):
    """ "95% CI" is explained in words ("CI for short") in a markdown cell at or before the first
    cell whose text shows it."""
    texts = student_text(path)
    shown = [where for where, text in texts if re.search(r"\bCI\b", text)]
    if not shown:
        pytest.skip(f"{path.name} shows no CI")
    first = int(shown[0].split()[1])
    explained = [
        int(where.split()[1])
        for where, text in texts
        if where.endswith(tuple("0123456789")) and re.search(r"\bCI for\s+short\b", text)
    ]
    assert explained and explained[0] <= first, (
        f"{path.name} shows a CI in {shown[0]} before explaining it"
    )
