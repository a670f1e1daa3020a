"""The real nbgrader pipeline, end to end: generate → submit → autograde → exact scores.

A course folder is built in a temporary directory with nbgrader's own sqlite
gradebook. Every assignment's students' copy is generated from its source;
a simulated student hands in the solutions with some answers deliberately
wrong (a wrong number, a typed interval with no simulation behind it, a
player that peeks, a player that crashes); nbgrader autogrades; each right
answer must earn exactly its points and each wrong one none.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import course  # noqa: E402  (scripts/course.py)

pytest.importorskip("nbgrader", reason="nbgrader is a dev dependency: pip install -e '.[dev]'")
from nbgrader.api import Gradebook  # noqa: E402

STUDENT = "alice"

# Deliberately wrong answers, by the grade_id of the answer cell: its new source.
WRONG: dict[str, dict[str, str]] = {
    "w1_tula": {
        # a wrong number: each pair counted twice
        "pairs_answer": "pairs = 24 * 8\ncheck('pairs', pairs)",
        # a typed interval, no simulation behind it
        "simulate_one_match_answer": "simulation = (0.46, 0.49)\ncheck('simulate_one_match', simulation)",
        # a wrong format: a decimal where the exact value is asked
        "neither_given_3A_answer": "p_neither = 0.4545\ncheck('neither_given_3A', p_neither)",
    },
    "w2_maze": {
        "best_move_answer": "best_move = '4D -> 26'\ncheck('best_move', best_move)",
        "simulate_fresh_score_answer": "simulation = (1.28, 1.38)",
    },
    "w3_triominos": {
        "expected_hand_value_answer": "expected_hand = 7 * Fraction(15, 2)",
        "simulate_no_triple_answer": "simulation = {'estimate': 0.08, 'interval': (0.07, 0.09)}",
    },
    "w4_pyramids": {
        "legal_examples_answer": "legal = [1, 4, 6]",
        "simulate_fire_left_over_answer": "simulation = [0.23, 0.27]",
    },
}


def assignment_names() -> list[str]:
    return course.assignments()


@pytest.fixture(scope="module")
def course_dir(tmp_path_factory) -> Path:
    """A fresh course folder with every assignment generated (nbgrader generate_assignment)."""
    root = tmp_path_factory.mktemp("course")
    shutil.copytree(course.EXERCISES / "source", root / "source")
    course.generate(root, assignment_names())
    return root


def _solution_code(source: str) -> str:
    """The source cell as a student who found the solution would write it (markers removed)."""
    return re.sub(r"^\s*### (BEGIN|END) SOLUTION\n", "", source, flags=re.M)


def _submission(root: Path, name: str, wrong: dict[str, str], blank: bool = False):
    """The students' copy filled in from the solutions, with ``wrong`` cells replaced."""
    release = nbformat.read(root / "release" / name / f"{name}.ipynb", as_version=4)
    source = nbformat.read(root / "source" / name / f"{name}.ipynb", as_version=4)
    solutions = {
        cell.metadata["nbgrader"]["grade_id"]: cell.source
        for cell in source.cells
        if cell.metadata.get("nbgrader", {}).get("solution")
    }
    if not blank:
        for cell in release.cells:
            meta = cell.metadata.get("nbgrader", {})
            if not meta.get("solution"):
                continue
            grade_id = meta["grade_id"]
            if grade_id in wrong:
                cell.source = wrong[grade_id]
            elif cell.cell_type == "markdown":
                cell.source = "Tiles only leave, so what is revealable stays revealable."
            else:
                cell.source = _solution_code(solutions[grade_id])
    folder = root / "submitted" / STUDENT / name
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(release, folder / f"{name}.ipynb")


def _autograde(root: Path, name: str, student: str = STUDENT) -> dict[str, tuple[float, float]]:
    api = course.nbgrader_api(root)
    course._run(lambda: api.autograde(name, student, force=True, create=True), f"autograde {name}")
    scores = {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(name, name, student)
        for grade in notebook.grades:
            if grade.cell_type == "code" or not grade.needs_manual_grade:
                scores[grade.name] = (grade.auto_score, grade.max_score)
    return scores


@pytest.mark.parametrize("name", assignment_names())
def test_autograded_scores_are_exact(course_dir, name):
    wrong = WRONG.get(name, {})
    _submission(course_dir, name, wrong)
    scores = _autograde(course_dir, name)
    points = course.points(name)
    wrong_tests = {grade_id.replace("_answer", "_test") for grade_id in wrong}
    autograded = {gid: p for gid, p in points.items() if gid.endswith("_test")}
    assert set(scores) == set(autograded)
    for grade_id, (score, maximum) in scores.items():
        assert maximum == autograded[grade_id]
        expected = 0 if grade_id in wrong_tests else maximum
        assert score == expected, (grade_id, score, expected)
    total = sum(score for score, _ in scores.values())
    assert total == sum(p for gid, p in autograded.items() if gid not in wrong_tests)


def test_an_untouched_copy_earns_nothing(course_dir):
    name = assignment_names()[0]
    student = "bob"
    folder = course_dir / "submitted" / student / name
    folder.mkdir(parents=True)
    shutil.copy(course_dir / "release" / name / f"{name}.ipynb", folder / f"{name}.ipynb")
    scores = _autograde(course_dir, name, student)
    assert scores and all(score == 0 for score, _ in scores.values())


@pytest.mark.parametrize("name", assignment_names())
def test_students_copies_hold_no_solution_and_are_current(course_dir, name):
    committed = course.EXERCISES / "release" / name / f"{name}.ipynb"
    fresh = course_dir / "release" / name / f"{name}.ipynb"
    source = course.EXERCISES / "source" / name / f"{name}.ipynb"
    assert course.solution_lines(source), "the source has solutions to hide"
    for student_copy in (committed, fresh):
        assert course.solution_leaks(student_copy, source) == []
    old = [cell.source for cell in nbformat.read(committed, as_version=4).cells]
    new = [cell.source for cell in nbformat.read(fresh, as_version=4).cells]
    assert old == new, "the committed students' copy is stale: run make notebooks"


def test_a_leak_would_be_found(tmp_path):
    """The leak detector is not vacuous: the source itself fails it."""
    name = assignment_names()[0]
    source = course.EXERCISES / "source" / name / f"{name}.ipynb"
    assert course.solution_leaks(source, source)
