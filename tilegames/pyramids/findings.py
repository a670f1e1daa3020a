"""What the Flaming Pyramids studies found: the tables, charts and conclusions in words of the
rules lesson (``notebooks/06_flaming_pyramids_rules``).

The games and matches come from ``study`` (its tasks, tallies and tables:
``study.game_task``, ``study.first_player_table``, ``study.read_matchups``, ...); this
module only shows them, one line per idea in a lesson. The dependency goes one way:
``findings`` reads ``study``, never the other way round.

>>> rows = [game_task(np.random.default_rng(s), players=2) for s in range(3)]
>>> first_player_percentages(pd.DataFrame(rows)).columns.tolist()
['games won by someone', 'first player wins', '95% CI', 'fair share 1/N']
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .. import i18n, tables  # i18n._(...), as the other games' findings
from ..randomness import players_generator
from ..words import (
    Form,
    interval,
    localized,
    side,
    signed_points,
    span,
    whole,
    with_interval,
    written,
)
from .players import make_player, play_game
from .rules import Rules, new_game
from .study import (
    MAYHEM_KINDS,
    first_player_edge_table,
    first_player_table,
    game_task,
    lineup_of,
    matchup_table,
    repeated_position,
)

__all__ = [
    "KIND_WORDS",
    "first_player_edge_percentages",
    "first_player_percentages",
    "going_round_in_circles",
    "matchup_percentages",
    "matchups_conclusion",
    "plot_matchups",
    "plot_study",
    "study_conclusion",
]


def going_round_in_circles(players: int = 3, player: str = "careful", seed: int = 0) -> str:
    """Play seeded games (``game_task`` with the generators of seeds ``seed``, ``seed + 1``, …)
    until one reaches the turn cap, and say in words which of its positions came back.

    >>> going_round_in_circles(seed=590)  # doctest: +ELLIPSIS
    'Of the 3-player games of careful players from seed 590 on, the game of seed 594 was the ...'
    """
    rules = Rules()
    for number in range(seed, seed + 10_000):
        if not game_task(np.random.default_rng(number), players=players, player=player)["capped"]:
            continue
        rng = np.random.default_rng(number)  # the same game again, played by the public rules
        game_seed = int(rng.integers(2**62))
        lineup = [make_player(kind) for kind in lineup_of(player, players)]
        game = new_game(game_seed, players=players, rules=rules)
        game = play_game(game, lineup, seed=players_generator(rng), checked=False)
        lead = i18n._(
            "Of the {players}-player games of {player} players from seed {seed} on, the game "
            "of seed {number} was the first to reach the cap of {cap} turns"
        ).format(
            players=players, player=player, seed=seed, number=number, cap=whole(rules.turn_cap)
        )
        repeat = repeated_position(game)
        if repeat is None:
            return i18n._("{lead}, and none of its positions came back.").format(lead=lead)
        first, again = repeat
        return i18n.ngettext(
            # English: "turns" for 1 too
            "{lead}. Its position after turn {first} came back after turn {again}, {n} turns "
            "later: the same tiles on the table, in every hand and in every pile, and the same "
            "player to move.",
            "{lead}. Its position after turn {first} came back after turn {again}, {n} turns "
            "later: the same tiles on the table, in every hand and in every pile, and the same "
            "player to move.",
            again - first,
        ).format(lead=lead, first=first, again=again, n=whole(again - first))
    return i18n._(
        "None of the {players}-player games from seed {seed} to {last} reached the cap."
    ).format(players=players, seed=seed, last=seed + 9_999)


def first_player_percentages(frame: pd.DataFrame) -> pd.DataFrame:
    """``first_player_table`` as a reader takes it in: every share a percentage with one
    decimal, the interval as one range (never six-decimal fractions like 0.446108)."""
    return _in_percent(first_player_table(frame))


def _in_percent(table: pd.DataFrame) -> pd.DataFrame:
    """The first player's table with its shares as percentages.

    >>> table = pd.DataFrame({"games won by someone": [200], "first player wins": [0.515],
    ...     "95% CI low": [0.446108], "95% CI high": [0.583326], "fair share 1/N": [0.5]},
    ...     index=pd.Index([2], name="players"))
    >>> _in_percent(table).loc[2].astype(str).tolist()
    ['200', '51.5%', '44.6% to 58.3%', '50.0%']
    """
    if table.empty:
        return table

    def percent(value: float) -> str:
        return f"{value:.1%}"

    shown = pd.DataFrame(
        {
            "games won by someone": table["games won by someone"],
            "first player wins": table["first player wins"].map(percent),
            "95% CI": [
                span(low, high) for low, high in zip(table["95% CI low"], table["95% CI high"])
            ],
        },
        index=table.index,
    )
    if "fair share 1/N" in table:
        shown["fair share 1/N"] = table["fair share 1/N"].map(percent)
    return shown


def first_player_edge_percentages(frame: pd.DataFrame) -> pd.DataFrame:
    """``first_player_edge_table`` with its shares as percentages (as the lesson shows it)."""
    return _in_percent(first_player_edge_table(frame))


def matchup_percentages(frame: pd.DataFrame) -> pd.DataFrame:
    """``matchup_table`` as the lesson shows it: shares of games as percentages, A's edge in
    percentage points (as ``matchups_conclusion`` words it), each interval as one range.

    >>> frame = pd.DataFrame({"matchup": ["x v y"] * 4, "deal": [0, 0, 1, 1],
    ...                       "a_won": [1, 1, 1, 0], "b_won": [0, 0, 0, 1]})
    >>> matchup_percentages(frame).loc["x v y", ["A wins", "A's edge (points)"]].tolist()
    ['75.0%', '+50.0']
    """
    table = matchup_table(frame)
    if table.empty:
        return table

    def ranged(low: pd.Series, high: pd.Series, form: Form) -> list[str]:
        return [span(a, b, form) for a, b in zip(low, high)]

    return pd.DataFrame(
        {
            "games": table["games"],
            "A wins": table["A wins"].map("{:.1%}".format),
            "95% CI": ranged(table["A low"], table["A high"], "{:.1%}"),
            "B wins": table["B wins"].map("{:.1%}".format),
            "A's edge (points)": table["A's edge per game"].map(signed_points),
            "95% CI (points)": ranged(table["edge low"], table["edge high"], signed_points),
        },
        index=table.index,
    )


KIND_WORDS = {
    "fall": i18n.N_("fall (a tile drops one row)"),
    "collapse": i18n.N_("collapse (a tile too heavy for its two supports)"),
    "overhang": i18n.N_("overhang collapse (a tile hanging on one support)"),
    "explosion": i18n.N_("explosion (fire tiles touch)"),
    "fire": i18n.N_("fire (burnable tiles touching a fire tile burn)"),
    "roll": i18n.N_("fire cube rolled"),
    "curse": i18n.N_("curse"),
}
"""Each mayhem kind in words, for legends (``overhang``: a tile that hangs over the edge on a
single support breaks its rule, and its support goes under the pile)."""


def _kind_said(kind: str) -> str:
    """A mayhem kind's words in the language in use."""
    return i18n._(KIND_WORDS[kind])


def plot_study(frame: pd.DataFrame):
    """Three panels: game length, mayhem events by kind, the first player's wins (95% CIs), by players."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(15, 4))
    by_players = frame.groupby("players")
    size = np.sqrt(by_players.size())
    means = by_players["turns"].mean()
    half = 1.96 * by_players["turns"].std(ddof=1) / size
    axes[0].errorbar(means.index, means, yerr=half, fmt="o-", capsize=4)
    axes[0].set(
        xlabel=i18n._("players"),
        ylabel=i18n._("turns per game (mean, 95% CI)"),
        title=i18n._("Game length"),
    )
    kinds = [k for k in MAYHEM_KINDS if frame[f"n_{k}"].any()]
    width = 0.8 / len(kinds)
    for i, kind in enumerate(kinds):
        column = by_players[f"n_{kind}"]
        axes[1].bar(
            means.index + (i - (len(kinds) - 1) / 2) * width,
            column.mean(),
            width,
            yerr=1.96 * column.std(ddof=1) / size,
            capsize=2,
            label=_kind_said(kind),
        )
    axes[1].set(
        xlabel=i18n._("players"),
        ylabel=i18n._("events per game (mean, 95% CI)"),
        title=i18n._("Mayhem by kind"),
    )
    axes[1].legend(fontsize=8)
    first = first_player_table(frame)
    won = first["first player wins"]
    axes[2].errorbar(
        first.index,
        won,
        yerr=np.clip([won - first["95% CI low"], first["95% CI high"] - won], 0, None),
        fmt="o",
        capsize=4,
        label=i18n._("first player wins (95% CI)"),
    )
    axes[2].plot(first.index, first["fair share 1/N"], "k--", label=i18n._("fair share 1/N"))
    axes[2].set(
        xlabel=i18n._("players"),
        ylabel=i18n._("share of games won"),
        title=i18n._("The first player"),
        ylim=(0, 0.7),
    )
    axes[2].legend()
    for axis in axes:
        axis.set_xticks(range(2, 7))
    fig.tight_layout()
    return fig


def study_conclusion(frame: pd.DataFrame) -> str:
    """The study's findings in words, every number computed from ``frame``.

    >>> rows = [game_task(np.random.default_rng(s), players=2) for s in range(3)]
    >>> study_conclusion(pd.DataFrame(rows)).startswith("In 3 games")
    True
    """
    capped = int(frame["capped"].sum())
    lengths = frame.groupby("players")["turns"].mean()
    kinds = {k: frame[f"n_{k}"].mean() for k in MAYHEM_KINDS}
    top = sorted(kinds, key=kinds.get, reverse=True)[:2]
    per_count = frame.groupby("players").size()
    each = (
        i18n._("{n} with each number of players").format(n=whole(per_count.iloc[0]))
        if per_count.nunique() == 1
        else ", ".join(
            i18n._("{n} with {players} players").format(n=whole(n), players=p)
            for p, n in per_count.items()
        )
    )
    games = whole(len(frame))
    lasted = {
        "games": games,
        "each": each,
        "turns": localized(f"{lengths.iloc[0]:.0f}"),
        "players": lengths.index[0],
        "last_turns": localized(f"{lengths.iloc[-1]:.0f}"),
        "last_players": lengths.index[-1],
    }
    text = [
        i18n._(
            "In {games} games ({each}) a game lasted {turns} turns on average with {players} "
            "players and {last_turns} with {last_players}."
        ).format(**lasted)
        if len(lengths) > 1
        else i18n._(
            "In {games} games ({each}) a game lasted {turns} turns on average with {players} "
            "players."
        ).format(**lasted),
        i18n._(
            "Over all {games} games together, the commonest mayhem was: {kind}, {times} times a "
            "game; then {second}, {second_times} times a game."
        ).format(
            games=games,
            kind=_kind_said(top[0]),
            times=localized(f"{kinds[top[0]]:.1f}"),
            second=_kind_said(top[1]),
            second_times=localized(f"{kinds[top[1]]:.1f}"),
        ),
        (
            i18n._(
                "The turn cap stopped {capped} of the {games} games: all of these games finished; "
                "the cap is there for games that go round in circles."
            )
            if capped == 0
            else i18n._("The turn cap stopped {capped} of the {games} games.")
        ).format(capped=whole(capped), games=games),
    ]
    first = first_player_table(frame)
    above = [
        int(n)
        for n, row in first.iterrows()
        if side(row["95% CI low"], row["95% CI high"], row["fair share 1/N"]) > 0
    ]
    if above:
        counts = (", ".join(map(str, above[:-1])) + i18n._(" and ") if len(above) > 1 else "") + (
            f"{above[-1]}"
        )
        text.append(
            i18n._(
                "The first player won more than a fair share (1 game in 2 with two players, 1 in "
                "3 with three, and so on), by more than chance explains, with {counts} players."
            ).format(counts=counts)
        )
    else:
        text.append(i18n._("No number of players showed a first-player advantage beyond chance."))
    return " ".join(text)


def _interval_dots(ax, share, low, high, names, *, xlim, xlabel: str, title: str) -> None:
    """One dot per row with its 95% interval, and the dashed line of a fair one half."""
    y = np.arange(len(share))
    ax.errorbar(share, y, xerr=np.clip([share - low, high - share], 0, None), fmt="o", capsize=4)
    ax.axvline(0.5, color="k", ls="--", lw=1)
    ax.set(
        yticks=y,
        yticklabels=[_matchup_said(name) for name in names],
        xlim=xlim,
        xlabel=xlabel,
        title=title,
    )


def _matchup_said(name: str) -> str:
    """A match's label on a chart: ``careful against random``; in another language each
    player's word beside its name (``tables.heading``)."""
    if i18n.language() == "en":
        return name.replace(" v ", " against ")
    return tables.heading(name)


def plot_matchups(frame: pd.DataFrame):
    """Two panels: each match's share of games won by A (95% CI), and the first player's share
    in a player's games against itself, with the line of a fair one half."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(12, 3.6))
    panels = [  # (table, its share, low and high columns, x range, x label, title)
        (
            matchup_table(frame),
            ("A wins", "A low", "A high"),
            (0, 1.05),
            i18n._("share of games won by the first-named player (95% CI)"),
            i18n._("Who beats whom"),
        ),
        (
            first_player_edge_table(frame),
            ("first player wins", "95% CI low", "95% CI high"),
            (0.35, 0.65),
            i18n._("share of games won by the player who moved first (95% CI)"),
            i18n._("Moving first, between equals"),
        ),
    ]
    for ax, (table, columns, xlim, xlabel, title) in zip(axes, panels):
        share, low, high = (table[column] for column in columns)
        _interval_dots(ax, share, low, high, table.index, xlim=xlim, xlabel=xlabel, title=title)
    fig.tight_layout()
    return fig


def matchups_conclusion(frame: pd.DataFrame) -> str:
    """The matches' findings in words, every number computed from ``frame``."""
    table = matchup_table(frame)
    first = first_player_edge_table(frame)
    row = table.loc["expert v careful"]
    edge = row["A's edge per game"]  # (A's wins - B's wins) per game, same deals both seats
    low, high = 100 * row["edge low"], 100 * row["edge high"]
    direction = side(low, high)
    if direction > 0:
        edge_words = i18n._(
            "the expert won {edge} more games in every 100 than careful did ({interval} more): "
            "the whole interval is above zero, so the expert is the better player, not the "
            "luckier."
        ).format(edge=localized(f"{100 * edge:.0f}"), interval=interval(low, high, "{:.1f}"))
    elif direction < 0:
        edge_words = i18n._(
            "careful won {edge} more games in every 100 than the expert did ({interval} more): "
            "the whole interval is below zero, so careful is the better player, not the luckier."
        ).format(edge=localized(f"{-100 * edge:.0f}"), interval=interval(-high, -low, "{:.1f}"))
    else:
        edge_words = i18n._(
            "the expert's edge was {edge} games in every 100 ({interval}): the interval holds "
            "zero, so these games cannot tell skill from luck."
        ).format(
            edge=signed_points(edge),
            interval=interval(row["edge low"], row["edge high"], signed_points),
        )
    text = [
        i18n._(
            "The expert won {share} of {games} games against the careful player ({interval}). "
            "Playing the same deals from both seats, {edge_words}"
        ).format(
            share=written(row["A wins"], "{:.0%}"),
            games=whole(int(row["games"])),
            interval=interval(row["A low"], row["A high"], "{:.0%}"),
            edge_words=edge_words,
        ),
    ]
    for name in table.index:
        if name.endswith("random"):
            text.append(
                i18n._("Against random moves, {player} won {share} of {games} games.").format(
                    player=name.split(" v ")[0],
                    share=written(table.loc[name, "A wins"], "{:.0%}"),
                    games=whole(int(table.loc[name, "games"])),
                )
            )
    for name, part in first.iterrows():
        who = name.split(" v ")[0]
        low, high = part["95% CI low"], part["95% CI high"]
        verdict = {
            1: i18n._("more than half, so moving first helps"),
            -1: i18n._("less than half, so moving first hurts"),
            0: i18n._("no advantage that these games can tell from chance"),
        }[side(low, high, 0.5)]
        text.append(
            i18n._("Between two {player} players the first player won {share}: {verdict}.").format(
                player=who,
                share=with_interval(part["first player wins"], low, high),
                verdict=verdict,
            )
        )
    return "\n".join(text)
