"""Tula: simulate seeded deals with chosen players (``tilegames simulate tula``).

The simulation itself is ``tula.study.deal_task``; this module only reads the
command line and prints ``tula.study.summary_text``.
"""

from __future__ import annotations

import argparse
import functools

import pandas as pd

from ..tula.players import PLAYERS
from ..tula.study import DEFAULT_PLAYERS, deal_task, summary_text
from .common import game_count, simulate_from_args

__all__ = ["add_simulate_arguments", "run_simulation"]


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tilegames simulate tula``."""
    parser.description = (
        "Deal many seeded Tula games; every chosen player plays each deal "
        "(and, with --mercy, plays it again with the mercy variant)."
    )
    parser.add_argument(
        "--player",
        action="append",
        choices=[*PLAYERS, "all"],
        help=f"a player to simulate; repeat for several; 'all' for every one "
        f"(default: {', '.join(DEFAULT_PLAYERS)})",
    )
    parser.add_argument(
        "--mercy",
        action="store_true",
        help="also play every deal with the mercy variant, and report the paired difference",
    )
    parser.add_argument(
        "--games", type=game_count, default=10_000, help="deals to play (default 10000)"
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=16,
        help="imagined deals per decision for the sampler player (default 16)",
    )


def run_simulation(args: argparse.Namespace) -> tuple[pd.DataFrame, str]:
    """Run the simulation the command line asked for; returns the rows and a summary text.

    >>> import argparse
    >>> args = argparse.Namespace(player=["greedy"], mercy=True, games=20, samples=16,
    ...                           seed=1, workers=1, no_progress=True)
    >>> frame, summary = run_simulation(args)
    >>> len(frame), summary.splitlines()[0]
    (20, 'Tula: 20 deals, win rates with 95% Wilson CIs.')
    """
    chosen = args.player or list(DEFAULT_PLAYERS)
    players = tuple(PLAYERS) if "all" in chosen else tuple(dict.fromkeys(chosen))
    unknown = [name for name in players if name not in PLAYERS]
    if unknown:
        raise ValueError(f"unknown player(s) {unknown}: choose from {', '.join(PLAYERS)}")
    if args.samples < 1:
        raise ValueError(f"--samples must be at least 1, not {args.samples}")
    if args.games < 1:
        raise ValueError(f"--games must be at least 1, not {args.games}")
    task = functools.partial(deal_task, players=players, mercy=args.mercy, samples=args.samples)
    frame = simulate_from_args(task, args.games, args, "Tula deals")
    return frame, summary_text(frame)
