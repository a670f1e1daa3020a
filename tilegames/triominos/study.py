"""Tri-Ominos scoring statistics: what a round (and a game to 400) really scores.

Simulation tasks for ``tilegames.sim.simulate`` (one row per round, or per
game to 400) and the tables the scoring notebook shows. The command line
(``tilegames/cli/triominos.py``) runs the same tasks:

    tilegames simulate triominos --players 2 --player greedy --rules pressman \\
        --rounds 20000 --workers 2 --seed 1 --out rounds.csv

>>> import functools
>>> from tilegames.sim import simulate
>>> frame = simulate(functools.partial(round_task, players=3), 20, seed=1, progress=False)
>>> bool((frame["p0_total"] == frame[[f"p0_{p}" for p in POINT_PARTS]].sum(axis=1)).all())
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ..players import play_game
from ..stats import Estimate, mean_interval, wilson
from .players import make_player, play_round
from .rules import BREAKDOWN_PARTS, POINT_PARTS, Game, Match, Rules, deal

__all__ = [
    "POINT_PARTS",
    "VARIANTS",
    "game_summary",
    "game_task",
    "head_to_head",
    "paired_task",
    "player_kinds",
    "player_rows",
    "point_shares",
    "round_task",
    "rules_named",
    "shown",
    "summary_table",
]

VARIANTS: dict[str, Rules] = {
    "seed": Rules.seed(),
    "pressman": Rules.pressman(),
    "seed_additive_hexagons": Rules.seed().replace(
        name="seed_additive_hexagons", hexagon_bonuses=(50, 100, 150)
    ),
    "seed_three_draws": Rules.seed().replace(name="seed_three_draws", max_draws=3),
    "seed_lowest_value_block": Rules.seed().replace(
        name="seed_lowest_value_block", blocked_winner="lowest_value"
    ),
    "seed_strict_bridge": Rules.seed().replace(name="seed_strict_bridge", bridge_rule="strict"),
    "seed_loose_bridge": Rules.seed().replace(name="seed_loose_bridge", bridge_rule="loose"),
}
"""Rules by name: the two presets, each of Pressman's two changes alone, and the bonus variants."""


def rules_named(rules: Rules | str) -> Rules:
    """A ``Rules`` from a name in ``VARIANTS`` (or the Rules itself).

    >>> rules_named("pressman").max_draws
    3
    """
    if isinstance(rules, Rules):
        return rules
    if rules not in VARIANTS:
        raise ValueError(f"unknown rules {rules!r}: choose from {', '.join(VARIANTS)}")
    return VARIANTS[rules]


def player_kinds(player: str | list[str] | tuple[str, ...], players: int) -> list[str]:
    """The player of each seat: ``"greedy,cautious"`` names seats 0, 1, ... in turn.

    >>> player_kinds("greedy,random", 3)
    ['greedy', 'random', 'greedy']
    """
    kinds = player.split(",") if isinstance(player, str) else list(player)
    kinds = [k.strip() for k in kinds if k.strip()]
    if not kinds:
        raise ValueError("name at least one player: random, greedy or cautious")
    return [kinds[s % len(kinds)] for s in range(players)]


def round_row(game: Game, kinds: list[str]) -> dict[str, Any]:
    """The study's row for a finished round: who, how it ended, every seat's score parts."""
    rows = game.breakdown()
    row: dict[str, Any] = {
        "players": game.players,
        "rules": game.rules.name,
        "starter": game.starter,
        "winner": -1 if game.winner is None else game.winner,
        "end": game.end,
        "moves": len(game.history),
        "pool_left": game.pool_size,
    }
    totals = {part: 0 for part in BREAKDOWN_PARTS}
    for seat, parts in enumerate(rows):
        row[f"p{seat}_player"] = kinds[seat]
        for part in BREAKDOWN_PARTS:
            value = parts[part]
            row[f"p{seat}_{part}"] = value
            totals[part] += value
    row["round_points"] = totals["total"]
    row["tiles_placed"] = totals["tiles_placed"]
    row["hexagon_1"] = totals["hexagon_1"]
    row["hexagon_2"] = totals["hexagon_2"]
    row["hexagon_3"] = totals["hexagon_3"]
    row["hexagons"] = totals["hexagon_1"] + 2 * totals["hexagon_2"] + 3 * totals["hexagon_3"]
    row["bridges"] = totals["bridges"]
    row["draws"] = totals["draws"]
    row["passes"] = totals["passes"]
    return row


def round_task(
    rng: np.random.Generator,
    *,
    players: int = 2,
    player: str | list[str] = "greedy",
    rules: Rules | str = "seed",
    shuffle_seats: bool = False,
) -> dict[str, Any]:
    """Deal and play one round; the row has every seat's points broken down.

    ``player`` names the player of each seat (``"greedy"``, or ``"greedy,cautious"``
    for seats 0, 1, ... cycled); ``shuffle_seats`` deals the seats to them at random.

    >>> row = round_task(np.random.default_rng(3), players=2)
    >>> row["end"] in ("out", "blocked"), row["p0_total"] + row["p1_total"] == row["round_points"]
    (True, True)
    """
    rules = rules_named(rules)
    kinds = player_kinds(player, players)
    if shuffle_seats:
        kinds = [kinds[int(i)] for i in rng.permutation(players)]
    hands, pool = deal(players, rng, rules)
    game = Game(hands, pool, rules=rules)
    play_game(game, [make_player(kind) for kind in kinds], seed=rng, checked=False)
    return round_row(game, kinds)


def paired_task(
    rng: np.random.Generator,
    *,
    players: int = 2,
    player: str | list[str] = "greedy",
    rules: tuple[Rules | str, ...] = ("seed", "pressman"),
) -> list[dict[str, Any]]:
    """One deal played under each of several rules: one row per rules, same hands and pool.

    The rows share the simulation's ``game`` number, so rules can be compared deal by deal.

    >>> rows = paired_task(np.random.default_rng(1))
    >>> [row["rules"] for row in rows]
    ['seed', 'pressman']
    """
    kinds = player_kinds(player, players)
    variants = [rules_named(r) for r in rules]
    hands, pool = deal(players, rng, variants[0])
    play_seed = int(rng.integers(2**63))
    rows = []
    seats = [make_player(kind) for kind in kinds]
    for variant in variants:
        game = Game(hands, pool, rules=variant)
        # the same player seed under each rules: random players choose alike
        play_game(game, seats, seed=np.random.default_rng(play_seed), checked=False)
        rows.append(round_row(game, kinds))
    return rows


def game_task(
    rng: np.random.Generator,
    *,
    players: int = 2,
    player: str | list[str] = "greedy",
    rules: Rules | str = "seed",
    shuffle_seats: bool = False,
) -> dict[str, Any]:
    """A whole game: rounds until someone reaches the target (400). One row per game.

    >>> row = game_task(np.random.default_rng(2))
    >>> row["winning_total"] >= 400 and row["rounds"] >= 1
    True
    """
    rules = rules_named(rules)
    kinds = player_kinds(player, players)
    if shuffle_seats:
        kinds = [kinds[int(i)] for i in rng.permutation(players)]
    match = Match(players, rules=rules, seed=rng)
    seats = [make_player(kind) for kind in kinds]
    hexagons = bridges = 0
    while not match.is_over:
        game = play_round(match, seats, seed=rng)
        for parts in game.breakdown():
            hexagons += parts["hexagon_1"] + 2 * parts["hexagon_2"] + 3 * parts["hexagon_3"]
            bridges += parts["bridges"]
    row: dict[str, Any] = {
        "players": players,
        "rules": rules.name,
        "rounds": len(match.rounds),
        "winner": match.winner,
        "winner_player": kinds[match.winner],
        "winning_total": match.totals[match.winner],
        "first_starter": match.rounds[0].starter,
        "hexagons": hexagons,
        "bridges": bridges,
    }
    for seat in range(players):
        row[f"p{seat}_player"] = kinds[seat]
        row[f"p{seat}_final"] = match.totals[seat]
    return row


# -- tables ---------------------------------------------------------------------------------------
def player_rows(frame: pd.DataFrame) -> pd.DataFrame:
    """The per-round frame reshaped to one row per (round, seat) with the parts as columns."""
    seats = int(frame["players"].max())
    parts = []
    for seat in range(seats):
        columns = {f"p{seat}_{part}": part for part in BREAKDOWN_PARTS}
        if f"p{seat}_total" not in frame:
            continue
        block = frame[frame["players"] > seat][list(columns)].rename(columns=columns)
        block.insert(0, "seat", seat)
        block.insert(1, "starter", frame.loc[block.index, "starter"] == seat)
        block.insert(2, "won", frame.loc[block.index, "winner"] == seat)
        block.insert(3, "player", frame.loc[block.index, f"p{seat}_player"])
        parts.append(block)
    return pd.concat(parts).sort_index(kind="stable")


def shown(estimate: Estimate) -> str:
    """An estimate as text; rare proportions (under 1%) get three decimals so they do not read 0.0%.

    >>> shown(wilson(26, 50000))
    '0.052% (95% CI 0.035% to 0.076%)'
    """
    if estimate.percent and estimate.high < 0.01:
        level = f"{estimate.confidence:.0%}"
        return f"{estimate.value:.3%} ({level} CI {estimate.low:.3%} to {estimate.high:.3%})"
    return str(estimate)


def _mean(values) -> Estimate:
    return mean_interval(np.asarray(values, dtype=float))


def summary_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates with 95% CIs from a per-round frame (the CLI's summary).

    Rows: points per player and per round, hexagons and bridges per round,
    share of rounds ending blocked, the starter's win rate (to compare with
    1 / players), and the starter's point lead.
    """
    seats = player_rows(frame)
    n = len(frame)
    starters = seats[seats["starter"]]
    others = seats[~seats["starter"]].groupby(level=0)["total"].mean()
    lead = starters["total"] - others.reindex(starters.index)
    entries: list[tuple[str, Estimate]] = [
        ("points per player per round", _mean(seats["total"])),
        ("points per round (all players)", _mean(frame["round_points"])),
        ("tile values per player", _mean(seats["tile_values"])),
        ("hexagons per round", _mean(frame["hexagons"])),
        ("bridges per round", _mean(frame["bridges"])),
        ("draws per round", _mean(frame["draws"])),
        ("rounds ending blocked", wilson(int((frame["end"] == "blocked").sum()), n)),
        ("rounds with a double hexagon", wilson(int((frame["hexagon_2"] > 0).sum()), n)),
        ("rounds with a triple hexagon", wilson(int((frame["hexagon_3"] > 0).sum()), n)),
        ("starter wins the round", wilson(int((frame["winner"] == frame["starter"]).sum()), n)),
        ("starter's lead over the others (points)", _mean(lead.dropna())),
    ]
    return pd.DataFrame(
        [
            {
                "quantity": name,
                "estimate": e.value,
                "ci_low": e.low,
                "ci_high": e.high,
                "shown": shown(e),
            }
            for name, e in entries
        ]
    ).set_index("quantity")


def point_shares(frame: pd.DataFrame) -> pd.DataFrame:
    """Mean points per player per round from each source (the parts add up to the mean total)."""
    seats = player_rows(frame)
    means = seats[list(POINT_PARTS)].mean()
    table = pd.DataFrame({"mean points": means})
    table.loc["total"] = seats["total"].mean()
    return table


def head_to_head(frame: pd.DataFrame) -> pd.DataFrame:
    """Each kind of player: round win rate, share of rounds it outscored every other seat, mean points.

    Rates carry Wilson 95% CIs and points a normal-approximation CI, all from the seat columns.
    """
    seats = player_rows(frame)
    totals = seats["total"]
    top = totals.groupby(level=0).transform("max")
    at_top = (totals == top).groupby(level=0).transform("sum")
    second = totals.where(totals < top).groupby(level=0).transform("max")
    best_other = np.where((totals == top) & (at_top == 1), second, top)
    seats = seats.assign(outscored=totals.to_numpy() > best_other)
    rows = []
    for kind, block in seats.groupby("player", sort=False):
        wins = wilson(int(block["won"].sum()), len(block))
        ahead = wilson(int(block["outscored"].sum()), len(block))
        points = _mean(block["total"])
        rows.append(
            {
                "player": kind,
                "seats played": len(block),
                "round win rate": str(wins),
                "outscores the others": str(ahead),
                "mean points": str(points),
            }
        )
    return pd.DataFrame(rows).set_index("player")


def game_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Estimates with CIs from a per-game frame: rounds per game, winning total, first starter wins."""
    n = len(frame)
    entries = [
        ("rounds per game", _mean(frame["rounds"])),
        ("winning total", _mean(frame["winning_total"])),
        (
            "first round's starter wins the game",
            wilson(int((frame["winner"] == frame["first_starter"]).sum()), n),
        ),
    ]
    return pd.DataFrame(
        [
            {
                "quantity": k,
                "estimate": e.value,
                "ci_low": e.low,
                "ci_high": e.high,
                "shown": shown(e),
            }
            for k, e in entries
        ]
    ).set_index("quantity")
