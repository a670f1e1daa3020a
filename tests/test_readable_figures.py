"""Numbers in the lessons' figures read the way a student expects.

Value labels stay inside their plot's frame; bar labels have a contrast of at least 4.5:1 on
the patch behind them; count axes tick whole numbers (no half deal, no half round).
"""

from __future__ import annotations

import matplotlib
import numpy as np
import pandas as pd
import pytest

from tilegames.explore import plot_estimates
from tilegames.stats import Estimate, mean_interval, wilson
from tilegames.svg import contrast

matplotlib.use("Agg")

CASES = {
    "a share near 100%": {"won": wilson(99, 100), "lost": wilson(1, 100)},
    "a share of exactly 0% and 100%": {"none": wilson(0, 50), "all": wilson(50, 50)},
    "one mean (the Maze explorer's 391.5)": {"moves": Estimate(391.5, 385.0, 398.0, percent=False)},
    "means far apart": {
        "a": mean_interval([1.0, 2.0, 3.0]),
        "b": Estimate(391.5, 380, 402, percent=False),
    },
    "a negative mean": {"points": Estimate(-40.0, -55.0, -25.0, percent=False)},
}


@pytest.mark.parametrize("estimates", CASES.values(), ids=CASES.keys())
def test_every_value_label_of_an_explorer_plot_is_inside_its_frame(estimates):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = plot_estimates(estimates)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    labels = 0
    for ax in figure.axes:
        frame = ax.get_window_extent(renderer)
        for text in ax.texts:
            box = text.get_window_extent(renderer)
            labels += 1
            assert frame.x0 <= box.x0 and box.x1 <= frame.x1, text.get_text()
            assert frame.y0 <= box.y0 and box.y1 <= frame.y1, text.get_text()
    assert labels == len(estimates)


def test_the_winnability_bars_label_their_shares_with_enough_contrast():
    from tilegames.maze.findings import winnability_chart

    summary = pd.DataFrame(
        {"variant": ["standard", "ring"], "deals": [1000, 1000], "winnable": [901, 99],
         "unwinnable": [0, 100], "undecided": [99, 801]}
    )  # fmt: skip
    figure = winnability_chart(summary)
    texts = [t for t in figure.axes[0].texts if t.get_text().endswith("%")]
    assert {t.get_text() for t in texts} >= {"90.1%", "80.1%", "10.0%"}
    for text in texts:
        patch = text.get_bbox_patch()
        assert patch is not None, text.get_text()  # a plain patch, not the hatching
        ink = matplotlib.colors.to_hex(text.get_color())
        behind = matplotlib.colors.to_hex(patch.get_facecolor())
        assert contrast(ink, behind) >= 4.5, (text.get_text(), ink, behind)


def _whole(ticks) -> bool:
    return all(float(t).is_integer() for t in ticks)


def test_count_axes_tick_whole_numbers():
    from tilegames.maze.findings import solution_lengths_chart
    from tilegames.triominos.findings import plot_bonus_counts, plot_games

    few = pd.DataFrame({"solved": [True] * 5, "moves": [120, 130, 150, 155, 200]})
    assert _whole(solution_lengths_chart(few).axes[0].get_yticks())
    games = pd.DataFrame({"rounds": [2, 3, 3, 4, 5], "winning_total": [410, 420, 450, 500, 650]})
    rounds_axis, totals_axis = plot_games(games).axes
    assert _whole(rounds_axis.get_xticks()) and _whole(totals_axis.get_yticks())
    rounds = pd.DataFrame({"hexagons": [0, 0, 1, 2], "bridges": [0, 1, 1, 3]})
    assert all(_whole(ax.get_xticks()) for ax in plot_bonus_counts({"2 players": rounds}).axes)
    assert np.isfinite(rounds_axis.get_ylim()).all()
