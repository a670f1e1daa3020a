"""Tri-Ominos scoring statistics: what a round (and a game to 400) really scores.

Simulation tasks for ``tilegames.sim.simulate`` (one row per round, or per
game to 400) and the tables the scoring notebook shows. The command line
(declared in ``tilegames/triominos/studies.py``) runs the same tasks:

    tilegames simulate triominos --players 2 --player greedy --rules pressman \\
        --rounds 20000 --workers 2 --seed 1 --out rounds.csv

>>> import functools
>>> from tilegames.sim import simulate
>>> frame = simulate(functools.partial(round_task, players=3), 20, seed=1, progress=False)
>>> bool((frame["p0_total"] == frame[[f"p0_{p}" for p in POINT_PARTS]].sum(axis=1)).all())
True
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from .. import i18n  # i18n._(...): this module's loops use _ as a name
from ..players import play_game
from ..randomness import players_generator
from ..sim import Tally
from ..stats import Estimate, Sums, mean_interval, wilson
from ..words import estimate_text, interval, side, span
from .players import make_player, play_round
from .rules import BREAKDOWN_PARTS, POINT_PARTS, Game, Match, Rules, deal

__all__ = [
    "POINT_PARTS",
    "GameTally",
    "RoundTally",
    "VARIANTS",
    "explorer_measure",
    "game_summary",
    "game_task",
    "head_to_head",
    "paired_task",
    "player_kinds",
    "player_rows",
    "point_shares",
    "round_task",
    "rules_named",
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


def _seated(
    player: str | list[str], players: int, rng: np.random.Generator, shuffle: bool
) -> list[str]:
    """The player of each seat (``player_kinds``), dealt to the seats at random with ``shuffle``."""
    kinds = player_kinds(player, players)
    if shuffle:
        kinds = [kinds[int(i)] for i in rng.permutation(players)]
    return kinds


SEAT_COLUMNS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = tuple(
    (f"p{seat}_player", tuple((part, f"p{seat}_{part}") for part in BREAKDOWN_PARTS))
    for seat in range(6)
)
"""Each seat's columns in a row: its player's column, then (breakdown part, column) pairs.

>>> SEAT_COLUMNS[1][0], SEAT_COLUMNS[1][1][0]
('p1_player', ('total', 'p1_total'))
"""


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
        player_column, columns = SEAT_COLUMNS[seat]
        row[player_column] = kinds[seat]
        for part, column in columns:
            value = parts[part]
            row[column] = value
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
    kinds = _seated(player, players, rng, shuffle_seats)
    hands, pool = deal(players, rng, rules)
    game = Game(hands, pool, rules=rules)
    dice = players_generator(rng)  # never the generator that dealt the round
    play_game(game, [make_player(kind) for kind in kinds], seed=dice, checked=False)
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
    kinds = _seated(player, players, rng, shuffle_seats)
    match = Match(players, rules=rules, seed=rng)
    seats = [make_player(kind) for kind in kinds]
    hexagons = bridges = 0
    while not match.is_over:
        game = play_round(match, seats)  # dice derived from the match's generator
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


def explorer_measure(frame: pd.DataFrame, settings: dict) -> dict[str, Estimate]:
    """The explorer's estimates (``SPEC.explorer``): who wins a round and how, what it scores.

    >>> from tilegames.sim import simulate
    >>> frame = simulate(round_task, 20, seed=1, progress=False)
    >>> list(explorer_measure(frame, {}))[:2]
    ['starter wins the round', 'round ends blocked']
    """
    n = len(frame)
    seats = player_rows(frame)
    return {
        "starter wins the round": wilson(int((frame["winner"] == frame["starter"]).sum()), n),
        "round ends blocked": wilson(int((frame["end"] == "blocked").sum()), n),
        "points per player per round": mean_interval(seats["total"].to_numpy()),
        "hexagon and bridge points per player": mean_interval(
            (seats["hexagon_points"] + seats["bridge_points"]).to_numpy()
        ),
    }


def _mean(values) -> Estimate:
    return mean_interval(np.asarray(values, dtype=float))


LEAD_SCALE = 60
"""The starter's lead is a whole number over ``players - 1``; over 60 for any 2-6 players."""


class RoundTally(Tally):
    """What ``summary_table`` needs of a per-round frame, batch by batch (a ``sim.simulate``
    tally): exact sums and counts, never the rows.

    >>> import functools
    >>> from tilegames.sim import simulate
    >>> tally = RoundTally()
    >>> frame = simulate(functools.partial(round_task, players=3), 30, seed=1, progress=False,
    ...                  tally=tally)
    >>> tally.rounds, float(tally.table().loc["starter wins the round", "estimate"]) <= 1
    (30, True)
    """

    MEANS = {
        "points per round (all players)": "round_points",
        "hexagons per round": "hexagons",
        "bridges per round": "bridges",
        "draws per round": "draws",
    }

    def __init__(self) -> None:
        self.rounds = 0
        self.seat_totals, self.tile_values = Sums(), Sums()
        self.means = {column: Sums() for column in self.MEANS.values()}
        self.lead = Sums(scale=LEAD_SCALE)
        self.counts = dict.fromkeys(("blocked", "double", "triple", "starter"), 0)

    def __call__(self, frame: pd.DataFrame) -> None:
        self.rounds += len(frame)
        players = frame["players"].to_numpy()
        starter = frame["starter"].to_numpy()
        totals = np.zeros(len(frame), dtype=np.int64)
        starter_total = np.zeros(len(frame), dtype=np.int64)
        for seat in range(int(players.max()) if len(frame) else 0):
            if f"p{seat}_total" not in frame:
                continue
            playing = players > seat
            total = frame[f"p{seat}_total"].to_numpy()
            self.seat_totals.add(total[playing])
            self.tile_values.add(frame[f"p{seat}_tile_values"].to_numpy()[playing])
            totals += np.where(playing, total, 0).astype(np.int64)
            starter_total += np.where(playing & (starter == seat), total, 0).astype(np.int64)
        others = totals - starter_total
        self.lead.add((starter_total * (players - 1) - others) * (LEAD_SCALE // (players - 1)))
        for column, sums in self.means.items():
            sums.add(frame[column].to_numpy())
        self.counts["blocked"] += int((frame["end"] == "blocked").sum())
        self.counts["double"] += int((frame["hexagon_2"] > 0).sum())
        self.counts["triple"] += int((frame["hexagon_3"] > 0).sum())
        self.counts["starter"] += int((frame["winner"] == frame["starter"]).sum())

    def table(self) -> pd.DataFrame:
        """``summary_table``'s table, from the tally."""
        n = self.rounds
        means = {name: self.means[column].estimate() for name, column in self.MEANS.items()}
        entries: list[tuple[str, Estimate]] = [
            ("points per player per round", self.seat_totals.estimate()),
            ("points per round (all players)", means["points per round (all players)"]),
            ("tile values per player", self.tile_values.estimate()),
            ("hexagons per round", means["hexagons per round"]),
            ("bridges per round", means["bridges per round"]),
            ("draws per round", means["draws per round"]),
            ("rounds ending blocked", wilson(self.counts["blocked"], n)),
            ("rounds with a double hexagon", wilson(self.counts["double"], n)),
            ("rounds with a triple hexagon", wilson(self.counts["triple"], n)),
            ("starter wins the round", wilson(self.counts["starter"], n)),
            ("starter's lead over the others (points)", self.lead.estimate()),
        ]
        return _estimates_table(entries)


def _estimates_table(entries: list[tuple[str, Estimate]]) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "quantity": name,
                "estimate": e.value,
                "ci_low": e.low,
                "ci_high": e.high,
                "shown": estimate_text(e),
            }
            for name, e in entries
        ]
    ).set_index("quantity")


def summary_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates with 95% CIs from a per-round frame (the CLI's summary).

    Rows: points per player and per round, hexagons and bridges per round,
    share of rounds ending blocked, the starter's win rate (to compare with
    1 / players), and the starter's point lead. (``RoundTally.table`` of the rows.)
    """
    return RoundTally.of(frame).table()


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


class GameTally(Tally):
    """What ``game_summary`` needs of a per-game frame, batch by batch (a ``sim.simulate`` tally).

    >>> tally = GameTally.of(pd.DataFrame({"rounds": [3, 5], "winning_total": [410, 402],
    ...                                    "winner": [0, 1], "first_starter": [0, 0]}))
    >>> float(tally.table().loc["rounds per game", "estimate"])
    4.0
    """

    def __init__(self) -> None:
        self.games = self.starter_won = 0
        self.rounds, self.winning_total = Sums(), Sums()

    def __call__(self, frame: pd.DataFrame) -> None:
        self.games += len(frame)
        self.rounds.add(frame["rounds"].to_numpy())
        self.winning_total.add(frame["winning_total"].to_numpy())
        self.starter_won += int((frame["winner"] == frame["first_starter"]).sum())

    def table(self) -> pd.DataFrame:
        """``game_summary``'s table, from the tally."""
        return _estimates_table(
            [
                ("rounds per game", self.rounds.estimate()),
                ("winning total", self.winning_total.estimate()),
                ("first round's starter wins the game", wilson(self.starter_won, self.games)),
            ]
        )


def game_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Estimates with CIs from a per-game frame: rounds per game, winning total, first starter
    wins (``GameTally.table`` of the rows)."""
    return GameTally.of(frame).table()


# -- the scoring notebook's tables, charts and conclusion (notebooks/05_triominos_scoring) -------
PART_WORDS: dict[str, str] = {
    "tile_values": i18n.N_("the tiles' own values"),
    "start_bonus": i18n.N_("opening bonus"),
    "hexagon_points": i18n.N_("hexagon bonuses"),
    "bridge_points": i18n.N_("bridge bonuses"),
    "draw_penalty": i18n.N_("drawing (penalty)"),
    "pass_penalty": i18n.N_("passing (penalty)"),
    "going_out_points": i18n.N_("going out (bonus and the others' tiles)"),
    "blocked_points": i18n.N_("winning a blocked round"),
}
"""Each source of points in words, for tables and legends (marked for the catalogs: a legend
says them in the language in use, a table keeps them as they are, its rows being data)."""

BREAKDOWN_WORDS: dict[str, str] = {
    **PART_WORDS,
    "tiles_placed": "tiles placed",
    "hexagon_1": "single hexagons",
    "hexagon_2": "double hexagons",
    "hexagon_3": "triple hexagons",
}
"""Every column of ``Game.breakdown()`` that is not already a plain word, in words."""

VARIANT_WORDS: dict[str, str] = {
    "seed": i18n.N_("the standard rules"),
    "pressman": i18n.N_("Pressman's rules"),
    "seed_three_draws": i18n.N_("at most three draws"),
    "seed_lowest_value_block": i18n.N_("lowest value wins a block"),
    "seed_additive_hexagons": i18n.N_("additive hexagon bonuses"),
    "seed_strict_bridge": i18n.N_("strict bridges"),
    "seed_loose_bridge": i18n.N_("loose bridges"),
}
"""Each rules variant in words."""


def tile_value_facts() -> dict[str, Any]:
    """Exact facts about the 56 tiles' values: mean, variance, and a 9-tile hand's mean and spread.

    >>> facts = tile_value_facts()
    >>> facts["mean"], facts["variance"], facts["hand_mean"]
    (Fraction(15, 2), Fraction(45, 4), Fraction(135, 2))
    """
    from fractions import Fraction

    from .lattice import TILES, value

    values = [value(tile) for tile in TILES]
    n = len(values)
    mean = Fraction(sum(values), n)
    variance = Fraction(sum(v * v for v in values), n) - mean**2
    hand = 9  # drawn without replacement: the finite-population factor (56 - 9) / (56 - 1)
    hand_variance = hand * variance * Fraction(n - hand, n - 1)
    return {
        "tiles": n,
        "values": values,
        "mean": mean,
        "variance": variance,
        "sd": float(variance) ** 0.5,
        "hand_mean": hand * mean,
        "hand_sd": float(hand_variance) ** 0.5,
    }


def plot_tile_values():
    """Bar chart: how many of the 56 tiles have each value (returns the Figure)."""
    import matplotlib.pyplot as plt

    counts = pd.Series(tile_value_facts()["values"]).value_counts().sort_index()
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.bar(counts.index, counts.values, color="#8d6e63")
    ax.set_xlabel(i18n._("tile value (sum of its numbers)"))
    ax.set_ylabel(i18n._("number of tiles"))
    ax.set_title(i18n._("The 56 tiles by value"))
    return fig


def simulate_rounds(
    players: int, n: int, seed: int, task: Callable[..., Any] | None = None, **options
) -> pd.DataFrame:
    """``n`` seeded runs of ``task`` (``round_task`` unless told; ``paired_task``, ``game_task``)
    for ``players`` players, with a progress bar: the notebook's one line per run."""
    from ..sim import simulate

    task = round_task if task is None else task
    what = "games to 400" if task is game_task else "deals" if task is paired_task else "rounds"
    run = functools.partial(task, players=players, **options)
    unit = "games" if task is game_task else what
    return simulate(
        run,
        n,
        seed=seed,
        description=i18n.ngettext(
            "{players}-player {what}", "{players}-player {what}", players
        ).format(players=players, what=i18n._(what)),
        unit=unit,
    )


def side_by_side(frames: dict[str, pd.DataFrame], table=summary_table) -> pd.DataFrame:
    """One table's ``shown`` column for each labelled frame, side by side."""
    return pd.concat({label: table(frame)["shown"] for label, frame in frames.items()}, axis=1)


def plot_round_points(frames: dict[str, pd.DataFrame]):
    """Histograms of one player's and the whole round's points, one panel per labelled frame."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(frames), figsize=(5.5 * len(frames), 3.5), squeeze=False)
    for ax, (label, frame) in zip(axes[0], frames.items()):
        ax.hist(player_rows(frame)["total"], bins=40, alpha=0.6, label=i18n._("one player"))
        ax.hist(
            frame["round_points"], bins=40, alpha=0.6, label=i18n._("whole round (all players)")
        )
        ax.set_xlabel(i18n._("points in one round"))
        ax.set_ylabel(i18n._("rounds"))
        ax.set_title(i18n._("Greedy players, {label}").format(label=label))
        ax.legend()
    fig.tight_layout()
    return fig


def point_sources(frames: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """Mean points per player and round from each source, in words, one column per labelled frame."""
    table = pd.concat(
        {label: point_shares(frame)["mean points"] for label, frame in frames.items()}, axis=1
    )
    return table.rename(index={**PART_WORDS, "total": "total"})


def plot_point_sources(sources: pd.DataFrame):
    """Stacked bars of ``point_sources``: bonuses above zero, penalties below."""
    import matplotlib.pyplot as plt

    parts = [part for part in sources.index if part != "total"]
    fig, ax = plt.subplots(figsize=(8.5, 4))
    for i, column in enumerate(sources.columns):
        positive = negative = 0.0
        for part, colour in zip(parts, plt.cm.tab10.colors):
            height = float(sources.loc[part, column])
            bottom = positive if height >= 0 else negative
            ax.bar(
                i, height, bottom=bottom, color=colour, width=0.5, label=None if i else i18n._(part)
            )
            if height >= 0:
                positive += height
            else:
                negative += height
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(sources.columns)), sources.columns)
    ax.set_ylabel(i18n._("mean points per player per round"))
    ax.set_title(i18n._("Where a round's points come from (penalties below zero)"))
    ax.legend(bbox_to_anchor=(1.02, 1), loc="upper left")
    fig.tight_layout()
    return fig


def bonus_table(frames: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """Hexagons and bridges per round, and how often a round sees a (double, triple) hexagon."""
    rows = {}
    for label, frame in frames.items():
        n = len(frame)

        def share(mask, n=n):
            return estimate_text(wilson(int(mask.sum()), n))

        rows[label] = {
            "hexagons per round": estimate_text(_mean(frame["hexagons"])),
            "bridges per round": estimate_text(_mean(frame["bridges"])),
            "rounds with a hexagon": share(frame["hexagons"] > 0),
            "rounds with a double hexagon": share(frame["hexagon_2"] > 0),
            "rounds with a triple hexagon": share(frame["hexagon_3"] > 0),
        }
    return pd.DataFrame(rows)


IN_ONE_ROUND = {
    "hexagons": i18n.N_("hexagons in one round"),
    "bridges": i18n.N_("bridges in one round"),
}
"""The axis of ``plot_bonus_counts`` for each of its columns."""


def plot_bonus_counts(frames: dict[str, pd.DataFrame]):
    """The share of rounds with 0, 1, 2, ... hexagons and bridges, one line per labelled frame."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    fig, axes = plt.subplots(1, 2, figsize=(10, 3.2))
    for ax, column in zip(axes, ["hexagons", "bridges"]):
        for label, frame in frames.items():
            shares = frame[column].value_counts(normalize=True).sort_index()
            ax.plot(shares.index, shares.values, marker="o", label=label)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        ax.set_xlabel(i18n._(IN_ONE_ROUND[column]))
        ax.set_ylabel(i18n._("share of rounds"))
        ax.legend()
    fig.tight_layout()
    return fig


def starter_table(by_players: dict[int, pd.DataFrame]) -> pd.DataFrame:
    """The starter's round win rate against the fair share 1/n, and its points lead, by players."""
    rows = []
    for players in sorted(by_players):
        frame = by_players[players]
        won = wilson(int((frame["winner"] == frame["starter"]).sum()), len(frame))
        lead = summary_table(frame).loc["starter's lead over the others (points)"]
        rows.append(
            {
                "players": players,
                "fair share": 1 / players,
                "starter wins": won.value,
                "low": won.low,
                "high": won.high,
                "starter's win rate": str(won),
                "starter's points lead": (
                    f"{lead['estimate']:.1f} ({span(lead['ci_low'], lead['ci_high'], '{:.1f}')})"
                ),
            }
        )
    return pd.DataFrame(rows).set_index("players")


def plot_starter(starter: pd.DataFrame):
    """The starter's win rate (95% CI) beside the fair share 1/n, from ``starter_table``."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    wins = starter["starter wins"]
    ax.errorbar(
        starter.index,
        wins,
        yerr=[wins - starter["low"], starter["high"] - wins],
        fmt="o",
        capsize=4,
        label=i18n._("starter's win rate (95% CI)"),
    )
    ax.plot(
        starter.index,
        starter["fair share"],
        "_",
        markersize=25,
        color="grey",
        label=i18n._("fair share 1/n"),
    )
    ax.set_xlabel(i18n._("players"))
    ax.set_ylabel(i18n._("share of rounds won by the starter"))
    ax.set_xticks(starter.index)
    ax.legend()
    return fig


def end_table(by_players: dict[int, pd.DataFrame]) -> pd.DataFrame:
    """How rounds end (going out or blocked), how often, and what it brings the winner, by players."""
    rows = []
    for players, frame in sorted(by_players.items()):
        seats = player_rows(frame)
        for end, words, part in [("out", "someone goes out", "going_out_points"),
                                 ("blocked", "blocked", "blocked_points")]:  # fmt: skip
            ended = frame["end"] == end
            winners = seats[seats["won"] & ended.reindex(seats.index).to_numpy()]
            rows.append(
                {
                    "players": players,
                    "round ends": words,
                    "share of rounds": str(wilson(int(ended.sum()), len(frame))),
                    "end bonus to the winner": str(_mean(winners[part]))
                    if len(winners) > 1
                    else "-",
                    "winner's round total": str(_mean(winners["total"]))
                    if len(winners) > 1
                    else "-",
                }
            )
    return pd.DataFrame(rows).set_index(["players", "round ends"])


DUELS = (("greedy", "random"), ("cautious", "greedy"), ("cautious", "random"))
"""The three pairings of the head-to-head section."""


def duel_rounds(rounds: int, seed: int, pairs=DUELS) -> pd.DataFrame:
    """Two-player rounds for each pairing (seats dealt at random): ``head_to_head`` per pairing."""
    from ..sim import simulate

    tables = []
    for offset, pair in enumerate(pairs):
        task = functools.partial(round_task, players=2, player=",".join(pair), shuffle_seats=True)
        frame = simulate(
            task, rounds, seed=seed + offset, description=i18n._(" vs ").join(pair), unit="rounds"
        )
        table = head_to_head(frame).loc[list(pair)]
        table.insert(0, "match", f"{pair[0]} vs {pair[1]}")
        tables.append(table)
    return pd.concat(tables)


def duel_games(games: int, seed: int, pairs=DUELS) -> pd.DataFrame:
    """Whole games to 400 for each pairing: how often the first-named player wins the game."""
    from ..sim import simulate

    rows = []
    for offset, pair in enumerate(pairs):
        task = functools.partial(game_task, players=2, player=",".join(pair), shuffle_seats=True)
        frame = simulate(task, games, seed=seed + offset, description=i18n._(" vs ").join(pair))
        rows.append(
            {
                "match": f"{pair[0]} vs {pair[1]}",
                "games": len(frame),
                "first-named player wins the game": str(
                    wilson(int((frame["winner_player"] == pair[0]).sum()), len(frame))
                ),
            }
        )
    return pd.DataFrame(rows).set_index("match")


EDITION_VARIANTS = (
    "seed",
    "pressman",
    "seed_three_draws",
    "seed_lowest_value_block",
    "seed_additive_hexagons",
    "seed_strict_bridge",
)
"""The rule sets the editions section plays on the same deals (the first is the baseline)."""


def by_rules(paired: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """A ``paired_task`` frame split by rules, each indexed by deal (``game``)."""
    return {name: frame.set_index("game").sort_index() for name, frame in paired.groupby("rules")}


def paired_table(paired: pd.DataFrame, variants=EDITION_VARIANTS) -> pd.DataFrame:
    """Each variant minus the baseline (the first), deal by deal, with paired 95% CIs; in words."""
    from ..stats import paired_difference, percentage_points

    rules = by_rules(paired)
    base = rules[variants[0]]
    columns = {}
    for name in variants[1:]:
        other = rules[name]
        hexagon = [c for c in other.columns if c.endswith("_hexagon_points")]
        columns[VARIANT_WORDS.get(name, name)] = {
            "points per round (all players)": str(
                _mean(other["round_points"] - base["round_points"])
            ),
            "starter wins the round": percentage_points(
                paired_difference(
                    other["winner"] == other["starter"], base["winner"] == base["starter"]
                )
            ),
            "draws per round": str(_mean(other["draws"] - base["draws"])),
            "passes per round": str(_mean(other["passes"] - base["passes"])),
            "rounds ending blocked": percentage_points(
                paired_difference(other["end"] == "blocked", base["end"] == "blocked")
            ),
            "hexagon points per round": str(
                _mean(other[hexagon].sum(axis=1) - base[hexagon].sum(axis=1))
            ),
            "bridges per round": str(_mean(other["bridges"] - base["bridges"])),
        }
    table = pd.DataFrame(columns)
    table.index.name = f"change from {VARIANT_WORDS.get(variants[0], variants[0])}"
    return table


def plot_paired_points(paired: pd.DataFrame, variants=EDITION_VARIANTS):
    """The round points of the same deals under each rule set: one outline per rule set.

    The baseline is a filled grey histogram; an outline that hides another means the
    two rule sets scored those deals alike.
    """
    import matplotlib.pyplot as plt

    rules = by_rules(paired)
    points = [rules[name]["round_points"] for name in variants]
    bins = np.histogram_bin_edges(np.concatenate(points), bins=40)
    fig, ax = plt.subplots(figsize=(8, 3.8))
    styles = ["-", "--", "-.", ":", "-", "--"]
    for i, (name, values) in enumerate(zip(variants, points)):
        words = VARIANT_WORDS.get(name, name)
        if i == 0:
            ax.hist(values, bins=bins, color="lightgrey", label=i18n.translate(words))
        else:
            ax.hist(values, bins=bins, histtype="step", linewidth=1.6,
                    linestyle=styles[i % len(styles)], label=i18n.translate(words))  # fmt: skip
    ax.set_xlabel(i18n._("points in one round (both players)"))
    ax.set_ylabel(i18n._("deals"))
    ax.set_title(
        i18n.ngettext(  # English: "deals" of 1 too
            "The same {deals} deals under {variants} rule sets",
            "The same {deals} deals under {variants} rule sets",
            len(points[0]),
        ).format(deals=len(points[0]), variants=len(variants))
    )
    ax.legend(fontsize="small")
    return fig


def who_won_and_why(game) -> str:
    """Why the round's winner won, in words, with the figures that decided it — a blocked round
    goes to the fewest tiles left (or the lowest value left), not to the most points.

    >>> from tilegames.triominos import Game
    >>> game = Game.from_deal([["5-5-5"], ["0-0-1", "0-1-2"]], seed=1)
    >>> game.play("5-5-5 @ 0,0 r0")
    >>> who_won_and_why(game).split(":")[0]
    'P0 wins the round by going out'
    """
    end = next((e for e in reversed(game.events) if e.kind in ("out", "blocked")), None)
    if end is None:
        return "The round is not over yet."
    points = ", ".join(f"P{seat} {score}" for seat, score in enumerate(game.scores))
    if end.kind == "out":
        return (
            f"P{end.seat} wins the round by going out: placing their last tile ends it "
            f"(points this round: {points})."
        )
    hands = [game.hand(seat) for seat in range(game.players)]
    if game.rules.blocked_winner == "fewest_tiles":
        left = ", ".join(f"P{seat} {len(hand)}" for seat, hand in enumerate(hands))
        rule = f"the fewest tiles left ({left})"
    else:
        left = ", ".join(f"P{seat} {sum(sum(t) for t in hand)}" for seat, hand in enumerate(hands))
        rule = f"the lowest value of tiles left ({left})"
    return (
        f"P{end.seat} wins the round although the points say {points}: the round was blocked "
        f"(nobody could place a tile and the pool was empty), and a blocked round goes to {rule}, "
        "not to the most points. The points still count: they add up over the game, to "
        f"{game.rules.target_score}."
    )


def plot_games(games: pd.DataFrame):
    """Games to 400: how many rounds they last, and the winner's final total."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    fig, axes = plt.subplots(1, 2, figsize=(10, 3.2))
    rounds = games["rounds"].value_counts().sort_index()
    axes[0].bar(rounds.index, rounds.values / len(games), color="#5c6bc0")
    axes[0].xaxis.set_major_locator(MaxNLocator(integer=True))  # no half rounds
    axes[0].yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes[0].set_xlabel(i18n._("rounds in the game"))
    axes[0].set_ylabel(i18n._("share of games"))
    axes[1].hist(games["winning_total"], bins=30, color="#26a69a")
    axes[1].set_xlabel(i18n._("winner's final total"))
    axes[1].set_ylabel(i18n._("games"))
    axes[1].yaxis.set_major_locator(MaxNLocator(integer=True))  # no half games
    fig.tight_layout()
    return fig


def million_rounds(rounds: int = 1_000_000, *, seed: int = 1, workers: int | None = None,
                   also_on_dask: bool = True) -> tuple[pd.DataFrame, bool | None]:  # fmt: skip
    """The big run: ``rounds`` two-player rounds on every core; then (if Dask is installed) the
    same run on a local Dask cluster. Returns the summary table and whether Dask gave the very
    same rows (None: not run). ``million_rounds_forecast`` says how long it would take here.
    """
    import os

    from ..sim import simulate

    workers = workers or os.cpu_count()
    task = functools.partial(round_task, players=2)
    big = simulate(task, rounds, seed=seed, workers=workers, batch_size=5000,
                   description=i18n.ngettext("{n} rounds", "{n} rounds", rounds).format(n=rounds), unit="rounds")  # fmt: skip
    same = None
    if also_on_dask:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            return summary_table(big), None
        with (
            LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,  # fmt: skip
            Client(cluster) as client,
        ):
            on_dask = simulate(task, rounds, seed=seed, executor=client.get_executor(),
                               batch_size=5000, description=i18n.ngettext("{n} rounds on Dask", "{n} rounds on Dask", rounds).format(n=rounds),
                               unit="rounds")  # fmt: skip
        same = big.equals(on_dask)
    return summary_table(big), same


def million_rounds_forecast(rounds: int = 1_000_000, *, sample: int = 300) -> str:
    """How long ``million_rounds`` would take here, in words: ``sample`` two-player rounds are
    timed on one core and the time scaled to ``rounds`` rounds shared among all the cores.

    >>> million_rounds_forecast(sample=20).startswith("On this computer")
    True
    """
    import os
    import time

    from ..sim import simulate
    from ..words import duration, plural

    cores = os.cpu_count() or 1
    task = functools.partial(round_task, players=2)
    start = time.perf_counter()
    simulate(task, sample, seed=1, progress=False)
    seconds = time.perf_counter() - start
    return (
        f"On this computer {sample} rounds took {seconds:.2f} s on one core, so {rounds:,} rounds "
        f"shared among its {plural(cores, 'core')} would take about "
        f"{duration(seconds / sample * rounds / cores)} per run."
    )


def first_rows(frame: pd.DataFrame, count: int = 3, columns: int = 16) -> pd.DataFrame:
    """The first ``count`` rows and ``columns`` columns of a rounds frame, each rule edition by
    the name a player reads (``standard``, ``Pressman``).

    >>> frame = pd.DataFrame({"game": [0], "rules": ["seed"]})
    >>> first_rows(frame)["rules"].tolist()
    ['standard']
    """
    from .render import EDITIONS

    shown = frame.iloc[:count, :columns].copy()
    if "rules" in shown:
        shown["rules"] = shown["rules"].map(lambda name: EDITIONS.get(name, name))
    return shown


def _interval(estimate: Estimate, size: str = "") -> str:
    """'95% confidence interval a to b', in the estimate's own units (``size``: words before
    the bounds, as in ``: a cut of``)."""
    if estimate.percent:
        form = "{:.3%}" if estimate.high < 0.01 else "{:.1%}"
    else:
        form = "{:.2f}" if max(abs(estimate.low), abs(estimate.high)) < 10 else "{:.1f}"
    label = "95% confidence interval" + (f": {size}" if size else "")
    return interval(estimate.low, estimate.high, form, label=label)


def _change_in_words(change: Estimate, unit: str) -> str:
    """A change with its 95% interval, its direction in words and its numbers as sizes, so the
    words and the interval never disagree in sign.

    >>> _change_in_words(Estimate(-18.0, -26.3, -9.8, percent=False), "points")
    'cut by 18 points (95% confidence interval: a cut of 9.8 to 26.3)'
    >>> _change_in_words(Estimate(0.2, 0.05, 0.3, percent=False), "points")
    'raised by 0.2 points (95% confidence interval: a rise of 0.05 to 0.30)'
    >>> _change_in_words(Estimate(1.0, -2.0, 4.0, percent=False), "points")
    'changed by +1.0 points, too little for these deals to tell from no change (95% confidence interval -2.00 to 4.00)'
    """

    def size(value: float) -> str:
        return f"{value:.0f}" if value >= 9.5 else f"{value:.1f}"

    direction = side(change.low, change.high)
    if direction < 0:
        cut = dataclasses.replace(change, value=-change.value, low=-change.high, high=-change.low)
        return f"cut by {size(cut.value)} {unit} ({_interval(cut, 'a cut of')})"
    if direction > 0:
        return f"raised by {size(change.value)} {unit} ({_interval(change, 'a rise of')})"
    return (
        f"changed by {change.value:+.1f} {unit}, too little for these deals to tell from no "
        f"change ({_interval(change)})"
    )


def scoring_conclusion(
    two: pd.DataFrame,
    starter: pd.DataFrame,
    paired: pd.DataFrame,
    games: pd.DataFrame,
) -> str:
    """The notebook's conclusion in plain words, every figure computed from the runs given."""
    seats = player_rows(two)
    points = _mean(seats["total"])
    hexagons = _mean(two["hexagons"])
    sources = point_sources({"two": two})["two"]
    tiles = sources[PART_WORDS["tile_values"]]
    bonuses = sources[PART_WORDS["hexagon_points"]] + sources[PART_WORDS["bridge_points"]]
    draws = sources[PART_WORDS["draw_penalty"]]
    n = len(two)
    first = wilson(int((two["winner"] == two["starter"]).sum()), n)
    most = starter.index.max()
    rules = by_rules(paired)
    pressman = _mean(rules["pressman"]["round_points"] - rules["seed"]["round_points"])
    three = _mean(rules["seed_three_draws"]["round_points"] - rules["seed"]["round_points"])
    rounds = _mean(games["rounds"])
    triple = wilson(int((two["hexagon_3"] > 0).sum()), n)
    if not side(pressman.low, pressman.high):
        carried = "neither change is clear in these deals"
    elif abs(three.value - pressman.value) <= max(pressman.half_width, three.half_width) / 2:
        carried = "so the limit on drawing carries nearly all of the effect"
    else:
        carried = "so the other change (who wins a blocked round) matters too"
    if side(first.low, first.high, 0.5) > 0:
        verdict = "Starting first helps"
    elif side(first.low, first.high, 0.5) < 0:
        verdict = "Starting first is a handicap"
    else:
        verdict = "These rounds cannot tell whether starting first helps"
    many = starter.loc[most]
    return "\n".join(
        [
            f"- **A round is worth about {points.value:.0f} points to each of two greedy "
            f"players** ({_interval(points)}). Most of it, {tiles:.0f} points, is the tiles' own "
            f"values; hexagons and bridges add {bonuses:.0f}, and drawing costs {-draws:.0f}.",
            f"- **Hexagons are common, triple hexagons are rare:** {hexagons.value:.2f} hexagons "
            f"per round ({_interval(hexagons)}), but a triple hexagon in only {triple.value:.3%} of "
            f"the rounds ({_interval(triple)}).",
            f"- **{verdict}.** With two players the starter wins {first.value:.0%} of the rounds "
            f"({_interval(first)}), where a fair share would be 50%; with {most} players, "
            f"{many['starter wins']:.0%} ({_interval(Estimate(many['starter wins'], many['low'], many['high']))}), "
            f"where a fair share would be {many['fair share']:.0%}.",
            f"- **Pressman's rules:** on the same deals, a round's points (both players "
            "together) are "
            f"{_change_in_words(pressman, 'points')}. With the three-draw limit alone they are "
            f"{_change_in_words(three, 'points')}; {carried}.",
            f"- **A game to 400 lasts about {rounds.value:.1f} rounds** ({_interval(rounds)}).",
            "",
            "**Take away:** a few thousand seeded games give every figure with an honest error bar; "
            "playing the *same deals* under two rule sets compares the rules, not the luck of two "
            "different sets of deals.",
        ]
    )
