"""Tri-Ominos: simulate seeded rounds (or games to 400) with chosen players (``tilegames simulate triominos``).

    tilegames simulate triominos --players 2 --player greedy --rules pressman \\
        --rounds 20000 --workers 2 --seed 1 --out rounds.csv

The simulation itself is ``triominos.study.round_task`` (or ``game_task``);
this module only reads the command line and prints the study's summary table.
``--rules`` offers the study's ``VARIANTS`` (the spec's presets); ``--rule`` changes any field.
"""

from __future__ import annotations

import argparse
import functools
import time

import pandas as pd

from ..triominos import SPEC
from ..triominos.players import PLAYERS
from ..triominos.study import (
    game_summary,
    game_task,
    player_kinds,
    round_task,
    summary_table,
)
from .common import add_players_argument, game_count, simulate_from_args
from .generic import rules_from_args

__all__ = ["add_simulate_arguments", "run_simulation"]


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tilegames simulate triominos``."""
    parser.description = (
        "Deal many seeded Tri-Ominos rounds (or whole games to 400) and summarise "
        "their scores with 95% confidence intervals."
    )
    add_players_argument(parser, "round")
    parser.add_argument(
        "--player",
        default="greedy",
        help=f"player of each seat: {', '.join(PLAYERS)}; a comma list sets seats in turn "
        "(default greedy)",
    )
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--rounds", type=game_count, help="rounds to simulate (default 1000)")
    count.add_argument("--games", type=game_count, help="simulate games to 400 instead of rounds")


def run_simulation(args: argparse.Namespace) -> tuple[pd.DataFrame, str]:
    """Run the study the arguments ask for; return its rows and a summary table as text.

    >>> from tilegames import GAMES
    >>> args = argparse.Namespace(players=2, player="greedy", rules="seed", rule=None, rounds=20,
    ...                           games=None, spec=GAMES.spec("triominos"), seed=1, workers=1,
    ...                           no_progress=True)
    >>> frame, summary = run_simulation(args)
    >>> len(frame), summary.splitlines()[0].split(":")[0]
    (20, 'Tri-Ominos, 20 rounds')
    """
    kinds = player_kinds(args.player, args.players)
    unknown = sorted({kind for kind in kinds if kind not in PLAYERS})
    if unknown:  # refused here, before any work
        raise ValueError(
            f"unknown Tri-Ominos player {unknown[0]!r}: choose from {', '.join(PLAYERS)}"
        )
    rules = rules_from_args(args, SPEC)
    changes = [
        change for change in getattr(args, "rule", None) or [] if change.split("=")[0] != "name"
    ]
    if changes:  # the rows' rules label says what was changed, not only the preset's name
        rules = rules.replace(name=" ".join([rules.name, *changes]))
    start = time.perf_counter()
    if args.games:
        task = functools.partial(game_task, players=args.players, player=args.player, rules=rules)
        frame = simulate_from_args(task, args.games, args, "games")
        table = game_summary(frame)
        what = f"{args.games} games to 400"
    else:
        rounds = args.rounds or 1000
        task = functools.partial(round_task, players=args.players, player=args.player, rules=rules)
        frame = simulate_from_args(task, rounds, args, "rounds")
        table = summary_table(frame)
        what = f"{rounds} rounds"
    seconds = time.perf_counter() - start
    header = (
        f"Tri-Ominos, {what}: {args.players} players ({', '.join(kinds)}), {rules.name} rules, "
        f"seed {args.seed}, {args.workers} worker(s), {seconds:.1f} s"
    )
    lines = [header, ""] + [f"  {name:42} {text}" for name, text in table["shown"].items()]
    return frame, "\n".join(lines)
