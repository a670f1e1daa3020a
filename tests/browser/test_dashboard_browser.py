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


def _data_points(figure, renderer) -> list[tuple[float, float]]:
    """Every plotted point of the figure in its picture's pixels (x right, y down): markers,
    points along each line (intervals, funnel curves, the true value), scatter dots."""
    import numpy as np

    height = figure.bbox.height
    points = []
    for axes in figure.axes:
        for line in axes.lines:
            xy = line.get_transform().transform(line.get_xydata())
            for a, b in zip(xy[:-1], xy[1:]):  # along each segment, not only its ends
                points += [tuple(a + (b - a) * t) for t in np.linspace(0, 1, 25)]
            points += [tuple(p) for p in xy]
        for collection in axes.collections:
            offsets = collection.get_offset_transform().transform(collection.get_offsets())
            points += [tuple(p) for p in offsets]
    return [(x, height - y) for x, y in points]


def _legend_boxes(figure, renderer) -> list[tuple[float, float, float, float]]:
    height = figure.bbox.height
    boxes = []
    for axes in figure.axes:
        box = axes.get_legend().get_window_extent(renderer)
        boxes.append((box.x0, height - box.y1, box.x1, height - box.y0))
    return boxes


def _covered(figure) -> list[tuple[float, float]]:
    """The plotted points that lie under a legend (with a marker's radius of slack)."""
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    slack = 6
    return [
        (x, y)
        for x, y in _data_points(figure, renderer)
        for x0, y0, x1, y1 in _legend_boxes(figure, renderer)
        if x0 - slack <= x <= x1 + slack and y0 - slack <= y <= y1 + slack
    ]


def test_in_present_mode_the_legend_covers_no_plotted_point(jupyter_lab, lab_root, page, tmp_path):
    """Issue 36: the present mode's legends sat on the data. The picture the page shows in
    present mode is compared with the same figure drawn here (same class store), whose
    artists say where each legend and each plotted point is; no point lies under a legend,
    and the page's pixels inside each legend hold none of the data's blue or orange."""
    import base64
    import io

    import matplotlib
    import numpy as np
    from PIL import Image

    from tilegames.classroom import class_summary, plot_class

    matplotlib.use("Agg")
    store = ClassStore(tmp_path / "class-store")
    for i, games in enumerate([8, 15, 30, 60, 120, 25, 40, 10]):
        store.share("tula_stuck", run(STUCK, f"s{i}", games), student=f"s{i}")
    source = (
        f"import sys\nsys.path.insert(0, {str(ROOT)!r})  # this checkout's tilegames\n"
        "from tilegames.classroom import Dashboard\n"
        f"Dashboard({str(store.folder)!r}, 'tula_stuck')"
    )
    name = write_notebook(lab_root, "class_dashboard_present.ipynb", [source])
    open_and_run(page, jupyter_lab, name)
    panel = page.locator(".tilegames-dashboard")
    expect(panel).to_contain_text("8 students shared")
    expect(panel.locator("img")).to_have_count(1)
    before = panel.locator("img").get_attribute("src")
    panel.get_by_role("button", name="Present (no names)").click()
    expect(panel.locator("img")).not_to_have_attribute("src", before)  # redrawn for the room
    expect(panel.locator("img")).to_have_count(1)
    src = panel.locator("img").get_attribute("src")
    assert src.startswith("data:image/png;base64,")
    shown = np.asarray(
        Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1]))).convert("RGB")
    )

    # the same figure, drawn here at the dashboard's resolution: the page shows exactly it
    summary = class_summary(store.rows("tula_stuck"), STUCK)
    figure = plot_class(summary, present=True)
    figure.set_dpi(80)
    figure.canvas.draw()
    drawn = np.asarray(figure.canvas.buffer_rgba())[..., :3]
    assert shown.shape == drawn.shape, (shown.shape, drawn.shape)
    assert np.abs(shown.astype(int) - drawn.astype(int)).mean() < 2

    assert _covered(figure) == []  # no plotted point under a legend
    renderer = figure.canvas.get_renderer()
    boxes = _legend_boxes(figure, renderer)
    assert len(boxes) == 2 and len(_data_points(figure, renderer)) > 100
    for colour in ((0x00, 0x72, 0xB2), (0xD5, 0x5E, 0x00)):  # the data's blue and orange
        for x0, y0, x1, y1 in boxes:
            inside = shown[int(y0) : int(y1) + 1, int(x0) : int(x1) + 1].astype(int)
            near = (np.abs(inside - np.array(colour)).sum(axis=2) < 60).sum()
            assert near == 0, (colour, (x0, y0, x1, y1), near)

    # the check can fail: the same legends put back inside the panels cover points
    for axes in figure.axes:
        axes.legend(loc="center")
    assert _covered(figure) != []
