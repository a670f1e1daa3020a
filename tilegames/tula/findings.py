"""What the Tula studies found: the tables, charts and conclusions in words of the lessons.

The rules lesson (``notebooks/01_tula_rules``) plays a deal by a rule of thumb
(``rule_of_thumb_game``) and watches a simulated share settle on the exact answer
(``plot_running_share``). The dependency goes one way: ``findings`` reads ``study``,
never the other way round.

The mercy lesson's numbers (``notebooks/02_tula_mercy``) come from two results files kept
in the repository:

- ``results/tula_hidden_players.csv``: one row per deal (``study.deal_task``), every
  player with and without mercy, made by the command in its ``.json`` sidecar;
- ``results/tula_hidden_ladder.csv``: the reduced boards of ``hidden_study.BOARDS``, players
  simulated and the best play without seeing computed exactly (``hidden_study.main``).

Every table here speaks in percent and in words, so a lesson shows one line per idea.

>>> frame = pd.DataFrame({"random_won": [True, False], "random_mercy_won": [True, True]})
>>> rates_table(frame)["win rate"].tolist()
['50.0%', '100.0%']
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from .. import i18n, tables  # i18n._(...): this module's loops use _ as a name
from ..resources import folder
from ..stats import paired_difference, wilson
from ..words import interval, signed_points, span, with_interval
from . import study
from .players import PLAYERS
from .rules import Game, new_game

__all__ = [
    "LADDER",
    "PINNED",
    "BOARD_WORDS",
    "PLAYER_WORDS",
    "RULES_WORDS",
    "board_said",
    "conclusion",
    "deals_preview",
    "effect_table",
    "in_words",
    "ladder_table",
    "load",
    "plot_breakdown",
    "plot_convergence",
    "plot_ladder",
    "plot_running_share",
    "plot_win_rates",
    "player_said",
    "rates_table",
    "rule_of_thumb_game",
    "rules_said",
]

RESULTS = folder("results")
"""The results files tilegames ships (``tilegames.resources``)."""
PINNED = RESULTS / "tula_hidden_players.csv"
"""The pinned simulation: every player on the same deals, with and without mercy."""
LADDER = RESULTS / "tula_hidden_ladder.csv"
"""Reduced boards: players, the best play without seeing, the clairvoyant."""

PLAYER_WORDS = {
    "solver": i18n.N_("sees every tile"),
    "best without seeing": i18n.N_("best possible\nwithout seeing"),
    "clairvoyant": i18n.N_("sees every tile"),
}
"""What the lesson says for what stands in a player's place (``player_said``; a player is
named by its name, ``tables.player_name``)."""
RULES_WORDS = {"published": i18n.N_("without mercy"), "mercy": i18n.N_("with mercy")}
"""How the lesson names each rule set (``rules_said``)."""
BOARD_WORDS = {
    "pyramid of 6 (2 suits x 3 values)": i18n.N_("pyramid of 6 (2 suits x 3 values)"),
    "pyramid of 10 (2 suits x 5 values)": i18n.N_("pyramid of 10 (2 suits x 5 values)"),
    "the real temple (24 tiles)": i18n.N_("the real temple (24 tiles)"),
}
"""The ladder's boards, as the results file names them, in words."""


def player_said(name: str) -> str:
    """A player as the lesson names it, in the language in use (a name stays a name).

    >>> player_said("greedy"), player_said("clairvoyant")
    ('greedy', 'sees every tile')
    """
    return i18n._(PLAYER_WORDS[name]) if name in PLAYER_WORDS else tables.player_name(name)


def rules_said(variant: str) -> str:
    """A rule set (``published`` or ``mercy``) as the lesson names it, in the language in use.

    >>> rules_said("mercy")
    'with mercy'
    """
    return i18n._(RULES_WORDS[variant])


def board_said(board: str) -> str:
    """A ladder's board in the language in use (one the results file names differently stays)."""
    return i18n._(BOARD_WORDS[board]) if board in BOARD_WORDS else board


def load(path: Path | str = PINNED) -> tuple[pd.DataFrame, dict]:
    """A results file and its provenance (the ``.json`` beside it)."""
    from ..results import read_provenance, read_results

    return read_results(path), read_provenance(path)


def in_words(estimate, points: bool = False) -> str:
    """An estimate with its interval, in words: ``12.3% (95% interval 11.8% to 12.8%)``, or
    for a difference (``points=True``) ``+1.2 points (95% interval +0.4 to +2.0)``.

    >>> in_words(wilson(30, 100))
    '30.0% (95% interval 21.9% to 39.6%)'
    >>> from tilegames.stats import Estimate
    >>> in_words(Estimate(0.019, 0.004, 0.034, percent=False), points=True)
    '+1.9 points (95% interval +0.4 to +3.4)'
    """
    label = i18n._("{confidence} interval").format(
        confidence=i18n.format_percent(estimate.confidence)
    )
    if points:  # percentage points (the catalog's "points" are a game's)
        return i18n._("{difference} points ({interval})").format(
            difference=signed_points(estimate.value),
            interval=interval(estimate.low, estimate.high, signed_points, label=label),
        )
    return with_interval(estimate.value, estimate.low, estimate.high, _percent, label=label)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def rates_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Win rate per player and rules, in percent, with its 95% interval in words."""
    table = study.summarize(frame)
    return pd.DataFrame(
        {
            "player": table["player"].map(player_said),
            "rules": table["variant"].map(rules_said),
            "deals won": table["wins"],
            "deals": table["games"],
            "win rate": table["win rate"].map(_percent),
            "95% interval": [
                span(low, high, _percent) for low, high in zip(table["CI low"], table["CI high"])
            ],
        }
    )


def effect_table(frame: pd.DataFrame) -> pd.DataFrame:
    """What mercy adds, per player: percentage points, with the paired 95% interval."""
    table = study.mercy_effect(frame)
    points = functools.partial(signed_points, decimals=2)
    return pd.DataFrame(
        {
            "player": table["player"].map(player_said),
            "mercy adds (points)": [points(v) for v in table["mercy effect"]],
            "95% interval (points)": [
                span(low, high, points) for low, high in zip(table["CI low"], table["CI high"])
            ],
        }
    )


def deals_preview(frame: pd.DataFrame, rows: int = 5) -> pd.DataFrame:
    """The first deals as a reader wants them: stuck at the start or not, how many tiles each
    player stacked (24 = won) without and with mercy, written ``1 → 3`` (a slash would read as
    a fraction), and whether the deal can be won at all; headed in two levels, so each column's
    name is short.

    >>> preview = deals_preview(load()[0], rows=2)
    >>> preview.columns[1], preview.iloc[0, 1]
    (('tiles stacked (24 = won), without → with mercy', 'random'), '1 → 1')
    """
    mercy = any(column.endswith("_mercy_tiles") for column in frame.columns)
    stacked = "tiles stacked (24 = won)" + (", without → with mercy" if mercy else "")
    shown = {
        ("", "stuck at the start"): frame["mercy_usable"].head(rows).map({True: "yes", False: "no"})
    }
    for name in _players(frame):
        if name == "solver":
            for suffix, words in (("", "without mercy"), ("_mercy", "with mercy")):
                if f"solver{suffix}_won" in frame:
                    shown[("can be won", words)] = (
                        frame[f"solver{suffix}_won"].head(rows).map({True: "yes", False: "no"})
                    )
            continue
        tiles = frame[f"{name}_tiles"].head(rows).astype(str)
        if f"{name}_mercy_tiles" in frame:
            tiles = tiles + " → " + frame[f"{name}_mercy_tiles"].head(rows).astype(str)
        shown[(stacked, name)] = tiles
    table = pd.DataFrame(shown)
    table.index = pd.Index(frame["game"].head(rows) + 1, name="deal")
    return table


def _players(frame: pd.DataFrame) -> list[str]:
    return [name for name in PLAYERS if f"{name}_won" in frame.columns]


def plot_win_rates(frame: pd.DataFrame, title: str = "") -> plt.Figure:
    """Win rates with 95% intervals: every player, then a zoom on the weak ones, labelled."""
    table = study.summarize(frame)
    players = list(dict.fromkeys(table["player"]))
    weak = [name for name in players if table.loc[table["player"] == name, "win rate"].max() < 0.1]
    fig, axes = plt.subplots(
        1, 2, figsize=(11, 4), gridspec_kw={"width_ratios": [len(players), max(len(weak), 1)]}
    )
    for ax, shown in zip(axes, (players, weak)):
        width = 0.38
        for offset, (variant, colour) in zip(
            (-width / 2, width / 2), (("published", "#8c6d31"), ("mercy", "#3182bd"))
        ):
            part = table[table["variant"] == variant].set_index("player").loc[shown]
            x = np.arange(len(shown)) + offset
            errors = [
                100 * (part["win rate"] - part["CI low"]),
                100 * (part["CI high"] - part["win rate"]),
            ]
            ax.bar(
                x,
                100 * part["win rate"],
                width,
                yerr=errors,
                capsize=3,
                color=colour,
                label=rules_said(variant),
            )
            for xi, value, high in zip(x, part["win rate"], part["CI high"]):
                ax.annotate(
                    f"{100 * value:.1f}",
                    (xi, 100 * high),
                    textcoords="offset points",
                    xytext=(0, 2),
                    ha="center",
                    fontsize=7,
                )
        ax.set_xticks(np.arange(len(shown)), [player_said(name) for name in shown])
        ax.set_ylabel(i18n._("deals won, % ({confidence} interval)").format(confidence="95%"))
    axes[0].set_title(title or i18n._("Win rates without and with mercy"))
    axes[1].set_title(i18n._("zoom on the simple players"))
    axes[0].legend(title=i18n._("rules"))
    fig.tight_layout()
    return fig


def plot_breakdown(frame: pd.DataFrame) -> plt.Figure:
    """Per player and rules: deals won, lost by play (could have been won), lost by the deal."""
    breakdown = study.loss_breakdown(frame)
    shares = breakdown.pivot_table(
        index=["player", "variant"], columns="outcome", values="share", sort=False
    )
    labels = [f"{player_said(p)}\n{rules_said(v)}" for p, v in shares.index]
    fig, ax = plt.subplots(figsize=(11, 4))
    bottom = np.zeros(len(shares))
    for column, colour in (
        (i18n.N_("won"), "#31a354"),
        (i18n.N_("lost by play"), "#fd8d3c"),
        (i18n.N_("lost by the deal"), "#969696"),
    ):  # the columns' names (data), translated in the legend
        ax.bar(labels, 100 * shares[column], bottom=bottom, color=colour, label=i18n._(column))
        bottom += 100 * shares[column].to_numpy()
    ax.tick_params(axis="x", labelsize=7)
    ax.set_ylabel(i18n._("share of deals, %"))
    ax.set_title(i18n._("Where the deals go: won, lost by play, lost by the deal"))
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    fig.tight_layout()
    return fig


def ladder_table(ladder: pd.DataFrame, frame: pd.DataFrame | None = None) -> pd.DataFrame:
    """The ladder per board in percent: each player, the best play without seeing, and
    the player who sees every tile; the full temple from the pinned deals when given."""
    rows = []
    for _, row in ladder.iterrows():
        exact = row["how"] == "exact"
        rows.append(
            {
                "board": board_said(row["board"]),
                "player": player_said(row["player"]),
                "rules": rules_said(row["variant"]),
                "win rate": _percent(row["win rate"]),
                "how we know": i18n._("computed exactly")
                if exact
                else _deals_with_interval(int(row["deals"]), row["CI low"], row["CI high"]),
            }
        )
    if frame is not None:
        table = study.summarize(frame)
        for _, row in table.iterrows():
            if row["player"] not in ("random", "greedy", "sampler", "expert", "solver"):
                continue
            rows.append(
                {
                    "board": board_said("the real temple (24 tiles)"),
                    "player": player_said(row["player"]),
                    "rules": rules_said(row["variant"]),
                    "win rate": _percent(row["win rate"]),
                    "how we know": _deals_with_interval(
                        int(row["games"]), row["CI low"], row["CI high"]
                    ),
                }
            )
    return pd.DataFrame(rows)


def _interval_label() -> str:
    """``95% interval``, in the language in use."""
    return i18n._("{confidence} interval").format(confidence=i18n.format_percent(0.95))


def _deals_with_interval(deals: int, low: float, high: float) -> str:
    """``4,000 deals, 95% interval 21.9% to 39.6%``, in the language in use."""
    return i18n.ngettext("{n} deal, {interval}", "{n} deals, {interval}", deals).format(
        n=i18n.formatted(deals, ","),
        interval=interval(low, high, _percent, label=_interval_label()),
    )


def plot_ladder(ladder: pd.DataFrame, frame: pd.DataFrame | None = None) -> plt.Figure:
    """One panel per board: the ladder from random play up to seeing every tile."""
    table = ladder.copy()
    if frame is not None:
        full = study.summarize(frame)
        full = full[full["player"].isin(["random", "greedy", "sampler", "expert", "solver"])]
        table = pd.concat(
            [
                table,
                pd.DataFrame(
                    {
                        "board": "the real temple (24 tiles)",
                        "player": full["player"].replace({"solver": "clairvoyant"}),
                        "variant": full["variant"],
                        "win rate": full["win rate"],
                        "CI low": full["CI low"],
                        "CI high": full["CI high"],
                    }
                ),
            ],
            ignore_index=True,
        )
    order = ["random", "greedy", "sampler", "expert", "best without seeing", "clairvoyant"]
    boards = list(dict.fromkeys(table["board"]))
    fig, axes = plt.subplots(1, len(boards), figsize=(4.2 * len(boards), 4), sharey=False)
    axes = np.atleast_1d(axes)
    for ax, board in zip(axes, boards):
        part = table[table["board"] == board]
        for offset, (variant, colour) in zip(
            (-0.15, 0.15), (("published", "#8c6d31"), ("mercy", "#3182bd"))
        ):
            rows = part[part["variant"] == variant].set_index("player")
            names = [name for name in order if name in rows.index]
            x = np.array([order.index(name) for name in names]) + offset
            values = 100 * rows.loc[names, "win rate"]
            errors = [
                values - 100 * rows.loc[names, "CI low"],
                100 * rows.loc[names, "CI high"] - values,
            ]
            ax.errorbar(
                x, values, yerr=errors, fmt="o", color=colour, capsize=3, label=rules_said(variant)
            )
            if "best without seeing" not in rows.index and {"expert", "clairvoyant"} <= set(names):
                # not computable here: it lies between the expert and the player who sees all
                low, high = (
                    100 * rows.loc["expert", "CI low"],
                    100 * rows.loc["clairvoyant", "CI high"],
                )
                where = order.index("best without seeing") + offset
                ax.vlines(where, low, high, colors=colour, linestyles="dotted")
                if variant == "published":
                    ax.annotate(
                        i18n._("unknown:\nsomewhere\nin here"),
                        (where, (low + high) / 2),
                        xytext=(-48, 0),
                        textcoords="offset points",
                        fontsize=7,
                        va="center",
                    )
        ax.set_xticks(range(len(order)), [player_said(name) for name in order], rotation=35)
        ax.tick_params(axis="x", labelsize=8)
        ax.set_title(board_said(board), fontsize=10)
        ax.set_ylabel(i18n._("deals won, %"))
        ax.grid(axis="y", alpha=0.3)
    axes[0].legend(title=i18n._("rules"), fontsize=8)
    fig.suptitle(i18n._("The ladder: from random play to seeing every tile"))
    fig.tight_layout()
    return fig


def convergence_rows(curve: pd.DataFrame, rows=(0, 5, 10, 15, 20, -1)) -> pd.DataFrame:
    """A few rows of ``study.running_estimate``'s curve as a reader takes them in: the share
    and its interval as percentages, the half-width in percentage points (never 0.383500).

    >>> curve = pd.DataFrame({"games": [10], "estimate": [0.4], "CI low": [0.16818],
    ...                       "CI high": [0.687326], "half width": [0.259573]})
    >>> convergence_rows(curve, rows=(0,)).iloc[0].astype(str).tolist()
    ['10', '40.0%', '16.8% to 68.7%', '±26.0']
    """
    picked = curve.iloc[list(rows)]
    return pd.DataFrame(
        {
            "games": picked["games"].to_numpy(),
            "estimate": [_percent(v) for v in picked["estimate"]],
            "95% interval": [
                span(low, high, _percent) for low, high in zip(picked["CI low"], picked["CI high"])
            ],
            "half-width (points)": [f"±{100 * v:.1f}" for v in picked["half width"]],
        }
    )


def plot_convergence(curve: pd.DataFrame, what: str) -> plt.Figure:
    """The running estimate (``study.running_estimate``) with its 95% band, log-scaled games."""
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.fill_between(
        curve["games"],
        100 * curve["CI low"],
        100 * curve["CI high"],
        alpha=0.3,
        label=_interval_label(),
    )
    ax.plot(curve["games"], 100 * curve["estimate"], marker="o", ms=3, label=i18n._("estimate"))
    ax.set_xscale("log")
    ax.set_xlabel(i18n._("deals simulated (log scale)"))
    ax.set_ylabel(what)
    ax.set_title(i18n._("The estimate settles and its interval narrows like 1/sqrt(n)"))
    ax.legend()
    fig.tight_layout()
    return fig


def conclusion(frame: pd.DataFrame, ladder: pd.DataFrame) -> str:
    """The lesson's answer in plain words, every figure computed from the two files."""
    rate = {}
    for name in ("random", "greedy", "matches", "chain", "sampler", "expert", "solver"):
        for suffix in ("", "_mercy"):
            column = f"{name}{suffix}_won"
            rate[name + suffix] = wilson(int(frame[column].sum()), len(frame))
    effect = {
        name: paired_difference(frame[f"{name}_mercy_won"], frame[f"{name}_won"])
        for name in ("greedy", "sampler", "expert", "solver")
    }
    edge = paired_difference(frame["expert_won"], frame["sampler_won"])
    stuck = frame["mercy_usable"].mean()
    stuck_rows = frame[frame["mercy_usable"]]
    rescued = stuck_rows["expert_mercy_won"].mean()
    ten = ladder[ladder["board"] == "pyramid of 10 (2 suits x 5 values)"].set_index(
        ["player", "variant"]
    )["win rate"]

    widest = 100 * max(rate[key].half_width for key in ("expert", "expert_mercy"))
    best = ten[("best without seeing", "published")]
    seeing = ten[("clairvoyant", "published")]

    points = functools.partial(in_words, points=True)

    return (
        f"**What a real player can expect.** Playing as well as we know how without seeing the "
        f"face-down tiles (the expert), you win about **{_percent(rate['expert'].value)}** of "
        f"deals under the published rules and **{_percent(rate['expert_mercy'].value)}** with "
        f"mercy ({len(frame):,} deals, each figure to within ±{widest:.1f} points). Someone who "
        f"could see every tile would win {_percent(rate['solver'].value)} and "
        f"{_percent(rate['solver_mercy'].value)}: that gap is the price of not seeing.\n\n"
        f"**How much mercy helps, and why.** Mercy adds {points(effect['expert'])} for the "
        f"expert, {points(effect['sampler'])} for the sampler, and only "
        f"{points(effect['greedy'])} for greedy play. It can only matter on the deals that are "
        f"stuck at the very first move — {_percent(stuck)} of them here (exactly 65/253 = "
        f"25.7%) — and on the other three quarters it changes nothing. Even on a stuck deal it "
        f"only gives you a start: the expert then wins {_percent(rescued)} of those deals. "
        f"Simple players lose almost every deal anyway, so rescuing their first move rarely "
        f"changes the result.\n\n"
        f"**Thinking about the hidden tiles pays.** The sampler, which imagines where the "
        f"unseen tiles might be, wins {_percent(rate['sampler'].value)}; the expert, which "
        f"imagines more where the choice is close and calculates exactly near the end, wins "
        f"{points(edge)} more on the same deals. The best simple rule we tried, chain, wins "
        f"{_percent(rate['chain'].value)}.\n\n"
        f"**How close is that to perfect?** On the whole temple nobody can compute the best "
        f"possible play without seeing; it lies somewhere between the expert's "
        f"{_percent(rate['expert'].value)} and the {_percent(rate['solver'].value)} of the player "
        f"who sees every tile. "
        f"On a small 10-tile board we can compute it: the best possible play wins exactly "
        f"{_percent(best)} ({_percent(ten[('best without seeing', 'mercy')])} with mercy), the "
        f"expert {_percent(ten[('expert', 'published')])}, the sampler "
        f"{_percent(ten[('sampler', 'published')])}, and seeing every tile would give "
        f"{_percent(seeing)}. There, {100 * (seeing - best):.1f} of the "
        f"{100 * (seeing - ten[('random', 'published')]):.1f} points between random play and "
        f"seeing every tile are the price of not seeing: no player who cannot see the tiles can "
        f"win them back."
    )


# -- the rules lesson (notebooks/01_tula_rules) -----------------------------------------------
def rule_of_thumb_game(
    seed: int, moments: tuple[int, ...] = (2, 4, 8, 12, 18, 24)
) -> tuple[Game, pd.DataFrame, list[Game]]:
    """A seeded deal played by a rule of thumb: reveal everything you can, then remove the
    matching tile that leaves the most moves open.

    Returns the finished game, one table row per removal (the move, the tile, the moves open
    after it), and copies of the game just after the removal that made the stack ``moments`` long.

    >>> game, removals, pictures = rule_of_thumb_game(129)
    >>> game.won, len(removals), len(pictures)
    (True, 23, 6)
    """
    game = new_game(seed=seed)
    rows, copies = [], []
    while not game.is_over:
        moves = game.legal_moves()
        reveals = [m for m in moves if m.kind == "reveal"]
        if reveals:
            game.play(reveals[0])
            continue

        def openness(move, game=game):
            trial = game.copy()
            trial.play(move)
            return len(trial.legal_moves())

        move = max(moves, key=openness)
        game.play(move)
        rows.append(
            {
                "removal": len(game.stack) - 1,
                "move": str(move),
                "tile": str(game.stack_top),
                "moves open after": len(game.legal_moves()),
            }
        )
        if len(game.stack) in moments:
            copies.append(game.copy())
    return game, pd.DataFrame(rows).set_index("removal"), copies


def plot_running_share(outcomes, exact: Fraction, *, what: str = "share lost at the first move"):
    """The share of ``outcomes`` so far, deal after deal, settling on the ``exact`` answer."""
    import matplotlib.pyplot as plt

    outcomes = pd.Series(np.asarray(outcomes, dtype=float))
    running = outcomes.expanding().mean()
    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.plot(range(1, len(outcomes) + 1), running, label=i18n._("share so far"))
    ax.axhline(
        float(exact),
        color="crimson",
        linestyle="--",
        label=i18n._("exact {fraction} ≈ {value}").format(
            fraction=exact, value=i18n.format_number(float(exact), 3)
        ),
    )
    ax.set_xscale("log")
    ax.set_xlabel(i18n._("deals simulated"))
    ax.set_ylabel(what)
    ax.set_title(i18n._("The simulation settles on the exact answer"))
    ax.legend()
    return fig
