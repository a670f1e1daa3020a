"""Tri-Ominos' study, declared for ``tilegames simulate triominos`` (``tilegames.study_options``).

    tilegames simulate triominos --players 2 --player greedy --rules pressman \\
        --rounds 20000 --workers 2 --seed 1 --out rounds.csv

Seeded rounds (``study.round_task``), or whole games to 400 with ``--games``
(``study.game_task``); the summary table comes from ``study.RoundTally`` (or
``GameTally``): exact sums, never the rows. ``--rules`` offers the rule sets of
``Rules.presets()`` (``study.VARIANTS`` is the same list); ``--rule`` changes any field.

>>> plan_ = plan(Rules.seed(), {"players": 2, "player": "greedy", "rule": None,
...     "rounds": 20, "games": None, "seed": 1, "workers": 1})
>>> plan_.first_line(seed=1)
'Tri-Ominos, 20 rounds: 2 players (greedy, greedy), seed rules, seed 1, 1 worker(s), 0.0 s'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ..i18n import N_, Deferred, _, format_percent, ngettext
from ..study_options import Option, Plan, Study, game_count, player_option, players_option
from ..tables import heading
from ..words import written
from .players import PLAYERS
from .rules import Rules
from .study import GameTally, RoundTally, game_task, player_kinds, round_task

__all__ = ["STUDIES", "plan"]


def plan(rules: Rules, options: Mapping[str, Any]) -> Plan:
    """Rounds (or games to 400) with the chosen players, the summary table from a tally."""
    players, player = options["players"], options["player"]
    kinds = player_kinds(player, players)  # an unknown player is refused here, before any work
    changes = [change for change in options.get("rule") or [] if change.split("=")[0] != "name"]
    if changes:  # the rows' rules label says what was changed, not only the preset's name
        rules = rules.replace(name=" ".join([rules.name, *changes]))
    if options["games"]:
        task, games, tally = game_task, options["games"], GameTally()
        what = Deferred(N_("games"))
    else:
        task, games, tally = round_task, options["rounds"] or 1000, RoundTally()
        what = Deferred(N_("rounds"))

    def summary(rows, seconds: float) -> str:
        header = _(
            "Tri-Ominos, {count}: {players}, {rules} rules, seed {seed}, {workers}, {seconds} s"
        ).format(
            count=(
                ngettext("{n} games to 400", "{n} games to 400", games)  # "games" of 1 too
                if what == "games"
                else ngettext("{n} rounds", "{n} rounds", games)
            ).format(n=games),
            players=ngettext("{n} players ({kinds})", "{n} players ({kinds})", players).format(
                n=players, kinds=", ".join(kinds)
            ),
            rules=rules.name,
            seed=options["seed"],
            # "worker(s)" in English either way, as the summaries always said
            workers=ngettext("{n} worker(s)", "{n} worker(s)", options["workers"]).format(
                n=options["workers"]
            ),
            seconds=written(seconds, "{:.1f}"),
        )
        shown = {heading(k): v for k, v in tally.table()["shown"].items()}
        width = max([42, *map(len, shown)])
        return "\n".join([header, ""] + [f"  {k:{width}} {v}" for k, v in shown.items()])

    return Plan(
        task=functools.partial(task, players=players, player=player, rules=rules),
        games=games,
        what=what,
        tally=tally,
        summary=summary,
    )


STUDIES = (
    Study(
        plan=plan,
        task=round_task,  # the explorer's; --games plays study.game_task
        description=Deferred(
            N_(
                "Deal many seeded Tri-Ominos rounds (or whole games to 400) and summarise "
                "their scores with {confidence} confidence intervals."
            ),
            # a field, not text: a "%" in a message would read as a %-placeholder
            confidence=lambda: format_percent(0.95),
        ),
        options=(
            players_option("round"),
            player_option(
                N_(
                    "player of each seat: {players}; a comma list sets seats in turn "
                    "(default greedy)"
                ),
                PLAYERS,
                "greedy",
            ),
            Option(
                "--rounds",
                N_("rounds to simulate (default 1000)"),
                type=game_count,
                exclusive="count",
            ),
            Option(
                "--games",
                N_("simulate games to 400 instead of rounds"),
                type=game_count,
                exclusive="count",
            ),
        ),
    ),
)
"""``tilegames simulate triominos``: one study, rounds or (``--games``) games to 400."""
