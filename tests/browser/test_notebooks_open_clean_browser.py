"""Opening a committed lesson in JupyterLab does not change it (issue 24, item 7).

JupyterLab marks a notebook modified when the kernel it starts describes itself differently
from the notebook's metadata (the kernelspec's display name, the language's details), and
then saves that. A committed lesson must open clean: not modified, nothing to save.
"""

from __future__ import annotations

import json
import platform
import shutil

import pytest
from playwright.sync_api import expect

from .conftest import REPO, open_unrun

LESSONS = sorted((REPO / "notebooks").glob("*.ipynb"))

MODEL = """() => {
    const widget = window.jupyterapp.shell.currentWidget;
    const model = widget && widget.context && widget.context.model;
    return model ? {dirty: model.dirty, metadata: model.toJSON().metadata} : null;
}"""


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_opens_unmodified(path, jupyter_lab, lab_root, page):
    folder = lab_root / "clean"
    folder.mkdir(exist_ok=True)
    shutil.copy(path, folder / path.name)
    before = (folder / path.name).read_bytes()
    open_unrun(page, jupyter_lab, f"clean/{path.name}")
    # the kernel starts and tells JupyterLab about itself: that is when the metadata changed
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Idle")
    page.wait_for_timeout(1500)
    state = page.evaluate(MODEL)
    saved = json.loads(before)["metadata"]
    assert state is not None
    assert state["metadata"]["kernelspec"] == saved["kernelspec"]
    here = platform.python_version()
    if saved["language_info"]["version"] != here:  # lessons executed on another Python:
        # only the version may differ (make notebooks on this Python records it)
        opened = dict(state["metadata"]["language_info"], version=saved["language_info"]["version"])
        assert opened == saved["language_info"]
        return
    assert state["metadata"]["language_info"] == saved["language_info"]
    assert state["dirty"] is False
    assert (folder / path.name).read_bytes() == before
