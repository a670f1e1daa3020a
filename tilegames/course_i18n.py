"""The course in other languages: one catalog per assignment, translated copies generated.

As for the lessons (``tilegames.lesson_i18n``), English is the one source. The catalog of an
assignment, ``tilegames/locale/<lang>/LC_MESSAGES/course-<assignment>.po`` (its template
``tilegames/locale/course-<assignment>.pot``, made and updated by
``scripts/lesson_catalogs.py``: ``make catalogs``), holds the markdown cells a student reads in
the students' copy ``exercises/release/<assignment>/<assignment>.ipynb``, one entry a cell. A
markdown cell that nbgrader manages (an answer cell: ``metadata.nbgrader``, a model answer in
the teacher's source, *YOUR ANSWER HERE* in the students' copy, both covered by nbgrader's
checksum) is never in a catalog and never translated, nor is any code cell.

A translated assignment is generated, never edited by hand: the English notebook (the
teacher's source for ``tilegames course DIR --lang sk``, before nbgrader generates the students'
copies from it; the students' copy for ``tilegames lessons DIR --assignments --lang sk``) with
those markdown cells translated and every other byte of every cell the same: code, cell ids,
nbgrader's metadata and checksums. A catalog that lacks a cell's translation, or holds one of a
cell the English copy no longer has, is stale: ``tests/test_i18n.py`` fails.

>>> sorted(translated_assignments("sk"))[:2]
['h1_mercy', 'h2_round_score']
>>> translated_assignments("en"), translated_assignments("xx")
(set(), set())
"""

from __future__ import annotations

from pathlib import Path

from .i18n import catalogued
from .lesson_i18n import cell_messages, lesson_cell, translated_cells

__all__ = [
    "domain",
    "markdown_cells",
    "translatable",
    "translate_assignment",
    "translate_course_files",
    "translated_assignments",
]


def domain(name: str) -> str:
    """The gettext domain of an assignment.

    >>> domain("w1_tula"), domain("source/w1_tula/w1_tula.ipynb")
    ('course-w1_tula', 'course-w1_tula')
    """
    return f"course-{Path(name).stem}"


def translatable(cell) -> bool:
    """Whether a cell is one a catalog holds: a markdown cell with text that nbgrader does not
    manage (no ``metadata.nbgrader``: not an answer cell, not graded, not locked).

    >>> import nbformat
    >>> translatable(nbformat.v4.new_markdown_cell("## Part 1"))
    True
    >>> answer = nbformat.v4.new_markdown_cell("YOUR ANSWER HERE")
    >>> answer.metadata["nbgrader"] = {"solution": True, "grade": True, "grade_id": "why"}
    >>> translatable(answer), translatable(nbformat.v4.new_code_cell("x = 1"))
    (False, False)
    """
    return lesson_cell(cell) and "nbgrader" not in cell.get("metadata", {})


def markdown_cells(notebook) -> list[str]:
    """The messages of an assignment: its translatable cells' sources, in order, each once.

    >>> import nbformat
    >>> notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# W1"),
    ...     nbformat.v4.new_code_cell("x = 1"), nbformat.v4.new_markdown_cell("# W1")])
    >>> markdown_cells(notebook)
    ['# W1']
    """
    return cell_messages(notebook, translatable)


def translated_assignments(lang: str) -> set[str]:
    """The assignments with a catalog in ``lang``."""
    return catalogued("course-", lang)


def translate_assignment(notebook, name: str, lang: str):
    """``(translated notebook, untranslated cells)``: the assignment ``name`` in ``lang``, its
    translatable markdown cells translated and nothing else changed (a cell without a
    translation stays English and is counted).

    >>> import nbformat
    >>> from tilegames import resources
    >>> path = resources.folder("release") / "w1_tula" / "w1_tula.ipynb"
    >>> english = nbformat.read(path, as_version=4)
    >>> slovak, missing = translate_assignment(english, "w1_tula", "sk")
    >>> missing, slovak.cells[0].source.splitlines()[0]
    (0, '# Pracovný list 1 — Tula: čítame chrám, počítame prvý ťah')
    >>> [c for c in slovak.cells if c.cell_type == "code"] == [
    ...     c for c in english.cells if c.cell_type == "code"]
    True

    """
    return translated_cells(notebook, domain(name), lang, translatable)


def translate_course_files(
    files: dict[str, bytes], lang: str | None, folder: str
) -> tuple[dict[str, bytes], list[str]]:
    """The files to lay out with each assignment notebook ``<folder>/<name>/<name>.ipynb``
    that has a catalog in ``lang`` translated; and the assignments translated.

    ``folder`` is ``source`` for the teacher's course folder (nbgrader then generates the
    students' copies from the translated sources), ``assignments`` for the students' copies
    ``tilegames lessons --assignments`` writes. Any other file is returned as it is.

    >>> files = {"source/x1/x1.ipynb": b"{}", "README.md": b"# guide"}  # no catalog for x1
    >>> translate_course_files(files, "sk", "source") == (files, [])
    True
    """
    import nbformat

    if lang is None or lang == "en":
        return files, []
    available = translated_assignments(lang)
    result, done = dict(files), []
    for path, data in files.items():
        parts = path.split("/")
        if len(parts) != 3 or parts[0] != folder or parts[2] != f"{parts[1]}.ipynb":
            continue
        if parts[1] not in available:
            continue
        notebook = nbformat.reads(data.decode("utf-8"), as_version=4)
        translated, _missing = translate_assignment(notebook, parts[1], lang)
        result[path] = _written_like(translated, data)
        done.append(parts[1])
    return result, sorted(done)


def _written_like(notebook, original: bytes) -> bytes:
    """The notebook as JSON, written as ``nbformat.write`` writes it (as the English file is),
    ending as the original ends."""
    import nbformat

    text = nbformat.writes(notebook)
    if original.endswith(b"\n") and not text.endswith("\n"):
        text += "\n"
    return text.encode("utf-8")
