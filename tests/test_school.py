"""The teacher's guide, followed as a school follows it: built wheels, fresh environments outside
the checkout, a teacher and three students with Unix accounts of their own.

The commands are not written here: they are read from the guide (``exercises/README.md``, the
``console`` blocks of "On a school's hub, step by step"), in the guide's order, and each line runs
as the account its prompt names (``admin#`` as root, ``teacher$`` as the teacher, ``student$`` as
each student). Only what a person would type into their notebook is done by the test: ``ada``
answers every question honestly, ``bob`` hands in the copy untouched, ``cy`` writes code that
looks for the teacher's solutions (the kit installed beside the grader, any ``source/`` folder it
can reach) and runs them for their own id. Then: the marks each earned, the feedback each
fetched, the Canvas and Moodle exports, and that running the setup again, or nbgrader's own
``generate_assignment --force``, deletes nothing.

The accounts are made with ``useradd`` and removed afterwards, so the test runs only as root (CI
runs as root) and is skipped with its reason otherwise. The names are the guide's with a prefix
(``ada`` is the account ``tgada``), so no real account is touched.
"""

from __future__ import annotations

import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "exercises" / "README.md"
PROMPTS = {"admin#": "admin", "teacher$": "teacher", "student$": "student"}
STUDENTS = {"ada": "tgada", "bob": "tgbob", "cy": "tgcy"}
TEACHER = "tgteacher"
MARK = "tilegames school test account"
ASSIGNMENT = "w1_tula"

pytestmark = [pytest.mark.installed, pytest.mark.school]


def guide_blocks(text: str) -> list[tuple[str, list[str]]]:
    """The guide's ``console`` blocks in order: (role, commands), one role per block.

    >>> guide_blocks("x\\n```console\\nteacher$ cd ~\\nteacher$ ls\\n```\\n")
    [('teacher', ['cd ~', 'ls'])]
    """
    blocks = []
    for fence in re.finditer(r"```console\n(.*?)```", text, re.S):
        lines = [line.strip() for line in fence.group(1).splitlines() if line.strip()]
        prompts = {line.split(" ", 1)[0] for line in lines}
        assert len(prompts) == 1 and prompts <= set(PROMPTS), f"one known prompt a block: {lines}"
        blocks.append((PROMPTS[prompts.pop()], [line.split(" ", 1)[1] for line in lines]))
    return blocks


@dataclass
class School:
    """A hub in a folder: the exchange, the students' environment, the accounts' homes."""

    root: Path
    log: list[str] = field(default_factory=list)

    @property
    def pip(self) -> dict[str, str]:
        """The school's local mirror: pip finds every wheel there and asks no index."""
        return {
            "PIP_FIND_LINKS": str(self.root / "wheelhouse"),
            "PIP_NO_INDEX": "1",
        }

    def home(self, account: str) -> Path:
        return self.root / "home" / account

    def localise(self, command: str) -> str:
        """The guide's line with this machine's folders and the test's account names."""
        command = command.replace("/srv/nbgrader/exchange", str(self.root / "exchange"))
        command = command.replace("/opt/tilegames", str(self.root / "opt" / "tilegames"))
        command = command.replace("/srv/tilegames", str(self.root / "srv" / "tilegames"))
        command = re.sub(r"\bkay\b", TEACHER, command)
        command = command.replace("--find-links dist", f"--find-links {self.root / 'dist'}")
        return re.sub(r"\b(ada|bob|cy)\b", lambda m: STUDENTS[m.group(1)], command)

    def run(self, role: str, commands: list[str], account: str | None = None) -> str:
        """Run one guide block as ``account`` (root for the administrator); its output."""
        script = "set -eo pipefail\n" + "\n".join(self.localise(c) for c in commands)
        path = "/usr/local/bin:/usr/bin:/bin"
        if role == "admin":
            argv = ["bash", "-c", script]
            env = {"PATH": path, "HOME": str(self.root), "LANG": "C.UTF-8", **self.pip}
            cwd = self.root
        else:
            if role == "student":  # the hub puts the image's environment first
                path = f"{self.root / 'opt' / 'tilegames' / 'bin'}:{path}"
            home = self.home(account)
            hub = [f"JUPYTERHUB_USER={account}"] if role == "student" else []  # as a hub sets it
            argv = ["runuser", "-u", account, "--", "env", "-i", f"HOME={home}", *hub,
                    f"USER={account}", f"LOGNAME={account}", f"PATH={path}", "LANG=C.UTF-8",
                    *(f"{k}={v}" for k, v in self.pip.items()),
                    "bash", "-c", f"cd ~ && {script}"]  # fmt: skip
            env, cwd = None, self.root
        start = time.monotonic()
        done = subprocess.run(
            argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=900, check=False
        )
        output = done.stdout + done.stderr
        took = time.monotonic() - start
        self.log.append(f"--- {account or 'root'} ({took:.0f} s): {commands}\n{output[-3000:]}")
        steps = "\n".join(entry.splitlines()[0] for entry in self.log)
        (self.root.parent / "tilegames-school-last.log").write_text("\n".join(self.log))
        assert done.returncode == 0, (
            f"{steps}\n{account or 'root'} ran {commands}:\n{output[-5000:]}"
        )
        return output


def _useradd(school: School, account: str) -> None:
    subprocess.run(
        ["useradd", "--create-home", "--home-dir", school.home(account), "--comment", MARK,
         "--shell", "/bin/bash", account],
        check=True, capture_output=True,
    )  # fmt: skip


def _userdel(account: str) -> None:
    """Remove a test account (only one this test made: its comment says so)."""
    entry = subprocess.run(["getent", "passwd", account], capture_output=True, text=True)
    if entry.returncode != 0 or MARK not in entry.stdout:
        return
    subprocess.run(["pkill", "-KILL", "-u", account], capture_output=True)
    subprocess.run(["userdel", account], capture_output=True)  # the home goes with the school


@pytest.fixture(scope="module")
def school(request):
    with open_school(request) as made:
        yield made


@contextmanager
def open_school(request: pytest.FixtureRequest):
    """The school's folder with the built wheels and its wheelhouse (``conftest.built_dists``
    and ``school_wheelhouse``, built once per session: asked for only once this machine can run
    the school), and the accounts; all removed afterwards, even on failure. Skips where it
    cannot run."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("the school's path needs root to make Unix accounts (CI runs as root)")
    missing = [c for c in ("useradd", "userdel", "runuser") if shutil.which(c) is None]
    if missing or not Path("/usr/bin/python3").exists():
        pytest.skip(f"needs {', '.join(missing) or 'Debian python3 (/usr/bin/python3)'}")
    for account in (TEACHER, *STUDENTS.values()):
        exists = subprocess.run(["getent", "passwd", account], capture_output=True, text=True)
        if exists.returncode == 0 and MARK not in exists.stdout:
            pytest.skip(f"an account named {account} exists and is not this test's")
        _userdel(account)  # one left over by an interrupted run
    root = Path(tempfile.mkdtemp(prefix="tilegames-school-", dir="/tmp"))
    school = School(root)
    try:
        root.chmod(0o755)
        (root / "home").mkdir(mode=0o755)
        # the wheels (the guide's `dist`) and the school's local mirror, where the accounts
        # can read them (pytest's own folders are the test runner's only)
        for name, fixture in (("dist", "built_dists"), ("wheelhouse", "school_wheelhouse")):
            shutil.copytree(request.getfixturevalue(fixture), root / name)
            subprocess.run(["chmod", "-R", "a+rX", root / name], check=True)
        for account in (TEACHER, *STUDENTS.values()):
            _useradd(school, account)
        yield school
    finally:
        for account in (TEACHER, *STUDENTS.values()):
            _userdel(account)
        # two environments of a few hundred MB: removed in the background, not waited for
        subprocess.Popen(["rm", "-rf", str(root)], start_new_session=True)


# -- what the students type into their notebooks ---------------------------------------------


def _solution_cells(source: Path) -> dict[str, str]:
    notebook = nbformat.read(source, as_version=4)
    return {
        cell.metadata["nbgrader"]["grade_id"]: re.sub(
            r"^\s*### (BEGIN|END) SOLUTION\n", "", cell.source, flags=re.M
        )
        for cell in notebook.cells
        if cell.metadata.get("nbgrader", {}).get("solution") and cell.cell_type == "code"
    }


CHEAT = """
import glob, importlib, os, sys, json
def _find_solutions():
    found = []
    try:
        kit = importlib.import_module("tilegames_course")
        found += glob.glob(str(kit.folder() / "source" / "{a}" / "{a}.ipynb"))
    except Exception:
        pass
    for entry in sys.path:  # a kit or a checkout beside the library
        found += glob.glob(os.path.join(entry, "tilegames_course", "data", "source", "{a}", "*.ipynb"))
        found += glob.glob(os.path.join(entry, "*", "source", "{a}", "{a}.ipynb"))
        found += glob.glob(os.path.join(os.path.dirname(entry), "*", "source", "{a}", "{a}.ipynb"))
    for pattern in ("/home/*/*/source/{a}/{a}.ipynb", "/tmp/*/home/*/*/source/{a}/{a}.ipynb",
                    "/root/*/source/{a}/{a}.ipynb", "/srv/*/source/{a}/{a}.ipynb"):
        found += glob.glob(pattern)
    return found
def cheat(grade_id):
    for path in _find_solutions():
        try:
            cells = json.load(open(path))["cells"]
        except Exception:
            continue
        for cell in cells:
            if cell.get("metadata", {{}}).get("nbgrader", {{}}).get("grade_id") == grade_id:
                exec("".join(cell["source"]), globals())
                return
"""


def _work(school: School, account: str, kind: str, course: Path) -> None:
    """The student's notebook as they leave it before handing in."""
    path = school.home(account) / "prob101" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    notebook = nbformat.read(path, as_version=4)
    answer(notebook, kind, course)
    nbformat.write(notebook, path)
    shutil.chown(path, account, account)


def answer(notebook, kind: str, course: Path) -> None:
    """Fill in the student's copy ``notebook`` as a student of ``kind`` does (in place)."""
    solutions = _solution_cells(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    first = True
    for cell in notebook.cells:
        meta = cell.metadata.get("nbgrader", {})
        if not meta.get("solution") or cell.cell_type != "code":
            continue
        if kind == "honest":  # what a student who did all the work typed
            cell.source = solutions[meta["grade_id"]]
        elif kind == "cheat":
            prelude = CHEAT.format(a=ASSIGNMENT) if first else ""
            cell.source = f"{prelude}\ncheat({meta['grade_id']!r})\n"
            first = False
    if kind == "honest":
        for cell in notebook.cells:
            if cell.metadata.get("nbgrader", {}).get("solution") and cell.cell_type == "markdown":
                cell.source = "Tiles only leave, so what is revealable stays revealable."


def _points(source: Path) -> tuple[float, float]:
    """(the points graded automatically, all the points) of a source notebook."""
    notebook = nbformat.read(source, as_version=4)
    graded = [c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade")]
    auto = sum(
        float(c.metadata["nbgrader"].get("points", 0))
        for c in graded
        if not c.metadata["nbgrader"].get("solution") and c.cell_type == "code"
    )
    return auto, sum(float(c.metadata["nbgrader"].get("points", 0)) for c in graded)


# -- the guide, run -----------------------------------------------------------------------------


def test_the_guide_run_as_a_school_gives_each_student_what_they_earned(school):
    blocks = guide_blocks(GUIDE.read_text())
    assert [role for role, _ in blocks].count("student") >= 3, "fetch, submit, fetch feedback"
    course = school.home(TEACHER) / "course"
    kinds = {"tgada": "honest", "tgbob": "blank", "tgcy": "cheat"}
    outputs: dict[str, str] = {}
    for role, commands in blocks:
        if role == "student":
            for account in STUDENTS.values():
                outputs[account] = school.run(role, commands, account)
                if any("fetch_assignment" in c for c in commands):
                    _work(school, account, kinds[account], course)
        else:
            out = school.run(role, commands, TEACHER if role == "teacher" else None)
            outputs.setdefault(role, "")
            outputs[role] += out

    teacher = outputs["teacher"]
    # the setup: the students' copies generated, the exchange ready
    assert f"generated  release/{ASSIGNMENT}" in teacher
    assert "is ready (mode 1777)" in teacher
    # the marks: exact, from the gradebook and as the grading command printed them
    full, maximum = _points(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    assert 0 < full < maximum
    expected = {"tgada": full, "tgbob": 0.0, "tgcy": 0.0}
    graded = "\n".join(
        line for line in teacher.splitlines() if re.match(r"(tg\w+: |\s+! |\d+ graded)", line)
    )
    for account, points in expected.items():
        line = rf"^{account}: {points:g} of {maximum:g} points autograded"
        assert re.search(line, graded, re.M), graded
    assert "FAILED" not in teacher and "3 graded, 0 failed" in teacher
    # the feedback each student fetched: their own result, no solution, no key
    for account, points in expected.items():
        feedback = school.home(account) / "prob101" / ASSIGNMENT / "feedback"
        fetched = list(feedback.rglob("*.html"))
        assert len(fetched) == 1, (account, fetched)
        assert not list(feedback.rglob("grading-report.json"))  # the teacher's report stays
        html = fetched[0].read_text()
        assert "BEGIN SOLUTION" not in html and "def questions(" not in html
        assert f"{ASSIGNMENT} (Score: {round(points, 2)} / {round(maximum, 2)})" in html, account
    # the exports: w1 only (the one released), each student's points, the hand-marked parts said
    with (course / "canvas.csv").open(newline="") as handle:
        canvas = list(csv.reader(handle))
    assert canvas[0][5:] == [ASSIGNMENT, "Notes"], canvas[0]
    by_login = {row[3]: row for row in canvas[2:]}
    assert set(by_login) == set(STUDENTS.values())
    for account, points in expected.items():
        assert float(by_login[account][5]) == points
    # ada wrote an answer to mark by hand; bob's and cy's written answers are the blank copy's,
    # which nbgrader scores 0 without asking anyone
    assert by_login["tgada"][6] == f"{ASSIGNMENT}: written parts still to be marked by hand"
    assert by_login["tgbob"][6] == by_login["tgcy"][6] == ""
    with (course / "moodle.csv").open(newline="") as handle:
        moodle = {row["Username"]: row for row in csv.DictReader(handle)}
    assert set(moodle) == set(STUDENTS.values())
    assert float(moodle["tgada"][ASSIGNMENT]) == full
    assert "still to be marked" in moodle["tgada"][f"{ASSIGNMENT} (feedback)"]

    # the class experiment: each student's share landed, the teacher's summary counts them all
    for account in STUDENTS.values():
        assert "Shared " in outputs[account] and "with the class" in outputs[account], account
    assert re.search(r"3 students shared [\d,]+ \w+\.", teacher), teacher[-2000:]

    # again, after the class has handed in: nothing regenerated, nothing deleted
    release = course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    before = release.read_bytes()
    again = school.run(
        "teacher",
        ["source ~/tilegames-teacher/bin/activate",
         "tilegames course ~/course --course-id prob101 --exchange /srv/nbgrader/exchange",
         f"cd ~/course && (nbgrader generate_assignment {ASSIGNMENT} --force || true)"],
        TEACHER,
    )  # fmt: skip
    assert f"ready      release/{ASSIGNMENT}" in again
    assert "submission(s): its students' copy" in again and "nothing was deleted" in again
    assert release.read_bytes() == before
    print("\n".join(line.splitlines()[0] for line in school.log))


def test_the_guide_names_only_commands_that_exist():
    """Every ``python -m`` module and sub-command the guide's blocks name is real."""
    from tilegames import student_env
    from tilegames_course.grading import course

    named = 0
    for _role, commands in guide_blocks(GUIDE.read_text()):
        for command in commands:
            found = re.search(r"-m tilegames_course\.grading\.course (\S+)", command)
            if found:
                named += 1
                with pytest.raises(SystemExit) as stop:
                    course.main([found.group(1), "--help"])
                assert stop.value.code == 0, command
            if re.search(r"-m tilegames\.student_env\b", command):
                named += 1
                with pytest.raises(SystemExit) as stop:
                    student_env.main(["--help"])
                assert stop.value.code == 0, command
            # the teacher's commands are the teacher's package's: none is left in tilegames
            assert "-m tilegames.grading" not in command, command
    assert named >= 3  # student-env, autograde, export
