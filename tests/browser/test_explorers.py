"""The rule explorers in a real browser: JupyterLab, Debian's chromium; change a control, the plot changes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import open_and_run, write_notebook

ROOT = Path(__file__).resolve().parents[2]

# (entry, small options so the kernel answers fast, the control to change, the option to pick,
#  the words the summary shows afterwards)
CASES = [
    ("tula", "games=800", "mercy", "on", "mercy on"),
    ("triominos", "games=60", "hexagon_bonuses", "0", "hexagon bonus 0"),
    ("pyramids", "games=16", "turn_cap", "40", "turn cap 40"),
    ("maze", "games=4", "max_nodes", "2000 tables", "solver budget 2000 tables"),
]


@pytest.mark.parametrize(("entry", "options", "control", "choice", "words"), CASES)
def test_changing_a_control_redraws_the_explorer(
    jupyter_lab, lab_root, page, entry, options, control, choice, words
):
    source = (
        f"import sys\nsys.path.insert(0, {str(ROOT)!r})  # this checkout's tilegames\n"
        f"from tilegames import explore\nexplore.{entry}({options})"
    )
    name = write_notebook(lab_root, f"explore_{entry}.ipynb", [source])
    open_and_run(page, jupyter_lab, name)
    panel = page.locator(".tilegames-explorer")
    expect(panel).to_have_count(1)
    plot = panel.locator(".tilegames-explorer-plot")
    expect(plot).to_have_attribute("src", re.compile(".+"))
    summary = panel.locator(".tilegames-explorer-summary")
    expect(summary).to_contain_text("95% CI")
    expect(summary).not_to_contain_text(words)
    before_src = plot.get_attribute("src")
    before_text = summary.inner_text()

    panel.locator(f".tilegames-explorer-{control} select").select_option(label=choice)

    # the kernel simulated the new setting and sent a new picture and new estimates
    expect(summary).to_contain_text(words)
    expect(plot).not_to_have_attribute("src", before_src)
    assert summary.inner_text() != before_text
    progress = panel.locator(".tilegames-explorer-progress")
    expect(progress).to_have_count(1)
