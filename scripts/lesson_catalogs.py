"""The lessons' catalogs (tilegames.lesson_i18n): each lesson's markdown cells as catalog entries.

    python scripts/lesson_catalogs.py                 # update every lesson catalog there is
    python scripts/lesson_catalogs.py --init sk 01_tula_rules   # start a lesson in a language

For every lesson with a catalog in some language: the template
``tilegames/locale/lesson-<name>.pot`` is written from the English notebook's markdown cells,
each language's ``.po`` is merged with it (a changed cell comes back fuzzy, with its old
translation beside it for the translator; a cell that left the lesson is dropped), and the
``.mo`` is compiled. ``make catalogs`` runs it.
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

from tilegames.lesson_i18n import domain, markdown_cells  # noqa: E402

LOCALE = ROOT / "tilegames" / "locale"
NOTEBOOKS = ROOT / "notebooks"


def template(name: str) -> Catalog:
    notebook = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    catalog = Catalog(project=f"tilegames lesson {name}", copyright_holder="the tilegames authors")
    for index, source in enumerate(markdown_cells(notebook)):
        catalog.add(source, locations=[(f"notebooks/{name}.ipynb", index)])
    return catalog


def lessons_with_catalogs() -> list[str]:
    found = {path.stem[len("lesson-") :] for path in LOCALE.glob("*/LC_MESSAGES/lesson-*.po")}
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
        print(f"{path.relative_to(ROOT)}: {done} of {len(pot)} cells translated")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--init", nargs=2, metavar=("LANG", "LESSON"))
    args = parser.parse_args(argv)
    if args.init:
        update(args.init[1], init=args.init[0])
        return 0
    for name in lessons_with_catalogs():
        update(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
