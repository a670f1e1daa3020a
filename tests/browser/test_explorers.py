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


CONTROLS_IN_VIEW = """() => {
    const area = document.querySelector('.tilegames-explorer').closest('.jp-OutputArea-output');
    const box = area.getBoundingClientRect();
    return [...document.querySelectorAll('.tilegames-explorer .widget-dropdown')].map(control => {
        const r = control.getBoundingClientRect();
        const select = control.querySelector('select'), label = control.querySelector('label');
        const s = select.getBoundingClientRect();
        const hit = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2);
        return {
            label: label ? label.textContent : '',
            inside: r.left >= box.left - 1 && r.right <= box.right + 1,
            labelWhole: !label || label.scrollWidth <= label.clientWidth + 1,
            reachable: hit === select || select.contains(hit),
            width: box.width,
        };
    });
}"""


def test_every_control_of_the_triominos_explorer_fits_the_lesson_width(jupyter_lab, lab_root, page):
    """At a lesson's output width (848 px, as in lessons 04 and 05) the controls wrap: each
    one, its label whole, lies inside the output and is the element under its own centre."""
    source = (
        f"import sys\nsys.path.insert(0, {str(ROOT)!r})  # this checkout's tilegames\n"
        "from tilegames import explore\nexplore.triominos(games=60)"
    )
    name = write_notebook(lab_root, "explore_width.ipynb", [source])
    open_and_run(page, jupyter_lab, name)
    panel = page.locator(".tilegames-explorer")
    expect(panel.locator(".tilegames-explorer-summary")).to_contain_text("95% CI")
    # shrink the window until the output area is the lessons' 848 px
    width = page.evaluate(
        "() => document.querySelector('.tilegames-explorer')"
        ".closest('.jp-OutputArea-output').getBoundingClientRect().width"
    )
    page.set_viewport_size({"width": int(1280 - (width - 848)), "height": 1000})
    page.wait_for_timeout(500)
    controls = page.evaluate(CONTROLS_IN_VIEW)
    assert len(controls) >= 6 and abs(controls[0]["width"] - 848) <= 4, controls
    hidden = [c["label"] for c in controls if not (c["inside"] and c["labelWhole"])]
    assert hidden == [], f"controls off the lesson's width: {hidden}"
    for control in controls:
        panel.locator(".widget-dropdown", has_text=control["label"]).locator(
            "select"
        ).scroll_into_view_if_needed()
    unreachable = [c["label"] for c in page.evaluate(CONTROLS_IN_VIEW) if not c["reachable"]]
    assert unreachable == [], f"controls covered or out of reach: {unreachable}"
    labels = " ".join(c["label"] for c in controls)
    assert "going-out bonus" in labels and "draw penalty" in labels and "pass penalty" in labels
