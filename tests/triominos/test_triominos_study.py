"""The Tri-Ominos scoring study: rows add up, tables are recomputed from rows, seeds replay."""

from __future__ import annotations

import functools

import numpy as np
import pandas as pd
import pytest

from tilegames import cli
from tilegames.sim import simulate
from tilegames.triominos.rules import BREAKDOWN_PARTS, POINT_PARTS, Game
from tilegames.triominos.study import (
    VARIANTS,
    game_summary,
    game_task,
    head_to_head,
    paired_task,
    player_rows,
    point_shares,
    round_task,
    summary_table,
)


@pytest.fixture(scope="module")
def rounds_3p() -> pd.DataFrame:
    task = functools.partial(round_task, players=3, player="greedy,random,cautious")
    return simulate(task, 150, seed=7, progress=False, batch_size=50)


def test_round_rows_add_up(rounds_3p):
    frame = rounds_3p
    for seat in range(3):
        parts = frame[[f"p{seat}_{p}" for p in POINT_PARTS]].sum(axis=1)
        assert (parts == frame[f"p{seat}_total"]).all()
    totals = sum(frame[f"p{s}_total"] for s in range(3))
    assert (totals == frame["round_points"]).all()
    for part in (
        "hexagon_1",
        "hexagon_2",
        "hexagon_3",
        "bridges",
        "draws",
        "passes",
        "tiles_placed",
    ):
        assert (sum(frame[f"p{s}_{part}"] for s in range(3)) == frame[part]).all()
    assert (
        frame["hexagons"] == frame["hexagon_1"] + 2 * frame["hexagon_2"] + 3 * frame["hexagon_3"]
    ).all()
    # bonus points are the counts times the rules' bonuses (seed rules: 50/60/70 and 40)
    for s in range(3):
        hexagon_points = (
            50 * frame[f"p{s}_hexagon_1"]
            + 60 * frame[f"p{s}_hexagon_2"]
            + 70 * frame[f"p{s}_hexagon_3"]
        )
        assert (hexagon_points == frame[f"p{s}_hexagon_points"]).all()
        assert (40 * frame[f"p{s}_bridges"] == frame[f"p{s}_bridge_points"]).all()
        assert (-5 * frame[f"p{s}_draws"] == frame[f"p{s}_draw_penalty"]).all()
    # one starter, who scored the start bonus; going-out points only for the winner of an "out" round
    starter_bonus = np.choose(frame["starter"], [frame[f"p{s}_start_bonus"] for s in range(3)])
    assert set(starter_bonus) <= {0, 10, 40}
    out = frame[frame["end"] == "out"]
    winner_out = np.choose(out["winner"], [out[f"p{s}_going_out_points"] for s in range(3)])
    assert (winner_out >= 25).all()
    assert set(frame["p1_player"]) == {"random"}


def test_round_row_matches_a_replayed_round():
    row = round_task(np.random.default_rng(11), players=2, player="greedy")
    rng = np.random.default_rng(11)
    from tilegames.triominos.players import GreedyPlayer, play_out
    from tilegames.triominos.rules import deal

    hands, pool = deal(2, rng)
    game = Game(hands, pool)
    play_out(game, [GreedyPlayer(), GreedyPlayer()])
    for seat, parts in enumerate(game.breakdown()):
        for part in BREAKDOWN_PARTS:
            assert row[f"p{seat}_{part}"] == parts[part]
    assert (row["winner"], row["end"], row["starter"]) == (
        -1 if game.winner is None else game.winner,
        game.end,
        game.starter,
    )


def test_summary_table_recomputed_from_rows(rounds_3p):
    frame = rounds_3p
    table = summary_table(frame)
    totals = pd.concat([frame[f"p{s}_total"] for s in range(3)])
    assert table.loc["points per player per round", "estimate"] == pytest.approx(totals.mean())
    assert table.loc["points per round (all players)", "estimate"] == pytest.approx(
        frame["round_points"].mean()
    )
    assert table.loc["hexagons per round", "estimate"] == pytest.approx(frame["hexagons"].mean())
    assert table.loc["bridges per round", "estimate"] == pytest.approx(frame["bridges"].mean())
    starter_won = (frame["winner"] == frame["starter"]).mean()
    assert table.loc["starter wins the round", "estimate"] == pytest.approx(starter_won)
    blocked = (frame["end"] == "blocked").mean()
    assert table.loc["rounds ending blocked", "estimate"] == pytest.approx(blocked)
    for name, row in table.iterrows():
        assert row["ci_low"] <= row["estimate"] <= row["ci_high"], name
    shares = point_shares(frame)
    assert shares.loc[list(POINT_PARTS), "mean points"].sum() == pytest.approx(
        shares.loc["total", "mean points"]
    )
    seats = player_rows(frame)
    assert len(seats) == 3 * len(frame)
    assert (seats.groupby(level=0)["total"].sum() == frame["round_points"]).all()
    duel = head_to_head(frame)
    assert set(duel.index) == {"greedy", "random", "cautious"}
    assert duel["seats played"].sum() == 3 * len(frame)
    random_wins = frame["winner"].eq(1).mean()
    assert duel.loc["random", "round win rate"].startswith(f"{random_wins:.1%}")
    others = frame[["p0_total", "p2_total"]].max(axis=1)
    ahead = (frame["p1_total"] > others).mean()
    assert duel.loc["random", "outscores the others"].startswith(f"{ahead:.1%}")


def test_same_seed_same_frame_for_one_and_two_workers():
    task = functools.partial(round_task, players=2, player="greedy,random", shuffle_seats=True)
    one = simulate(task, 60, seed=3, progress=False, batch_size=20)
    two = simulate(task, 60, seed=3, progress=False, batch_size=20, workers=2)
    pd.testing.assert_frame_equal(one, two)
    other = simulate(task, 60, seed=4, progress=False, batch_size=20)
    assert not one.equals(other)


def test_paired_task_plays_the_same_deal_under_each_rules():
    frame = simulate(
        functools.partial(paired_task, rules=("seed", "pressman", "seed_additive_hexagons")),
        30,
        seed=5,
        progress=False,
    )
    assert len(frame) == 90
    assert list(frame.groupby("game")["rules"].apply(tuple).unique()) == [
        ("seed", "pressman", "seed_additive_hexagons")
    ]
    # same deal: the same starter under every rules
    assert (frame.groupby("game")["starter"].nunique() == 1).all()
    pressman = frame[frame["rules"] == "pressman"]
    seed = frame[frame["rules"] == "seed"]
    assert (pressman["p0_passes"] + pressman["p1_passes"]).sum() >= 0
    assert (seed["draws"].to_numpy() >= 0).all()
    additive = frame[frame["rules"] == "seed_additive_hexagons"]
    doubles = (
        additive["p0_hexagon_2"] * 100
        + additive["p0_hexagon_1"] * 50
        + additive["p0_hexagon_3"] * 150
    )
    assert (doubles == additive["p0_hexagon_points"]).all()


def test_game_task_reaches_400():
    frame = simulate(functools.partial(game_task, players=3), 12, seed=2, progress=False)
    finals = frame[[f"p{s}_final" for s in range(3)]]
    assert (frame["winning_total"] >= 400).all()
    assert (finals.max(axis=1) >= 400).all()
    assert (np.choose(frame["winner"], [finals[c] for c in finals]) == frame["winning_total"]).all()
    table = game_summary(frame)
    assert table.loc["rounds per game", "estimate"] == pytest.approx(frame["rounds"].mean())


def test_variants_are_named_and_distinct():
    assert VARIANTS["seed"].max_draws is None and VARIANTS["pressman"].max_draws == 3
    assert VARIANTS["seed_additive_hexagons"].hexagon_bonuses == (50, 100, 150)
    assert len({v.name for v in VARIANTS.values()}) == len(VARIANTS)


def test_cli_rounds_and_games(tmp_path, capsys):
    out = tmp_path / "rounds.csv"
    code = cli.main(
        [
            "simulate",
            "triominos",
            "--players",
            "2",
            "--player",
            "greedy",
            "--rules",
            "pressman",
            "--rounds",
            "40",
            "--seed",
            "1",
            "--out",
            str(out),
            "--no-progress",
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "40 rounds" in printed and "hexagons per round" in printed and "95% CI" in printed
    frame = pd.read_csv(out)
    assert len(frame) == 40 and set(frame["rules"]) == {"pressman"}
    code = cli.main(["simulate", "triominos", "--games", "3", "--players", "3", "--no-progress"])
    assert code == 0 and "winning total" in capsys.readouterr().out


def test_cli_refuses_bad_arguments(capsys):
    for argv in (
        ["--player", "nobody", "--rounds", "5"],
        ["--players", "7", "--rounds", "5"],
        ["--rules", "house", "--rounds", "5"],
        ["--rounds", "5", "--games", "5"],
    ):
        with pytest.raises(SystemExit) as exit_info:
            cli.main(["simulate", "triominos", "--no-progress", *argv])
        assert exit_info.value.code == 2
    assert "unknown Tri-Ominos player 'nobody'" in capsys.readouterr().err
