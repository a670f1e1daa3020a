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

import io
import re
import tokenize
from pathlib import Path

from .i18n import N_, catalogued, ngettext, translate, using
from .lesson_i18n import cell_messages, lesson_cell, translated_cells

__all__ = [
    "comment_in",
    "domain",
    "markdown_cells",
    "translatable",
    "translate_assignment",
    "translate_comments",
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


COMMENTS = frozenset(
    {
        N_("# your answer"),
        N_('# on your own computer: student_id("your id")'),
        N_("# your picture here (marked by your teacher)"),
        N_("# your player"),
    }
)
"""The comments a student reads in an assignment's code cells (a code cell is otherwise the
English one: names, numbers and code are the same in every language)."""
_GRADED = re.compile(r"# Graded \((\d+) points?\): hands `(\w+)` in to your teacher's grader\.")


def comment_in(comment: str) -> str | None:
    """A code comment of an assignment in the language in use, or None when it is not one a
    student reads (the teacher's, between the solution markers; commented-out code).

    >>> from tilegames.i18n import using
    >>> with using("sk"):
    ...     comment_in("# Graded (2 points): hands `gain` in to your teacher's grader.")
    '# Hodnotené (2 body): odovzdá `gain` hodnoteniu tvojho učiteľa.'
    >>> comment_in("# revealing never hurts") is None
    True
    """
    graded = _GRADED.fullmatch(comment)
    if graded:
        points, name = int(graded[1]), graded[2]
        return ngettext(
            "# Graded ({n} point): hands `{name}` in to your teacher's grader.",
            "# Graded ({n} points): hands `{name}` in to your teacher's grader.",
            points,
        ).format(n=points, name=name)
    return translate(comment) if comment in COMMENTS else None


def translate_comments(source: str, lang: str) -> str:
    """``source`` with the comments a student reads (``comment_in``) in ``lang``; the code, and
    every other comment, as it is (a source that does not parse as Python: unchanged).

    >>> translate_comments('x = ...  # your answer\\ny = "# your answer"\\n', "pt")
    'x = ...  # a tua resposta\\ny = "# your answer"\\n'
    """
    try:
        comments = [
            token
            for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type == tokenize.COMMENT
        ]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return source
    lines = source.splitlines(keepends=True)
    with using(lang):
        for token in reversed(comments):  # from the end: earlier columns stay where they were
            words = comment_in(token.string)
            if words is None:
                continue
            row, start = token.start[0] - 1, token.start[1]
            line = lines[row]
            lines[row] = line[:start] + words + line[token.end[1] :]
    return "".join(lines)


def translated_assignments(lang: str) -> set[str]:
    """The assignments with a catalog in ``lang``."""
    return catalogued("course-", lang)


def translate_assignment(notebook, name: str, lang: str, comments_too: bool = False):
    """``(translated notebook, untranslated cells)``: the assignment ``name`` in ``lang``, its
    translatable markdown cells translated (a cell without a translation stays English and is
    counted) and the comments a student reads in its code cells (``translate_comments``): in the
    cells nbgrader does not manage, or, with ``comments_too`` (the teacher's source, before
    nbgrader computes its checksums), in every code cell. Nothing else changes.

    >>> import nbformat
    >>> from tilegames import resources
    >>> path = resources.folder("release") / "w1_tula" / "w1_tula.ipynb"
    >>> english = nbformat.read(path, as_version=4)
    >>> slovak, missing = translate_assignment(english, "w1_tula", "sk")
    >>> missing, slovak.cells[0].source.splitlines()[0]
    (0, '# Pracovný list 1 — Tula: čítame chrám, počítame prvý ťah')
    >>> [c.source for c in slovak.cells if c.cell_type == "code"][0].splitlines()[-1]
    'STUDENT = student_id()  # na vlastnom počítači: student_id("tvoje id")'

    """
    result, missing = translated_cells(notebook, domain(name), lang, translatable)
    for cell in result.cells:
        if cell.cell_type == "code" and (comments_too or "nbgrader" not in cell.metadata):
            cell.source = translate_comments(cell.source, lang)
    return result, missing


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
        translated, _missing = translate_assignment(
            notebook, parts[1], lang, comments_too=folder == "source"
        )
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
