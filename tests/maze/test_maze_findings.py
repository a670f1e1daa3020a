"""What the Maze studies found (``maze.findings``): the lesson's charts and tables show the
study's counts, in percent."""

from __future__ import annotations

import pandas as pd

from tilegames.maze import findings, study


def test_the_winnability_chart_splits_each_variants_deals_into_its_shares():
    frame = pd.DataFrame(
        {
            "variant": ["ring"] * 4 + ["standard"] * 2,
            "status": ["winnable"] * 3 + ["undecided", "winnable", "unwinnable"],
        }
    )
    ax = findings.winnability_chart(study.winnability_summary(frame)).axes[0]
    # winnable, unwinnable, undecided: one bar per variant each, in percent of its deals
    assert [float(bar.get_width()) for bar in ax.patches] == [75.0, 50.0, 0.0, 50.0, 25.0, 0.0]
    assert [text.get_text() for text in ax.texts] == ["75.0%", "50.0%", "50.0%", "25.0%"]


def test_the_tries_chart_counts_the_deals_won_in_each_group_of_searches():
    look = pd.DataFrame({"status": ["winnable"] * 4 + ["undecided"], "tries": [1, 4, 5, 60, 7]})
    ax = findings.tries_chart([look], ["second look"]).axes[0]
    # groups 1, 2, 3, 4-5, 6-10, 11-20, 21-50, 51-100; the undecided deal is not counted
    assert [int(bar.get_height()) for bar in ax.patches] == [1, 0, 0, 2, 0, 0, 0, 1]


def test_the_winnability_table_shows_shares_as_percentages():
    summary = pd.DataFrame({"variant": ["ring"], "winnable share": [0.999616], "deals": [2600]})
    html = findings.winnability_shown(summary, ["variant", "winnable share"]).to_html()
    assert "99.96%" in html and "0.999616" not in html and "2600" not in html
