"""Execute notebooks in place, top to bottom, and strip widget state.

Used by ``make notebooks``: notebooks are committed executed (they read well
on GitHub) but without widget state (noisy diffs, stale views).

    python scripts/execute_notebooks.py notebooks/01_tula_rules.ipynb ...
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def strip_widget_state(notebook: nbformat.NotebookNode) -> None:
    """Remove saved widget state, which only a live kernel can use."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("widgets", None)


def execute(path: Path, timeout: int = 600) -> float:
    """Run one notebook in its own folder; return the seconds it took."""
    notebook = nbformat.read(path, as_version=4)
    notebook.metadata.setdefault(
        "kernelspec", {"name": "python3", "display_name": "Python 3", "language": "python"}
    )
    start = time.perf_counter()
    NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    strip_widget_state(notebook)
    nbformat.write(notebook, path)
    return time.perf_counter() - start


def main(paths: list[str]) -> None:
    for name in paths:
        seconds = execute(Path(name))
        print(f"{name}: executed in {seconds:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
