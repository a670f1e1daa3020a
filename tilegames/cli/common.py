"""What every game's ``simulate`` command shares: argument types, running, saving.

The games' studies declare their options (``tilegames.study_options``) and know
nothing of the command line; ``tilegames.cli.generic`` builds each command from them.

>>> worker_count("2")
2
>>> worker_count("1000")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: at most 256 worker processes, not 1000
"""

from __future__ import annotations

import argparse
import functools
import sys

from ..i18n import _
from ..sim import simulate
from ..study_options import game_count, non_negative_int, positive_int

__all__ = [
    "game_count",
    "non_negative_int",
    "positive_int",
    "simulate_from_args",
    "worker_count",
]

MAX_WORKERS = 256
"""More worker processes than this is surely a typing slip."""


def positive_seconds(text: str) -> float:
    """Argument type for a time limit: a number of seconds above 0 (and not endless).

    >>> positive_seconds("2.5")
    2.5
    >>> positive_seconds("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a number of seconds above 0, not 0
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("a number of seconds, not {text}").format(text=repr(text))
        ) from None
    if not 0 < value < 10**6:
        raise argparse.ArgumentTypeError(
            _("a number of seconds above 0, not {text}").format(text=text)
        )
    return value


def worker_count(text: str) -> int:
    """Argument type for ``--workers``: 1 up to ``MAX_WORKERS``."""
    value = positive_int(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(
            _("at most {most} worker processes, not {text}").format(most=MAX_WORKERS, text=text)
        )
    return value


RUN_OPTIONS = frozenset(
    {
        "command",
        "game",
        "study",
        "workers",
        "seed",
        "out",
        "no_progress",
        "run",
        "command_line",
        "scheduler",
        "spec",
        "force",
        "scheduler_timeout",
        "verbose",
    }
)
"""Arguments that are not the study's rules (they do not change a run's rows)."""


def run_provenance(args: argparse.Namespace, description: str, extra: dict | None = None) -> dict:
    """The provenance of ``--out``: the standard keys (``results.provenance``), the study's
    options as its ``rules``, and what the study's plan adds (``extra``).

    >>> args = argparse.Namespace(game="coin", seed=1, games=5, workers=2, out="x.csv",
    ...                           command_line="tilegames ...")
    >>> record = run_provenance(args, "coins")
    >>> record["rules"], record["seed"]
    ({'games': 5}, 1)
    """
    from ..results import provenance

    rules = {key: value for key, value in vars(args).items() if key not in RUN_OPTIONS}
    record = provenance(
        what=f"tilegames simulate {args.game}: one row per game (or round) ({description})",
        command=getattr(args, "command_line", None) or f"tilegames simulate {args.game}",
        seed=args.seed,
        rules=rules,
        engine=_engine(args),
        workers=args.workers,
    )
    return {**record, **(extra or {})}


def _engine(args: argparse.Namespace) -> str:
    """The release and which implementation of the run's game ran (its spec's ``engine``)."""
    from .. import GAMES, __version__

    spec = getattr(args, "spec", None)
    if spec is None and args.game in GAMES:
        spec = GAMES.spec(args.game)
    which = spec.engine_text() if spec is not None else f"Python {sys.version.split()[0]}"
    return f"tilegames {__version__} ({which})"


def simulate_from_args(
    task, games: int, args: argparse.Namespace, description: str, tally=None, provenance=None
):
    """``sim.simulate`` with the run options every study shares (--seed, --workers,
    --scheduler, --no-progress, --out). With ``--out`` the rows stream to the file (a rerun
    resumes) and are read back from it, unless ``tally`` (called with every batch) takes
    them; ``provenance`` is what the sidecar records besides the standard keys. ``--workers`` above 1 with ``--scheduler`` is refused: on a cluster,
    ``dask worker --nworkers`` decides how many processes play."""
    out = getattr(args, "out", None)
    scheduler = getattr(args, "scheduler", None)
    if scheduler is not None and args.workers > 1:
        raise ValueError(
            _(
                "--workers and --scheduler do not go together: on a cluster the workers are "
                "the `dask worker` processes (choose how many with their --nworkers)"
            )
        )
    run = functools.partial(
        simulate,
        task,
        games,
        seed=args.seed,
        progress=not args.no_progress,
        description=description,
        unit=description.split()[-1] if description else "games",  # the plan's games, rounds…
        out=out,
        provenance=run_provenance(args, description, provenance) if out else None,
        tally=tally,
        force=bool(getattr(args, "force", False)),
    )
    if scheduler is None:
        frame = run(workers=args.workers)
    else:
        from ..cluster import cluster_executor, hold_back_dask_logs

        timeout = getattr(args, "scheduler_timeout", None)
        verbose = bool(getattr(args, "verbose", False))
        if not verbose:
            hold_back_dask_logs()
        with cluster_executor(scheduler, timeout=timeout, verbose=verbose) as executor:
            frame = run(executor=executor)
    if out and tally is None:
        from ..results import read_results

        return read_results(out)
    return frame
