"""The long runs behind the class experiments' best-known values, kept in ``results/``.

Where the library cannot count the true value (a Tri-Ominos round's points, the
first player's share of Flaming Pyramids wins), the class compares its pooled
estimate with a long run kept as a results file, ``results/class_<name>.csv``,
with its provenance beside it (command, seeds, library version, date). Its seeds
lie far from every student's window, and each row replays from its seed (a
test replays the first rows).

    python -m tilegames.classroom.references triominos_round --games 50000 --workers 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pandas as pd

from ..i18n import _
from .experiments import EXPERIMENTS, REFERENCE_FIRST_SEED, read_reference, reference_path

__all__ = ["REFERENCE_FIRST_SEED", "read_reference", "reference_path", "write_reference"]


def _play_chunk(name: str, start: int, stop: int) -> list:
    play = EXPERIMENTS[name].play
    return [play(seed) for seed in range(start, stop)]


def write_reference(name: str, games: int, *, workers: int = 1, path: Path | None = None) -> Path:
    """Play ``games`` games of experiment ``name`` from ``REFERENCE_FIRST_SEED`` on and keep them."""
    from ..results import provenance, write_results

    experiment = EXPERIMENTS[name]
    path = Path(path or reference_path(name))
    started = time.perf_counter()
    chunk = 1000
    starts = range(REFERENCE_FIRST_SEED, REFERENCE_FIRST_SEED + games, chunk)
    stops = [min(s + chunk, REFERENCE_FIRST_SEED + games) for s in starts]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        values = [
            v for part in pool.map(_play_chunk, [name] * len(starts), starts, stops) for v in part
        ]
    rows = pd.DataFrame({"seed": range(REFERENCE_FIRST_SEED, REFERENCE_FIRST_SEED + games)})
    rows[experiment.column] = values
    record = provenance(
        what=f"the best-known value for the class experiment {name!r}: {experiment.question}",
        command=f"python -m tilegames.classroom.references {name} --games {games} --workers {workers}",
        seed=REFERENCE_FIRST_SEED,
        seeds=f"{REFERENCE_FIRST_SEED} to {REFERENCE_FIRST_SEED + games - 1}, one game each",
        seconds=round(time.perf_counter() - started, 1),
        workers=workers,
    )
    write_results(rows, path, record)  # the CSV and its provenance, atomically
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", choices=sorted(EXPERIMENTS))
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error(_("--games and --workers are at least 1"))
    path = write_reference(args.name, args.games, workers=args.workers)
    print(_("wrote {path}").format(path=path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
