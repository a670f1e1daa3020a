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

__all__ = ["ClusterLost", "ClusterUnavailable", "batches_in_flight", "cluster_executor", "connect"]

DEFAULT_TIMEOUT = 30.0
"""Seconds to wait for the scheduler to answer, and for a first worker to join it."""


class ClusterUnavailable(ConnectionError):
    """The cluster cannot run a study: no scheduler answers, no worker joins, dask is not
    installed, or the workers run another version of tilegames or numpy."""


class ClusterLost(ConnectionError):
    """The scheduler went away during a run; the batches it had not returned are lost."""


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
    try:
        client = distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
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


def _check_address(address: object) -> None:
    """Refuse what is not a scheduler address, before trying to connect.

    >>> _check_address("tcp://10.0.0.5:8786"); _check_address("localhost:8786")
    >>> _check_address("tcp://10.0.0.5")
    Traceback (most recent call last):
    ...
    tilegames.cluster.ClusterUnavailable: a scheduler address looks like tcp://HOST:8786, not 'tcp://10.0.0.5' (missing port number in address '10.0.0.5')
    """
    from distributed.comm.addressing import parse_address, parse_host_port

    why = "not text"
    if isinstance(address, str):
        try:
            scheme, location = parse_address(address)
            if scheme in ("tcp", "tls", "ws", "wss"):
                parse_host_port(location)
            return
        except ValueError as error:
            why = str(error)
    raise ClusterUnavailable(
        f"a scheduler address looks like tcp://HOST:8786, not {address!r} ({why})"
    )


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
def cluster_executor(address: str, *, timeout: float | None = None) -> Iterator[cf.Executor]:
    """A ``concurrent.futures.Executor`` running calls on the cluster at ``address``.

    Give it to ``sim.simulate(..., executor=...)`` (``simulate(..., scheduler=address)``
    does exactly that). When the block ends the connection closes and batches still
    queued are cancelled. If the scheduler goes away inside the block, the error
    raised there becomes ``ClusterLost``, saying so.
    """
    timeout = DEFAULT_TIMEOUT if timeout is None else timeout
    client = connect(address, timeout=timeout)
    try:
        executor = client.get_executor(pure=False)  # two batches never share a result
        executor.batches_in_flight = functools.partial(batches_in_flight, client)
        yield executor
    except Exception as error:
        gone = isinstance(error, cf.CancelledError) or client.status not in ("running",)
        if not gone or isinstance(error, ClusterLost):  # only the lost scheduler cancels batches
            raise
        raise ClusterLost(
            f"lost the Dask scheduler at {address} during the run ({type(error).__name__}): "
            "start it again and rerun: the same seed gives the same rows"
        ) from error
    finally:
        with contextlib.suppress(Exception):
            client.close(timeout=timeout)
