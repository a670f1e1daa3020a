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
import contextlib
import functools
import math
import os
import queue
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from .i18n import N_, _, translate
from .workerpool import WorkerPool, check_workers

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


class TaskError(RuntimeError):
    """A task failed with an exception that cannot travel back from a worker as itself (it
    cannot be pickled, or re-made from its arguments): its type, words and traceback, as text.

    >>> str(TaskError("Odd: no", "Traceback ..."))
    'Odd: no'
    """

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details
        """The task's traceback, as the worker printed it."""

    def __reduce__(self):
        return (TaskError, (str(self), self.details))


def run_batch(
    task: Task, seed_sequence: np.random.SeedSequence, count: int, first_game: int
) -> pd.DataFrame:
    """Play ``count`` games of one batch; rows carry their game number. Runs in a worker.

    The batch comes back as one DataFrame (columns, not a list of dicts), so the
    parent only concatenates: that keeps light tasks from being bound by the parent.
    A task's exception is raised as itself when it can be sent back to the parent,
    else as ``TaskError`` saying what it was (never a broken pool hiding it).
    """
    rng = np.random.default_rng(seed_sequence)
    rows: list[dict] = []
    failure: TaskError | None = None
    try:
        for offset in range(count):
            result = task(rng)
            for row in result if isinstance(result, list) else [result]:
                rows.append({"game": first_game + offset, **row})
    except Exception as error:
        if _travels(error):
            raise
        import traceback

        failure = TaskError(
            f"{type(error).__name__}: {error}",
            "".join(traceback.format_exception(type(error), error, error.__traceback__)),
        )
    if failure is not None:
        # raised outside the ``except``: no ``__context__`` holding the error that cannot travel
        # (tblib, which Dask installs, pickles an exception's context with it)
        raise failure
    return pd.DataFrame(rows)


def _travels(error: BaseException) -> bool:
    """Whether ``error`` survives the trip to the parent process (pickled and re-made)."""
    import pickle

    try:  # re-made as pickle's default does (from its args), whatever reducers are installed
        type(error)(*error.args)
        again = pickle.loads(pickle.dumps(error))
    except Exception:
        return False
    return type(again) is type(error)


class Tally:
    """A summary kept as a run goes (``simulate(tally=...)``): called with every batch's rows
    in game order, it keeps counts and sums, never the rows. ``of(frame)`` tallies a whole
    frame at once.

    >>> class Rows(Tally):
    ...     def __init__(self):
    ...         self.rows = 0
    ...     def __call__(self, frame):
    ...         self.rows += len(frame)
    >>> Rows.of(pd.DataFrame({"x": [1, 2, 3]})).rows
    3
    """

    def __call__(self, frame: pd.DataFrame) -> None:
        raise NotImplementedError

    @classmethod
    def of(cls, frame: pd.DataFrame):
        """The tally of a whole frame of rows."""
        tally = cls()
        tally(frame)
        return tally


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a simulation: ``finished`` holds the rows of the batches that completed.

    It is a ``KeyboardInterrupt``, so code that does not catch it stops as usual;
    the command line catches it to report (and save) what finished.
    """

    def __init__(self, finished: pd.DataFrame, games: int, total: int) -> None:
        super().__init__(f"stopped after {games} of {total} games")
        self.finished = finished
        """The rows of every batch that completed, in game order."""
        self.games = games
        """How many games finished."""
        self.total = total
        """How many games were asked for."""


MAX_GAMES = 10**10
"""The most games one call will run (seeds are made batch by batch, so memory stays small)."""


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
    unit: str = "games",
    scheduler: str | None = None,
    out: str | os.PathLike | None = None,
    provenance: dict[str, Any] | None = None,
    tally: Callable[[pd.DataFrame], object] | None = None,
    force: bool = False,
) -> pd.DataFrame:
    """Run ``task(rng)`` ``n`` times; one DataFrame row per returned row.

    - ``executor``: any ``concurrent.futures.Executor`` (a Dask client's
      ``get_executor()`` included); ``workers=k`` makes a ``WorkerPool`` of ``k``
      processes for this call (never more than there are batches; ``k`` must be a
      whole number 1 or more). Neither: run in this process. If a task fails, the
      pool's own workers are stopped (no other child of the caller) and the error
      is raised.
    - ``scheduler``: the address of a Dask scheduler (``"tcp://HOST:8786"``): the
      batches run on its workers (``tilegames.cluster``); not with ``executor``
      or ``workers``.
    - ``progress``: a tqdm.auto progress bar counting ``unit`` (games, rounds, deals).
    - ``out``: stream the rows to this file (``.csv`` or ``.parquet``) batch by
      batch, in order, with ``provenance`` (``results.BatchWriter``); the rows are
      not kept, and an empty DataFrame is returned. Rerunning the same call
      resumes an unfinished run from its last whole batch, or finds it done; a
      different seed, ``n``, batch size or task options is refused
      (``results.DifferentRun``), as is anything else there that is not this run;
      ``force=True`` replaces it when this run finishes. ``out`` is locked while
      the run goes (``results.OutBusy`` for a second run on it), and appears only
      when every batch is in it.
    - ``tally``: called with every batch's rows in game order (those already in
      ``out`` too), for summaries made as the run goes.
    - Ctrl-C stops the run promptly (worker processes included) and raises
      ``SimulationInterrupted`` holding the rows that finished (with ``out``:
      none; they are in the file).
    """
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise TypeError("simulate needs an int seed, so that the run can be repeated")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"the number of games must be a whole number, not {type(n).__name__}")
    if n > MAX_GAMES:
        raise ValueError(f"{n} games is more than one run can play (at most {MAX_GAMES:.0e})")
    if n < 0:
        raise ValueError(f"the number of games must be 0 or more, not {n}")
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, not {batch_size}")
    check_workers(workers)
    if scheduler is not None:
        if executor is not None or (workers or 1) > 1:
            raise ValueError("give simulate a scheduler, or an executor or workers, not both")
        from .cluster import cluster_executor

        with cluster_executor(scheduler) as cluster:
            return simulate(
                task,
                n,
                seed=seed,
                executor=cluster,
                batch_size=batch_size,
                progress=progress,
                description=description,
                unit=unit,
                out=out,
                provenance=provenance,
                tally=tally,
                force=force,
            )
    n = int(n)
    count = -(-n // batch_size)
    sink = _Sink(n, batch_size, tally)
    if out is not None:
        run = run_identity(task, n, int(seed), batch_size)
        sink.open(out, run, provenance or {}, batches=count, force=force)
        if sink.writer.finished:
            return _concat([])
    batches = _batches(n, batch_size, np.random.SeedSequence(seed), skip=sink.written())
    todo = count - len(sink.written())
    bar = _progress_bar(n, description, sink.games(), unit) if progress else None
    results: dict[int, pd.DataFrame] = {}
    try:
        if executor is None and workers and workers > 1 and todo > 1:
            pool = WorkerPool(min(workers, todo))
            try:
                _run_on(pool, task, batches, results, bar, sink, window=4 * min(workers, todo))
            except BaseException:
                pool.stop()
                raise
            pool.shutdown()
        elif executor is not None:
            window = getattr(executor, "batches_in_flight", None) or EXECUTOR_WINDOW
            _run_on(executor, task, batches, results, bar, sink, window=window)
        else:
            for index, child, size, start in batches:
                results[index] = run_batch(task, child, size, start)
                sink.take(results)
                if bar is not None:
                    bar.update(size)
    except KeyboardInterrupt:
        with contextlib.suppress(Exception):  # what finished is kept; a failing write is not
            sink.take(results)  # the news here (the stop is)
        sink.close()
        if sink.writer is not None:  # the whole batches are in the file, in order
            finished, games = _concat([]), sink.games()
        else:
            finished = _concat(sink.kept + [results[i] for i in sorted(results)])
            games = sink.games() + sum(min(batch_size, n - i * batch_size) for i in results)
        raise SimulationInterrupted(finished, games, n) from None
    except BaseException:
        sink.close()
        raise
    finally:
        if bar is not None:
            bar.close()
    try:
        sink.take(results)
        sink.finish()
    except KeyboardInterrupt:  # while the finished file is put together: it is not there yet
        sink.close()
        raise SimulationInterrupted(_concat([]), sink.games(), n) from None
    return _concat(sink.kept)


def run_identity(task: Task, n: int, seed: int, batch_size: int) -> dict[str, Any]:
    """What decides a run's rows, so that a rerun resumes only the very same run.

    >>> import functools
    >>> run_identity(functools.partial(abs, x=1), 10, 3, 5)["task"]
    'builtins.abs'
    """
    function, options = task, {}
    while isinstance(function, functools.partial):
        options = {**function.keywords, **options}
        if function.args:
            options["args"] = list(function.args)
        function = function.func
    name = f"{getattr(function, '__module__', '?')}.{getattr(function, '__qualname__', repr(function))}"
    return {"task": name, "options": options, "seed": seed, "games": n, "batch_size": batch_size}


class _Sink:
    """Where finished batches go, in game order: the file (``out``) or a list, and the tally."""

    def __init__(self, n: int, batch_size: int, tally) -> None:
        self.n, self.batch_size, self.tally = n, batch_size, tally
        self.next = 0
        """Index of the next batch to take (those before it are written or kept)."""
        self.kept: list[pd.DataFrame] = []
        self.writer = None

    def open(self, out, run: dict, provenance: dict, *, batches: int, force: bool) -> None:
        from .results import BatchWriter, iter_results
        from .results import provenance as standard

        record = standard(what=run["task"], command=None, seed=run["seed"], rules=run["options"])
        self.writer = BatchWriter(
            out, run=run, provenance={**record, **provenance}, batches=batches, force=force
        )
        for note in self.writer.notes:
            print(_("note: {note}").format(note=note), file=sys.stderr)
        if self.writer.finished:
            if self.tally is not None:
                for frame in iter_results(out):
                    self.tally(frame)
            return
        self._feed_written()

    def written(self) -> set[int]:
        """The batches already whole in the file (with ``out``; else none)."""
        return set(self.writer.done) if self.writer is not None else set()

    def _feed_written(self) -> None:
        """Move ``next`` past the batches the file already holds, tallying their rows."""
        from .results import frames_of

        while self.writer is not None and self.next in self.writer.done:
            if self.tally is not None:
                part = os.path.join(self.writer.partial, self.writer.done[self.next])
                for frame in frames_of(self.writer.kind, [part]):
                    self.tally(frame)
            self.next += 1

    def games(self) -> int:
        """Games in the batches taken (with ``out``: recorded whole in the file)."""
        if self.writer is not None:
            return sum(min(self.batch_size, self.n - i * self.batch_size) for i in self.writer.done)
        return min(self.n, self.next * self.batch_size)

    def take(self, results: dict[int, pd.DataFrame]) -> None:
        """Write (or keep) every finished batch that comes next in order."""
        while self.next in results:
            frame = results.pop(self.next)
            if self.writer is not None:
                self._safely(self.writer.write, frame, self.next)
            else:
                self.kept.append(frame)
            if self.tally is not None:
                self.tally(frame)
            self.next += 1
            self._feed_written()

    def _safely(self, action, *arguments):
        try:
            return action(*arguments)
        except OSError as error:  # a full disk: keep the whole batches elsewhere, say where
            why, out = error.strerror or str(error), self.writer.out
            pending = arguments[0] if arguments else None
            rows = self.writer.rows + (len(pending) if pending is not None else 0)
            try:
                kept = f"the {rows} rows finished are kept in {self.writer.keep_elsewhere(pending)}"
            except OSError as again:
                kept = f"nothing could be kept elsewhere either ({again.strerror or again})"
            raise OSError(
                error.errno, f"could not write {out} ({why}); {out} is as it was; {kept}"
            ) from None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()

    def finish(self) -> None:
        if self.writer is not None:
            self._safely(self.writer.finish)


def _batches(n: int, batch_size: int, root: np.random.SeedSequence, skip=frozenset()):
    """(index, seed sequence, size, first game) of each batch not in ``skip``, made one at a time."""
    for index, start in enumerate(range(0, n, batch_size)):
        (child,) = root.spawn(1)  # the same children as root.spawn(count), made lazily
        if index not in skip:
            yield index, child, min(batch_size, n - start), start


def _concat(frames: list[pd.DataFrame]) -> pd.DataFrame:
    frames = [frame for frame in frames if len(frame)]
    if not frames:
        return pd.DataFrame({"game": pd.Series(dtype=int)})
    return pd.concat(frames, ignore_index=True)


EXECUTOR_WINDOW = 64
"""Batches kept in flight on an executor that does not say how many it can run at once."""


def _run_on(executor, task, batches, results, bar, sink, *, window) -> None:
    """Submit batches keeping at most ``window`` in flight (and at most ``window`` finished
    ones waiting for an earlier batch); hand them to ``sink`` in order as they come.
    ``window`` may be a function (a cluster's ``batches_in_flight``): it is asked again
    every ``EXECUTOR_WINDOW`` batches, so workers that join later get work too.

    Finished batches arrive through a queue their futures put themselves in, not
    ``concurrent.futures.wait``: Ctrl-C in the middle of ``wait`` can leave a future's lock
    taken, and the pool's own thread then waits for it for ever."""
    size_now = window if callable(window) else (lambda: window)
    limit = size_now()
    pending: dict[cf.Future, tuple[int, int]] = {}
    finished: queue.SimpleQueue = queue.SimpleQueue()
    for submitted, (index, child, size, start) in enumerate(batches, 1):
        future = executor.submit(run_batch, task, child, size, start)
        pending[future] = (index, size)
        future.add_done_callback(finished.put)
        if submitted % EXECUTOR_WINDOW == 0:
            limit = size_now()
        while len(pending) + len(results) >= limit and pending:
            _collect(finished, pending, results, bar, sink)
    while pending:
        _collect(finished, pending, results, bar, sink)


def _collect(finished, pending, results, bar, sink) -> None:
    """Wait for a batch to finish; take it and any others already finished."""
    done = [finished.get()]
    with contextlib.suppress(queue.Empty):
        while True:
            done.append(finished.get_nowait())
    for future in done:
        index, size = pending.pop(future)
        results[index] = future.result()
        if bar is not None:
            bar.update(size)
    sink.take(results)


def _progress_bar(total: int, description: str, initial: int = 0, unit: str = "games"):
    """A tqdm bar counting ``unit``, its label and unit in the language in use (a label or a
    unit no catalog has, such as a lesson's own, stays as written)."""
    from tqdm.auto import tqdm

    return tqdm(
        total=total,
        initial=initial,
        desc=translate(description),
        unit=f" {translate(unit)}",
        mininterval=0.5,
    )


UNITS = (N_("games"), N_("deals"), N_("rounds"), N_("games to 400"))
"""What the progress bars count and say (``simulate(unit=..., description=...)``), each a
catalog message."""


def estimated_games_for_margin(p: float, margin: float, confidence: float = 0.95) -> int:
    """Games needed for a ±``margin`` confidence interval around a proportion near ``p``.

    >>> estimated_games_for_margin(0.5, 0.01)
    9604
    """
    from .stats import z_value

    z = z_value(confidence)
    return math.ceil(z * z * p * (1 - p) / (margin * margin))
