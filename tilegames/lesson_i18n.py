"""The lessons in other languages: one catalog per lesson, translated notebooks generated.

The English notebook in ``notebooks/`` is the one source. Each of its markdown cells is one
catalog entry (the whole cell: a translator sees a paragraph, a table or a list whole) of the
lesson's catalog, ``tilegames/locale/<lang>/LC_MESSAGES/lesson-<name>.po`` (its template
``tilegames/locale/lesson-<name>.pot``), made and updated by ``scripts/lesson_catalogs.py``
(``make catalogs``). The translated notebook is generated, never edited by hand: the English
notebook with each markdown cell translated, a first code cell that sets the language of the
boards and messages, and no stored outputs (they were computed in English: Run All computes the
same numbers in the language chosen). A lesson whose catalog lacks a cell's translation, or holds
a translation of a cell the English lesson no longer has, is stale: ``tests/test_i18n.py`` fails.

>>> sorted(translated_lessons("sk"))[:2]
['01_tula_rules', '02_tula_mercy']
>>> translated_lessons("en")
set()
"""

from __future__ import annotations

import copy
import gettext
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .i18n import catalog_file, catalogued

__all__ = [
    "cell_messages",
    "domain",
    "lesson_cell",
    "markdown_cells",
    "translate_notebook",
    "translated_cells",
    "translated_lessons",
]

LANGUAGE_CELL = (
    "# the language of the boards and messages in this lesson\n"
    "import tilegames.i18n\n\n"
    "tilegames.i18n.set_language({lang!r})"
)
"""The code cell a translated lesson opens with (after its title)."""


def domain(name: str) -> str:
    """The gettext domain of a lesson: ``lesson-01_tula_rules`` for ``01_tula_rules.ipynb``."""
    return f"lesson-{Path(name).stem}"


def lesson_cell(cell) -> bool:
    """Whether a lesson's cell is a catalog entry: a markdown cell with text."""
    return cell.cell_type == "markdown" and bool(cell.source.strip())


def cell_messages(notebook, translatable: Callable[[Any], bool] = lesson_cell) -> list[str]:
    """The messages of a notebook: its ``translatable`` cells' sources, in order, each once."""
    seen: list[str] = []
    for cell in notebook.cells:
        if translatable(cell) and cell.source not in seen:
            seen.append(cell.source)
    return seen


def translated_cells(
    notebook, catalog: str, lang: str, translatable: Callable[[Any], bool] = lesson_cell
) -> tuple[Any, int]:
    """``(copy, untranslated)``: a copy of the notebook with each ``translatable`` cell
    translated by the catalog (gettext domain) ``catalog`` in ``lang``, nothing else changed;
    a cell without a translation stays English and is counted."""
    with open(catalog_file(catalog, lang, ".mo"), "rb") as handle:
        messages = gettext.GNUTranslations(handle)
    result = copy.deepcopy(notebook)
    missing = 0
    for cell in result.cells:
        if translatable(cell):
            translated = messages.gettext(cell.source)
            missing += translated == cell.source
            cell.source = translated
    return result, missing


def markdown_cells(notebook) -> list[str]:
    """The messages of a lesson: its markdown cells' sources, in order, each once."""
    return cell_messages(notebook)


def translated_lessons(lang: str) -> set[str]:
    """The lessons (notebook stems) with a catalog in ``lang``."""
    return catalogued("lesson-", lang)


def translate_notebook(notebook, name: str, lang: str):
    """``(translated notebook, untranslated cells)``: the lesson ``name`` in ``lang``.

    A markdown cell without a translation stays English and is counted, so a caller can say so.
    """
    result, missing = translated_cells(notebook, domain(name), lang)
    for cell in result.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    import nbformat

    setting = nbformat.v4.new_code_cell(LANGUAGE_CELL.format(lang=lang))
    setting["id"] = f"tilegames-language-{lang}"  # stable: a regenerated lesson is the same file
    where = 1 if result.cells and result.cells[0].cell_type == "markdown" else 0
    result.cells.insert(where, setting)
    result.metadata["tilegames"] = {"language": lang, "generated_from": f"{Path(name).stem}.ipynb"}
    return result, missing
