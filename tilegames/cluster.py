"""Run simulations on a Dask cluster: connect to its scheduler, hand its workers the batches.

Start a scheduler and some workers (every worker needs tilegames installed, the
same version as here), then give the scheduler's address to a study::

    dask scheduler                                          # prints tcp://HOST:8786
    dask worker tcp://HOST:8786 --nworkers 2 --nthreads 1   # on each machine
    tilegames simulate tula --games 1000000 --scheduler tcp://HOST:8786

or from Python, ``simulate(task, n, seed=1, scheduler="tcp://HOST:8786")``.
The rows are the same as a serial run's: batches and their seeds do not depend
on where they run. When a worker dies mid-batch, the scheduler gives the batch
to another worker (Dask's ``distributed.scheduler.allowed-failures``, 3 by
default), so nothing is lost. When the scheduler itself goes away, the run
stops with ``ClusterLost``.

>>> with cluster_executor("tcp://127.0.0.1:1", timeout=1) as executor:
...     pass
Traceback (most recent call last):
...
tilegames.cluster.ClusterUnavailable: no Dask scheduler answered at tcp://127.0.0.1:1 within 1 s: is `dask scheduler` running there, and is the address right?
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import functools
from collections.abc import Iterator
from typing import Any

__all__ = [
    "ClusterLost",
    "ClusterUnavailable",
    "batches_in_flight",
    "cluster_executor",
    "connect",
    "hold_back_dask_logs",
    "quiet_dask",
]

DEFAULT_TIMEOUT = 30.0
"""Seconds to wait for the scheduler to answer, and for a first worker to join it."""


class ClusterUnavailable(ConnectionError):
    """The cluster cannot run a study: no scheduler answers, no worker joins, dask is not
    installed, or the workers run another version of tilegames or numpy."""


class ClusterLost(ConnectionError):
    """The scheduler went away during a run, or gave up on a batch (its workers kept dying
    while they ran it); the batches it had not returned are lost (played again on a rerun)."""


DASK_LOGGERS = ("distributed", "tornado", "asyncio", "bokeh")
"""Loggers whose messages (Dask's connection chatter, tracebacks it logs) are kept out of a
student's terminal while a study runs on a cluster, unless ``verbose``."""


@contextlib.contextmanager
def quiet_dask(verbose: bool = False) -> Iterator[None]:
    """Dask's own log messages held back (above CRITICAL) inside the block, unless ``verbose``;
    the levels are restored after it.

    >>> import logging
    >>> with quiet_dask():
    ...     logging.getLogger("distributed").isEnabledFor(logging.CRITICAL)
    False
    """
    import logging

    if verbose:
        yield
        return
    with contextlib.suppress(ImportError):
        import distributed  # noqa: F401 - its import sets its loggers' levels: first, then ours
    before = {name: logging.getLogger(name).level for name in _dask_loggers()}
    hold_back_dask_logs()
    try:
        yield
    finally:
        for name, level in before.items():
            logging.getLogger(name).setLevel(level)


def hold_back_dask_logs() -> None:
    """Keep Dask's log messages out from now on, to the end of the process (the command line:
    a client closing at exit after a lost scheduler still logs its reconnection attempts)."""
    import logging

    with contextlib.suppress(ImportError):
        import distributed  # noqa: F401 - its import sets its loggers' levels: first, then ours

    for name in _dask_loggers():
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _dask_loggers() -> list[str]:
    """``DASK_LOGGERS`` and every logger below them made so far (Dask's configuration gives
    some, such as ``distributed.client``, levels of their own)."""
    import logging

    made = [
        name
        for name in logging.root.manager.loggerDict
        if any(name.startswith(f"{prefix}.") for prefix in DASK_LOGGERS)
    ]
    return [*DASK_LOGGERS, *made]


def connect(address: str, *, timeout: float | None = None) -> Any:
    """A ``distributed.Client`` on the scheduler at ``address``, checked ready for a study.

    Ready means: the scheduler answers within ``timeout`` seconds, at least one
    worker joins it within ``timeout`` seconds, and every worker has the same
    tilegames and numpy versions as this process (so a seed means the same games).
    Anything else raises ``ClusterUnavailable`` saying what was wrong.
    ``timeout=None``: ``DEFAULT_TIMEOUT``.
    """
    timeout = DEFAULT_TIMEOUT if timeout is None else timeout
    try:
        import distributed
    except ImportError:
        raise ClusterUnavailable(
            "running on a Dask cluster needs dask's distributed package: "
            "pip install 'tilegames[dask]'"
        ) from None
    _check_address(address)
    _probe(address, timeout)
    try:
        client = distributed.Client(address, timeout=timeout, set_as_default=False)
    except Exception as error:  # noqa: BLE001 - whatever Dask raised, said in one line
        raise ClusterUnavailable(
            f"no Dask scheduler answered at {address} within {timeout:g} s: "
            "is `dask scheduler` running there, and is the address right?"
        ) from error
    try:
        _check_workers(client, address, timeout)
    except BaseException:
        client.close()
        raise
    return client


SCHEMES = ("tcp", "tls", "ws", "wss")
"""The kinds of address a study's scheduler may have: those that reach another process."""


def _check_address(address: object) -> None:
    """Refuse what is not a scheduler address, before trying to connect.

    >>> _check_address("tcp://10.0.0.5:8786"); _check_address("localhost:8786")
    >>> _check_address("tcp://10.0.0.5")
    Traceback (most recent call last):
    ...
    tilegames.cluster.ClusterUnavailable: a scheduler address looks like tcp://HOST:8786, not 'tcp://10.0.0.5' (missing port number in address '10.0.0.5')
    >>> _check_address("inproc://x")
    Traceback (most recent call last):
    ...
    tilegames.cluster.ClusterUnavailable: inproc://x is an in-process address (a scheduler inside one Python process, not reachable from another): give the address `dask scheduler` printed, like tcp://HOST:8786
    """
    from distributed.comm.addressing import parse_address, parse_host_port

    why = "not text"
    if isinstance(address, str):
        try:
            scheme, location = parse_address(address)
            if scheme == "inproc":
                raise ClusterUnavailable(
                    f"{address} is an in-process address (a scheduler inside one Python "
                    "process, not reachable from another): give the address `dask scheduler` "
                    "printed, like tcp://HOST:8786"
                )
            if scheme not in SCHEMES:
                raise ClusterUnavailable(
                    f"{address}: a study reaches its scheduler by {', '.join(SCHEMES[:-1])} or "
                    f"{SCHEMES[-1]}, not {scheme}:// (give the address `dask scheduler` "
                    "printed, like tcp://HOST:8786)"
                )
            parse_host_port(location)
            return
        except ValueError as error:
            why = str(error)
    raise ClusterUnavailable(
        f"a scheduler address looks like tcp://HOST:8786, not {address!r} ({why})"
    )


def _probe(address: str, timeout: float) -> None:
    """Dask's own handshake with ``address``, given at most ``timeout`` seconds in all;
    ``ClusterUnavailable`` in one line when nothing answers there, or something that is
    not a Dask scheduler (a web page such as Dask's dashboard, an ssh server ...).

    Run apart, in a thread of its own with its own event loop: what answers at a wrong
    port may never send the reply the handshake waits for, and Dask's client would wait
    for it for ever."""
    import asyncio
    import threading

    from distributed.comm import connect as dask_connect
    from distributed.comm.addressing import parse_address

    if parse_address(address)[0] != "tcp":
        return  # tls and ws need the cluster's security settings: Dask's client checks them

    async def handshake() -> None:
        comm = await dask_connect(address, timeout=max(timeout - 0.5, timeout * 0.8))
        comm.abort()

    outcome: dict[str, BaseException] = {}

    def run() -> None:
        try:
            asyncio.run(asyncio.wait_for(handshake(), timeout))
        except BaseException as error:  # handed to the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=run, name="tilegames-dask-probe", daemon=True)
    thread.start()
    thread.join(timeout + 3)
    error = outcome.get("error", TimeoutError() if thread.is_alive() else None)
    if error is None:
        return
    if isinstance(error, OSError) and not isinstance(error, TimeoutError):
        raise ClusterUnavailable(
            f"no Dask scheduler answered at {address} within {timeout:g} s: "
            "is `dask scheduler` running there, and is the address right?"
        ) from None
    if isinstance(error, (TimeoutError, asyncio.TimeoutError)):
        raise ClusterUnavailable(
            f"something listens at {address} but did not answer as a Dask scheduler within "
            f"{timeout:g} s (a web page, such as Dask's dashboard on port 8787?): give the "
            "scheduler's address, the tcp://HOST:PORT `dask scheduler` printed (port 8786 "
            "unless it was told otherwise)"
        ) from None
    raise ClusterUnavailable(
        f"what answers at {address} is not a Dask scheduler (its reply is not Dask's: "
        f"{type(error).__name__}): give the tcp://HOST:PORT `dask scheduler` printed"
    ) from None


def _check_workers(client: Any, address: str, timeout: float) -> None:
    try:
        client.wait_for_workers(1, timeout=timeout)
    except TimeoutError:
        raise ClusterUnavailable(
            f"the scheduler at {address} has no worker (waited {timeout:g} s): "
            f"start some with `dask worker {address} --nworkers 2 --nthreads 1`"
        ) from None
    here = worker_versions()
    try:
        there = client.run(worker_versions)
    except ModuleNotFoundError:
        raise ClusterUnavailable(
            f"a worker of {address} cannot import tilegames: install it on every worker "
            "(the same version as here)"
        ) from None
    different = {worker: found for worker, found in there.items() if found != here}
    if different:
        worker, found = sorted(different.items())[0]
        raise ClusterUnavailable(
            f"{len(different)} worker(s) of {address} run other versions than here "
            f"({worker} has {found}, here {here}): the same seed would not give the same games"
        )


def worker_versions() -> dict[str, str]:
    """The versions that decide what a seed plays: tilegames' and numpy's (run on each worker).

    >>> sorted(worker_versions())
    ['numpy', 'tilegames']
    """
    import numpy

    import tilegames

    return {"tilegames": tilegames.__version__, "numpy": numpy.__version__}


IN_FLIGHT_PER_THREAD = 4
"""Batches kept queued per worker thread, so no thread waits for the next one."""
FEWEST_IN_FLIGHT = 64
"""Batches kept in flight on any cluster, however small."""


def batches_in_flight(client: Any) -> int:
    """How many batches to keep submitted on the cluster now: four per worker thread that
    has joined (a cluster grows and shrinks during a week-long run), and at least 64.

    >>> class Client:  # two workers of 100 threads each
    ...     def nthreads(self):
    ...         return {"tcp://a": 100, "tcp://b": 100}
    >>> batches_in_flight(Client())
    800
    """
    try:
        threads = sum(client.nthreads().values())
    except Exception:  # a scheduler that does not answer now: keep the run going as it was
        threads = 0
    return max(FEWEST_IN_FLIGHT, IN_FLIGHT_PER_THREAD * threads)


@contextlib.contextmanager
def cluster_executor(
    address: str, *, timeout: float | None = None, verbose: bool = False
) -> Iterator[cf.Executor]:
    """A ``concurrent.futures.Executor`` running calls on the cluster at ``address``.

    Give it to ``sim.simulate(..., executor=...)`` (``simulate(..., scheduler=address)``
    does exactly that). When the block ends the connection closes and batches still
    queued are cancelled. If the scheduler goes away inside the block, or gives up on
    a batch whose workers kept dying (Dask's ``KilledWorker``), the error raised there
    becomes ``ClusterLost``, saying so in one line. Dask's own log messages are held
    back meanwhile unless ``verbose``.
    """
    timeout = DEFAULT_TIMEOUT if timeout is None else timeout
    with quiet_dask(verbose):
        client = connect(address, timeout=timeout)
        try:
            executor = client.get_executor(pure=False)  # two batches never share a result
            executor.batches_in_flight = functools.partial(batches_in_flight, client)
            yield executor
        except Exception as error:
            if isinstance(error, ClusterLost):
                raise
            if type(error).__name__ == "KilledWorker":
                raise ClusterLost(
                    f"the Dask cluster at {address} gave up on a batch: the workers that ran "
                    "it died each time (KilledWorker; a worker out of memory? see the "
                    "workers' logs); rerun to play it again: the same seed gives the same rows"
                ) from None
            gone = isinstance(error, cf.CancelledError) or client.status not in ("running",)
            if not gone:  # only the lost scheduler cancels batches
                raise
            raise ClusterLost(
                f"lost the Dask scheduler at {address} during the run "
                f"({type(error).__name__}): start it again and rerun: the same seed gives "
                "the same rows"
            ) from None
        finally:
            with contextlib.suppress(Exception):
                client.close(timeout=min(timeout, 5))
