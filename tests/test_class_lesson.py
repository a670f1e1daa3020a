"""The class-experiment lesson as a student and a teacher meet it.

Its legends never cover data (in the notebook and in the dashboard's present mode, with one
student or thirty); the made-up class plays batches of many sizes, so the funnel plot has a
funnel; ``share`` answers in words, and a refused share is one line, not a traceback.
"""

from __future__ import annotations

import re

import matplotlib
import numpy as np
import pandas as pd
import pytest

from tilegames.classroom import (
    EXPERIMENTS,
    class_summary,
    estimate,
    plot_class,
    run,
    share,
)
from tilegames.classroom.store import class_rows

matplotlib.use("Agg")
STUCK = EXPERIMENTS["tula_stuck"]


def _class(students: int, games: int = 30) -> pd.DataFrame:
    return pd.concat(
        [
            run(STUCK, f"s{i}", games).rename(columns={"stuck": "value"}).assign(student=f"s{i}")
            for i in range(students)
        ]
    )


def _overlaps(a, b) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


@pytest.mark.parametrize("students", [1, 30])
@pytest.mark.parametrize("present", [False, True])
def test_no_legend_covers_the_data_area_or_another_panel(students, present):
    figure = plot_class(class_summary(_class(students), STUCK), present=present)
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    legends = [axes.get_legend() for axes in figure.axes]
    assert all(legends) and len(legends) == 2
    width, height = figure.bbox.width, figure.bbox.height
    for legend in legends:
        box = legend.get_window_extent(renderer)
        for axes in figure.axes:
            assert not _overlaps(box, axes.get_window_extent(renderer)), (students, present)
        # and the legend is inside the picture, not cut off
        assert box.x0 >= 0 and box.y0 >= 0 and box.x1 <= width and box.y1 <= height


def test_the_made_up_class_plays_batches_of_many_sizes_so_the_funnel_shows():
    rows, where = class_rows("tula_stuck", store=None)
    sizes = rows.groupby("student").size()
    assert len(sizes) == 30 and sizes.max() >= 10 * sizes.min()
    assert f"between {sizes.min()} and {sizes.max()} deals each" in where
    summary = class_summary(rows, STUCK)
    games = np.array([s.games for s in summary.students])
    error = np.array([abs(s.estimate - summary.truth.value) for s in summary.students])
    small, big = games <= np.median(games), games > np.median(games)
    assert error[small].mean() > error[big].mean()  # the small batches scatter more


def test_the_misses_are_set_against_what_nine_classes_in_ten_see():
    summary = class_summary(_class(3), STUCK)
    missed = 3 - summary.covered
    assert summary.misses_text().startswith(f"{missed} of 3 interval")
    assert "9 classes in 10" in summary.misses_text()


def test_share_answers_in_words_and_a_refusal_is_one_line(tmp_path, monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setenv("TILEGAMES_STUDENT", "ada")
    monkeypatch.delenv("TILEGAMES_CLASS_STORE", raising=False)
    not_set_up = share("tula_stuck", run(STUCK, "ada", 5))
    assert not not_set_up and repr(not_set_up).startswith("Not shared: no class store")
    sent = share("tula_stuck", run(STUCK, "ada", 5), store=tmp_path)
    assert sent and repr(sent).startswith("Shared 5 deals with the class")
    assert "Sent(" not in repr(sent) and "\n" not in repr(sent)
    refused = share("tula_stuck", run(STUCK, "bob", 5), store=tmp_path)  # not ada's deals
    assert not refused
    assert repr(refused).startswith("Not shared: these are not your deals")
    assert "\n" not in repr(refused) and "Traceback" not in repr(refused)


def test_a_batchs_mean_reads_like_the_class_figures():
    """Lesson 07 printed a student's mean as 277.37 (95% CI 260.07 to 294.67) beside the class's
    277.9: the same kind of figure now reads alike, with one decimal."""
    rounds = EXPERIMENTS["triominos_round"]
    mine = estimate(rounds, run(rounds, "ada", 12))
    assert re.fullmatch(r"\d+\.\d \(95% CI \d+\.\d to \d+\.\d\)", str(mine)), str(mine)
    assert mine.value == pytest.approx(run(rounds, "ada", 12)[rounds.column].mean())
