"""The studies' tallies (issue 27): summaries kept as counts and exact sums, fed batch by batch,
say what the rows themselves say, computed directly from the rows' arrays."""

from __future__ import annotations

import functools

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilegames.maze.study import SolveTally
from tilegames.pyramids.study import GameTally as PyramidsTally
from tilegames.pyramids.study import game_task as pyramids_game
from tilegames.sim import simulate
from tilegames.stats import mean_interval, paired_difference, wilson
from tilegames.triominos.study import RoundTally, player_rows, round_task
from tilegames.tula.study import WinCounts
from tilegames.words import estimate_text


def _batches(frame: pd.DataFrame, size: int):
    return [frame.iloc[start : start + size] for start in range(0, len(frame), size)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 300), size=st.integers(1, 60))
def test_tulas_counts_give_the_win_rates_and_paired_effects_of_the_rows(seed, n, size):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "deal": ["x"] * n,
            "greedy_won": rng.random(n) < 0.3,
            "greedy_mercy_won": rng.random(n) < 0.4,
            "solver_won": rng.random(n) < 0.5,
            "solver_mercy_won": rng.random(n) < 0.6,
        }
    )
    counts = WinCounts()
    for batch in _batches(frame, size):
        counts(batch)
    table = counts.table().set_index(["player", "variant"])
    for (player, variant), row in table.iterrows():
        column = f"{player}{'_mercy' if variant == 'mercy' else ''}_won"
        expected = wilson(int(frame[column].sum()), n)
        assert (row["wins"], row["games"]) == (int(frame[column].sum()), n)
        assert (row["win rate"], row["CI low"], row["CI high"]) == (
            expected.value,
            expected.low,
            expected.high,
        )
    effect = counts.mercy_effect().set_index("player")
    for player in ("greedy", "solver"):
        expected = paired_difference(frame[f"{player}_mercy_won"], frame[f"{player}_won"])
        got = effect.loc[player]
        assert (got["mercy effect"], got["CI low"], got["CI high"]) == (
            expected.value,
            expected.low,
            expected.high,
        )


def test_the_solver_tally_gives_the_rows_medians_and_mean_length():
    rng = np.random.default_rng(5)
    solved = rng.random(101) < 0.7
    frame = pd.DataFrame(
        {
            "solved": solved,
            "moves": np.where(solved, rng.integers(90, 200, 101), -1),
            "seconds": np.round(rng.random(101) * 3, 4),
        }
    )
    frame["moves"] = frame["moves"].where(solved)  # unsolved deals have no length
    tally = SolveTally()
    for batch in _batches(frame, 7):
        tally(batch)
    lengths = frame.loc[solved, "moves"].to_numpy(float)
    text = tally.text().splitlines()
    assert text[1].endswith(str(wilson(int(solved.sum()), 101)))
    assert text[2] == f"median seconds per deal: {frame['seconds'].median():.3f}"
    assert text[3] == (
        f"solution length (moves): mean {mean_interval(lengths)}, median {np.median(lengths):.0f}"
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_round_tally_gives_the_summary_of_the_rows(players):
    task = functools.partial(round_task, players=players, player="greedy,random")
    tally = RoundTally()
    frame = simulate(task, 120, seed=players, progress=False, batch_size=25, tally=tally)
    seats = player_rows(frame)
    starters = seats[seats["starter"]]
    others = seats[~seats["starter"]].groupby(level=0)["total"].mean()
    lead = (starters["total"] - others.reindex(starters.index)).dropna().to_numpy(float)
    expected = {
        "points per player per round": mean_interval(seats["total"].to_numpy(float)),
        "tile values per player": mean_interval(seats["tile_values"].to_numpy(float)),
        "draws per round": mean_interval(frame["draws"].to_numpy(float)),
        "starter's lead over the others (points)": mean_interval(lead),
        "starter wins the round": wilson(int((frame["winner"] == frame["starter"]).sum()), 120),
    }
    table = tally.table()
    for name, estimate in expected.items():
        assert table.loc[name, "shown"] == estimate_text(estimate)
        assert table.loc[name, "estimate"] == pytest.approx(estimate.value, rel=1e-12)


def test_the_pyramids_tally_gives_the_tables_of_the_rows():
    tally = PyramidsTally()
    task = functools.partial(pyramids_game, players=3, player="careful,random")
    frame = simulate(task, 60, seed=2, progress=False, batch_size=13, tally=tally)
    length = tally.length_table().loc[3]
    turns = mean_interval(frame["turns"].to_numpy())
    assert length["mean turns"] == round(turns.value, 1)
    assert length["95% CI"] == f"{turns.low:.1f} to {turns.high:.1f}"
    assert length["median turns"] == float(frame["turns"].median())
    fall = mean_interval(frame["n_fall"].to_numpy())
    assert tally.mayhem_table().loc[3, "fall"] == f"{fall.value:.2f} ± {fall.half_width:.2f}"
    decided = frame[~frame["capped"]]
    won = wilson(int(decided["first_won"].sum()), len(decided))
    assert tally.first_player_table().loc[3, "first player wins"] == won.value
