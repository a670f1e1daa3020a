"""The lessons' and the course's catalogs: each markdown cell a student reads, a catalog entry.

    python scripts/lesson_catalogs.py                 # update every lesson and course catalog
    python scripts/lesson_catalogs.py --init sk 01_tula_rules   # start a lesson in a language
    python scripts/lesson_catalogs.py --init sk w1_tula         # start an assignment in one

For every lesson with a catalog in some language: the template
``tilegames/locale/lesson-<name>.pot`` is written from the English notebook's markdown cells
and the string literals its code shows (``tilegames.lesson_i18n.shown_literals``),
each language's ``.po`` is merged with it (a changed cell comes back fuzzy, with its old
translation beside it for the translator; a cell that left the lesson is dropped), and the
``.mo`` is compiled. ``make catalogs`` runs it.

The course's assignments (tilegames.course_i18n) are done the same way: the template
``tilegames/locale/course-<assignment>.pot`` is written from the students' copy
``exercises/release/<assignment>/<assignment>.ipynb`` (the markdown a student reads; nbgrader's
answer cells are left out), and each language's ``course-<assignment>.po`` merged with it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tilegames import course_i18n, lesson_i18n  # noqa: E402

LOCALE = ROOT / "tilegames" / "locale"
NOTEBOOKS = ROOT / "notebooks"
RELEASE = ROOT / "exercises" / "release"


def is_assignment(name: str) -> bool:
    """Whether ``name`` is one of the course's assignments (else a lesson)."""
    return (RELEASE / name / f"{name}.ipynb").is_file()


def domain(name: str) -> str:
    """The catalog's domain: ``lesson-<name>`` or ``course-<assignment>``."""
    return course_i18n.domain(name) if is_assignment(name) else lesson_i18n.domain(name)


def template(name: str) -> Catalog:
    """The template of a lesson's or an assignment's catalog, from its English notebook."""
    if is_assignment(name):
        where, what, cells = RELEASE / name / f"{name}.ipynb", "course", course_i18n.markdown_cells
    else:
        where, what, cells = NOTEBOOKS / f"{name}.ipynb", "lesson", lesson_i18n.markdown_cells
    notebook = nbformat.read(where, as_version=4)
    catalog = Catalog(project=f"tilegames {what} {name}", copyright_holder="the tilegames authors")
    place = where.relative_to(ROOT).as_posix()
    for index, source in enumerate(cells(notebook)):
        catalog.add(source, locations=[(place, index)])
    if what == "lesson":
        for index, literal in enumerate(lesson_i18n.code_messages(notebook)):
            catalog.add(
                literal,
                locations=[(f"{place}:code", index)],
                context=lesson_i18n.CODE_CONTEXT,
                auto_comments=["Python: keep the quotes and each {…} field as they are"],
            )
    return catalog


def lessons_with_catalogs() -> list[str]:
    """The lessons and assignments with a catalog in some language."""
    found = set()
    for prefix in ("lesson-", "course-"):
        found |= {p.stem[len(prefix) :] for p in LOCALE.glob(f"*/LC_MESSAGES/{prefix}*.po")}
    return sorted(found)


def update(name: str, init: str | None = None) -> None:
    pot = template(name)
    with open(LOCALE / f"{domain(name)}.pot", "wb") as handle:
        write_po(handle, pot, width=100, omit_header=False)
    langs = sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{domain(name)}.po"))
    if init and init not in langs:
        langs.append(init)
    for lang in langs:
        path = LOCALE / lang / "LC_MESSAGES" / f"{domain(name)}.po"
        if path.exists():
            with open(path, "rb") as handle:
                catalog = read_po(handle, locale=lang)
        else:
            catalog = Catalog(locale=lang, project=pot.project)
            path.parent.mkdir(parents=True, exist_ok=True)
        catalog.update(pot)
        catalog.obsolete.clear()
        with open(path, "wb") as handle:
            write_po(handle, catalog, width=100)
        with open(path.with_suffix(".mo"), "wb") as handle:
            write_mo(handle, catalog)
        done = sum(1 for m in catalog if m.id and m.string and not m.fuzzy)
        print(f"{path.relative_to(ROOT)}: {done} of {len(pot)} entries translated")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--init", nargs=2, metavar=("LANG", "LESSON_OR_ASSIGNMENT"))
    args = parser.parse_args(argv)
    if args.init:
        update(args.init[1], init=args.init[0])
        return 0
    for name in lessons_with_catalogs():
        update(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
