"""Studies on a real Dask cluster: a `dask scheduler` and `dask worker` processes on localhost.

The rows must equal the serial run's, by the command line and by the Python API,
also when a worker is killed (kill -9) while it plays a batch. The processes are
always ended when the tests finish, and every wait has a time limit.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

from tilegames.cli import main
from tilegames.cluster import ClusterLost, ClusterUnavailable, connect
from tilegames.pyramids.study import game_task
from tilegames.results import read_results, unfinished
from tilegames.sim import simulate
from tilegames.tula.study import deal_task

pytest.importorskip("distributed")
pytestmark = pytest.mark.timeout(180)

BIN = Path(sys.executable).parent
DASK = shutil.which("dask", path=str(BIN)) or shutil.which("dask")
WAIT = 60.0  # seconds any one start-up may take on a loaded machine


def test_the_dask_command_is_installed_beside_python():
    """``make install`` puts the ``dask`` command beside Python, with dask itself (an
    environment that borrows its packages from another, as the installed-package test's
    does, finds it on the PATH)."""
    import distributed

    assert DASK is not None
    if Path(distributed.__file__).resolve().is_relative_to(Path(sys.prefix).resolve()):
        assert Path(DASK).parent == BIN


class LocalCluster:
    """A scheduler process and worker processes (no nanny: a killed worker stays dead)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.processes: dict[str, subprocess.Popen] = {}
        self.file = folder / "scheduler.json"
        self._start(
            "scheduler",
            ["scheduler", "--host", "127.0.0.1", "--port", "0", "--dashboard-address", ":0"],
        )
        self.address = self._address()

    def _start(self, name: str, words: list[str]) -> None:
        log = open(self.folder / f"{name}.log", "wb")  # noqa: SIM115 - the process keeps it
        self.processes[name] = subprocess.Popen(
            [DASK, *words, "--scheduler-file", str(self.file)],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        log.close()

    def _address(self) -> str:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.processes["scheduler"].poll() is not None:
                raise RuntimeError("dask scheduler ended: " + self.log("scheduler"))
            with contextlib.suppress(OSError, ValueError, KeyError):
                return json.loads(self.file.read_text())["address"]
            time.sleep(0.2)
        raise TimeoutError("dask scheduler wrote no address: " + self.log("scheduler"))

    def add_worker(self, name: str) -> None:
        self._start(
            name,
            ["worker", "--name", name, "--nthreads", "1", "--nworkers", "1", "--no-nanny"]
            + ["--no-dashboard", "--death-timeout", "30"],
        )

    def wait_for_workers(self, client, count: int) -> None:
        try:
            client.wait_for_workers(count, timeout=WAIT)
        except TimeoutError:
            names = [name for name in self.processes if name != "scheduler"]
            raise TimeoutError("workers did not join: " + " ".join(map(self.log, names))) from None

    def worker_address(self, client, name: str) -> str:
        workers = client.scheduler_info(n_workers=-1)["workers"]
        return next(address for address, info in workers.items() if info["name"] == name)

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")[-2000:]

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.kill()
        for process in self.processes.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    local = LocalCluster(tmp_path_factory.mktemp("dask"))
    try:
        local.add_worker("w1")
        local.add_worker("w2")
        with contextlib.closing(connect(local.address, timeout=WAIT)) as client:
            local.wait_for_workers(client, 2)
        yield local
    finally:
        local.stop()


def tula_task():
    return functools.partial(deal_task, lineup=("greedy", "random"), compare_mercy=True, samples=4)


def pyramids_task():
    return functools.partial(
        game_task, players=2, player="careful,random", curse=True, fire_cube=False, turn_cap=500
    )


@pytest.mark.parametrize(
    ("module", "name"),
    [
        ("tilegames.sim", "run_batch"),
        ("tilegames.tula.study", "deal_task"),
        ("tilegames.maze.study", "solve_task"),
        ("tilegames.triominos.study", "round_task"),
        ("tilegames.pyramids.study", "game_task"),
    ],
)
def test_what_a_worker_runs_travels_by_reference_to_the_installed_modules(module, name):
    import importlib

    import cloudpickle

    function = getattr(importlib.import_module(module), name)
    task = functools.partial(function, players=2)
    again = cloudpickle.loads(cloudpickle.dumps(task))  # as Dask sends it
    assert again.func is function  # the worker imports it; its code is not copied over
    assert len(cloudpickle.dumps(task)) < 300


@pytest.mark.parametrize("make_task", [tula_task, pyramids_task])
def test_python_api_on_the_cluster_gives_the_serial_rows(cluster, make_task):
    task = make_task()
    serial = simulate(task, 120, seed=7, batch_size=10, progress=False)
    there = simulate(task, 120, seed=7, batch_size=10, progress=False, scheduler=cluster.address)
    pd.testing.assert_frame_equal(there, serial)


def test_command_line_on_the_cluster_writes_the_serial_rows_and_shows_progress(cluster, tmp_path):
    words = ["simulate", "tula", "--games", "300", "--seed", "5", "--player", "greedy"]
    assert main([*words, "--no-progress", "--out", str(tmp_path / "serial.csv")]) == 0
    run = subprocess.run(
        [str(BIN / "tilegames"), *words, "--scheduler", cluster.address]
        + ["--out", str(tmp_path / "cluster.csv")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "Tula deals" in run.stderr and "300/300" in run.stderr  # tqdm's bar
    serial = pd.read_csv(tmp_path / "serial.csv")
    pd.testing.assert_frame_equal(pd.read_csv(tmp_path / "cluster.csv"), serial)
    assert len(serial) == 300


def test_a_worker_killed_mid_batch_loses_nothing(cluster):
    task = tula_task()
    games, batch = 1200, 20
    serial = simulate(task, games, seed=11, batch_size=batch, progress=False)
    cluster.add_worker("victim")
    with contextlib.closing(connect(cluster.address, timeout=WAIT)) as watcher:
        cluster.wait_for_workers(watcher, 3)
        victim = cluster.worker_address(watcher, "victim")
        outcome: dict = {}

        def run() -> None:
            try:
                outcome["rows"] = simulate(
                    task, games, seed=11, batch_size=batch, progress=False,
                    scheduler=cluster.address,
                )  # fmt: skip
            except BaseException as error:  # handed to the test's thread
                outcome["error"] = error

        runner = threading.Thread(target=run, daemon=True)
        runner.start()
        deadline = time.monotonic() + WAIT
        busy: list = []
        while not busy and runner.is_alive() and time.monotonic() < deadline:
            busy = watcher.processing(workers=[victim]).get(victim, [])
            time.sleep(0.02)
        assert busy, "the victim never got a batch"
        os.kill(cluster.processes["victim"].pid, signal.SIGKILL)
        runner.join(timeout=120)
        assert not runner.is_alive(), "the run did not finish after the kill"
        assert cluster.processes["victim"].wait(timeout=10) == -signal.SIGKILL
        assert victim not in watcher.scheduler_info(n_workers=-1)["workers"]
    assert "error" not in outcome, outcome.get("error")
    pd.testing.assert_frame_equal(outcome["rows"], serial)


def test_workers_with_another_tilegames_version_are_refused(cluster, monkeypatch):
    import tilegames

    monkeypatch.setattr(tilegames, "__version__", "0.0.0-not-the-workers")
    with pytest.raises(ClusterUnavailable, match="other versions than here"):
        connect(cluster.address, timeout=WAIT)


def test_losing_the_scheduler_mid_run_says_so(tmp_path):
    local = LocalCluster(tmp_path)
    try:
        local.add_worker("only")
        with contextlib.closing(connect(local.address, timeout=WAIT)) as client:
            local.wait_for_workers(client, 1)
        timer = threading.Timer(3.0, local.processes["scheduler"].kill)
        timer.start()
        with pytest.raises(ClusterLost, match="lost the Dask scheduler at"):
            simulate(tula_task(), 10**6, seed=1, batch_size=50, progress=False,
                     scheduler=local.address)  # fmt: skip
        timer.join()
    finally:
        local.stop()


def test_no_scheduler_answering_is_a_clear_error_that_runs_nothing(capsys):
    code = main(["simulate", "tula", "--games", "10", "--scheduler", "tcp://127.0.0.1:9",
                 "--scheduler-timeout", "2"])  # fmt: skip
    assert code == 1
    error = capsys.readouterr().err
    assert "no Dask scheduler answered at tcp://127.0.0.1:9 within 2 s" in error
    assert "wrote" not in error


def test_workers_and_a_scheduler_together_are_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "tula", "--games", "10", "--workers", "2", "--scheduler", "x:1"])
    assert stop.value.code == 2
    assert "--workers and --scheduler do not go together" in capsys.readouterr().err
    with pytest.raises(ValueError, match="not both"):
        simulate(tula_task(), 10, seed=1, workers=2, scheduler="tcp://127.0.0.1:9")


def test_the_maze_exhaustive_study_refuses_a_scheduler_it_would_not_use(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "maze", "--exhaustive", "--games", "2", "--scheduler", "x:1"])
    assert stop.value.code == 2
    assert "--exhaustive runs on this machine" in capsys.readouterr().err


# -- every address and failure ends in one clear line (issue 34) -----------------------------------
def _listener(greeting: bytes) -> tuple[int, callable]:
    """A plain TCP server on 127.0.0.1 that sends ``greeting`` (maybe nothing) to each caller
    and then says no more, like an ssh server or a silent service; returns (port, stop)."""
    import socket

    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    held: list = []
    stopping = threading.Event()

    def serve() -> None:
        while not stopping.is_set():
            try:
                connection, _ = server.accept()
            except OSError:
                continue
            held.append(connection)
            with contextlib.suppress(OSError):
                connection.sendall(greeting)

    threading.Thread(target=serve, daemon=True).start()

    def stop() -> None:
        stopping.set()
        for connection in held:
            connection.close()
        server.close()

    return server.getsockname()[1], stop


def _http_server() -> tuple[int, callable]:
    """A web server on 127.0.0.1 (what answers on Dask's dashboard port); returns (port, stop)."""
    import http.server

    class Quiet(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1], server.shutdown


def _simulate_on(address: str, tmp_path: Path, timeout: str = "3") -> subprocess.CompletedProcess:
    """The real command in its own process (so the terminal's every line is seen)."""
    command = [sys.executable, "-m", "tilegames.cli", "simulate", "tula", "--games", "50"]
    command += ["--no-progress", "--scheduler", address, "--scheduler-timeout", timeout]
    command += ["--out", str(tmp_path / "r.csv")]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("server", "words"),
    [
        ("ssh", "is not a Dask scheduler (its reply is not Dask's"),
        ("silent", "did not answer as a Dask scheduler within 3 s"),
        ("http", "did not answer as a Dask scheduler within 3 s"),
        ("closed", "no Dask scheduler answered at"),
    ],
)
def test_an_address_that_is_not_a_dask_scheduler_ends_in_one_line_within_the_timeout(
    tmp_path, server, words
):
    """A port that is not Dask's: an ssh-like greeting, a server that says nothing, a web
    server (Dask's dashboard is one), nothing listening. One line, exit 1, no game run,
    no traceback, Dask's own messages kept out, within the timeout (plus start-up)."""
    if server == "http":
        port, stop = _http_server()
    elif server == "closed":
        port, stop = _listener(b"")
        stop()  # the port is free again: nothing listens there
    else:
        port, stop = _listener(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n" if server == "ssh" else b"")
    try:
        started = time.monotonic()
        run = _simulate_on(f"tcp://127.0.0.1:{port}", tmp_path)
        took = time.monotonic() - started
    finally:
        stop()
    assert run.returncode == 1, run.stderr
    assert run.stderr.count("\n") == 1 and words in run.stderr, run.stderr
    assert run.stderr.startswith("could not go on: ") and run.stdout == ""
    assert took < 3 + 30, took  # the timeout, plus the interpreter's start on a loaded machine
    assert list(tmp_path.iterdir()) == []  # nothing written, nothing to resume


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("ucx://127.0.0.1:8786", "not ucx://"),
        ("inproc://127.0.0.1/1/1", "is an in-process address"),
    ],
)
def test_addresses_another_process_cannot_use_are_refused_in_one_line(tmp_path, address, words):
    run = _simulate_on(address, tmp_path)
    assert run.returncode == 1 and run.stderr.count("\n") == 1, run.stderr
    assert words in run.stderr and "Traceback" not in run.stderr


def test_losing_the_scheduler_mid_run_is_one_line_and_the_run_goes_on_later(tmp_path):
    """The command on a cluster whose scheduler is killed mid-run: one line, exit 1, no
    traceback; the finished batches stay whole, as the rows a serial run begins with, for
    the same command to go on from."""
    local = LocalCluster(tmp_path)
    out = tmp_path / "r.csv"
    argv = ["simulate", "tula", "--games", "200000", "--player", "greedy", "--seed", "3"]
    argv += ["--no-progress", "--out", str(out)]
    try:
        local.add_worker("only")
        with contextlib.closing(connect(local.address, timeout=WAIT)) as client:
            local.wait_for_workers(client, 1)
        command = [sys.executable, "-m", "tilegames.cli", *argv, "--scheduler", local.address]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)  # fmt: skip
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline and unfinished(out).get("batches", 0) < 2:
            time.sleep(0.1)
        local.processes["scheduler"].kill()
        _, err = process.communicate(timeout=120)
    finally:
        local.stop()
    assert process.returncode == 1, err
    assert err.count("\n") == 1 and "lost the Dask scheduler at" in err, err
    assert "Traceback" not in err and not out.exists()
    rows = read_results(out)
    assert unfinished(out)["batches"] >= 2 and len(rows) == 1000 * unfinished(out)["batches"]
    task = functools.partial(deal_task, lineup=("greedy",), compare_mercy=False)
    pd.testing.assert_frame_equal(
        rows, simulate(task, len(rows), seed=3, progress=False), check_dtype=False
    )


def test_a_batch_the_cluster_gives_up_on_is_one_line_and_the_finished_batches_stay(
    tmp_path, monkeypatch
):
    """A real ``KilledWorker``: a scheduler that allows no failure, and the worker running a
    batch killed (kill -9). The command ends in one line, exit 1; its whole batches stay."""
    monkeypatch.setenv("DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES", "0")
    local = LocalCluster(tmp_path)
    out = tmp_path / "r.csv"
    process = None
    try:
        local.add_worker("steady")
        local.add_worker("victim")
        with contextlib.closing(connect(local.address, timeout=WAIT)) as watcher:
            local.wait_for_workers(watcher, 2)
            victim = local.worker_address(watcher, "victim")
            command = [sys.executable, "-m", "tilegames.cli", "simulate", "tula", "--player"]
            command += ["greedy", "--games", "200000", "--no-progress", "--out", str(out)]
            command += ["--scheduler", local.address]
            process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       text=True)  # fmt: skip
            deadline = time.monotonic() + WAIT
            busy: list = []
            while not busy and process.poll() is None and time.monotonic() < deadline:
                busy = watcher.processing(workers=[victim]).get(victim, [])
                time.sleep(0.02)
            assert busy, "the victim never got a batch"
            os.kill(local.processes["victim"].pid, signal.SIGKILL)
            _, err = process.communicate(timeout=120)
    finally:
        if process is not None and process.poll() is None:
            process.kill()
        local.stop()
    assert process.returncode == 1, err
    assert err.count("\n") == 1 and "gave up on a batch" in err and "KilledWorker" in err, err
    assert not out.exists() and len(read_results(out)) == 1000 * unfinished(out)["batches"]
