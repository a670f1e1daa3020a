"""The matches results file (results/pyramids_matchups.csv): it reproduces, and it says what it claims."""

from __future__ import annotations

import functools
import json

import pandas as pd
import pytest

from tilegames import resources
from tilegames.pyramids.study import (
    MATCHUPS,
    first_player_edge_table,
    match_task,
    matchup_table,
    read_matchups,
)
from tilegames.sim import simulate

RESULTS = resources.folder("results")


@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    return read_matchups(RESULTS / "pyramids_matchups.csv")


def test_the_provenance_says_how_to_make_the_file_again(frame):
    provenance = json.loads((RESULTS / "pyramids_matchups.json").read_text())
    assert provenance["rows"] == len(frame)
    assert "write_matchups" in provenance["command"] and provenance["seed"] == 2026
    assert provenance["tilegames_version"] and provenance["date"]
    for name, (a, b, deals) in MATCHUPS.items():
        assert provenance["matchups"][name] == {"a": a, "b": b, "deals": deals}
        assert (frame["matchup"] == name).sum() == 2 * deals


@pytest.mark.parametrize("index, name", list(enumerate(MATCHUPS)))
def test_the_first_deals_of_every_match_replay_exactly(frame, index, name):
    a, b, _ = MATCHUPS[name]
    seed = json.loads((RESULTS / "pyramids_matchups.json").read_text())["seed"] + index
    again = simulate(
        functools.partial(match_task, a=a, b=b), 2, seed=seed, batch_size=50, progress=False
    )
    kept = frame[frame["matchup"] == name].head(len(again)).drop(columns="matchup")
    pd.testing.assert_frame_equal(
        again.reset_index(drop=True), kept.reset_index(drop=True), check_dtype=False
    )


def test_expert_beats_careful_with_an_interval_that_excludes_zero(frame):
    table = matchup_table(frame)
    assert table.loc["expert v careful", "edge low"] > 0
    assert table.loc["expert v careful", "A low"] > 0.5
    assert table.loc["careful v random", "edge low"] > 0
    assert table.loc["expert v random", "edge low"] > 0


def test_the_first_player_table_reads_the_mirror_matches(frame):
    table = first_player_edge_table(frame)
    assert list(table.index) == ["expert v expert", "careful v careful"]
    assert (
        (table["95% CI low"] < table["first player wins"])
        & (table["first player wins"] < table["95% CI high"])
    ).all()
