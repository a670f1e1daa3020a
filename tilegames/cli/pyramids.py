"""Flaming Pyramids: simulate seeded games with chosen players (``tilegames simulate pyramids``).

The simulation itself is ``pyramids.study.game_task``; this module only reads
the command line and prints ``pyramids.study.summary_text``. The rules come
from the spec's options (``--rules``, ``--rule``, and ``--curse``, ``--fire-cube``,
``--turn-cap`` as shortcuts: ``tilegames.pyramids.SPEC.rule_flags``).
"""

from __future__ import annotations

import argparse
import functools
import time

import pandas as pd

from ..pyramids import SPEC
from ..pyramids.players import PLAYERS
from ..pyramids.study import game_task, lineup_of, summary_text
from .common import add_players_argument, game_count, simulate_from_args
from .generic import changed_rules, rules_from_args

__all__ = ["add_simulate_arguments", "run_simulation"]


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tilegames simulate pyramids``."""
    parser.description = (
        "Play many seeded Flaming Pyramids games with the chosen players and report game "
        "length, mayhem per game and the first player's wins."
    )
    add_players_argument(parser, "game")
    parser.add_argument(
        "--player",
        default="careful",
        help=f"strategy of each seat: {', '.join(PLAYERS)}; a comma list sets seats in turn "
        "(default careful)",
    )
    parser.add_argument(
        "--games", type=game_count, default=1000, help="games to simulate (default 1000)"
    )


def run_simulation(args: argparse.Namespace) -> tuple[pd.DataFrame, str]:
    """Run the simulation the command line asked for; returns the rows and a summary text.

    >>> from tilegames import GAMES
    >>> args = argparse.Namespace(players=2, player="careful,random", games=6, rules=None,
    ...                           rule=["fire_cube=true"], spec=GAMES.spec("pyramids"),
    ...                           seed=1, workers=1, no_progress=True)
    >>> frame, summary = run_simulation(args)
    >>> len(frame), summary.splitlines()[0].split(", seed")[0]
    (6, 'Flaming Pyramids: 6 games, 2 players (careful, random), variants: fire cube')
    """
    lineup = lineup_of(args.player, args.players)
    rules = rules_from_args(args, SPEC)
    task = functools.partial(game_task, players=args.players, player=args.player, rules=rules)
    start = time.perf_counter()
    frame = simulate_from_args(task, args.games, args, "Flaming Pyramids games")
    seconds = time.perf_counter() - start
    variants = changed_rules(rules)
    summary = summary_text(frame, lineup=lineup, variants=variants, seed=args.seed, seconds=seconds)
    return frame, summary
