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
from pathlib import Path

from .i18n import catalog_file, catalogued

__all__ = ["domain", "markdown_cells", "translate_notebook", "translated_lessons"]

LANGUAGE_CELL = (
    "# the language of the boards and messages in this lesson\n"
    "import tilegames.i18n\n\n"
    "tilegames.i18n.set_language({lang!r})"
)
"""The code cell a translated lesson opens with (after its title)."""


def domain(name: str) -> str:
    """The gettext domain of a lesson: ``lesson-01_tula_rules`` for ``01_tula_rules.ipynb``."""
    return f"lesson-{Path(name).stem}"


def markdown_cells(notebook) -> list[str]:
    """The messages of a lesson: its markdown cells' sources, in order, each once."""
    seen: list[str] = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and cell.source.strip() and cell.source not in seen:
            seen.append(cell.source)
    return seen


def catalog_path(name: str, lang: str, suffix: str = ".mo") -> Path:
    return catalog_file(domain(name), lang, suffix)


def translated_lessons(lang: str) -> set[str]:
    """The lessons (notebook stems) with a catalog in ``lang``."""
    return catalogued("lesson-", lang)


def translate_notebook(notebook, name: str, lang: str):
    """``(translated notebook, untranslated cells)``: the lesson ``name`` in ``lang``.

    A markdown cell without a translation stays English and is counted, so a caller can say so.
    """
    with open(catalog_path(name, lang), "rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    result = copy.deepcopy(notebook)
    missing = 0
    for cell in result.cells:
        if cell.cell_type == "markdown" and cell.source.strip():
            translated = catalog.gettext(cell.source)
            missing += translated == cell.source
            cell.source = translated
        elif cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    import nbformat

    setting = nbformat.v4.new_code_cell(LANGUAGE_CELL.format(lang=lang))
    setting["id"] = f"tilegames-language-{lang}"  # stable: a regenerated lesson is the same file
    where = 1 if result.cells and result.cells[0].cell_type == "markdown" else 0
    result.cells.insert(where, setting)
    result.metadata["tilegames"] = {"language": lang, "generated_from": f"{Path(name).stem}.ipynb"}
    return result, missing
