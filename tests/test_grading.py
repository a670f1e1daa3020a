"""The real nbgrader pipeline against a cheating class: generate → submit → autograde → exact scores.

A course folder is built in a temporary directory (its sources, answer keys and
``nbgrader_config.py``), every assignment is generated with nbgrader, and
students hand in notebooks: honest ones, and one per attack a student who can
run any code would try. Autograding runs as the course's command does: in the
sandbox, with the answers graded by a fresh process. Each submission's score is
asserted exactly, and each attack must also be *reported* to the teacher.
"""

from __future__ import annotations

import csv
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

pytest.importorskip("nbgrader", reason="nbgrader is the teacher's: pip install -e '.[dev]'")

from nbgrader.api import Gradebook  # noqa: E402

import course  # noqa: E402  (scripts/course.py)
from tilegames.exercises import tula as w1  # noqa: E402
from tilegames_course.grading import course as grading  # noqa: E402
from tilegames_course.grading.autograde import REPORT  # noqa: E402
from tilegames_course.grading.sandbox import available  # noqa: E402

SANDBOX, WHY = available()

Edit = Callable[[nbformat.NotebookNode], None]


@pytest.fixture(scope="module")
def course_dir(tmp_path_factory) -> Path:
    """A fresh course folder with every assignment generated (nbgrader generate_assignment)."""
    root = course.course_folder(tmp_path_factory.mktemp("course"))
    course.generate(root, course.assignments())
    return root


def _solutions(root: Path, name: str) -> dict[str, str]:
    source = nbformat.read(root / "source" / name / f"{name}.ipynb", as_version=4)
    return {
        cell.metadata["nbgrader"]["grade_id"]: re.sub(
            r"^\s*### (BEGIN|END) SOLUTION\n", "", cell.source, flags=re.M
        )
        for cell in source.cells
        if cell.metadata.get("nbgrader", {}).get("solution")
    }


def honest(root: Path, name: str) -> Edit:
    """Fill every answer cell with the teacher's solution (a student who did all the work)."""
    solutions = _solutions(root, name)

    def edit(nb):
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if meta.get("solution"):
                if cell.cell_type == "markdown":
                    cell.source = "Tiles only leave, so what is revealable stays revealable."
                else:
                    cell.source = solutions[meta["grade_id"]]

    return edit


def _index(nb, grade_id: str) -> int:
    return next(
        i
        for i, c in enumerate(nb.cells)
        if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id
    )


def insert_after(grade_id: str | None, code: str, *, before: bool = False) -> Edit:
    """Add a cell of the student's own after (or before) a graded cell, or after the first code cell."""

    def edit(nb):
        if grade_id is None:
            at = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code") + 1
        else:
            at = _index(nb, grade_id) + (0 if before else 1)
        nb.cells.insert(at, nbformat.v4.new_code_cell(code))

    return edit


def replace(grade_id: str, code: str) -> Edit:
    def edit(nb):
        nb.cells[_index(nb, grade_id)].source = code

    return edit


def delete(grade_id: str) -> Edit:
    def edit(nb):
        del nb.cells[_index(nb, grade_id)]

    return edit


def submit(root: Path, name: str, student: str, *edits: Edit) -> None:
    """The students' copy with ``edits`` applied, handed in as ``student``."""
    nb = nbformat.read(root / "release" / name / f"{name}.ipynb", as_version=4)
    for edit in edits:
        edit(nb)
    folder = root / "submitted" / student / name
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    nbformat.write(nb, folder / f"{name}.ipynb")


def grade(root: Path, name: str, student: str) -> tuple[dict[str, float], list[str]]:
    """Autograde one student as the course's command does: (score per graded cell, flags)."""
    [result] = grading.autograde(root, name, students=[student], sandbox=SANDBOX)
    assert result.status == "graded", result.error
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(name, name, student)
        scores = {g.name: g.auto_score for g in notebook.grades if g.name.endswith("_test")}
    return scores, result.flags


def auto_points(name: str) -> dict[str, float]:
    return {gid: p for gid, p in course.points(name).items() if gid.endswith("_test")}


def total(scores: dict[str, float]) -> float:
    return sum(score or 0 for score in scores.values())


# -- every assignment: the work earns every point, a blank copy none ------------------------------


@pytest.mark.parametrize("name", course.assignments())
def test_the_teachers_solutions_earn_every_point(course_dir, name):
    submit(course_dir, name, "honest", honest(course_dir, name))
    scores, flags = grade(course_dir, name, "honest")
    assert scores == auto_points(name), flags
    assert not flags, flags  # an untouched notebook raises no alarm (no checksum noise)


@pytest.mark.parametrize("lang", ["sk"])
def test_a_translated_assignment_generates_validates_and_grades_as_the_english_one(tmp_path, lang):
    """The course in another language (``tilegames course --lang``): the sources' markdown
    translated before nbgrader generates the students' copy. nbgrader validates the copy (its
    checksums hold), and the teacher's solutions earn every point with no alarm."""
    from nbgrader.apps import NbGraderAPI  # noqa: F401  (nbgrader is here: the module skips otherwise)
    from nbgrader.validator import Validator

    from tilegames.cli.setup_folders import TEXT_STUB, course_config
    from tilegames.course_i18n import translate_course_files
    from tilegames.i18n import translate, using

    root = course.course_folder(tmp_path / "course")
    config = root / "nbgrader_config.py"  # as `tilegames course --lang` writes it: stubs in lang
    config.write_text(course_config(config.read_text("utf-8"), "c", str(tmp_path / "x"), lang))
    name = course.assignments()[0]
    path = root / "source" / name / f"{name}.ipynb"
    files, done = translate_course_files({f"source/{name}/{name}.ipynb": path.read_bytes()}, lang,
                                         "source")  # fmt: skip
    assert done == [name]
    path.write_bytes(files[f"source/{name}/{name}.ipynb"])
    course.generate(root, [name])
    copy = root / "release" / name / f"{name}.ipynb"
    english = nbformat.read(ROOT / "exercises" / "release" / name / f"{name}.ipynb", as_version=4)
    assert nbformat.read(copy, as_version=4).cells[0].source != english.cells[0].source
    assert Validator().validate(str(copy)).get("changed", []) == []  # nbgrader's checksums hold
    with using(lang):
        assert translate(TEXT_STUB) in copy.read_text("utf-8")  # where a written answer goes
    submit(root, name, "honest", honest(root, name))
    scores, flags = grade(root, name, "honest")
    assert scores == auto_points(name), flags
    assert not flags, flags
    submit(root, name, "idle")
    idle_scores, idle_flags = grade(root, name, "idle")
    assert total(idle_scores) == 0 and not idle_flags  # the copy as given: nothing, no alarm


@pytest.mark.parametrize("name", course.assignments())
def test_a_blank_copy_with_the_grading_names_shadowed_earns_nothing(course_dir, name):
    shadow = "grade = check = submit = lambda *a, **k: None\nprint(16)"
    submit(course_dir, name, "shadow", insert_after(None, shadow))
    scores, flags = grade(course_dir, name, "shadow")
    assert set(scores) == set(auto_points(name)) and total(scores) == 0
    assert any("handed nothing in" in flag for flag in flags)


# -- worksheet 1: one submission per attack, each with its exact score ----------------------------

W1 = "w1_tula"
FULL = 16.0


def test_monkeypatching_the_library_and_faking_outputs_earns_nothing(course_dir):
    patch = """
import tilegames.exercises.handin as handin
import tilegames.exercises.tula as sheet
from IPython.display import display
fake = {"text/plain": "2", "application/vnd.tilegames.answer+json": {"question": "pairs"}}
handin.submit = sheet.submit = sheet.SHEET.submit = lambda *a, **k: display(fake, raw=True)
submit = sheet.submit
get_ipython().events.register("post_run_cell", lambda *a: display({"text/plain": "2"}, raw=True))
"""
    submit(course_dir, W1, "patcher", insert_after(None, patch))
    scores, flags = grade(course_dir, W1, "patcher")
    assert total(scores) == 0
    assert any("tampered" in f or "not its answer" in f for f in flags), flags


def test_reading_the_teachers_source_during_grading_finds_nothing(course_dir):
    if not SANDBOX:
        pytest.skip(f"no sandbox on this machine: {WHY}")
    steal = f"""
import json, pathlib
found = None
for path in ("../../source/{W1}/{W1}.ipynb", "{course_dir}/source/{W1}/{W1}.ipynb",
             "{course_dir}/release/{W1}/{W1}.ipynb", "{course_dir}/gradebook.db"):
    try:
        found = pathlib.Path(path).read_text()
        break
    except Exception as error:
        print(type(error).__name__)
if found and "BEGIN SOLUTION" in found:
    for cell in json.loads(found)["cells"]:
        if cell["cell_type"] == "code":
            code = "".join(cell["source"])
            if "BEGIN SOLUTION" in code:
                exec(code.replace("### BEGIN SOLUTION", "").replace("### END SOLUTION", ""))
"""
    submit(course_dir, W1, "thief", insert_after(None, steal))
    scores, _ = grade(course_dir, W1, "thief")
    assert total(scores) == 0  # at home this would have earned nothing either


def test_ending_the_kernel_keeps_what_was_handed_in_before_and_is_reported(course_dir):
    ended = "import os\nos._exit(0)"
    submit(
        course_dir,
        W1,
        "quitter",
        honest(course_dir, W1),
        insert_after("simulate_one_match_answer", ended, before=True),
    )
    scores, flags = grade(course_dir, W1, "quitter")
    before = ("pairs", "non_matching_pair", "reveal_now", "blocked_1K", "free_layer2")
    before += ("exactly_one", "neither_given_3A", "expected_matches")
    expected = {f"{k}_test": auto_points(W1)[f"{k}_test"] for k in before}
    assert total(scores) == sum(expected.values()) == FULL - 5
    assert any("kernel stopped" in flag for flag in flags)


def test_system_exit_changes_nothing(course_dir):
    submit(course_dir, W1, "exiter", honest(course_dir, W1), insert_after(None, "raise SystemExit"))
    scores, _ = grade(course_dir, W1, "exiter")
    assert total(scores) == FULL


def test_an_output_flood_is_cut_and_reported_and_the_feedback_stays_small(course_dir):
    flood = (
        'print("x" * 60_000_000)\ntula.new_game(seed="not a seed")  # an error deep in the library'
    )
    submit(course_dir, W1, "flooder", honest(course_dir, W1), insert_after(None, flood))
    scores, flags = grade(course_dir, W1, "flooder")
    assert total(scores) == FULL
    assert any("printed too much" in flag for flag in flags)
    autograded = course_dir / "autograded" / "flooder" / W1 / f"{W1}.ipynb"
    assert autograded.stat().st_size < 3_000_000
    api = grading.nbgrader_api(course_dir, sandbox=SANDBOX)
    grading.run_quietly(lambda: api.generate_feedback(W1, "flooder"), "feedback")
    html = (course_dir / "feedback" / "flooder" / W1 / f"{W1}.html").read_text()
    assert len(html) < 3_000_000
    assert "Correct" in html and "Handed in" not in html.split("Correct")[0][-10:]
    assert "site-packages" not in html and str(course_dir) not in html
    assert "most recent call last" not in html and "BEGIN HIDDEN" not in html


def test_an_edited_graded_cell_is_restored_and_reported(course_dir):
    cheat = replace("pairs_test", "submit('pairs', 96)")
    wrong = replace("pairs_answer", "pairs = 95\ncheck('pairs', pairs)")
    submit(course_dir, W1, "editor", honest(course_dir, W1), wrong, cheat)
    scores, flags = grade(course_dir, W1, "editor")
    assert scores["pairs_test"] == 0 and total(scores) == FULL - 1
    assert any("pairs_test" in flag and "edited" in flag for flag in flags)


def test_a_deleted_graded_cell_is_restored_and_reported(course_dir):
    submit(course_dir, W1, "deleter", honest(course_dir, W1), delete("exactly_one_test"))
    scores, flags = grade(course_dir, W1, "deleter")
    assert total(scores) == FULL
    assert any("exactly_one_test" in flag and "deleted" in flag for flag in flags)


def test_an_untouched_copy_earns_nothing_and_raises_no_alarm(course_dir):
    submit(course_dir, W1, "idle")
    scores, flags = grade(course_dir, W1, "idle")
    assert total(scores) == 0 and not flags


# -- every student their own numbers --------------------------------------------------------------


def _typed(student: str) -> Edit:
    """Answers typed as constants, read off ``student``'s own positions (a finished notebook)."""
    reveal = sorted(w1.position("reveal_now", student).revealable())
    keep = w1.position("keep_winnable", student)
    from tilegames.tula.solver import solve

    def winnable(move):
        trial = keep.copy()
        trial.play(move)
        return solve(trial).winnable

    best = next(str(m.position) for m in keep.legal_moves() if m.kind == "remove" and winnable(m))
    return lambda nb: (
        replace("reveal_now_answer", f"revealable_now = {reveal!r}")(nb),
        replace("keep_winnable_answer", f"best_removal = {best!r}")(nb),
    )


def test_two_students_get_their_own_numbers_and_both_are_graded_right(course_dir):
    assert w1.position("reveal_now", "ada") != w1.position("reveal_now", "bob")
    for student in ("ada", "bob"):
        submit(
            course_dir,
            W1,
            student,
            honest(course_dir, W1),
            _typed(student),
            replace_id(student),
        )
        scores, flags = grade(course_dir, W1, student)
        assert total(scores) == FULL and not flags, (student, flags)


def replace_id(student: str) -> Edit:
    def edit(nb):
        cell = nb.cells[1]
        cell.source = cell.source.replace("student_id()", f"student_id({student!r})")

    return edit


def test_a_notebook_copied_from_another_student_is_flagged_and_its_typed_answers_fail(course_dir):
    ada, bob = ({k: w1.position(k, s) for k in ("reveal_now",)} for s in ("ada", "bob"))
    assert sorted(ada["reveal_now"].revealable()) != sorted(bob["reveal_now"].revealable())
    submit(course_dir, W1, "ada", honest(course_dir, W1), _typed("bob"), replace_id("bob"))
    scores, flags = grade(course_dir, W1, "ada")
    assert scores["reveal_now_test"] == 0
    assert any("another student id (bob)" in flag for flag in flags)


# -- the teacher's command grades everyone and never shows a failure as a zero --------------------


def test_autograde_grades_every_submission_and_marks_failures_in_the_export(course_dir, tmp_path):
    submit(course_dir, W1, "zed", honest(course_dir, W1))
    submit(course_dir, W1, "broken", honest(course_dir, W1))
    # a failure on the teacher's side: the folder the grading writes to cannot be made
    (course_dir / "autograded").mkdir(exist_ok=True)
    (course_dir / "autograded" / "broken").write_text("a file where a folder goes")
    results = grading.autograde(course_dir, W1, students=["broken", "zed"], sandbox=SANDBOX)
    (course_dir / "autograded" / "broken").unlink()
    status = {r.student: r.status for r in results}
    assert status == {"broken": "failed", "zed": "graded"}
    assert (course_dir / "reports" / f"{W1}.csv").read_text().count("failed") == 1
    out = grading.export(course_dir, tmp_path / "grades.csv")
    rows = {
        (line.split(",")[0], line.split(",")[1]): line for line in out.read_text().splitlines()[1:]
    }
    assert ",failed,," in rows[(W1, "broken")]  # no score, never 0
    assert ",graded,16," in rows[(W1, "zed")]
    report = course_dir / "autograded" / "zed" / W1 / REPORT
    assert report.exists()
    # the same marks through nbgrader's export plugin interface, in Canvas's format
    from tilegames_course.grading.exports import CanvasExport

    plugin = CanvasExport(to=str(tmp_path / "canvas.csv"), course=str(course_dir))
    with Gradebook(f"sqlite:///{course_dir / 'gradebook.db'}") as gradebook:
        plugin.export(gradebook)
    canvas = (tmp_path / "canvas.csv").read_text().splitlines()
    assert canvas[0].startswith("Student,ID,SIS User ID,SIS Login ID,Section,")
    broken = next(line for line in canvas if ",broken," in line)
    assert "grading failed, not a zero" in broken


@pytest.mark.parametrize("name", course.assignments())
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
    name = course.assignments()[0]
    source = course.EXERCISES / "source" / name / f"{name}.ipynb"
    assert course.solution_leaks(source, source)


def test_the_answer_keys_are_not_in_the_students_package():
    import tilegames

    package = Path(tilegames.__file__).parent
    assert not list(package.rglob("keys")), "answer keys belong to the teacher's course folder"
    for module in package.joinpath("exercises").glob("*.py"):
        assert "def questions(" not in module.read_text(), module


# The figures each model answer quotes, and the figure its source notebook prints: a re-run
# (make notebooks) that changes a figure must change the model answer too.
QUOTED = {
    "h1_mercy": [("5.2%", "5.2%"), ("1.0%", "1.0%"), ("+4.2", "4.2%"), ("2.1", "2.1%"),
                 ("6.9", "6.9%"), ("+0.8", "0.8%"), ("−0.5", "-0.5%"), ("+2.1", "2.1%")],
    "h2_round_score": [("293", "293.01"), ("284", "283.95"), ("302", "302.06"), ("14", "-14.05"),
                       ("−22", "-22.41"), ("−6", "-5.69")],
    "h3_first_player": [("27.1%", "27.1%"), ("24.0%", "24.0%"), ("30.6%", "30.6%"),
                        ("z = 1.31", "z = 1.31"), ("p = 0.19", "p = 0.190")],
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


def test_the_students_environment_keeps_only_the_assignments_list(tmp_path):
    """No formgrader, no Create Assignment, no course list, no Validate (which grades nothing)."""
    import json

    from jupyter_server.extension.config import ExtensionConfigManager

    from tilegames.student_env import student_environment

    etc = Path(sys.prefix) / "etc" / "jupyter"
    shutil.copytree(etc, tmp_path / "etc" / "jupyter")  # nbgrader's own settings, all enabled
    written = student_environment(tmp_path)
    manager = ExtensionConfigManager(read_config_path=[str(tmp_path / "etc" / "jupyter")])
    enabled = {
        name: on for name, on in manager.get_jpserver_extensions().items() if "nbgrader" in name
    }
    assert enabled == {
        "nbgrader.server_extensions.assignment_list": True,
        "nbgrader.server_extensions.formgrader": False,
        "nbgrader.server_extensions.course_list": False,
        "nbgrader.server_extensions.validate_assignment": False,
    }
    page = json.loads(written[1].read_text())["disabledExtensions"]
    assert page["@jupyter/nbgrader:formgrader"] and page["@jupyter/nbgrader:validate-assignment"]
    assert "@jupyter/nbgrader:assignment-list" not in page


def test_a_simulation_with_the_right_rows_and_a_wrong_interval_earns_part_of_its_points(course_dir):
    narrow = """
rows = pd.DataFrame({"seed": deals(STUDENT)})
rows["one_match"] = [w1_one_match(s) for s in rows["seed"]]
share = rows["one_match"].mean()
half = 1.96 * (share * (1 - share)) ** 0.5  # forgot to divide by n: far too wide
simulation = {"rows": rows, "estimate": share, "interval": (share - half, share + half)}
"""
    helper = "from tilegames.exercises.tula import one_match as w1_one_match"
    submit(
        course_dir,
        W1,
        "partial",
        honest(course_dir, W1),
        replace("simulate_one_match_answer", helper + "\n" + narrow),
    )
    scores, _ = grade(course_dir, W1, "partial")
    assert scores["simulate_one_match_test"] == 2.0  # rows and estimate right: 2 of its 3 points
    assert total(scores) == FULL - 1


def test_exports_neutralise_formulas_say_what_is_still_to_mark_and_replace_files_whole(tmp_path):
    from tilegames_course.grading.exports import Mark, write_canvas, write_moodle, write_status

    rows = [
        Mark("w1_tula", '=HYPERLINK("x")', "graded", 10.0, 16.0, True, first_name="@evil"),
        Mark("w1_tula", "ada", "graded", 16.0, 16.0, False),
        Mark("w1_tula", "-2+3", "failed", None, 16.0, False, "grading failed: \tboom"),
    ]
    for write in (write_status, write_canvas, write_moodle):
        path = tmp_path / f"{write.__name__}.csv"
        path.write_text("an older export\n")
        write(rows, path)
        text = path.read_text()
        cells = [cell for line in csv.reader(text.splitlines()) for cell in line]
        assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")], cells
        assert "'=HYPERLINK" in text and "'-2+3" in text
        assert not list(tmp_path.glob(".*.tmp"))  # written beside, then renamed into place
    canvas = (tmp_path / "write_canvas.csv").read_text()
    assert "w1_tula: written parts still to be marked by hand" in canvas
    assert "w1_tula: grading failed, not a zero" in canvas
    moodle = (tmp_path / "write_moodle.csv").read_text()
    assert "Autograded part only: the written answers are still to be marked." in moodle


def test_a_failed_write_leaves_the_old_file_whole(tmp_path):
    from tilegames_course.grading.files import write_atomically

    path = tmp_path / "report.csv"
    path.write_text("the whole old report\n")

    def dies_half_way(handle):
        handle.write("half of a new rep")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        write_atomically(path, dies_half_way)
    assert path.read_text() == "the whole old report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.csv"]


def test_a_file_that_is_not_a_notebook_earns_0_and_says_why_in_one_line(course_dir, tmp_path):
    """The student's own file is not a notebook: nothing in it can be graded, so 0 (exported as
    0, not left empty as a failure of the grading is), and the reason in one line."""
    broken = course_dir / "submitted" / "mangled" / W1
    broken.mkdir(parents=True, exist_ok=True)
    (broken / f"{W1}.ipynb").write_text("{ not a notebook")
    [result] = grading.autograde(course_dir, W1, students=["mangled"], sandbox=SANDBOX)
    assert (result.status, result.points) == ("graded", 0.0)
    [flag] = result.flags
    assert "not a readable notebook" in flag and "NotJSONError" in flag and "\n" not in flag
    assert "Please see" not in result.line()
    rows = (grading.export(course_dir, tmp_path / "grades.csv")).read_text().splitlines()
    assert any(row.startswith(f"{W1},mangled,graded,0,") for row in rows), rows


def test_grading_an_assignment_never_generated_says_so(tmp_path):
    root = course.course_folder(tmp_path / "course")
    submit_to = root / "submitted" / "ada" / W1
    submit_to.mkdir(parents=True)
    shutil.copy(course.EXERCISES / "release" / W1 / f"{W1}.ipynb", submit_to)
    with pytest.raises(grading.NbgraderFailed, match="has not been generated"):
        grading.autograde(root, W1, students=["ada"], sandbox=SANDBOX)


def _copy_first_answer(nb):
    import copy

    at = next(
        i
        for i, c in enumerate(nb.cells)
        if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"
    )
    nb.cells.insert(at + 1, copy.deepcopy(nb.cells[at]))


def _ungrade_first_test(nb):
    cell = next(
        c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "pairs_test"
    )
    cell.metadata["nbgrader"]["grade"] = False


def _rename_first_answer(nb):
    cell = next(
        c
        for c in nb.cells
        if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"
    )
    cell.metadata["nbgrader"]["grade_id"] = "made_up"


@pytest.mark.parametrize(
    "edit, flag",
    [
        (_copy_first_answer, "a second cell carried this answer cell's id (a copy?)"),
        (_ungrade_first_test, "pairs_test: its nbgrader settings were edited (grade)"),
        (_rename_first_answer, "made_up: a cell carried nbgrader metadata the teacher never wrote"),
    ],
)
def test_a_copied_cell_or_edited_cell_settings_never_make_a_grading_fail(course_dir, edit, flag):
    """A copy-paste of an answer cell (as honest students do), ``grade: false`` on a graded
    cell, an id the teacher never wrote: each used to fail the whole grading (KeyError,
    "Inconsistent checksums"); now graded as written, with the teacher's settings, and said."""
    student = f"meta_{edit.__name__.strip('_')}"
    submit(course_dir, W1, student, honest(course_dir, W1), edit)
    scores, flags = grade(course_dir, W1, student)
    assert total(scores) == FULL
    assert any(flag in f for f in flags), flags


def test_regenerating_an_assignment_students_handed_in_deletes_nothing(tmp_path):
    """nbgrader's own ``generate_assignment --force`` used to delete release/<name> and then
    refuse; the course's config makes it skip the assignment, saying why, with the copy kept."""
    root = course.course_folder(tmp_path / "course")
    course.generate(root, [W1])
    release = root / "release" / W1 / f"{W1}.ipynb"
    before = release.read_bytes()
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        gradebook.add_student("ada")
        gradebook.add_submission(W1, "ada")
    api = grading.nbgrader_api(root)
    result = api.generate_assignment(W1, force=True, create=True)
    assert release.read_bytes() == before
    assert "has 1 submission(s)" in result["log"] and "nothing was deleted" in result["log"]
