"""tilegames as a school installs it: built, installed outside the checkout, and used there.

Two parts. The first runs in the development environment: how ``tilegames
lessons`` and ``tilegames course`` lay out a folder (a person's edits are kept
without ``--force``), and that the version is the same everywhere it is written.

The second (marker ``installed``; ``make test`` and ``make installed`` run it)
builds the sdists and wheels of ``tilegames`` and ``tilegames-course`` from
this checkout, installs the wheels into fresh virtual environments in a
temporary folder, and there runs the unit tests and doctests against the
installed package (never the source tree: checked), runs both commands,
executes two lessons and an assignment from the folders they wrote, and
installs a wheel built with no C compiler (``CC=false``) to see the Python
search take over and say why.

The fresh environments get the third-party dependencies (numpy, nbgrader,
pytest …) from this environment's site-packages through a ``.pth`` line, added
after the wheels are installed: what is tested is the wheels' own files, in a
few minutes rather than a full download of JupyterLab and nbgrader each time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

import tilegames
from tilegames import resources
from tilegames.cli import main, setup_folders
from tilegames.cli.setup_folders import COURSE_MANIFEST, LESSONS_MANIFEST, lay_out
from tilegames.maze import native

ROOT = Path(__file__).resolve().parents[1]

# -- laying out a folder ---------------------------------------------------------------------


def test_a_folder_is_written_then_left_alone_then_updated_where_untouched(tmp_path):
    first = lay_out(tmp_path, {"a.txt": b"one", "sub/b.txt": b"two"}, manifest=".m.json")
    assert sorted(first.written) == ["a.txt", "sub/b.txt"]
    assert (tmp_path / "sub" / "b.txt").read_bytes() == b"two"
    again = lay_out(tmp_path, {"a.txt": b"one", "sub/b.txt": b"two"}, manifest=".m.json")
    assert again.written == [] and sorted(again.unchanged) == ["a.txt", "sub/b.txt"]
    # a newer release ships a new a.txt: the untouched copy is updated
    newer = lay_out(tmp_path, {"a.txt": b"ONE", "sub/b.txt": b"two"}, manifest=".m.json")
    assert newer.updated == ["a.txt"] and (tmp_path / "a.txt").read_bytes() == b"ONE"
    assert newer.lines()[-1].endswith("1 updated, 1 unchanged")


def test_a_persons_edit_is_kept_until_force(tmp_path):
    lay_out(tmp_path, {"a.txt": b"one"}, manifest=".m.json")
    (tmp_path / "a.txt").write_bytes(b"my notes")
    for shipped in (b"one", b"a newer one"):  # kept whether or not the release changed it
        report = lay_out(tmp_path, {"a.txt": shipped}, manifest=".m.json")
        assert report.skipped == ["a.txt"] and (tmp_path / "a.txt").read_bytes() == b"my notes"
        assert "--force" in report.lines()[0]
    forced = lay_out(tmp_path, {"a.txt": b"one"}, manifest=".m.json", force=True)
    assert forced.overwritten == ["a.txt"] and (tmp_path / "a.txt").read_bytes() == b"one"
    # and from then on it is as written: a new release updates it
    assert lay_out(tmp_path, {"a.txt": b"two"}, manifest=".m.json").updated == ["a.txt"]


def test_a_file_not_written_here_or_a_lost_manifest_counts_as_a_persons(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"theirs")
    assert lay_out(tmp_path, {"a.txt": b"ours"}, manifest=".m.json").skipped == ["a.txt"]
    lay_out(tmp_path, {"b.txt": b"ours"}, manifest=".m.json")
    (tmp_path / ".m.json").write_text("not json")
    (tmp_path / "b.txt").write_bytes(b"edited")
    assert lay_out(tmp_path, {"b.txt": b"ours"}, manifest=".m.json").skipped == ["b.txt"]


def test_a_target_that_is_a_file_is_refused_and_nothing_written(tmp_path, capsys):
    target = tmp_path / "lessons"
    target.write_text("a file")
    assert main(["lessons", str(target)]) == 2
    assert "not a folder" in capsys.readouterr().err
    assert target.read_text() == "a file" and sorted(tmp_path.iterdir()) == [target]


# -- the two commands, in this environment -----------------------------------------------------


def test_lessons_writes_the_notebooks_and_every_file_they_read(tmp_path, capsys):
    assert main(["lessons", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    lessons = sorted(p.name for p in (tmp_path / "notebooks").glob("*.ipynb"))
    assert lessons == sorted(p.name for p in resources.folder("lessons").glob("*.ipynb"))
    assert len(lessons) >= 6 and f"wrote      notebooks/{lessons[0]}" in out
    assert sorted(p.name for p in (tmp_path / "results").iterdir()) == resources.names("results")
    assert (tmp_path / "cards" / "index.html").is_file()
    assert not (tmp_path / "assignments").exists()
    # the lessons open ../results/<file>: each such file is beside them in the layout
    opened = set()
    for notebook in (tmp_path / "notebooks").glob("*.ipynb"):
        for cell in json.loads(notebook.read_text())["cells"]:
            if cell["cell_type"] == "code":
                opened |= set(
                    re.findall(r"\.\./results/([\w.]+\.(?:csv|json))", "".join(cell["source"]))
                )
    assert opened and all((tmp_path / "results" / name).is_file() for name in opened)
    manifest = json.loads((tmp_path / LESSONS_MANIFEST).read_text())
    assert manifest["written_by"] == f"tilegames {tilegames.__version__}"
    assert len(manifest["files"]) == len(list(tmp_path.rglob("*.*"))) - 1


def test_lessons_with_assignments_adds_the_students_copies(tmp_path):
    assert main(["lessons", str(tmp_path), "--assignments"]) == 0
    copies = sorted(p.relative_to(tmp_path / "assignments").as_posix()
                    for p in (tmp_path / "assignments").rglob("*.ipynb"))  # fmt: skip
    assert copies == resources.names("release") and copies


def test_course_lays_out_an_nbgrader_course_ready_to_release(tmp_path, capsys, monkeypatch):
    pytest.importorskip("tilegames_course")
    pytest.importorskip("nbgrader")
    import nbformat
    from nbgrader.api import Gradebook

    monkeypatch.delenv("TILEGAMES_EXCHANGE", raising=False)
    monkeypatch.delenv("TILEGAMES_COURSE_ID", raising=False)
    course, exchange = tmp_path / "course", tmp_path / "exchange"
    assert (
        main(["course", str(course), "--course-id", "prob-101", "--exchange", str(exchange)]) == 0
    )
    out = capsys.readouterr().out
    config = (course / "nbgrader_config.py").read_text()
    assert config.startswith((ROOT / "exercises" / "nbgrader_config.py").read_text().rstrip())
    sources = sorted(p.name for p in (ROOT / "exercises" / "source").iterdir() if p.is_dir())
    assert sorted(p.name for p in (course / "source").iterdir()) == sources
    assert (course / "README.md").read_text() == (ROOT / "exercises" / "README.md").read_text()
    keys = ROOT / "exercises" / "keys"
    assert {p.name for p in (course / "keys").iterdir()} >= {p.name for p in keys.glob("*.py")}
    # the students' copies are generated by nbgrader there, so the gradebook knows every
    # notebook and its points (what `nbgrader release_assignment` and autograde need) ...
    assert f"generated  release/{sources[0]}" in out
    assert (
        f"does not exist yet; ask the hub's administrator to run: sudo install -d -m 1777 {exchange}"
        in out
    )
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", course_id="prob-101") as gradebook:
        assert sorted(a.name for a in gradebook.assignments) == sources
        for assignment in gradebook.assignments:
            assert [n.name for n in assignment.notebooks] == [assignment.name]
            assert assignment.max_score > 0, assignment.name
    # ... and are the same as the copies the library ships to students
    for name in sources:
        made = nbformat.read(course / "release" / name / f"{name}.ipynb", as_version=4)
        shipped = nbformat.read(resources.folder("release") / name / f"{name}.ipynb", as_version=4)
        assert [c.source for c in made.cells] == [c.source for c in shipped.cells], name
    # the course id and exchange given, unless the hub's environment says otherwise
    from traitlets.config.loader import PyFileConfigLoader

    def settings() -> tuple[str, str]:
        loaded = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
        return loaded.CourseDirectory.course_id, loaded.Exchange.root

    assert settings() == ("prob-101", str(exchange))
    monkeypatch.setenv("TILEGAMES_EXCHANGE", "/srv/elsewhere")
    monkeypatch.setenv("TILEGAMES_COURSE_ID", "prob-102")
    assert settings() == ("prob-102", "/srv/elsewhere")
    monkeypatch.delenv("TILEGAMES_EXCHANGE")
    monkeypatch.delenv("TILEGAMES_COURSE_ID")
    # again: nothing regenerated; the exchange now made as the note said
    exchange.mkdir(mode=0o777)
    exchange.chmod(0o1777)
    assert (
        main(["course", str(course), "--course-id", "prob-101", "--exchange", str(exchange)]) == 0
    )
    out = capsys.readouterr().out
    assert f"ready      release/{sources[0]}" in out and "generated  release" not in out
    assert f"the exchange {exchange} is ready (mode 1777)" in out
    # another exchange: the config is updated, and says why
    assert main(["course", str(course), "--course-id", "prob-101", "--exchange", "/srv/x"]) == 0
    out = capsys.readouterr().out
    assert "updated    nbgrader_config.py (this class's course id or exchange" in out
    assert settings() == ("prob-101", "/srv/x")
    # a person's edit to the config is kept
    (course / "nbgrader_config.py").write_text(config + "c.Exchange.timezone = 'UTC'\n")
    assert main(["course", str(course), "--course-id", "other"]) == 0
    out = capsys.readouterr().out
    assert "skipped    nbgrader_config.py" in out and "prob-101" in settings()[0]
    assert json.loads((course / COURSE_MANIFEST).read_text())["files"]


def test_course_without_the_teachers_kit_says_how_to_get_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(setup_folders, "_course_package", lambda: None)
    assert main(["course", str(tmp_path / "course")]) == 2
    err = capsys.readouterr().err
    assert "tilegames-course" in err and "pip install tilegames_course-" in err
    assert not (tmp_path / "course").exists()


@pytest.mark.parametrize("course_id", ["", "two words", "../up", "-x"])
def test_a_bad_course_id_is_refused(tmp_path, capsys, course_id):
    with pytest.raises(SystemExit) as stop:
        main(["course", str(tmp_path / "c"), f"--course-id={course_id}"])
    assert stop.value.code == 2 and "course id" in capsys.readouterr().err
    assert not (tmp_path / "c").exists()


def test_version_is_one_number_everywhere(capsys):
    version = tilegames.__version__
    with pytest.raises(SystemExit):
        main(["--version"])
    line = capsys.readouterr().out
    assert line.startswith(f"tilegames {version} (Maze: ")
    assert native.describe() in line
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert re.search(r"^## (?!Unreleased)(\S+)", changelog, re.M).group(1) == version
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    course = tomllib.loads((ROOT / "course" / "pyproject.toml").read_text())["project"]
    assert course["dependencies"] == [f"tilegames[course]=={version}"]
    kit = (ROOT / "course" / "tilegames_course" / "__init__.py").read_text()
    assert f'__version__ = "{version}"' in kit


# -- the built distributions, installed outside the checkout ---------------------------------

installed = pytest.mark.installed
COMPILER = shutil.which("cc") or shutil.which("gcc")


def _interruptible() -> None:
    # a test run started in the background of a shell ignores SIGINT, and children inherit
    # that; the Ctrl-C tests need Python's own handler in the processes they start
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(command, cwd, *, env=None, check=True, timeout=1800) -> subprocess.CompletedProcess:
    """Run a command; on failure the assertion shows its output."""
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True,
        timeout=timeout, preexec_fn=_interruptible,
    )  # fmt: skip
    if check:
        assert done.returncode == 0, f"{command}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("installed")
    assert ROOT not in folder.resolve().parents
    return folder


@pytest.fixture(scope="module")
def dists(built_dists) -> dict[str, Path]:
    """Both projects built as a school would (``python -m build``: the sdist, then the wheel
    from the sdist, so the sdist is known to be complete; ``conftest.built_dists``, once per
    session)."""
    out = built_dists
    found = {
        "sdist": out / f"tilegames-{tilegames.__version__}.tar.gz",
        "wheel": next(out.glob(f"tilegames-{tilegames.__version__}-*.whl")),
        "course_sdist": out / f"tilegames_course-{tilegames.__version__}.tar.gz",
        "course_wheel": out / f"tilegames_course-{tilegames.__version__}-py3-none-any.whl",
    }
    assert all(path.is_file() for path in found.values()), sorted(out.iterdir())
    return found


def environment(venv: Path) -> dict[str, str]:
    """The environment a command runs in: the venv's scripts first, no PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    # this environment's scripts after the venv's: nbgrader's `alembic`, jupyter's kernels
    env["PATH"] = os.pathsep.join([str(venv / "bin"), sysconfig.get_path("scripts"), env["PATH"]])
    return env


def make_venv(folder: Path, wheels: list[Path]) -> Path:
    """A fresh venv holding ``wheels``; dependencies come from this environment (see above)."""
    run([sys.executable, "-m", "venv", "--without-pip", folder], folder.parent)
    python = folder / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", python]
    # without PYTHONPATH: a checkout on it (with its egg-info) would count as installed already
    run([*pip, "install", "--no-deps", "--no-index", "--quiet", *wheels], folder.parent,
        env=environment(folder))  # fmt: skip
    site = run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], folder)
    here = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (Path(site.stdout.strip()) / "_borrowed_dependencies.pth").write_text("\n".join(here) + "\n")
    return python


@pytest.fixture(scope="module")
def venv(work, dists) -> Path:
    """The wheels of tilegames and tilegames-course, installed: the venv's python."""
    python = make_venv(work / "venv", [dists["wheel"], dists["course_wheel"]])
    where = run(
        [python, "-c", "import tilegames, tilegames_course; "
         "print(tilegames.__file__); print(tilegames_course.__file__)"],
        work, env=environment(work / "venv"),
    ).stdout.split()  # fmt: skip
    for module in where:
        assert Path(module).is_relative_to(work / "venv"), module
        assert not Path(module).resolve().is_relative_to(ROOT), module
    return python


def members(path: Path) -> dict[str, bytes]:
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as archive:
            return {name: archive.read(name) for name in archive.namelist()}
    with tarfile.open(path) as archive:
        return {
            member.name.split("/", 1)[1]: archive.extractfile(member).read()
            for member in archive.getmembers()
            if member.isfile()
        }


@installed
def test_the_student_package_holds_the_class_material_and_no_solutions(dists):
    wheel = members(dists["wheel"])
    data = "tilegames/_data/"
    for kind in resources.KINDS:
        shipped = sorted(name[len(data) + len(kind) + 1 :] for name in wheel
                         if name.startswith(f"{data}{kind}/"))  # fmt: skip
        assert shipped and shipped == resources.names(kind), kind
    if COMPILER:
        assert any(re.fullmatch(r"tilegames/maze/csearch\..*(so|pyd)", name) for name in wheel)
    metadata = next(v for k, v in wheel.items() if k.endswith(".dist-info/METADATA")).decode()
    assert "License-Expression: BSD-3-Clause" in metadata
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in wheel)
    for extra in ("lab", "course", "dask", "dev"):
        assert f"Provides-Extra: {extra}" in metadata
    assert re.search(r"Requires-Dist: nbgrader.*extra == \"course\"", metadata)
    assert re.search(r"Requires-Dist: jupyterlab.*extra == \"lab\"", metadata)
    # the teacher's side is in neither the wheel nor the sdist (a student can download both):
    # no solutions, no keys, no guide, and no grading code (it is tilegames-course's)
    for archive in ("wheel", "sdist"):
        files = members(dists[archive])
        assert any(name.endswith("tilegames/exercises/handin.py") for name in files), archive
        for name, content in files.items():
            assert "exercises/source" not in name and "keys/" not in name, (archive, name)
            assert b"BEGIN SOLUTION" not in content, (archive, name)
            assert not name.endswith("exercises/README.md"), (archive, name)
            assert "grading/" not in name and "tilegames_course" not in name, (archive, name)
            if name.endswith(".py"):
                assert not re.search(rb"^\s*(from|import) nbgrader\b", content, re.M), name
                assert not re.search(rb"^(from|import) tilegames_course\b", content, re.M), name


@installed
def test_the_teachers_kit_holds_sources_keys_config_and_guide(dists):
    kit = members(dists["course_wheel"])
    data = "tilegames_course/data/"
    exercises = ROOT / "exercises"
    expected = {"nbgrader_config.py", "README.md"}
    expected |= {
        p.relative_to(exercises).as_posix() for p in (exercises / "source").rglob("*.ipynb")
    }
    if (exercises / "keys").is_dir():
        expected |= {p.relative_to(exercises).as_posix() for p in (exercises / "keys").glob("*.py")}
    shipped = {name[len(data) :] for name in kit if name.startswith(data)}
    assert expected <= shipped, sorted(expected - shipped)
    assert any(b"BEGIN SOLUTION" in kit[data + name] for name in shipped if name.endswith(".ipynb"))
    assert "release/" not in "".join(shipped)  # the students' copies come with tilegames
    metadata = next(v for k, v in kit.items() if k.endswith(".dist-info/METADATA")).decode()
    assert f"Requires-Dist: tilegames[course]=={tilegames.__version__}" in metadata
    # the grading is the teacher's package's: every module of the checkout's, and in its sdist
    grading = ROOT / "course" / "tilegames_course" / "grading"
    modules = {f"tilegames_course/grading/{p.name}" for p in grading.glob("*.py")}
    assert {
        "tilegames_course/grading/sandbox_inside.py",
        "tilegames_course/grading/grader.py",
    } < modules
    assert modules <= set(kit), sorted(modules - set(kit))
    assert modules <= set(members(dists["course_sdist"])), "the sdist lacks the grading"


CHECKOUT_ONLY = {
    # tests of the repository's own files rather than the package: `make test` runs them in
    # the checkout; a copied tests/ folder has no scripts/, committed notebooks or cards
    "tests/test_grading.py": "grades with the checkout's scripts/course.py",
    "tests/test_exercises.py::test_the_rules_cards_are_drawn_by_the_library_and_committed": (
        "runs scripts/make_cards.py against the committed docs/cards"
    ),
    "tests/test_notebook_language.py": "reads the committed notebooks/ and exercises/",
    "tests/test_widgets.py::test_the_notebook_runner_stores_svg_as_png_and_drops_widget_references": (
        "runs scripts/execute_notebooks.py"
    ),
    "tests/test_widgets.py::test_the_notebook_runner_drops_widgets_that_have_no_picture": (
        "runs scripts/execute_notebooks.py"
    ),
    "tests/triominos/test_triominos_hardening.py::test_rules_import_nothing_from_players": (
        "opens tilegames/triominos/rules.py relative to the working folder"
    ),
    "tests/test_install.py": "this file: it builds from the checkout",
    "tests/test_school.py": "builds the wheels from the checkout and follows its guide",
    "tests/test_hub.py": "builds the wheels from the checkout and follows its guide on a hub",
    "tests/grading/hostile_submission.py": "grades with the checkout's scripts/course.py",
    "tests/grading/test_safe_for_teacher.py": "grades with the checkout's scripts/course.py",
    "tests/grading/test_kernel_sandbox.py": "grades with the checkout's scripts/course.py",
    "tests/test_lesson_checks.py": "reads the committed notebooks/",
    "tests/grading/test_sandbox.py::test_a_probe_walking_every_readable_file_finds_no_solution_key_or_canary": (
        "the installed venv here borrows the development environment's site-packages, whose "
        "editable kit points into this checkout (a school's install has no such link)"
    ),
    "tests/test_notebook_links.py::test_every_link_resolves_in_the_checkout": (
        "reads the committed notebooks/ and exercises/"
    ),
    "tests/exercises": "loads the answer keys from the checkout's exercises/keys (the teacher's kit)",
    "tests/test_exercises.py": "loads the answer keys from the checkout's exercises/keys",
    "tests/test_cli.py::test_ctrl_c_stops_a_run_promptly_and_leaves_no_process": (
        "timed to seconds; a loaded machine running both copies of the suite misses them"
    ),
    "tests/test_cli.py::test_a_signal_to_the_command_alone_stops_it_and_its_workers_and_keeps_a_true_pair": (
        "timed to seconds, as above (run in the checkout)"
    ),
    "tests/test_cli.py::test_ctrl_c_during_lessons_leaves_no_temporary_file_and_says_what_it_stopped[0]": (
        "an interrupt at once on a loaded machine can land in CPython's own import lock, which "
        "prints 'Exception ignored' itself (run in the checkout)"
    ),
}


SAME_CODE = {
    "tests/tula": "Tula's rules and players: pure Python the wheel carries byte for byte",
    "tests/triominos": "Tri-Ominos' rules and players: the same",
    "tests/test_golden.py": "the golden playthroughs of those rules: the same",
}
"""Tests of pure Python that the installed run leaves to the checkout's: the wheel's ``.py``
files are the checkout's byte for byte (``test_the_wheel_carries_the_checkouts_python_code``),
so running them again against the wheel tells nothing new. Maze's and Flaming Pyramids' tests
stay: Maze's search and the Pyramids engine are compiled at install (the Pyramids' own test
plays the same games with the compiled modules and their ``.py`` sources)."""


@installed
@pytest.mark.parametrize(
    "package, checkout",
    [("tilegames", "tilegames"), ("tilegames_course", "course/tilegames_course")],
)
def test_the_wheel_carries_the_checkouts_python_code(work, venv, package, checkout):
    env = environment(work / "venv")  # the venv's packages, whatever PYTHONPATH says here
    where = run([venv, "-c", f"import {package}; print({package}.__file__)"], work, env=env)
    installed = Path(where.stdout.strip()).parent
    assert installed != ROOT / checkout

    def code(folder: Path) -> dict[str, bytes]:
        # the teacher's kit's data/ is the course material (keys, config) copied at build time
        return {
            str(path.relative_to(folder)): path.read_bytes()
            for path in folder.rglob("*.py")
            if not {"__pycache__", "data"} & set(path.relative_to(folder).parts)
        }

    mine, theirs = code(ROOT / checkout), code(installed)
    assert sorted(mine) == sorted(theirs)
    assert [name for name in mine if mine[name] != theirs[name]] == []


@installed
def test_unit_tests_and_doctests_pass_against_the_installed_package(work, venv):
    tests = work / "tests"
    shutil.copytree(ROOT / "tests", tests, ignore=shutil.ignore_patterns("__pycache__"))
    (work / "pytest.ini").write_text(
        "[pytest]\nmarkers =\n    browser: b\n    slow: s\n    installed: i\n    school: s\n"
    )
    (work / "conftest.py").write_text(textwrap.dedent(f"""\
        import pathlib
        import tilegames
        # the tests run against the installed package, never this checkout's source tree (the
        # venv fixture checks tilegames_course too; this file also serves the Pig venv, without it)
        assert not pathlib.Path(tilegames.__file__).resolve().is_relative_to({str(ROOT)!r})
        """))  # fmt: skip
    leave_out = [
        f"--ignore={name}" if "::" not in name else f"--deselect={name}"
        for name in {**CHECKOUT_ONLY, **SAME_CODE}
    ]
    # a module compiled at install (the Pyramids engine) is a .so beside its .py: pytest cannot
    # collect the .py's doctests from it (they run in the checkout, on the same source); its
    # games are checked against that source by tests/pyramids/test_pyramids_compiled.py
    installed = Path(run([venv, "-c", "import tilegames; print(tilegames.__file__)"], work,
                         env=environment(work / "venv")).stdout.strip()).parent  # fmt: skip
    compiled = sorted(
        source for source in installed.rglob("*.py")
        if any(source.parent.glob(f"{source.stem}.cpython-*.so"))
    )  # fmt: skip
    assert bool(compiled) == bool(COMPILER), compiled
    leave_out += [f"--ignore={source}" for source in compiled]
    done = run(
        [venv, "-m", "pytest", "tests", "--doctest-modules", "--pyargs", "tilegames",
         "tilegames_course.grading",
         "-m", "not browser", "-p", "no:cacheprovider", "-q", *leave_out],
        work, env=environment(work / "venv"), check=False,
    )  # fmt: skip
    summary = done.stdout.strip().splitlines()[-1]
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert re.search(r"\d{3,} passed", summary), summary
    print("installed package:", summary)


def execute(python: Path, notebook: Path, env) -> None:
    """Run a notebook where it is (as Run All in JupyterLab would), failing on any error; a
    first cell added (not saved) checks that its kernel imports the installed tilegames."""
    script = textwrap.dedent("""\
        import sys, nbformat, nbclient
        path, folder, venv = sys.argv[1:]
        book = nbformat.read(path, as_version=4)
        book.cells.insert(0, nbformat.v4.new_code_cell(
            "import sys, tilegames; print(sys.prefix); print(tilegames.__file__)"))
        nbclient.NotebookClient(book, timeout=300, kernel_name="python3",
                                resources={"metadata": {"path": folder}}).execute()
        errors = [o for c in book.cells for o in c.get("outputs", []) if o.output_type == "error"]
        assert not errors, errors
        prefix, module = book.cells[0].outputs[0]["text"].split()
        assert prefix == venv and module.startswith(venv), (prefix, module)
        """)
    venv = run([python, "-c", "import sys; print(sys.prefix)"], notebook.parent, env=env)
    run([python, "-c", script, notebook, notebook.parent, venv.stdout.strip()],
        notebook.parent, env=env)  # fmt: skip


@installed
def test_lessons_are_laid_out_and_run_from_their_folder(work, venv):
    env = environment(work / "venv")
    version = run(["tilegames", "--version"], work, env=env).stdout
    engine = "compiled" if COMPILER else "python"
    assert version.startswith(f"tilegames {tilegames.__version__} (Maze: {engine}")
    # the Pyramids engine is compiled at install by mypyc (pyproject's build requirements)
    assert f"Flaming Pyramids: {engine}" in " ".join(version.split()), version
    lessons = work / "lessons"
    first = run(["tilegames", "lessons", lessons], work, env=env).stdout
    assert "wrote      notebooks/03_maze_rules.ipynb" in first
    assert "wrote      results/maze_winnability.csv" in first
    again = run(["tilegames", "lessons", lessons], work, env=env).stdout
    assert "wrote" not in again and "unchanged" in again
    # two lessons that read results files: 02 through the library, 03 by relative path
    for name in ("02_tula_mercy.ipynb", "03_maze_rules.ipynb"):
        execute(venv, lessons / "notebooks" / name, env)
    # a lesson run and saved is the student's now: kept, until --force
    ran = (lessons / "notebooks" / "03_maze_rules.ipynb").read_bytes()
    (lessons / "notebooks" / "03_maze_rules.ipynb").write_bytes(ran + b"\n")
    kept = run(["tilegames", "lessons", lessons], work, env=env).stdout
    assert "skipped    notebooks/03_maze_rules.ipynb" in kept
    forced = run(["tilegames", "lessons", lessons, "--force"], work, env=env).stdout
    assert "overwrote  notebooks/03_maze_rules.ipynb" in forced


@installed
def test_a_course_is_laid_out_with_its_gradebook_and_an_assignment_runs(work, venv):
    env = environment(work / "venv")
    course = work / "course"
    out = run(["tilegames", "course", course, "--course-id", "test101"], work, env=env).stdout
    assert "generated  release/w1_tula" in out
    assert (
        'os.environ.get("TILEGAMES_COURSE_ID", "test101")'
        in (course / "nbgrader_config.py").read_text()
    )
    listed = run([venv, "-m", "nbgrader", "db", "assignment", "list"], course, env=env)
    for assignment in (p.name for p in (course / "source").iterdir()):
        assert assignment in listed.stdout + listed.stderr
    execute(venv, course / "release" / "w2_maze" / "w2_maze.ipynb", env)


@installed
def test_without_a_compiler_the_install_succeeds_and_the_python_search_says_why(work, dists):
    built = work / "no-compiler"
    env = environment(work / "venv") | {"CC": "false", "CXX": "false"}
    log = run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-cache-dir", "-v",
         "--wheel-dir", built, dists["sdist"]],
        work, env=env,
    )  # fmt: skip
    said = log.stdout + log.stderr
    assert "building 'tilegames.maze.csearch' extension" in said and "failed" in said
    wheel = next(built.glob("tilegames-*.whl"))
    assert not any("csearch" in name for name in members(wheel))
    python = make_venv(work / "venv-no-compiler", [wheel])
    env = environment(work / "venv-no-compiler")
    report = run(
        [python, "-c", "from tilegames.maze import native, new_game\n"
         "from tilegames.maze.exhaustive import exhaustive_search\n"
         "print(native.ENGINE); print(native.describe()); print(native.WHY)\n"
         "v = exhaustive_search(new_game(seed=1), max_tables=3000, seed=2)\n"
         "print(v.status, v.tables)"],
        work, env=env,
    ).stdout.splitlines()  # fmt: skip
    from tilegames.maze import new_game
    from tilegames.maze.exhaustive import exhaustive_search

    here = exhaustive_search(new_game(seed=1), max_tables=3000, seed=2, engine="python")
    assert report[:2] == ["python", "python"] and "no C compiler" in report[2]
    assert report[3] == f"{here.status} {here.tables}"
    assert "Maze: python" in run(["tilegames", "--version"], work, env=env).stdout
    # the Pyramids engine, which mypyc compiles to C, falls back to its Python the same way
    assert not any(".so" in name for name in members(wheel))
    script = ("from tilegames.pyramids import native, study, Rules\n"
              "import numpy as np\n"
              "print(native.ENGINE)\n"
              "print(study.game_task(np.random.default_rng(5), rules=Rules(), players=2,"
              " player='careful'))")  # fmt: skip
    engine, game = run([python, "-c", script], work, env=env).stdout.splitlines()
    import numpy as np

    from tilegames.pyramids import Rules, study

    careful = study.game_task(np.random.default_rng(5), rules=Rules(), players=2, player="careful")
    assert engine == "python" and game == str(careful), (engine, game)
    # and a student's install has no teacher's kit: the course command says how to get it
    refused = run(["tilegames", "course", work / "no-course"], work, env=env, check=False)
    assert refused.returncode == 2 and "pip install tilegames_course-" in refused.stderr
    assert not (work / "no-course").exists()


@installed
def test_a_game_from_another_distribution_is_found_played_and_passes_the_contract(work, dists):
    """The Pig fixture (``tests/plugins/tilegames-pig``, a distribution of its own) built and
    installed with pip beside the tilegames wheel: the registry, the command line and the
    contract suite find it through its entry point alone, and a broken plug-in installed
    beside it is left out with a warning, the others untouched."""
    source = work / "tilegames-pig"  # built from a copy: the checkout gets no build folders
    shutil.copytree(ROOT / "tests" / "plugins" / "tilegames-pig", source,
                    ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))  # fmt: skip
    built = work / "plugin-dist"
    run([sys.executable, "-m", "build", "--outdir", built, source], work)
    pig_wheel = next(built.glob("tilegames_pig-1.0.0-*.whl"))
    entry_points = members(dists["wheel"])
    declared = next(v for k, v in entry_points.items() if k.endswith(".dist-info/entry_points.txt"))
    assert b"[tilegames.games]" in declared and b"maze = tilegames.maze" in declared
    python = make_venv(work / "venv-pig", [dists["wheel"], pig_wheel])
    env = environment(work / "venv-pig")
    listed = run(
        [python, "-W", "error", "-c",
         "import tilegames, tilegames_pig\n"
         "print(list(tilegames.GAMES)); print(tilegames.GAMES.spec('pig').title)\n"
         "print(tilegames_pig.__file__)\n"
         "game = tilegames.GAMES['pig'].new_game(5, players=3)\n"
         "game = tilegames.pig.play_game(game, tilegames.pig.make_player('hold20'), seed=1)\n"
         "print(game.winner, game.scores, len(game.history))"],
        work, env=env,
    ).stdout.splitlines()  # fmt: skip
    assert listed[:2] == ["['tula', 'maze', 'triominos', 'pyramids', 'pig']", "Pig"]
    assert Path(listed[2]).is_relative_to(work / "venv-pig"), listed[2]
    sys.path.insert(0, str(ROOT / "tests" / "plugins" / "tilegames-pig"))  # the same game here
    try:
        import tilegames_pig
    finally:
        sys.path.pop(0)
    here = tilegames_pig.play_game(
        tilegames_pig.new_game(5, players=3), tilegames_pig.make_player("hold20"), seed=1
    )
    assert listed[3] == f"{here.winner} {here.scores} {len(here.history)}" and here.is_over
    assert "pig" in run(["tilegames", "play", "--help"], work, env=env).stdout
    simulated = run(
        ["tilegames", "simulate", "pig", "--games", "40", "--players", "4", "--player",
         "hold20,random", "--rules", "quick", "--no-progress"], work, env=env,
    ).stdout  # fmt: skip
    assert simulated.startswith("pig: 40 games, seat 0 won ")
    # the contract suite (and the play page and board tests), pointed at the game by its name
    tests = work / "plugin-tests"  # not "pig-...": `-k pig` would then pick every test in it
    shutil.copytree(ROOT / "tests", tests / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    (tests / "conftest.py").write_text(textwrap.dedent(f"""\
        import pathlib, tilegames, tilegames_pig
        for module in (tilegames, tilegames_pig):  # the installed packages, not the checkout
            assert not pathlib.Path(module.__file__).resolve().is_relative_to({str(ROOT)!r})
        """))  # fmt: skip
    done = run(
        [python, "-m", "pytest", "tests/test_contract.py", "tests/test_play.py",
         "tests/test_widgets.py", "-k", "pig", "-p", "no:cacheprovider", "-q"],
        tests, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert re.search(r"([4-9]\d|\d{3,}) passed", done.stdout.splitlines()[-1]), done.stdout
    # a broken plug-in beside it: named in a warning, and the five games still there
    site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                    work, env=env).stdout.strip())  # fmt: skip
    broken = site / "tilegames_broken-0.1.dist-info"
    broken.mkdir()
    (broken / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: tilegames-broken\nVersion: 0.1\n"
    )
    (broken / "entry_points.txt").write_text("[tilegames.games]\nbroken = no_such_package\n")
    after = run(["tilegames", "simulate", "pig", "--games", "5", "--no-progress"], work, env=env)
    assert "the game 'broken' (no_such_package) of tilegames-broken 0.1 is left out" in after.stderr
    assert after.stdout.startswith("pig: 5 games")
