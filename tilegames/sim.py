"""Reproducible Monte Carlo: run a task many times, serially or on any Executor.

``simulate(task, n, seed=...)`` calls ``task(rng)`` ``n`` times and returns a
pandas DataFrame, one row per game (a task may also return a list of rows).
The ``n`` games are cut into fixed batches that depend on ``n`` and
``batch_size`` only; batch ``i`` draws from ``SeedSequence(seed).spawn(...)[i]``.
So the same seed gives the same DataFrame serially, on a
``ProcessPoolExecutor``, or on a Dask cluster
(``distributed.Client(...).get_executor()``).

A task must be picklable for worker processes: a top-level function, or a
``functools.partial`` of one.

>>> import functools
>>> def coin(rng, p=0.5):
...     return {"heads": bool(rng.random() < p)}
>>> frame = simulate(coin, 10, seed=1, progress=False)
>>> len(frame), list(frame.columns)
(10, ['game', 'heads'])
>>> frame.equals(simulate(coin, 10, seed=1, progress=False))   # same seed, same games
True
"""

from __future__ import annotations

import concurrent.futures as cf
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

Task = Callable[[np.random.Generator], "dict[str, Any] | list[dict[str, Any]]"]

DEFAULT_BATCH_SIZE = 1000
"""Games per batch unless told otherwise; part of what a seed means, so fixed."""


def batch_sizes(n: int, batch_size: int = DEFAULT_BATCH_SIZE) -> list[int]:
    """How ``n`` games are cut into batches: full batches, then the remainder.

    >>> batch_sizes(2500, 1000)
    [1000, 1000, 500]
    """
    if n < 0:
        raise ValueError(f"the number of games must be 0 or more, not {n}")
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, not {batch_size}")
    full, rest = divmod(n, batch_size)
    return [batch_size] * full + ([rest] if rest else [])


def run_batch(
    task: Task, seed_sequence: np.random.SeedSequence, count: int, first_game: int
) -> pd.DataFrame:
    """Play ``count`` games of one batch; rows carry their game number. Runs in a worker.

    The batch comes back as one DataFrame (columns, not a list of dicts), so the
    parent only concatenates: that keeps light tasks from being bound by the parent.
    """
    rng = np.random.default_rng(seed_sequence)
    rows: list[dict] = []
    for offset in range(count):
        result = task(rng)
        for row in result if isinstance(result, list) else [result]:
            rows.append({"game": first_game + offset, **row})
    return pd.DataFrame(rows)


def simulate(
    task: Task,
    n: int,
    *,
    seed: int,
    executor: cf.Executor | None = None,
    workers: int | None = None,
    batch_size: int = DEFAULT_BATCH_SIZE,
    progress: bool = True,
    description: str = "games",
) -> pd.DataFrame:
    """Run ``task(rng)`` ``n`` times; one DataFrame row per returned row.

    - ``executor``: any ``concurrent.futures.Executor`` (a Dask client's
      ``get_executor()`` included); ``workers=k`` makes a ProcessPoolExecutor
      of ``k`` processes for this call. Neither: run in this process.
    - ``progress``: a tqdm.auto progress bar counting games.
    """
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise TypeError("simulate needs an int seed, so that the run can be repeated")
    sizes = batch_sizes(n, batch_size)
    children = np.random.SeedSequence(seed).spawn(len(sizes))
    starts = [0, *np.cumsum(sizes)[:-1].tolist()] if sizes else []
    bar = _progress_bar(n, description) if progress else None
    try:
        if executor is None and workers and workers > 1:
            with cf.ProcessPoolExecutor(max_workers=workers) as pool:
                results = _run_on(pool, task, children, sizes, starts, bar)
        elif executor is not None:
            results = _run_on(executor, task, children, sizes, starts, bar)
        else:
            results = []
            for child, size, start in zip(children, sizes, starts):
                results.append(run_batch(task, child, size, start))
                if bar is not None:
                    bar.update(size)
    finally:
        if bar is not None:
            bar.close()
    frames = [frame for frame in results if len(frame)]
    if not frames:
        return pd.DataFrame({"game": pd.Series(dtype=int)})
    return pd.concat(frames, ignore_index=True)


def _run_on(executor, task, children, sizes, starts, bar) -> list[pd.DataFrame]:
    futures = {
        executor.submit(run_batch, task, child, size, start): index
        for index, (child, size, start) in enumerate(zip(children, sizes, starts))
    }
    results: list[pd.DataFrame | None] = [None] * len(futures)
    for future in cf.as_completed(futures):
        index = futures[future]
        results[index] = future.result()
        if bar is not None:
            bar.update(sizes[index])
    return results  # type: ignore[return-value]


def _progress_bar(total: int, description: str):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=description, unit=" games", mininterval=0.5)


def estimated_games_for_margin(p: float, margin: float, confidence: float = 0.95) -> int:
    """Games needed for a ±``margin`` confidence interval around a proportion near ``p``.

    >>> estimated_games_for_margin(0.5, 0.01)
    9604
    """
    from .stats import z_value

    z = z_value(confidence)
    return math.ceil(z * z * p * (1 - p) / (margin * margin))
