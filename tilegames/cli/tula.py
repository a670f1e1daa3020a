"""Tula: simulate seeded deals with chosen players (``tilegames simulate tula``).

The simulation itself is ``tula.study.deal_task``; this module only reads the
command line and prints ``tula.study.summary_text``.
"""

from __future__ import annotations

import argparse
import functools

import numpy as np
import pandas as pd

from ..tula import SPEC
from ..tula.players import PLAYERS
from ..tula.study import DEFAULT_PLAYERS, deal_task, summary_text
from .common import game_count, simulate_from_args
from .generic import rules_from_args

__all__ = ["WonCounts", "add_simulate_arguments", "run_simulation"]


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
        help="also play every deal with the mercy variant, and report the paired difference "
        "(--rule mercy=true and --rules with_mercy say the same)",
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
    parser.add_argument(
        "--legacy-dice",
        action="store_true",
        help="give the players the deal's own generator as dice, as before issue 23 "
        "(only to reproduce results/tula_hidden_players.csv; the players' dice then "
        "reveal the deal)",
    )


def run_simulation(args: argparse.Namespace) -> tuple[pd.DataFrame, str]:
    """Run the simulation the command line asked for; returns the rows and a summary text.

    >>> import argparse
    >>> args = argparse.Namespace(player=["greedy"], mercy=True, games=20, samples=16,
    ...                           seed=1, workers=1, no_progress=True, rules=None, rule=None)
    >>> frame, summary = run_simulation(args)
    >>> len(frame), summary.splitlines()[0]
    (20, 'Tula: 20 deals, win rates with 95% Wilson CIs.')
    """
    players = _players(args)
    unknown = [name for name in players if name not in PLAYERS]
    if unknown:
        raise ValueError(f"unknown player(s) {unknown}: choose from {', '.join(PLAYERS)}")
    if args.samples < 1:
        raise ValueError(f"--samples must be at least 1, not {args.samples}")
    if args.games < 1:
        raise ValueError(f"--games must be at least 1, not {args.games}")
    task = functools.partial(
        deal_task,
        players=players,
        mercy=_mercy(args),
        samples=args.samples,
        legacy_dice=getattr(args, "legacy_dice", False),
    )
    if getattr(args, "out", None):  # the rows stream to the file; the summary needs only counts
        counts = WonCounts()
        simulate_from_args(task, args.games, args, "Tula deals", tally=counts)
        frame = counts.frame()
    else:
        frame = simulate_from_args(task, args.games, args, "Tula deals")
    return frame, summary_text(frame)


def _mercy(args: argparse.Namespace) -> bool:
    """Whether the deals are played again with mercy: ``--mercy``, or the rules asked for it."""
    return bool(args.mercy or rules_from_args(args, SPEC).mercy)


class WonCounts:
    """How often each combination of the ``_won`` columns came up, batch by batch: all that
    Tula's summary (win rates, paired mercy effect) needs, in memory that does not grow.

    >>> counts = WonCounts()
    >>> counts(pd.DataFrame({"deal": ["a", "b", "c"], "x_won": [True, False, True]}))
    >>> counts(pd.DataFrame({"deal": ["d"], "x_won": [True]}))
    >>> counts.frame()["x_won"].tolist()
    [False, True, True, True]
    """

    def __init__(self) -> None:
        self.columns: list[str] | None = None
        self.counts = np.zeros(0, dtype=np.int64)

    def __call__(self, frame: pd.DataFrame) -> None:
        if self.columns is None:
            self.columns = [column for column in frame.columns if str(column).endswith("_won")]
            self.counts = np.zeros(1 << len(self.columns), dtype=np.int64)
        codes = frame[self.columns].to_numpy(bool) @ (1 << np.arange(len(self.columns)))
        self.counts += np.bincount(codes, minlength=len(self.counts))

    def frame(self) -> pd.DataFrame:
        """One row per deal, the ``_won`` columns only (grouped: the summary ignores order).

        The summary's functions take rows, so this is one byte per deal and column
        (20 MB for 10 million deals of one player with mercy); a summary made from the
        counts alone would need ``stats.paired_difference`` to take counts."""
        codes = np.arange(len(self.counts))
        return pd.DataFrame(  # one byte per deal and column: no wider array is ever made
            {
                name: np.repeat((codes >> bit) & 1 == 1, self.counts)
                for bit, name in enumerate(self.columns or [])
            }
        )


def _players(args: argparse.Namespace) -> tuple[str, ...]:
    chosen = args.player or list(DEFAULT_PLAYERS)
    return tuple(PLAYERS) if "all" in chosen else tuple(dict.fromkeys(chosen))


def command_line(args: argparse.Namespace, players: tuple[str, ...]) -> str:
    """The command that repeats this run (the same rows, whatever the number of workers).

    >>> args = argparse.Namespace(mercy=True, games=20, samples=16, seed=1, workers=2,
    ...                           out="results/x.csv")
    >>> command_line(args, ("greedy", "expert"))
    'tilegames simulate tula --player greedy --player expert --mercy --games 20 --samples 16 --seed 1 --workers 2 --out results/x.csv'
    """
    words = ["tilegames", "simulate", "tula"]
    for name in players:
        words += ["--player", name]
    if _mercy(args):
        words.append("--mercy")
    words += ["--games", str(args.games), "--samples", str(args.samples)]
    if getattr(args, "legacy_dice", False):
        words.append("--legacy-dice")
    words += ["--seed", str(args.seed), "--workers", str(args.workers)]
    if getattr(args, "out", None):
        words += ["--out", args.out]
    return " ".join(words)


def provenance(args: argparse.Namespace) -> dict:
    """What the sidecar of ``--out`` says of a Tula run besides the command line's own record.

    >>> args = argparse.Namespace(player=["greedy"], mercy=True, games=20, samples=16, seed=1,
    ...                           workers=1, out="x.csv")
    >>> provenance(args)["command"]
    'tilegames simulate tula --player greedy --mercy --games 20 --samples 16 --seed 1 --workers 1 --out x.csv'
    """
    players = _players(args)
    return {
        "what": "Tula: one row per deal, every player without and with mercy",
        "command": command_line(args, players),
        "seed": args.seed,
        "games": args.games,
        "players": list(players),
        "mercy": _mercy(args),
        "sampler_samples": args.samples,
    }
