"""Tula's study, declared for ``tilegames simulate tula`` (``tilegames.study_options``).

Every chosen player plays each deal (``study.deal_task``), and with ``--compare-mercy``
(``--mercy``, its old name, still works) plays it again with the mercy variant; the summary
is made from ``study.WinCounts``, the counts of the ``_won`` columns, so a run of any size
keeps a few kilobytes.

>>> plan_ = plan(Rules(), {"player": ["greedy"], "compare_mercy": True, "games": 20,
...                        "samples": 16, "seed": 1, "workers": 1})
>>> plan_.first_line(seed=1)
'Tula: 20 deals, win rates with 95% Wilson CIs.'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ..i18n import N_, Deferred, _
from ..study_options import Option, Plan, Study, game_count
from .players import PLAYERS
from .rules import Rules
from .study import DEFAULT_PLAYERS, WinCounts, deal_task

__all__ = ["STUDIES", "command_line", "plan"]


def plan(rules: Rules, options: Mapping[str, Any]) -> Plan:
    """The deals the options ask for, each player (with and without mercy) on each."""
    players = _players(options)
    unknown = [name for name in players if name not in PLAYERS]
    if unknown:
        raise ValueError(
            _("unknown player(s) {unknown}: choose from {players}").format(
                unknown=unknown, players=", ".join(PLAYERS)
            )
        )
    mercy = bool(options["compare_mercy"] or rules.mercy)
    task = functools.partial(
        deal_task,
        lineup=players,
        compare_mercy=mercy,
        samples=options["samples"],
        legacy_dice=options.get("legacy_dice", False),
    )
    provenance = {
        "what": "Tula: one row per deal, every player without and with mercy",
        "command": command_line({**options, "compare_mercy": mercy}, players),
        "seed": options["seed"],
        "games": options["games"],
        "players": list(players),
        "mercy": mercy,
        "sampler_samples": options["samples"],
    }
    return Plan.tallied(task, options["games"], Deferred(N_("Tula deals")), WinCounts(), provenance)


def _players(options: Mapping[str, Any]) -> tuple[str, ...]:
    chosen = options.get("player") or list(DEFAULT_PLAYERS)
    return tuple(PLAYERS) if "all" in chosen else tuple(dict.fromkeys(chosen))


def command_line(options: Mapping[str, Any], players: tuple[str, ...]) -> str:
    """The command that repeats this run (the same rows, whatever the number of workers).

    >>> options = dict(compare_mercy=True, games=20, samples=16, seed=1, workers=2, out="results/x.csv")
    >>> command_line(options, ("greedy", "expert"))
    'tilegames simulate tula --player greedy --player expert --compare-mercy --games 20 --samples 16 --seed 1 --workers 2 --out results/x.csv'
    """
    words = ["tilegames", "simulate", "tula"]
    for name in players:
        words += ["--player", name]
    if options["compare_mercy"]:
        words.append("--compare-mercy")
    words += ["--games", str(options["games"]), "--samples", str(options["samples"])]
    if options.get("legacy_dice"):
        words.append("--legacy-dice")
    words += ["--seed", str(options["seed"]), "--workers", str(options["workers"])]
    if options.get("out"):
        words += ["--out", options["out"]]
    return " ".join(words)


STUDIES = (
    Study(
        plan=plan,
        task=deal_task,
        description=N_(
            "Deal many seeded Tula games; every chosen player plays each deal "
            "(and, with --mercy, plays it again with the mercy variant)."
        ),
        options=(
            Option(
                "--player",
                Deferred(
                    N_(
                        "a player to simulate; repeat for several; 'all' for every one "
                        "(default: {players})"
                    ),
                    players=", ".join(DEFAULT_PLAYERS),
                ),
                action="append",
                choices=[*PLAYERS, "all"],
            ),
            Option(
                "--compare-mercy",
                N_(
                    "also play every deal with the mercy variant, and report the paired "
                    "difference (--rule mercy=true and --rules with_mercy say the same)"
                ),
                action="store_true",
                default=False,
                aliases=("--mercy",),  # its old name: the committed results' commands use it
            ),
            Option("--games", N_("deals to play (default 10000)"), type=game_count, default=10_000),
            Option(
                "--samples",
                N_("imagined deals per decision for the sampler player (default 16)"),
                type=int,
                default=16,
                valid=lambda value: value >= 1,
                must=N_("be at least 1"),
            ),
            Option(
                "--legacy-dice",
                N_(
                    "give the players the deal's own generator as dice, as before issue 23 "
                    "(only to reproduce results/tula_hidden_players.csv; the players' dice then "
                    "reveal the deal)"
                ),
                action="store_true",
                default=False,
            ),
        ),
    ),
)
"""``tilegames simulate tula``: one study, its options in the order ``--help`` shows them."""
