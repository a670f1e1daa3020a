"""Every link in every shipped notebook resolves, wherever the notebooks are put.

A lesson is read in three places: the checkout (``notebooks/``, ``exercises/``), the folder
``tilegames lessons DIR --assignments`` writes (``notebooks/``, ``results/``, ``cards/``,
``assignments/``), and a course folder. A relative link must name a file that is there in the
layout it is read in; a ``#section`` link a heading of the same notebook; a web link must be
a whole address. Links are read from the prose and from stored HTML or Markdown outputs.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest

from tilegames.cli.setup_folders import lay_out, lessons_files

REPO = Path(__file__).resolve().parents[1]
LINK = re.compile(
    r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|(?:href|src)\s*=\s*[\"']([^\"']+)[\"']"
)


def links(notebook) -> list[str]:
    """The link targets in a notebook's prose and stored HTML/Markdown outputs.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("[a](b.ipynb) <a href='#x'>")])
    >>> links(nb)
    ['b.ipynb', '#x']
    """
    texts = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            texts.append(cell.source)
        for output in cell.get("outputs", []):
            for kind in ("text/html", "text/markdown"):
                value = output.get("data", {}).get(kind)
                if value:
                    texts.append(value if isinstance(value, str) else "".join(value))
    return [a or b for text in texts for a, b in LINK.findall(text)]


def anchors(notebook) -> set[str]:
    """The ``#anchors`` JupyterLab gives a notebook's headings (spaces become hyphens)."""
    found = set()
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for heading in re.findall(r"^#+\s+(.*)$", cell.source, flags=re.M):
                found.add(heading.strip().replace(" ", "-"))
            found.update(re.findall(r"<a\s+(?:name|id)=[\"']([^\"']+)", cell.source))
    return found


def dead_links(path: Path) -> list[str]:
    """The links of the notebook at ``path`` that lead nowhere, each with the reason."""
    notebook = nbformat.read(path, as_version=4)
    dead = []
    for target in links(notebook):
        parts = urlsplit(target)
        if parts.scheme in ("http", "https"):
            if not parts.netloc or "." not in parts.netloc:
                dead.append(f"{target}: not a whole web address")
        elif parts.scheme in ("mailto", "data", "attachment"):
            continue
        elif parts.scheme:
            dead.append(f"{target}: a {parts.scheme}: link opens nothing in a notebook")
        elif not parts.path:
            if unquote(parts.fragment) not in anchors(notebook):
                dead.append(f"{target}: no such heading in this notebook")
        elif not (path.parent / unquote(parts.path)).exists():
            dead.append(f"{target}: no such file beside {path.parent.name}/{path.name}")
    return dead


def shipped_layout(tmp_path: Path) -> list[Path]:
    lay_out(tmp_path, lessons_files(assignments=True), manifest=".tilegames-lessons.json")
    return sorted(tmp_path.rglob("*.ipynb"))


def test_the_link_checker_finds_a_dead_link(tmp_path):
    notebook = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell(
                "# Intro\n[ok](#Intro) [gone](../exercises/release/w1/w1.ipynb) "
                "[here](me.ipynb) [bad](#nowhere) [web](https://example.org/x)"
            )
        ]
    )
    nbformat.write(notebook, tmp_path / "me.ipynb")
    dead = dead_links(tmp_path / "me.ipynb")
    assert [d.split(":")[0] for d in dead] == ["../exercises/release/w1/w1.ipynb", "#nowhere"]


def test_every_link_resolves_where_tilegames_lessons_puts_the_notebooks(tmp_path):
    notebooks = shipped_layout(tmp_path)
    folders = {p.relative_to(tmp_path).parts[0] for p in notebooks}
    assert folders == {"notebooks", "assignments"} and len(notebooks) >= 14
    dead = {str(p.relative_to(tmp_path)): dead_links(p) for p in notebooks}
    assert {name: d for name, d in dead.items() if d} == {}


@pytest.mark.parametrize(
    "pattern", ["notebooks/*.ipynb", "exercises/*.ipynb", "exercises/*/*/*.ipynb"]
)
def test_every_link_resolves_in_the_checkout(pattern):
    notebooks = sorted(REPO.glob(pattern))
    assert notebooks
    dead = {str(p.relative_to(REPO)): dead_links(p) for p in notebooks}
    assert {name: d for name, d in dead.items() if d} == {}
