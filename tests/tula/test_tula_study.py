"""The Tula study: one row per deal, paired variants, reproducible on any executor."""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from tilegames.sim import simulate
from tilegames.stats import wilson
from tilegames.tula import new_game
from tilegames.tula.players import make_player, play_game
from tilegames.tula.solver import solve
from tilegames.tula.study import (
    deal_task,
    first_move_loss,
    first_move_loss_by_enumeration,
    game_from_code,
    loss_breakdown,
    mercy_effect,
    running_estimate,
    summarize,
    summary_text,
)

FAST_TASK = functools.partial(deal_task, lineup=("random", "greedy", "matches", "chain", "solver"))


def test_the_counting_argument_agrees_with_enumeration_and_simulation():
    assert first_move_loss() == Fraction(455, 1771) == first_move_loss_by_enumeration()
    frame = simulate(FAST_TASK, 4000, seed=11, progress=False)
    estimate = wilson(int(frame["mercy_usable"].sum()), len(frame), confidence=0.999)
    assert estimate.low <= float(first_move_loss()) <= estimate.high
    # without mercy, exactly those deals end with only 4A's tile on the stack
    assert (frame["mercy_usable"] == (frame["greedy_tiles"] == 1)).all()


def test_same_seed_same_frame_serially_and_with_two_worker_processes():
    serial = simulate(FAST_TASK, 2500, seed=5, progress=False, batch_size=500)
    parallel = simulate(FAST_TASK, 2500, seed=5, progress=False, batch_size=500, workers=2)
    pd.testing.assert_frame_equal(serial, parallel)
    other = simulate(FAST_TASK, 2500, seed=6, progress=False, batch_size=500)
    assert not serial["deal"].equals(other["deal"])


def test_same_seed_same_frame_on_a_dask_local_cluster():
    distributed = pytest.importorskip("distributed")
    serial = simulate(FAST_TASK, 1200, seed=9, progress=False, batch_size=300)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(
            FAST_TASK, 1200, seed=9, progress=False, batch_size=300, executor=client.get_executor()
        )
    pd.testing.assert_frame_equal(serial, on_dask)


def test_rows_replay_through_the_public_api():
    frame = simulate(FAST_TASK, 40, seed=3, progress=False)
    for row in frame.itertuples():
        for mercy, suffix in ((False, ""), (True, "_mercy")):
            for name in ("greedy", "matches", "chain"):
                game = play_game(game_from_code(row.deal, mercy=mercy), make_player(name))
                assert len(game.stack) == getattr(row, f"{name}{suffix}_tiles")
                assert game.won == getattr(row, f"{name}{suffix}_won")
            verdict = solve(game_from_code(row.deal, mercy=mercy, auto_reveal=True)).winnable
            assert verdict == getattr(row, f"solver{suffix}_won")


def test_a_row_deal_is_the_deal_new_game_draws():
    frame = simulate(FAST_TASK, 3, seed=2, progress=False, batch_size=3)
    rng = np.random.default_rng(np.random.SeedSequence(2).spawn(1)[0])
    assert game_from_code(frame["deal"][0]).deal == new_game(rng).deal


def test_mercy_only_changes_deals_where_it_can_be_used():
    frame = simulate(FAST_TASK, 3000, seed=4, progress=False)
    plain = ~frame["mercy_usable"]
    for name in ("random", "greedy", "matches", "chain", "solver"):
        assert (frame.loc[plain, f"{name}_won"] == frame.loc[plain, f"{name}_mercy_won"]).all()
        assert not frame.loc[~plain, f"{name}_won"].any()  # lost at the first move
    assert (frame["solver_mercy_won"] >= frame["solver_won"]).all()
    for name in ("random", "greedy", "matches", "chain"):  # nobody beats the clairvoyant
        assert not (frame[f"{name}_won"] & ~frame["solver_won"]).any()
        assert not (frame[f"{name}_mercy_won"] & ~frame["solver_mercy_won"]).any()


def test_the_sampler_and_published_only_runs():
    task = functools.partial(deal_task, lineup=("sampler",), compare_mercy=False, samples=2)
    frame = simulate(task, 6, seed=1, progress=False)
    assert list(frame.columns) == ["game", "deal", "mercy_usable", "sampler_tiles", "sampler_won"]
    assert frame.equals(simulate(task, 6, seed=1, progress=False))
    assert len(mercy_effect(frame)) == 0


def test_summary_tables_count_what_the_frame_holds():
    frame = simulate(FAST_TASK, 500, seed=8, progress=False)
    table = summarize(frame).set_index(["player", "variant"])
    row = table.loc[("solver", "mercy")]
    assert row["wins"] == frame["solver_mercy_won"].sum() and row["games"] == 500
    assert row["CI low"] <= row["win rate"] <= row["CI high"]
    effect = mercy_effect(frame).set_index("player")
    expected = frame["solver_mercy_won"].mean() - frame["solver_won"].mean()
    assert effect.loc["solver", "mercy effect"] == pytest.approx(expected)
    text = summary_text(frame)
    assert "solver" in text and "Mercy effect" in text and "95% CI" in text


def test_running_estimate_narrows():
    outcomes = np.random.default_rng(0).random(5000) < 0.4
    table = running_estimate(outcomes, points=10)
    assert table["games"].iloc[-1] == 5000 and table["games"].is_monotonic_increasing
    assert table["half width"].iloc[-1] < table["half width"].iloc[0]
    with pytest.raises(ValueError, match="at least 10"):
        running_estimate([1, 0])


def test_loss_breakdown_adds_up_and_counts_the_deals_no_one_can_win():
    frame = simulate(FAST_TASK, 800, seed=12, progress=False)
    long = loss_breakdown(frame)
    table = long.pivot_table(index=["player", "variant"], columns="outcome", values="share")
    assert set(table.index.get_level_values("player")) == {"random", "greedy", "matches", "chain"}
    assert np.allclose(table.sum(axis=1), 1.0)
    assert table.loc[("greedy", "mercy"), "lost by the deal"] == pytest.approx(
        1 - frame["solver_mercy_won"].mean()
    )
    assert table.loc[("random", "published"), "won"] == pytest.approx(frame["random_won"].mean())
    assert ((long["CI low"] <= long["share"]) & (long["share"] <= long["CI high"])).all()


def test_the_players_dice_are_their_own_so_the_deals_do_not_follow_them():
    """Since issue 23 the players draw from dice of their own: which players play (and how
    many numbers they draw) no longer changes the deals that follow in a batch."""
    import functools

    from tilegames.sim import simulate
    from tilegames.tula.study import deal_task

    def deals(players, **options):
        task = functools.partial(deal_task, lineup=players, compare_mercy=False, **options)
        return simulate(task, 30, seed=5, batch_size=10, progress=False)

    assert deals(("random",))["deal"].tolist() == deals(("greedy",))["deal"].tolist()
    legacy = deals(("random",), legacy_dice=True)["deal"].tolist()
    assert legacy != deals(("greedy",), legacy_dice=True)["deal"].tolist()  # the old way did
