"""The simulation runner: fixed batches, seeded children, the same rows on any executor."""

from __future__ import annotations

import concurrent.futures as cf
import functools
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tilegames.sim import batch_sizes, estimated_games_for_margin, run_batch, simulate


def draw(rng: np.random.Generator, scale: int = 100) -> dict:
    return {"value": int(rng.integers(scale))}


def two_rows(rng: np.random.Generator) -> list[dict]:
    return [{"side": "left", "x": float(rng.random())}, {"side": "right", "x": float(rng.random())}]


def test_batches_depend_on_n_and_batch_size_only():
    assert batch_sizes(0) == []
    assert batch_sizes(5, 2) == [2, 2, 1]
    assert sum(batch_sizes(12345, 1000)) == 12345
    with pytest.raises(ValueError, match="0 or more"):
        batch_sizes(-1)
    with pytest.raises(ValueError, match="at least 1"):
        batch_sizes(3, 0)


def test_batch_i_draws_from_child_i_of_the_seed_sequence():
    frame = simulate(draw, 7, seed=3, batch_size=3, progress=False)
    children = np.random.SeedSequence(3).spawn(3)
    expected = [
        value
        for child, size, start in zip(children, [3, 3, 1], [0, 3, 6])
        for value in run_batch(draw, child, size, start)["value"]
    ]
    assert frame["value"].tolist() == expected
    assert frame["game"].tolist() == list(range(7))


def test_same_seed_same_frame_serial_threads_and_processes():
    task = functools.partial(draw, scale=10**9)
    serial = simulate(task, 250, seed=7, batch_size=40, progress=False)
    with cf.ThreadPoolExecutor(3) as pool:
        threads = simulate(task, 250, seed=7, batch_size=40, progress=False, executor=pool)
    processes = simulate(task, 250, seed=7, batch_size=40, progress=False, workers=2)
    pd.testing.assert_frame_equal(serial, threads)
    pd.testing.assert_frame_equal(serial, processes)
    assert not serial.equals(simulate(task, 250, seed=8, batch_size=40, progress=False))


def test_a_task_may_return_several_rows_per_game():
    frame = simulate(two_rows, 4, seed=1, progress=False)
    assert len(frame) == 8
    assert frame["game"].tolist() == [0, 0, 1, 1, 2, 2, 3, 3]
    assert frame["side"].tolist()[:2] == ["left", "right"]


def test_zero_games_and_bad_seeds():
    empty = simulate(draw, 0, seed=1, progress=False)
    assert len(empty) == 0 and list(empty.columns) == ["game"]
    with pytest.raises(TypeError, match="int seed"):
        simulate(draw, 3, seed=None, progress=False)
    with pytest.raises(TypeError, match="int seed"):
        simulate(draw, 3, seed=True, progress=False)


def test_the_progress_bar_does_not_change_the_result(capsys):
    quiet = simulate(draw, 30, seed=2, batch_size=7, progress=False)
    loud = simulate(draw, 30, seed=2, batch_size=7, progress=True)
    pd.testing.assert_frame_equal(quiet, loud)
    assert "30/30" in capsys.readouterr().err


def test_games_needed_for_a_margin():
    assert estimated_games_for_margin(0.5, 0.01) == 9604
    assert estimated_games_for_margin(0.1, 0.01) < estimated_games_for_margin(0.5, 0.01)
    assert estimated_games_for_margin(0.5, 0.01, 0.99) > 9604


@pytest.mark.parametrize("workers", [0, -1, -5, True, 1.5, "2"])
def test_a_bad_number_of_workers_is_refused_with_a_message(workers):
    with pytest.raises(ValueError, match="workers must be a whole number 1 or more"):
        simulate(draw, 10, seed=1, workers=workers, progress=False)


def fail_on_the_third_game(rng: np.random.Generator) -> dict:
    if int(rng.integers(3)) == 2:
        raise RuntimeError("this task fails")
    return {"value": 1}


def _sleep_a_while() -> None:
    import time

    time.sleep(60)


def _running(processes) -> list[int]:
    """The process ids among ``processes`` that still run (a zombie has ended)."""
    import psutil

    running = []
    for process in processes:
        try:
            if psutil.Process(process.pid).status() != psutil.STATUS_ZOMBIE:
                running.append(process.pid)
        except psutil.NoSuchProcess:
            pass
    return running


def test_a_failing_task_stops_only_the_runners_own_workers():
    """The caller's other child processes are none of the runner's business."""
    import multiprocessing

    from tilegames.sim import WorkerPool

    other = multiprocessing.Process(target=_sleep_a_while)
    other.start()
    try:
        pools: list = []
        original = WorkerPool.stop

        def remember(pool):
            pools.append(pool)
            original(pool)

        WorkerPool.stop = remember
        try:
            with pytest.raises(RuntimeError, match="this task fails"):
                simulate(
                    fail_on_the_third_game, 200, seed=1, workers=2, batch_size=5, progress=False
                )
        finally:
            WorkerPool.stop = original
        assert other.is_alive(), "the runner ended a process that was not its own"
        assert pools and pools[0].processes
        # ended: a loaded machine may take a moment; ask the system, not Process.is_alive,
        # which answers "alive" when the pool's own thread reaped the process first
        deadline = time.monotonic() + 10
        while _running(pools[0].processes) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _running(pools[0].processes)
    finally:
        other.terminate()
        other.join()


# -- streaming to a results file (issue 27) ---------------------------------------------------------
@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
@pytest.mark.parametrize("how", ["serial", "threads", "processes"])
def test_streamed_rows_are_the_rows_simulate_returns(tmp_path, suffix, how):
    from tilegames.results import read_provenance, read_results

    expected = simulate(two_rows, 23, seed=8, batch_size=4, progress=False)
    seen: list[pd.DataFrame] = []
    out = tmp_path / f"run{suffix}"
    options = {"serial": {}, "processes": {"workers": 2}}.get(how, {})
    with cf.ThreadPoolExecutor(3) if how == "threads" else _nothing() as executor:
        kept = simulate(two_rows, 23, seed=8, batch_size=4, progress=False, out=out,
                        tally=seen.append, executor=executor, **options)  # fmt: skip
    assert len(kept) == 0  # the parent keeps no rows
    pd.testing.assert_frame_equal(read_results(out), expected, check_dtype=False)
    pd.testing.assert_frame_equal(pd.concat(seen, ignore_index=True), expected)  # in game order
    record = read_provenance(out)
    assert record["rows"] == 46 and record["run"]["seed"] == 8 and record["run"]["batch_size"] == 4
    assert record["seed"] == 8 and record["what"].endswith("two_rows") and record["host"]


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def test_a_stopped_run_resumes_and_its_tally_sees_every_batch_once(tmp_path):
    from tilegames.results import read_results
    from tilegames.sim import SimulationInterrupted

    out = tmp_path / "run.csv"
    seen: list[int] = []

    def stop_at_the_third(frame):
        seen.extend(frame["game"])
        if len(seen) == 9:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as stop:
        simulate(draw, 20, seed=2, batch_size=3, progress=False, out=out, tally=stop_at_the_third)
    assert stop.value.games == 9 and len(stop.value.finished) == 0
    seen.clear()
    simulate(draw, 20, seed=2, batch_size=3, progress=False, out=out,
             tally=lambda frame: seen.extend(frame["game"]))  # fmt: skip
    assert [int(g) for g in seen] == list(range(20))  # the 9 read back from the file, then the rest
    expected = simulate(draw, 20, seed=2, batch_size=3, progress=False)
    pd.testing.assert_frame_equal(read_results(out), expected, check_dtype=False)


def test_a_different_run_at_out_is_refused(tmp_path):
    from tilegames.results import DifferentRun

    out = tmp_path / "run.parquet"
    simulate(draw, 5, seed=1, progress=False, out=out)
    for other in ({"seed": 2}, {"seed": 1, "batch_size": 2}):
        with pytest.raises(DifferentRun, match="another run"):
            simulate(draw, 5, progress=False, out=out, **other)
    with pytest.raises(DifferentRun, match="options"):
        simulate(functools.partial(draw, scale=7), 5, seed=1, progress=False, out=out)


def _send_half_a_result_and_hang() -> None:
    """In a pool's worker: start an answer on the pipe to the pool, never finish it."""
    import os
    import struct

    from tilegames import workerpool

    connection = workerpool._connection  # the worker's end of its pipe (fault injection)
    os.write(connection.fileno(), struct.pack("!i", 1000) + b"half")
    time.sleep(600)


TORN = """
import sys, time
sys.path.insert(0, {tests!r})
from tilegames.sim import WorkerPool
from test_sim import _send_half_a_result_and_hang
pool = WorkerPool(1)
future = pool.submit(_send_half_a_result_and_hang)
time.sleep(1.0)  # the pool's thread now reads the torn answer
pool.stop()
print(type(future.exception(timeout=10)).__name__, flush=True)
"""


def test_stopping_a_pool_whose_worker_died_mid_result_does_not_hang():
    """A worker stopped while it sends its answer leaves a torn message in its pipe; the
    pool must not wait for the rest for ever: stopping it returns, the call is reported
    broken, and the interpreter exits (Ctrl-C at such a moment used to hang at exit)."""
    done = subprocess.run(
        [sys.executable, "-c", TORN.format(tests=str(Path(__file__).parent))],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "BrokenProcessPool"


def _end_at(moment: float) -> None:
    """In a pool's worker: end the process abruptly at an agreed moment (fault injection)."""
    import os

    time.sleep(max(0.0, moment - time.time()))
    os._exit(3)


TOGETHER = """
import sys, time
sys.path.insert(0, {tests!r})
from tilegames.sim import WorkerPool
from test_sim import _end_at
for _ in range(5):
    pool = WorkerPool(2)
    moment = time.time() + 0.5
    futures = [pool.submit(_end_at, moment) for _ in range(2)]
    print(*(type(f.exception(timeout=30)).__name__ for f in futures), flush=True)
    pool.stop()
"""


def test_workers_that_end_together_fail_their_calls_without_a_traceback():
    """Ctrl-C in a terminal reaches every worker at once: when two busy workers end in the
    same moment, both calls are reported broken and the pool's thread prints nothing (it
    used to answer the second, already failed, call and die with a traceback)."""
    done = subprocess.run(
        [sys.executable, "-c", TOGETHER.format(tests=str(Path(__file__).parent))],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["BrokenProcessPool"] * 10, done.stdout
    assert "Traceback" not in done.stderr, done.stderr[-2000:]


def test_an_executor_that_says_how_many_batches_it_can_take_is_asked_again_as_the_run_goes():
    """A cluster grows during a long run: its window is asked for every 64 batches, and the
    rows are the serial run's whatever it answers."""
    asked = []

    class Growing(cf.ThreadPoolExecutor):
        def batches_in_flight(self) -> int:
            asked.append(len(asked))
            return 2 + 100 * len(asked)

    task = functools.partial(draw, scale=7)
    with Growing(max_workers=3) as executor:
        rows = simulate(task, 1000, seed=4, executor=executor, batch_size=5, progress=False)
    assert len(asked) == 1 + 200 // 64
    pd.testing.assert_frame_equal(rows, simulate(task, 1000, seed=4, batch_size=5, progress=False))


class _TwoPartError(Exception):
    """An exception pickle cannot re-make: its ``__init__`` wants two values, its args hold one."""

    def __init__(self, deal: int, why: str) -> None:
        super().__init__(f"deal {deal}: {why}")


def _fails_oddly(rng: np.random.Generator) -> dict:
    raise _TwoPartError(7, "the pool ran dry")


def _divides_by_zero(rng: np.random.Generator) -> dict:
    return {"x": 1 / 0}


@pytest.mark.parametrize("workers", [None, 2])
def test_a_task_error_that_cannot_travel_back_is_reported_as_itself_not_as_a_broken_pool(workers):
    """Without care, the parent fails to re-make such an error from the worker and reports
    ``BrokenProcessPool``, hiding what the task said."""
    from tilegames.sim import TaskError

    with pytest.raises(Exception) as caught:  # noqa: PT011 - which one is asserted below
        simulate(_fails_oddly, 8, seed=1, batch_size=2, workers=workers, progress=False)
    # where something (tblib, as Dask installs it) can re-make it after all, it comes as itself
    assert isinstance(caught.value, (TaskError, _TwoPartError)), repr(caught.value)
    assert str(caught.value).endswith("deal 7: the pool ran dry")
    if isinstance(caught.value, TaskError):
        assert str(caught.value).startswith("_TwoPartError: ")
        assert "_fails_oddly" in caught.value.details  # the task's own traceback, as text
    with pytest.raises(ZeroDivisionError):  # an error that travels is raised as itself
        simulate(_divides_by_zero, 4, seed=1, batch_size=2, workers=workers, progress=False)


def test_the_progress_bar_counts_what_the_study_plays(capsys):
    """A Tri-Ominos run's bar counts rounds ("rounds/s"), a plain run's games."""
    from tilegames.triominos import study

    study.simulate_rounds(2, 4, seed=1)
    bar = capsys.readouterr().err
    assert " rounds" in bar and "games" not in bar, bar[-300:]
    simulate(draw, 4, seed=1, batch_size=2, progress=True)
    assert " games" in capsys.readouterr().err
