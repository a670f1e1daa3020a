"""Tri-Ominos scoring statistics: what a round (and a game to 400) really scores.

Simulation tasks for ``tilegames.sim.simulate`` (one row per round, or per
game to 400), their tallies and the runs the scoring notebook makes (its tables,
charts and conclusion in words are in ``findings.py``). The command line
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

import functools
import inspect
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from .. import i18n  # i18n._(...): this module's loops use _ as a name
from ..players import lineup, play_game
from ..randomness import players_generator
from ..sim import Tally
from ..stats import Estimate, Sums, mean_interval, wilson
from ..words import estimate_text
from .players import PLAYERS, make_player, play_round
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

VARIANTS: dict[str, Rules] = Rules.presets()
"""Rules by name: ``Rules.presets()`` (the two editions, each of Pressman's changes alone, and
the bonus and bridge variants), the list ``--rules`` offers."""


def rules_named(rules: Rules | str) -> Rules:
    """A ``Rules`` from a preset's name or alias (``Rules.preset``), or the Rules itself.

    >>> rules_named("pressman").max_draws
    3
    >>> rules_named("standard") == rules_named("seed")
    True
    """
    if isinstance(rules, Rules):
        return rules
    return _preset(rules) if isinstance(rules, str) else Rules.preset(rules)


@functools.lru_cache(maxsize=64)
def _preset(name: str) -> Rules:
    """``Rules.preset(name)``, made once per name (a ``Rules`` is frozen: one serves every round)."""
    return Rules.preset(name)


def player_kinds(player: str | list[str] | tuple[str, ...], players: int) -> list[str]:
    """The player of each seat: ``"greedy,cautious"`` names seats 0, 1, ... in turn
    (``tilegames.players.lineup``: an unknown name is refused).

    >>> player_kinds("greedy,random", 3)
    ['greedy', 'random', 'greedy']
    """
    return lineup(player, players, list(PLAYERS), "Tri-Ominos")


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


def game_task(rng: np.random.Generator, **table: Any) -> dict[str, Any]:
    """A whole game: rounds until someone reaches the target (400). One row per game.

    ``table``: ``round_task``'s keywords (``players``, ``player``, ``rules``,
    ``shuffle_seats``), with its defaults: a game is played at the table a round is.

    >>> row = game_task(np.random.default_rng(2))
    >>> row["winning_total"] >= 400 and row["rounds"] >= 1
    True
    """
    given = inspect.signature(round_task).bind(rng, **table)
    given.apply_defaults()
    players, rules = given.arguments["players"], rules_named(given.arguments["rules"])
    kinds = _seated(given.arguments["player"], players, rng, given.arguments["shuffle_seats"])
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


# -- the scoring notebook's runs (notebooks/05_triominos_scoring; what they show: findings.py) ---


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


def million_rounds(rounds: int = 1_000_000, *, seed: int = 1, workers: int | None = None,
                   also_on_dask: bool = True) -> tuple[pd.DataFrame, bool | None]:  # fmt: skip
    """The big run: ``rounds`` two-player rounds on every core; then (if Dask is installed) the
    same run on a local Dask cluster. Returns the summary table and whether Dask gave the very
    same rows (None: not run). ``findings.million_rounds_forecast`` says how long it would take here.
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
