"""Maze: run the solver on seeded deals, or decide their winnability (``tilegames simulate maze``).

The simulations themselves are ``maze.study.solve_task`` and, with
``--exhaustive``, ``maze.study.run_winnability``; this module only reads the
command line and prints the studies' summaries. The rules come from the
spec's options (``--rules``, ``--rule``; ``--traditional`` is ``--rules traditional``).
"""

from __future__ import annotations

import argparse
import functools

import pandas as pd

from ..maze import SPEC
from ..maze.exhaustive import DEFAULT_SOLVER_NODES, DEFAULT_TABLES
from ..maze.players import DEFAULT_NODES, DEFAULT_SECONDS
from ..maze.study import (
    VARIANTS,
    WINNABILITY_BATCH,
    run_winnability,
    solve_task,
    summary_text,
    winnability_text,
)
from .common import game_count, positive_int, simulate_from_args
from .generic import rules_from_args

__all__ = [
    "add_simulate_arguments",
    "run_simulation",
    "run_winnability_from_args",
    "writes_its_own_out",
]


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tilegames simulate maze``."""
    parser.description = (
        "Deal many seeded Maze games and run the solver on each: one row per deal with "
        "solved / moves / seconds / nodes."
    )
    parser.add_argument("--games", type=game_count, default=100, help="deals (default 100)")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help=f"time budget per deal in seconds (default {DEFAULT_SECONDS:g})",
    )
    parser.add_argument(
        "--max-nodes",
        type=positive_int,
        default=DEFAULT_NODES,
        help=f"tables the solver may expand per deal (default {DEFAULT_NODES})",
    )
    exhaustive = parser.add_argument_group(
        "winnability (--exhaustive)",
        "decide every deal winnable / unwinnable / undecided, both variants on the same "
        "shuffles (only the ring with --traditional); budgets in tables, so a seed gives "
        "the same verdicts on every machine; with --out, rows are written after every "
        f"batch of {WINNABILITY_BATCH} deals and a rerun resumes",
    )
    exhaustive.add_argument(
        "--exhaustive",
        action="store_true",
        help="solver first, then an exhaustive search of every reachable table",
    )
    for variant, nodes, tables in (
        ("standard", DEFAULT_SOLVER_NODES, DEFAULT_TABLES),
        ("ring", DEFAULT_SOLVER_NODES, DEFAULT_TABLES),
    ):
        exhaustive.add_argument(
            f"--{variant}-solver-nodes",
            type=positive_int,
            default=nodes,
            help=f"tables the solver expands per {variant} deal first (default {nodes})",
        )
        exhaustive.add_argument(
            f"--{variant}-max-tables",
            type=positive_int,
            default=tables,
            help=f"tables the exhaustive search may reach per {variant} deal (default {tables})",
        )


def writes_its_own_out(args: argparse.Namespace) -> bool:
    """Whether the run writes ``--out`` itself, batch by batch (``--exhaustive`` does)."""
    return bool(getattr(args, "exhaustive", False))


def run_simulation(args: argparse.Namespace) -> tuple[pd.DataFrame, str]:
    """Run the simulation the command line asked for; returns the rows and a summary text."""
    if getattr(args, "exhaustive", False):
        return run_winnability_from_args(args)
    if not args.max_seconds > 0:  # also refuses nan
        raise ValueError(f"--max-seconds must be positive, not {args.max_seconds}")
    task = functools.partial(
        solve_task,
        max_nodes=args.max_nodes,
        max_seconds=args.max_seconds,
        rules=rules_from_args(args, SPEC),
    )
    frame = simulate_from_args(task, args.games, args, "Maze deals")
    return frame, summary_text(frame)


def run_winnability_from_args(args: argparse.Namespace) -> tuple[pd.DataFrame, str]:
    if getattr(args, "scheduler", None) is not None:
        raise ValueError("--exhaustive runs on this machine (--workers), not on a Dask cluster")
    rules = rules_from_args(args, SPEC)
    traditional = rules == VARIANTS["ring"]
    if not traditional and rules != VARIANTS["standard"]:
        raise ValueError(
            "--exhaustive decides AisleRiot's rules and the traditional ones (--traditional), "
            "not other rules"
        )
    variants = ("ring",) if traditional else ("standard", "ring")
    solver_nodes = {v: getattr(args, f"{v}_solver_nodes") for v in variants}
    max_tables = {v: getattr(args, f"{v}_max_tables") for v in variants}
    command = " ".join(
        [
            "tilegames simulate maze --exhaustive",
            *(["--traditional"] if traditional else []),
            f"--games {args.games} --seed {args.seed} --workers {args.workers}",
            *(
                f"--{v}-solver-nodes {solver_nodes[v]} --{v}-max-tables {max_tables[v]}"
                for v in variants
            ),
            *([f"--out {args.out}"] if args.out else []),
        ]
    )
    frame = run_winnability(
        args.games,
        seed=args.seed,
        workers=args.workers,
        out=args.out,
        progress=not args.no_progress,
        command=command,
        variants=variants,
        solver_nodes=solver_nodes,
        max_tables=max_tables,
    )
    return frame, winnability_text(frame)
