"""Maze's two studies, declared for ``tilegames simulate maze`` (``tilegames.study_options``).

The solver study (``study.solve_task``: one row per deal, solved / moves / seconds /
nodes) and, with ``--exhaustive``, the winnability study (``study.run_winnability``:
every deal decided winnable, unwinnable or undecided, writing ``--out`` itself).
The rules come from the spec's options (``--rules``, ``--rule``; ``--traditional`` is
``--rules traditional``).

>>> [study.flag for study in STUDIES]
['', '--exhaustive']
>>> STUDIES[0].problems({"max_seconds": 0.0})
['--max-seconds must be positive, not 0.0']
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ..i18n import N_, Deferred, _
from ..study_options import Option, Plan, Study, game_count, positive_int
from .exhaustive import DEFAULT_SOLVER_NODES, DEFAULT_TABLES
from .players import DEFAULT_NODES, DEFAULT_SECONDS
from .rules import Rules
from .study import (
    VARIANTS,
    WINNABILITY_BATCH,
    SolveTally,
    run_winnability,
    solve_task,
    winnability_text,
)

__all__ = ["STUDIES", "plan", "run_exhaustive"]


def plan(rules: Rules, options: Mapping[str, Any]) -> Plan:
    """The solver on ``--games`` seeded deals, within the budgets."""
    task = functools.partial(
        solve_task,
        max_nodes=options["max_nodes"],
        max_seconds=options["max_seconds"],
        rules=rules,
    )
    return Plan.tallied(task, options["games"], Deferred(N_("Maze deals")), SolveTally())


def run_exhaustive(rules: Rules, options: Mapping[str, Any]):
    """The winnability study: AisleRiot's rules and the ring (or the ring alone with
    ``--traditional``), decided deal by deal; the rows and ``study.winnability_text``."""
    if options.get("scheduler") is not None:
        raise ValueError(_("--exhaustive runs on this machine (--workers), not on a Dask cluster"))
    traditional = rules == VARIANTS["ring"]
    if not traditional and rules != VARIANTS["standard"]:
        raise ValueError(
            _(
                "--exhaustive decides AisleRiot's rules and the traditional ones "
                "(--traditional), not other rules"
            )
        )
    variants = ("ring",) if traditional else ("standard", "ring")
    solver_nodes = {v: options[f"{v}_solver_nodes"] for v in variants}
    max_tables = {v: options[f"{v}_max_tables"] for v in variants}
    games, seed, workers, out = (options[key] for key in ("games", "seed", "workers", "out"))
    command = " ".join(
        [
            "tilegames simulate maze --exhaustive",
            *(["--traditional"] if traditional else []),
            f"--games {games} --seed {seed} --workers {workers}",
            *(
                f"--{v}-solver-nodes {solver_nodes[v]} --{v}-max-tables {max_tables[v]}"
                for v in variants
            ),
            *([f"--out {out}"] if out else []),
        ]
    )
    frame = run_winnability(
        games,
        seed=seed,
        workers=workers,
        out=out,
        progress=not options["no_progress"],
        command=command,
        force=bool(options.get("force", False)),
        variants=variants,
        solver_nodes=solver_nodes,
        max_tables=max_tables,
    )
    return frame, winnability_text(frame)


_BUDGET_HELP = {  # each variant's own sentence, so a translation can inflect its name
    "standard": (
        N_("tables the solver expands per standard deal first (default {nodes})"),
        N_("tables the exhaustive search may reach per standard deal (default {tables})"),
    ),
    "ring": (
        N_("tables the solver expands per ring deal first (default {nodes})"),
        N_("tables the exhaustive search may reach per ring deal (default {tables})"),
    ),
}


def _budgets() -> tuple[Option, ...]:
    options = []
    for variant in ("standard", "ring"):
        nodes, tables = DEFAULT_SOLVER_NODES, DEFAULT_TABLES
        solver_help, tables_help = _BUDGET_HELP[variant]
        options += [
            Option(
                f"--{variant}-solver-nodes",
                Deferred(solver_help, nodes=nodes),
                type=positive_int,
                default=nodes,
            ),
            Option(
                f"--{variant}-max-tables",
                Deferred(tables_help, tables=tables),
                type=positive_int,
                default=tables,
            ),
        ]
    return tuple(options)


STUDIES = (
    Study(
        plan=plan,
        task=solve_task,
        description=N_(
            "Deal many seeded Maze games and run the solver on each: one row per deal with "
            "solved / moves / seconds / nodes."
        ),
        options=(
            Option("--games", N_("deals (default 100)"), type=game_count, default=100),
            Option(
                "--max-seconds",
                Deferred(
                    N_("time budget per deal in seconds (default {seconds})"),
                    seconds=f"{DEFAULT_SECONDS:g}",
                ),
                type=float,
                default=DEFAULT_SECONDS,
                valid=lambda value: value > 0,  # nan is not
                must=N_("be positive"),
            ),
            Option(
                "--max-nodes",
                Deferred(
                    N_("tables the solver may expand per deal (default {nodes})"),
                    nodes=DEFAULT_NODES,
                ),
                type=positive_int,
                default=DEFAULT_NODES,
            ),
        ),
    ),
    Study(
        run=run_exhaustive,
        flag="--exhaustive",
        flag_help=N_("solver first, then an exhaustive search of every reachable table"),
        group=N_("winnability (--exhaustive)"),
        group_help=Deferred(
            N_(
                "decide every deal winnable / unwinnable / undecided, both variants on the same "
                "shuffles (only the ring with --traditional); budgets in tables, so a seed gives "
                "the same verdicts on every machine; with --out, rows are written after every "
                "batch of {batch} deals and a rerun resumes"
            ),
            batch=WINNABILITY_BATCH,
        ),
        options=_budgets(),
    ),
)
"""``tilegames simulate maze``: the solver study, and the winnability study (``--exhaustive``)."""
