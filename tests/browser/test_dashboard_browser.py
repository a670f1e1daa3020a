"""The teacher's class dashboard in a real browser: it shows the class store and refreshes.

A class store in a temporary folder holds one student's rows; the dashboard is
opened in JupyterLab. Another student shares (from this test's process, as a
student's notebook would), the teacher clicks *Refresh*, and the picture says
two students; with *Refresh every 1 s* on, a third student appears without a
click; *Present* hides the names.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tilegames.classroom import EXPERIMENTS, ClassStore, run

from .conftest import open_and_run, write_notebook

ROOT = Path(__file__).resolve().parents[2]
STUCK = EXPERIMENTS["tula_stuck"]


def test_the_dashboard_refreshes_by_button_and_by_timer(jupyter_lab, lab_root, page, tmp_path):
    store = ClassStore(tmp_path / "class-store")
    store.share("tula_stuck", run(STUCK, "ada", 40), student="ada")
    source = (
        f"import sys\nsys.path.insert(0, {str(ROOT)!r})  # this checkout's tilegames\n"
        "from tilegames.classroom import Dashboard\n"
        f"Dashboard({str(store.folder)!r}, 'tula_stuck', every=1)"
    )
    name = write_notebook(lab_root, "class_dashboard_test.ipynb", [source])
    open_and_run(page, jupyter_lab, name)
    panel = page.locator(".tilegames-dashboard")
    expect(panel).to_have_count(1)
    expect(panel).to_contain_text("1 student shared 40 deals")
    expect(panel.locator("img")).to_have_count(1)  # the picture

    store.share("tula_stuck", run(STUCK, "bob", 30), student="bob")  # a student shares meanwhile
    expect(panel).to_contain_text("1 student shared 40 deals")  # nothing changes by itself
    panel.get_by_role("button", name="Refresh", exact=True).click()
    expect(panel).to_contain_text("2 students shared 70 deals")
    expect(panel).to_contain_text("(refresh 2)")

    panel.get_by_role("button", name="Present (no names)").click()
    expect(panel).to_contain_text("2 students shared 70 deals")
    expect(panel).not_to_contain_text("Intervals that miss it")

    panel.get_by_role("button", name="Refresh every 1 s").click()
    store.share("tula_stuck", run(STUCK, "cat", 20), student="cat")
    expect(panel).to_contain_text("3 students shared 90 deals", timeout=15_000)
