"""What every game's ``simulate`` command shares: argument types, running, saving.

The per-game modules (``tilegames/cli/<game>.py``) declare their options with
``add_simulate_arguments(parser)`` and run with ``run_simulation(args)``; the
studies themselves know nothing of the command line.

>>> positive_int("1_000")
1000
>>> positive_int("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be at least 1, not 0
"""

from __future__ import annotations

import argparse

from ..sim import MAX_GAMES, simulate

__all__ = [
    "add_players_argument",
    "non_negative_int",
    "positive_int",
    "simulate_from_args",
]

MAX_WORKERS = 256
"""More worker processes than this is surely a typing slip."""


def non_negative_int(text: str) -> int:
    """Argument type: a whole number 0 or more (underscores allowed: ``1_000``)."""
    cleaned = text.replace("_", "").strip()
    if not cleaned.lstrip("+-").isdigit() or len(cleaned) > 30:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text[:40]!r}")
    value = int(cleaned)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
    return value


def positive_int(text: str) -> int:
    """Argument type: a whole number 1 or more."""
    cleaned = text.replace("_", "").strip()
    if cleaned.startswith("-") and cleaned[1:].isdigit():
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    value = non_negative_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def game_count(text: str) -> int:
    """Argument type for ``--games``/``--rounds``: 1 up to ``sim.MAX_GAMES``."""
    value = positive_int(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"at most {MAX_GAMES:,} in one run, not {text}")
    return value


def worker_count(text: str) -> int:
    """Argument type for ``--workers``: 1 up to ``MAX_WORKERS``."""
    value = positive_int(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"at most {MAX_WORKERS} worker processes, not {text}")
    return value


def add_players_argument(parser: argparse.ArgumentParser, what: str = "game") -> None:
    """``--players N``, 2–6, for the multi-player games' studies."""
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        choices=range(2, 7),
        metavar="N",
        help=f"players per {what}, 2-6 (default 2)",
    )


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
    }
)
"""Arguments that are not the study's rules (they do not change a run's rows)."""


def run_provenance(args: argparse.Namespace, description: str) -> dict:
    """The provenance of ``--out``: the standard keys (``results.provenance``), the study's
    options as its ``rules``, and what the game's module adds (its ``provenance(args)``).

    >>> import types
    >>> args = argparse.Namespace(game="coin", seed=1, games=5, workers=2, out="x.csv",
    ...                           study=types.SimpleNamespace(), command_line="tilegames ...")
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
        engine=_engine(),
        workers=args.workers,
    )
    extra = getattr(args.study, "provenance", None)
    return {**record, **(extra(args) if extra is not None else {})}


def _engine() -> str:
    from . import version_line

    return version_line()


def simulate_from_args(task, games: int, args: argparse.Namespace, description: str, tally=None):
    """``sim.simulate`` with the run options every study shares (--seed, --workers,
    --scheduler, --no-progress, --out). With ``--out`` the rows stream to the file (a rerun
    resumes) and are read back from it, unless ``tally`` (called with every batch) takes
    them. ``--workers`` above 1 with ``--scheduler`` is refused: on a cluster,
    ``dask worker --nworkers`` decides how many processes play."""
    out = getattr(args, "out", None)
    scheduler = getattr(args, "scheduler", None)
    if scheduler is not None and args.workers > 1:
        raise ValueError(
            "--workers and --scheduler do not go together: on a cluster the workers are "
            "the `dask worker` processes (choose how many with their --nworkers)"
        )
    frame = simulate(
        task,
        games,
        seed=args.seed,
        workers=None if scheduler is not None else args.workers,
        progress=not args.no_progress,
        description=description,
        scheduler=scheduler,
        out=out,
        provenance=run_provenance(args, description) if out else None,
        tally=tally,
    )
    if out and tally is None:
        from ..results import read_results

        return read_results(out)
    return frame
