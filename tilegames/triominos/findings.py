"""What the Tri-Ominos studies found: the tables, charts and conclusions in words of the
lessons (``notebooks/04_triominos_rules``, ``notebooks/05_triominos_scoring``).

The rounds and games come from ``study`` (its tasks and runners: ``study.simulate_rounds``,
``study.duel_rounds``, ...); this module only shows them, one line per idea in a lesson.
The dependency goes one way: ``findings`` reads ``study``, never the other way round.

>>> import functools
>>> from tilegames.sim import simulate
>>> frame = simulate(functools.partial(round_task, players=2), 20, seed=1, progress=False)
>>> list(point_sources({"two": frame}).index)[-1]
'total'
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import numpy as np
import pandas as pd

from .. import i18n  # i18n._(...): this module's loops use _ as a name
from ..stats import Estimate, mean_interval, wilson
from ..words import estimate_text, interval, side, span, whole
from .rules import Rules
from .study import (
    EDITION_VARIANTS,
    by_rules,
    player_rows,
    point_shares,
    round_task,
    summary_table,
)

__all__ = [
    "BREAKDOWN_WORDS",
    "PART_WORDS",
    "RULE_VALUE_WORDS",
    "RULE_WORDS",
    "VARIANT_WORDS",
    "bonus_table",
    "end_table",
    "first_rows",
    "million_rounds_forecast",
    "paired_table",
    "plot_bonus_counts",
    "plot_games",
    "plot_paired_points",
    "plot_point_sources",
    "plot_round_points",
    "plot_starter",
    "plot_tile_values",
    "point_sources",
    "rules_compared",
    "scoring_conclusion",
    "side_by_side",
    "starter_table",
    "tile_value_facts",
    "who_won_and_why",
]


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

RULE_WORDS: dict[str, str] = {
    "hand_size": i18n.N_("tiles dealt to each player"),
    "start_bonus": i18n.N_("bonus for opening with a triple"),
    "zero_triple_bonus": i18n.N_("extra bonus for opening with 0-0-0"),
    "zero_triple_may_start": i18n.N_("0-0-0 may open the round"),
    "draw_penalty": i18n.N_("points lost for each tile drawn"),
    "max_draws": i18n.N_("draws allowed in a turn"),
    "pass_penalty": i18n.N_("points lost for passing"),
    "hexagon_bonuses": i18n.N_("bonus for one, two or three hexagons at once"),
    "bridge_bonus": i18n.N_("bonus for a bridge"),
    "bridge_rule": i18n.N_("what counts as a bridge"),
    "going_out_bonus": i18n.N_("bonus for going out"),
    "blocked_winner": i18n.N_("who wins a blocked round"),
    "target_score": i18n.N_("points that end the game"),
}
"""Each rule of ``Rules`` (but its ``name``) in words."""

RULE_VALUE_WORDS: dict[tuple[str, object], str] = {
    ("hand_size", None): i18n.N_("by the number of players"),
    ("max_draws", None): i18n.N_("no limit: draw until a tile fits"),
    ("blocked_winner", "fewest_tiles"): i18n.N_("fewest tiles left"),
    ("blocked_winner", "lowest_value"): i18n.N_("lowest total left"),
    ("bridge_rule", "general"): i18n.N_("the usual bridge rule"),
    ("bridge_rule", "strict"): i18n.N_("strict: the other two edges stay open"),
    ("bridge_rule", "loose"): i18n.N_("loose: every corner touches a tile"),
}
"""The values of a rule that are words, not numbers, in words."""


def rules_compared(*variants: Rules) -> pd.DataFrame:
    """The rules on which ``variants`` differ, in words: a row per rule (its words, and the
    name you type, as in ``Rules(max_draws=3)``), a column per variant.

    >>> table = rules_compared(Rules.standard(), Rules.pressman())
    >>> list(table.columns), list(table.index)
    (['the standard rules', "Pressman's rules"], ['draws allowed in a turn (max_draws)', 'who wins a blocked round (blocked_winner)'])
    >>> list(table.iloc[1])
    ['fewest tiles left', 'lowest total left']
    """
    fields = [field.name for field in dataclasses.fields(Rules) if field.name != "name"]
    differ = [name for name in fields if len({getattr(r, name) for r in variants}) > 1]
    return pd.DataFrame(
        {
            _variant_said(rules.name): [
                _rule_value_said(name, getattr(rules, name)) for name in differ
            ]
            for rules in variants
        },
        index=[f"{i18n._(RULE_WORDS[name])} ({name})" for name in differ],
    )


def _variant_said(name: str) -> str:
    """A variant's name in words (``VARIANT_WORDS``), or as it is when it has none."""
    return i18n._(VARIANT_WORDS[name]) if name in VARIANT_WORDS else name


def _rule_value_said(name: str, value: object) -> str:
    """A rule's value as a student reads it: its words, yes or no, or the number."""
    if (name, value) in RULE_VALUE_WORDS:
        return i18n._(RULE_VALUE_WORDS[name, value])
    if isinstance(value, bool):
        return i18n._("yes") if value else i18n._("no")
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    return str(value)


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
            "hexagons per round": estimate_text(mean_interval(frame["hexagons"])),
            "bridges per round": estimate_text(mean_interval(frame["bridges"])),
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
                    "end bonus to the winner": str(mean_interval(winners[part]))
                    if len(winners) > 1
                    else "-",
                    "winner's round total": str(mean_interval(winners["total"]))
                    if len(winners) > 1
                    else "-",
                }
            )
    return pd.DataFrame(rows).set_index(["players", "round ends"])


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
                mean_interval(other["round_points"] - base["round_points"])
            ),
            "starter wins the round": percentage_points(
                paired_difference(
                    other["winner"] == other["starter"], base["winner"] == base["starter"]
                )
            ),
            "draws per round": str(mean_interval(other["draws"] - base["draws"])),
            "passes per round": str(mean_interval(other["passes"] - base["passes"])),
            "rounds ending blocked": percentage_points(
                paired_difference(other["end"] == "blocked", base["end"] == "blocked")
            ),
            "hexagon points per round": str(
                mean_interval(other[hexagon].sum(axis=1) - base[hexagon].sum(axis=1))
            ),
            "bridges per round": str(mean_interval(other["bridges"] - base["bridges"])),
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
        return i18n._("The round is not over yet.")
    points = ", ".join(f"P{seat} {score}" for seat, score in enumerate(game.scores))
    if end.kind == "out":
        return i18n._(
            "P{seat} wins the round by going out: placing their last tile ends it "
            "(points this round: {points})."
        ).format(seat=end.seat, points=points)
    hands = [game.hand(seat) for seat in range(game.players)]
    if game.rules.blocked_winner == "fewest_tiles":
        left = ", ".join(f"P{seat} {len(hand)}" for seat, hand in enumerate(hands))
        rule = i18n._("the fewest tiles left ({left})").format(left=left)
    else:
        left = ", ".join(f"P{seat} {sum(sum(t) for t in hand)}" for seat, hand in enumerate(hands))
        rule = i18n._("the lowest value of tiles left ({left})").format(left=left)
    return i18n._(
        "P{seat} wins the round although the points say {points}: the round was blocked "
        "(nobody could place a tile and the pool was empty), and a blocked round goes to {rule}, "
        "not to the most points. The points still count: they add up over the game, to {target}."
    ).format(seat=end.seat, points=points, rule=rule, target=whole(game.rules.target_score))


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


def million_rounds_forecast(rounds: int = 1_000_000, *, sample: int = 300) -> str:
    """How long ``million_rounds`` would take here, in words: ``sample`` two-player rounds are
    timed on one core and the time scaled to ``rounds`` rounds shared among all the cores.

    >>> million_rounds_forecast(sample=20).startswith("On this computer")
    True
    """
    import os
    import time

    from ..sim import simulate
    from ..words import duration, localized, plural

    cores = os.cpu_count() or 1
    task = functools.partial(round_task, players=2)
    start = time.perf_counter()
    simulate(task, sample, seed=1, progress=False)
    seconds = time.perf_counter() - start
    return i18n.ngettext(
        # English: "rounds" for 1 too
        "On this computer {sample} rounds took {seconds} s on one core, so {rounds} rounds "
        "shared among its {cores} would take about {time} per run.",
        "On this computer {sample} rounds took {seconds} s on one core, so {rounds} rounds "
        "shared among its {cores} would take about {time} per run.",
        sample,
    ).format(
        sample=whole(sample),
        seconds=localized(f"{seconds:.2f}"),
        rounds=whole(rounds, grouped=True),
        cores=plural(cores, "core"),
        time=duration(seconds / sample * rounds / cores),
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
    points = mean_interval(seats["total"])
    hexagons = mean_interval(two["hexagons"])
    sources = point_sources({"two": two})["two"]
    tiles = sources[PART_WORDS["tile_values"]]
    bonuses = sources[PART_WORDS["hexagon_points"]] + sources[PART_WORDS["bridge_points"]]
    draws = sources[PART_WORDS["draw_penalty"]]
    n = len(two)
    first = wilson(int((two["winner"] == two["starter"]).sum()), n)
    most = starter.index.max()
    rules = by_rules(paired)
    pressman = mean_interval(rules["pressman"]["round_points"] - rules["seed"]["round_points"])
    three = mean_interval(rules["seed_three_draws"]["round_points"] - rules["seed"]["round_points"])
    rounds = mean_interval(games["rounds"])
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
