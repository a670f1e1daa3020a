"""Execute notebooks in place, top to bottom; store pictures so they show without running.

Used by ``make notebooks``: notebooks are committed executed, so a lesson reads
well when it is opened — in JupyterLab (where a notebook that was not run in
this session is untrusted and shows no SVG and no live widget), on GitHub and
in an HTML export. So, after running, for every output:

- an SVG picture (a game, ``side_by_side``) is replaced by the same picture as
  a small PNG (``tilegames.svg.png_from_svg``: same bytes on every machine, so
  a picture that did not change does not show in a diff);
- a live board keeps its still picture (the board as it was shown, under a
  line saying it becomes playable when run) and loses the widget reference,
  which cannot show without the widget state that only a live kernel has;
- any other widget (a progress bar) is dropped: without its state it shows nothing;
- saved widget state is removed (noisy diffs, stale views).

The notebook's metadata records ``{"tilegames": {"pictures": "png"}}``.

    python scripts/execute_notebooks.py notebooks/01_tula_rules.ipynb ...
    python scripts/execute_notebooks.py --pictures-only notebooks/*.ipynb   # no run
"""

from __future__ import annotations

import base64
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[1]
# this checkout's tilegames, here and in the kernels (not another one installed in the venv)
sys.path.insert(0, str(REPO))
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MARK = {"pictures": "png"}


def strip_widget_state(notebook: nbformat.NotebookNode) -> None:
    """Remove saved widget state, which only a live kernel can use."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("widgets", None)


def still_pictures(notebook: nbformat.NotebookNode) -> int:
    """Turn every SVG output into PNG and drop widget references; return the pictures made."""
    from tilegames.svg import png_from_svg

    made = 0
    for cell in notebook.cells:
        outputs = cell.get("outputs", [])
        # a widget with no picture (a progress bar) shows nothing without its state: drop it
        outputs[:] = [
            output
            for output in outputs
            if WIDGET_VIEW not in output.get("data", {})
            or any(kind.startswith("image/") for kind in output["data"])
        ]
        for output in outputs:
            data = output.get("data")
            if not data:
                continue
            svg = data.pop("image/svg+xml", None)
            if svg is not None:
                markup = svg if isinstance(svg, str) else "".join(svg)
                data["image/png"] = base64.b64encode(png_from_svg(markup)).decode("ascii")
                output.setdefault("metadata", {}).pop("image/svg+xml", None)
                made += 1
            data.pop(WIDGET_VIEW, None)
    notebook.metadata["tilegames"] = dict(MARK)
    return made


KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
"""The kernel a lesson names: ipykernel's own spec, word for word. JupyterLab rewrites any
other display name when it opens the notebook, marking a lesson modified that nobody touched."""


def execute(path: Path, timeout: int = 600, run: bool = True) -> float:
    """Run one notebook in its own folder and store its pictures; return the seconds it took."""
    notebook = nbformat.read(path, as_version=4)
    notebook.metadata["kernelspec"] = dict(KERNELSPEC)
    start = time.perf_counter()
    if run:
        NotebookClient(
            notebook,
            timeout=timeout,
            kernel_name="python3",
            resources={"metadata": {"path": str(path.parent)}},
        ).execute()
    strip_widget_state(notebook)
    still_pictures(notebook)
    nbformat.write(notebook, path)
    return time.perf_counter() - start


def main(arguments: list[str]) -> None:
    run = "--pictures-only" not in arguments
    for name in (a for a in arguments if not a.startswith("--")):
        seconds = execute(Path(name), run=run)
        print(f"{name}: {'executed' if run else 'pictures stored'} in {seconds:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
