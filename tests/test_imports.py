"""No import circle in ``tilegames`` or the teacher's ``tilegames_course``, and one direction
between them: the modules import each other in one direction only.

The graph is read from the source, so the test needs no import of the packages and
names the circle when there is one. It holds over both packages, for the imports a
module runs when it loads and for those inside functions too (an import put off until a
function runs still ties two modules into one). ``tilegames`` (what students install)
never imports the teacher's package as it loads: only a teacher's command, inside the
function that runs it, reaches for it.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
from pathlib import Path

import pytest

import tilegames

PACKAGE = Path(tilegames.__file__).parent


def _course_package() -> Path:
    """The teacher's package's folder: the installed one, else this checkout's ``course/``."""
    spec = importlib.util.find_spec("tilegames_course")
    if spec is not None and spec.origin:
        return Path(spec.origin).parent
    return Path(__file__).resolve().parents[1] / "course" / "tilegames_course"


COURSE = _course_package()
PACKAGES = (PACKAGE, COURSE)


def module_name(path: Path) -> str:
    root = next(package for package in PACKAGES if path.is_relative_to(package))
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_files(package: Path) -> list[Path]:
    """The package's modules (an installed kit's ``data/``, the course material, is not code
    of the package: its keys and config are loaded by path)."""
    return sorted(
        path
        for path in package.rglob("*.py")
        if not {"__pycache__", "data"} & set(path.relative_to(package).parts)
    )


def loaded_imports(path: Path, modules: set[str], deep: bool = False) -> set[str]:
    """The package's modules that ``path`` imports as it loads (top level, ``try``, ``if``;
    with ``deep``, inside functions too). A module's own parent packages are left out:
    they are always loaded first, so importing them closes no circle."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{parent}.{base}" if base else parent
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            elif isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                visit(node.orelse)
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)
                visit(getattr(node, "finalbody", []))
            elif deep and isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.With)):
                visit(node.body)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    parents = {name.rsplit(".", depth)[0] for depth in range(1, name.count(".") + 1)}
    return {module for module in found if module in modules and module not in parents | {name}}


@functools.cache
def whole_graph(deep: bool) -> dict[str, set[str]]:
    """Every module of both packages -> their modules it imports (read once)."""
    paths = [path for package in PACKAGES for path in source_files(package)]
    modules = {module_name(path) for path in paths}
    return {module_name(path): loaded_imports(path, modules, deep) for path in paths}


def import_graph(under: str = "", deep: bool = False) -> dict[str, set[str]]:
    """Module -> the packages' modules it imports, for the modules whose names start
    with ``tilegames`` + ``under`` (``_course`` + more for the teacher's package alone)."""
    graph = whole_graph(deep)
    chosen = {module for module in graph if module.startswith("tilegames" + under)}
    return {module: graph[module] & chosen for module in chosen}


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A list of modules that import each other in a circle (first = last), or None."""
    state: dict[str, str] = {}
    path: list[str] = []

    def walk(module: str) -> list[str] | None:
        state[module] = "open"
        path.append(module)
        for other in sorted(graph[module]):
            if state.get(other) == "open":
                return path[path.index(other) :] + [other]
            if other not in state:
                circle = walk(other)
                if circle:
                    return circle
        state[module] = "done"
        path.pop()
        return None

    for module in sorted(graph):
        if module not in state:
            circle = walk(module)
            if circle:
                return circle
    return None


def test_the_graph_sees_the_package() -> None:
    graph = import_graph()
    assert "tilegames.tula.expert" in graph
    assert "tilegames.tula.hidden" in graph["tilegames.tula.expert"]  # from .hidden import ...
    assert "tilegames.stats" in graph["tilegames.tula.hidden_study"]  # from ..stats import ...
    assert "tilegames.tula" not in graph["tilegames.tula.expert"]  # its own package
    assert "tilegames.tula.solver" not in graph["tilegames.tula.board"]  # inside a method
    deep = import_graph(".tula", deep=True)
    assert "tilegames.tula.solver" in deep["tilegames.tula.board"]
    assert "tilegames.stats" not in deep["tilegames.tula.hidden_study"]  # outside .tula


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_circle(graph) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


def test_no_import_circle_in_the_package() -> None:
    circle = find_circle(import_graph())
    assert circle is None, "modules import each other in a circle: " + " -> ".join(circle)


def test_no_import_circle_in_the_package_even_inside_functions() -> None:
    circle = find_circle(import_graph(deep=True))
    assert circle is None, "modules import each other in a circle: " + " -> ".join(circle)


def test_the_deep_graph_sees_imports_put_off_into_functions() -> None:
    deep, shallow = import_graph(deep=True), import_graph()
    assert "tilegames.sim" in deep["tilegames.study_options"]  # inside game_count
    assert "tilegames.sim" not in shallow["tilegames.study_options"]


@pytest.mark.parametrize("game", list(tilegames.BUILT_IN))
def test_no_import_circle_in_a_game_even_inside_functions(game: str) -> None:
    graph = import_graph("." + game, deep=True)
    assert graph, f"no modules found under tilegames.{game}"
    circle = find_circle(graph)
    assert circle is None, "modules import each other in a circle: " + " -> ".join(circle)


# -- rooms that are roles: the rules play, the studies count, the findings show ----------------
STUDY_MODULES = {"study", "hidden_study"}
"""A game's modules that run and tally its simulations (``tula.hidden_study`` is one too)."""


def reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for other in graph.get(todo.pop(), set()) - seen:
            seen.add(other)
            todo.append(other)
    return seen


def test_reaches_follows_imports_through_other_modules() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": set(), "d": {"a"}}
    assert reaches(graph, "a") == {"b", "c"}
    assert "d" not in reaches(graph, "a")


@pytest.mark.parametrize("game", list(tilegames.BUILT_IN))
def test_a_games_studies_never_read_its_findings(game: str) -> None:
    """``<game>.findings`` (the lessons' tables, charts and conclusions in words) reads
    ``<game>.study``; the study (tasks, rule sets, tallies, runners) never reads the findings,
    and the rules and players read neither, not even inside a function."""
    graph = import_graph("." + game, deep=True)
    package = f"tilegames.{game}"
    findings, study = f"{package}.findings", f"{package}.study"
    assert findings in graph and study in graph, f"{game} has no findings or no study module"
    for module in sorted(graph):
        if module.rpartition(".")[2] in STUDY_MODULES:
            assert findings not in reaches(graph, module), f"{module} reads {findings}"
    for role in ("rules", "players"):
        below = reaches(graph, f"{package}.{role}")
        assert not below & {findings, study}, f"{package}.{role} reads {below & {findings, study}}"


def test_the_graph_sees_the_teachers_package() -> None:
    assert COURSE.is_dir(), COURSE
    graph = import_graph()
    assert "tilegames_course.grading.autograde" in graph
    assert "tilegames.exercises.handin" in graph["tilegames_course.grading.autograde"]
    assert "tilegames_course.grading.sandbox" in graph["tilegames_course.grading.player_box"]
    assert not any(module.startswith("tilegames.grading") for module in graph)  # moved


def test_no_import_circle_in_the_teachers_package_even_inside_functions() -> None:
    graph = import_graph("_course", deep=True)
    assert len(graph) > 10
    circle = find_circle(graph)
    assert circle is None, "modules import each other in a circle: " + " -> ".join(circle)


def test_tilegames_never_imports_the_teachers_package_as_it_loads() -> None:
    """What students install loads without the teacher's package; only a teacher's command,
    inside the function that runs it, imports it (``tilegames course`` says how to get it)."""
    shallow = import_graph()
    library = {module for module in shallow if module.split(".")[0] == "tilegames"}
    assert library and all(module.startswith("tilegames.") or module == "tilegames"
                           for module in library)  # fmt: skip
    reaching = {
        module: sorted(m for m in shallow[module] if m.split(".")[0] == "tilegames_course")
        for module in library
    }
    assert {module: found for module, found in reaching.items() if found} == {}
    # and the deep graph shows the one command that does, so the check above can fail
    deep = import_graph(deep=True)
    assert "tilegames_course.grading.course" in deep["tilegames.cli.setup_folders"]
