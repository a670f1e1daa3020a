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

PEEKER = """
import sys


class Peeker(Player):
    # reaches into the caller for the game, and removes the tile that matches a face-down one
    def choose(self, view, rng):
        frame = sys._getframe(1)
        while "game" not in frame.f_locals:
            frame = frame.f_back
        game = frame.f_locals["game"]
        moves = list(view.legal_moves)
        reveals = [m for m in moves if m.kind == "reveal"]
        if reveals:
            return reveals[0]
        down = [p for p in tula.POSITIONS if game.is_present(p) and not game.is_face_up(p)]
        wanted = game.tile_at(down[-1]) if down else None

        def peek(move):
            tile = game.tile_at(move.position)
            return tile is not None and wanted is not None and tula.matches(tile, wanted)

        return max(moves, key=peek)


my_player = Peeker()
"""

CRASHER = """
class Crasher(Player):
    # reveals, then fails at its first real decision
    def choose(self, view, rng):
        moves = list(view.legal_moves)
        reveals = [m for m in moves if m.kind == "reveal"]
        return reveals[0] if reveals else moves[99]


my_player = Crasher()
"""

# Submissions with deliberate mistakes: (student, {answer cell's grade_id: its new source},
# the autograded tests that must then earn nothing). Every other test earns its full points.
SUBMISSIONS: dict[str, list[tuple[str, dict[str, str], set[str]]]] = {
    "w1_tula": [
        (
            STUDENT,
            {
                # a wrong number: each pair counted twice
                "pairs_answer": "pairs = 24 * 8\ncheck('pairs', pairs)",
                # a typed interval, no simulation behind it
                "simulate_one_match_answer": "simulation = (0.46, 0.49)",
                # a wrong format: a decimal where the exact value is asked
                "neither_given_3A_answer": "p_neither = 0.4545",
            },
            {"pairs_test", "simulate_one_match_test", "neither_given_3A_test"},
        )
    ],
    "w2_maze": [
        (
            STUDENT,
            {
                "best_move_answer": "best_move = '4D -> 26'",
                "simulate_fresh_score_answer": "simulation = (1.28, 1.38)",
            },
            {"best_move_test", "simulate_fresh_score_test"},
        )
    ],
    "w3_triominos": [
        (
            STUDENT,
            {
                "expected_hand_value_answer": "expected_hand = 7 * Fraction(15, 2)",
                "simulate_no_triple_answer": "simulation = {'estimate': 0.08, 'interval': (0.07, 0.09)}",
            },
            {"expected_hand_value_test", "simulate_no_triple_test"},
        )
    ],
    "w4_pyramids": [
        (
            STUDENT,
            {
                "legal_examples_answer": "legal = [1, 4, 6]",
                "simulate_fire_left_over_answer": "simulation = [0.23, 0.27]",
            },
            {"legal_examples_test", "simulate_fire_left_over_test"},
        )
    ],
    "h1_mercy": [
        # a player that peeks: its rows replay (it peeks there too), but the player is refused
        (STUDENT, {"my_player_answer": PEEKER}, {"my_player_test"}),
        # a player that crashes: refused, and the simulations built on it never ran
        (
            "carol",
            {"my_player_answer": CRASHER, "overall_gain_answer": "gain = Fraction(1, 5)"},
            {"my_player_test", "vs_greedy_test", "mercy_effect_test", "overall_gain_test"},
        ),
    ],
    "h2_round_score": [
        (
            STUDENT,
            {
                # a typed mean with no rounds behind it
                "mean_round_points_answer": "round_estimate = {'estimate': 300, 'interval': (290, 310)}",
                # the two columns treated as independent samples: an unpaired interval
                "pressman_effect_answer": (
                    "pairs = pd.DataFrame({'seed': range(400)})\n"
                    "pairs[['seed_rules', 'pressman']] = [round_pair(s) for s in pairs['seed']]\n"
                    "d = pairs['pressman'].mean() - pairs['seed_rules'].mean()\n"
                    "half = 1.96 * np.sqrt(pairs['pressman'].var() / 400 + pairs['seed_rules'].var() / 400)\n"
                    "pressman_estimate = {'rows': pairs, 'estimate': d, 'interval': (d - half, d + half)}"
                ),
            },
            {"mean_round_points_test", "pressman_effect_test"},
        )
    ],
    "h3_first_player": [
        (
            STUDENT,
            {"power_200_answer": "power_200 = 1 - 0.3787"},
            {"power_200_test"},
        )
    ],
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


def _submission(root: Path, name: str, wrong: dict[str, str], student: str = STUDENT):
    """The students' copy filled in from the solutions, with ``wrong`` cells replaced."""
    release = nbformat.read(root / "release" / name / f"{name}.ipynb", as_version=4)
    source = nbformat.read(root / "source" / name / f"{name}.ipynb", as_version=4)
    solutions = {
        cell.metadata["nbgrader"]["grade_id"]: cell.source
        for cell in source.cells
        if cell.metadata.get("nbgrader", {}).get("solution")
    }
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
    folder = root / "submitted" / student / name
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(release, folder / f"{name}.ipynb")


def _autograde(root: Path, name: str, student: str = STUDENT) -> dict[str, tuple[float, float]]:
    api = course.nbgrader_api(root)
    course._run(lambda: api.autograde(name, student, force=True, create=True), f"autograde {name}")
    scores = {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(name, name, student)
        for grade in notebook.grades:
            scores[grade.name] = (grade.auto_score, grade.max_score)
    return scores


CASES = [
    (name, student, wrong, failing)
    for name in course.assignments()
    for student, wrong, failing in SUBMISSIONS.get(name, [(STUDENT, {}, set())])
]


@pytest.mark.parametrize(("name", "student", "wrong", "failing"), CASES)
def test_autograded_scores_are_exact(course_dir, name, student, wrong, failing):
    _submission(course_dir, name, wrong, student=student)
    scores = _autograde(course_dir, name, student)
    autograded = {gid: p for gid, p in course.points(name).items() if gid.endswith("_test")}
    assert failing <= set(autograded), "the test names its failing cells right"
    assert set(scores) >= set(autograded)
    for grade_id, points in autograded.items():
        score, maximum = scores[grade_id]
        assert maximum == points
        expected = 0 if grade_id in failing else points
        assert score == expected, (grade_id, score, expected)
    total = sum(scores[gid][0] for gid in autograded)
    assert total == sum(p for gid, p in autograded.items() if gid not in failing)


def test_every_assignment_is_submitted_with_mistakes():
    assert set(SUBMISSIONS) == set(course.assignments())


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


# The figures each model answer quotes, and the figure its source notebook prints: a re-run
# (make notebooks) that changes a figure must change the model answer too.
QUOTED = {
    "h1_mercy": [("4.8%", "4.8%"), ("1.0%", "1.0%"), ("+3.8", "3.8%"), ("1.5", "1.5%"),
                 ("6.3", "6.3%"), ("+0.3", "0.3%"), ("−0.8", "-0.8%"), ("+1.4", "1.4%")],
    "h2_round_score": [("302", "301.71"), ("293", "293.46"), ("310", "309.96"), ("22", "-21.87"),
                       ("−30", "-29.74"), ("−14", "-14.00")],
    "h3_first_player": [("27.9%", "27.9%"), ("24.5%", "24.5%"), ("31.6%", "31.6%"),
                        ("z = 1.64", "z = 1.64"), ("p = 0.10", "p = 0.102")],
}  # fmt: skip


def _number(text: str) -> float:
    return float(re.sub(r"[^0-9.\-]", "", text.replace("−", "-")))


@pytest.mark.parametrize("name", sorted(QUOTED))
def test_model_answers_quote_the_figures_their_notebook_prints(name):
    source = nbformat.read(course.EXERCISES / "source" / name / f"{name}.ipynb", as_version=4)
    model = "\n".join(c.source for c in source.cells if "Model answer" in c.source)
    printed = "\n".join(
        output.get("text", "")
        for cell in source.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
    )
    for quoted, shown in QUOTED[name]:
        assert quoted in model, (name, quoted)
        assert shown in printed, (name, shown, "re-run make notebooks?")
        decimals = len(quoted.split(".")[1].rstrip("%")) if "." in quoted else 0
        assert abs(abs(_number(quoted)) - abs(_number(shown))) <= 0.5 * 10**-decimals + 1e-9
