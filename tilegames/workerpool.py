"""A process pool built on ``multiprocessing``'s public interface, that can be stopped at once.

``WorkerPool(k)`` is a ``concurrent.futures.Executor`` (``submit``, ``map``,
``shutdown``, ``with``) running calls in ``k`` worker processes of its own. Each
worker has its own pipe to the pool: the pool's thread sends it one call at a
time and reads its answer. So the pool always knows which worker runs which
call, and a worker that dies (or is stopped half-way through sending its
answer) closes its pipe, which the pool reads as the end: nothing ever waits for
the rest of a message that cannot come.

``stop()`` cancels what has not started and ends the pool's own workers now (no
other child process of the caller). Workers leave Ctrl-C to the parent, end at
SIGTERM or SIGHUP, and end when the parent dies (on Linux).

>>> with WorkerPool(2) as pool:
...     pool.submit(abs, -3).result(), list(pool.map(abs, [-1, -2]))
(3, [1, 2])
"""

from __future__ import annotations

import atexit
import collections
import concurrent.futures as cf
import contextlib
import multiprocessing
import signal
import sys
import threading
import weakref
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection, wait
from multiprocessing.reduction import ForkingPickler
from typing import Any

_STOPS = {
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
}
"""The signals that stop a run, held back while a pool forks its workers and starts its thread
(both keep them blocked, so they reach the caller's thread)."""


def check_workers(workers: object) -> None:
    """Refuse a number of worker processes that is not a whole number 1 or more (None: none).

    >>> check_workers(2); check_workers(None)
    >>> check_workers(0)
    Traceback (most recent call last):
    ...
    ValueError: workers must be a whole number 1 or more, not 0
    """
    if workers is None:
        return
    import numbers

    if isinstance(workers, bool) or not isinstance(workers, numbers.Integral) or workers < 1:
        raise ValueError(f"workers must be a whole number 1 or more, not {workers!r}")


class _Worker:
    """One worker process, the pool's end of its pipe, and the call it is running."""

    def __init__(self, process, connection: Connection) -> None:
        self.process = process
        self.connection = connection
        self.running: cf.Future | None = None
        self.ended = False  # seen ended by the pool's thread (its sentinel was ready)


class WorkerPool(cf.Executor):
    """``workers`` processes running calls; ``stop()`` ends them (and only them) at once.

    >>> pool = WorkerPool(1)
    >>> pool.submit(pow, 2, 10).result()
    1024
    >>> pool.shutdown()
    >>> pool.submit(abs, 1)
    Traceback (most recent call last):
    ...
    RuntimeError: cannot run more calls: the worker pool was shut down
    """

    def __init__(self, workers: int) -> None:
        check_workers(workers)
        self._size = int(workers)
        self._context = multiprocessing.get_context()
        self._lock = threading.Lock()
        self._queued: collections.deque = collections.deque()
        self._workers: list[_Worker] = []
        self._closing = False
        self._broken: str | None = None
        self._thread: threading.Thread | None = None
        self._wake_reader, self._wake_writer = multiprocessing.Pipe(duplex=False)
        _POOLS.add(self)

    @property
    def processes(self) -> list:
        """The worker processes this pool started."""
        return [worker.process for worker in self._workers]

    def submit(self, fn, /, *args, **kwargs) -> cf.Future:
        """Run ``fn(*args, **kwargs)`` in a worker; its future. The first call starts the
        workers (with Ctrl-C, SIGTERM and SIGHUP held back until they and the pool's thread run)."""
        with self._lock:
            if self._broken:
                raise BrokenProcessPool(self._broken)
            if self._closing:
                raise RuntimeError("cannot run more calls: the worker pool was shut down")
            future: cf.Future = cf.Future()
            self._queued.append((future, fn, args, kwargs))
        if self._thread is None:
            self._start()
        self._wake()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more calls; the workers end once the queued ones are done (``cancel_futures``:
        the ones not yet started are cancelled). ``wait`` waits for that."""
        with self._lock:
            self._closing = True
            if cancel_futures:
                self._cancel_queued()
        self._wake()
        if self._thread is None:
            self._close()
        elif wait:
            self._thread.join()
            for worker in self._workers:
                worker.process.join()

    def stop(self) -> None:
        """Cancel what has not started and end this pool's workers now (and only them)."""
        with self._lock:
            self._closing = True
            self._cancel_queued()
        for worker in self._workers:
            if worker.process.is_alive():
                worker.process.terminate()
        for worker in self._workers:
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(timeout=5)
        self._wake()
        if self._thread is not None:
            self._thread.join(timeout=10)
        else:
            self._close()

    # --- the pool's side -------------------------------------------------------------

    def _start(self) -> None:
        held = _STOPS if hasattr(signal, "pthread_sigmask") else set()
        before = signal.pthread_sigmask(signal.SIG_BLOCK, held) if held else set()
        try:
            with self._lock:
                if self._thread is not None:
                    return
                for _ in range(self._size):  # forked from this thread, before the pool's own
                    ours, theirs = self._context.Pipe()
                    process = self._context.Process(
                        target=_work, args=(theirs,), name="tilegames-worker"
                    )
                    process.start()
                    theirs.close()  # the worker holds the only other end: its death is our EOF
                    self._workers.append(_Worker(process, ours))
                self._thread = threading.Thread(
                    target=self._serve, name="tilegames-worker-pool", daemon=True
                )
                self._thread.start()
        finally:
            if held - set(before):
                signal.pthread_sigmask(signal.SIG_UNBLOCK, held - set(before))

    def _wake(self) -> None:
        with contextlib.suppress(OSError):
            self._wake_writer.send_bytes(b"")

    def _cancel_queued(self) -> None:
        while self._queued:
            self._queued.popleft()[0].cancel()

    def _serve(self) -> None:
        """The pool's thread: hand calls to idle workers, take their answers, notice deaths."""
        try:
            while True:
                self._hand_out()
                living = [w for w in self._workers if not w.ended]
                busy = [w for w in living if w.running is not None]
                with self._lock:
                    done = self._closing and not self._queued and not busy
                if done or not living:
                    break
                ready = wait(
                    [self._wake_reader]
                    + [w.connection for w in busy]
                    + [w.process.sentinel for w in living]
                )
                if self._wake_reader in ready:
                    with contextlib.suppress(EOFError, OSError):
                        while self._wake_reader.poll():
                            self._wake_reader.recv_bytes()
                for worker in busy:  # one death fails every call: skip those it answered
                    if worker.connection in ready and worker.running is not None:
                        self._take_answer(worker)
                for worker in living:
                    if worker.process.sentinel in ready:
                        worker.ended = True
                        if worker.running is not None:
                            self._take_answer(worker)  # what it sent before it ended, or the end
                        elif not self._closing and not self._broken:
                            self._broken = "a worker process ended between calls"
                            self._fail_everything(self._broken)
        finally:
            for worker in self._workers:
                with contextlib.suppress(OSError):
                    worker.connection.send_bytes(ForkingPickler.dumps(None))  # end at once
            self._fail_everything(self._broken or "the worker pool was stopped")
            self._close()

    def _hand_out(self) -> None:
        for worker in self._workers:
            if worker.running is not None or worker.ended:
                continue
            with self._lock:
                if not self._queued:
                    return
                future, fn, args, kwargs = self._queued.popleft()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                worker.connection.send_bytes(ForkingPickler.dumps((fn, args, kwargs)))
            except Exception as error:  # the call cannot be sent (a lambda, a lock, ...)
                future.set_exception(error)
                continue
            worker.running = future

    def _take_answer(self, worker: _Worker) -> None:
        future, worker.running = worker.running, None
        if future is None:  # already failed with the whole pool
            return
        try:
            message = worker.connection.recv_bytes()
        except (EOFError, OSError):
            code = worker.process.exitcode
            self._broken = (
                f"a worker process ended while running a call (exit code {code})"
                if code is not None
                else "a worker process ended while running a call"
            )
            future.set_exception(BrokenProcessPool(self._broken))
            self._fail_everything(self._broken)
            return
        try:
            ok, value = ForkingPickler.loads(message)
        except Exception as error:  # an answer the parent cannot re-make
            future.set_exception(
                RuntimeError(f"the call's answer could not be read back: {error!r}")
            )
            return
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)

    def _fail_everything(self, why: str) -> None:
        with self._lock:
            while self._queued:
                future = self._queued.popleft()[0]
                if future.set_running_or_notify_cancel():
                    future.set_exception(BrokenProcessPool(why))
        for worker in self._workers:
            if worker.running is not None and not worker.running.done():
                worker.running.set_exception(BrokenProcessPool(why))
            worker.running = None

    def _close(self) -> None:
        for connection in [self._wake_reader, self._wake_writer] + [
            w.connection for w in self._workers
        ]:
            with contextlib.suppress(OSError):
                connection.close()


_POOLS: weakref.WeakSet = weakref.WeakSet()
"""The pools not yet collected: at exit, their workers are ended (not waited for)."""


@atexit.register
def _stop_pools_at_exit() -> None:
    for pool in list(_POOLS):
        with contextlib.suppress(Exception):
            pool.stop()


# --- the worker's side -------------------------------------------------------------------

_connection: Connection | None = None
"""In a worker: its end of the pipe to the pool."""


def _work(connection: Connection) -> None:
    """A worker's life: take a call, run it, send back ``(True, value)`` or ``(False, error)``."""
    global _connection
    _connection = connection
    _start_worker()
    while True:
        try:
            message = connection.recv_bytes()
        except (EOFError, OSError):
            return
        call = ForkingPickler.loads(message)
        if call is None:
            return
        fn, args, kwargs = call
        try:
            answer: tuple[bool, Any] = (True, fn(*args, **kwargs))
        except BaseException as error:
            answer = (False, error)
        try:
            data = ForkingPickler.dumps(answer)
        except Exception as error:
            what = "answer" if answer[0] else f"error ({type(answer[1]).__name__}: {answer[1]})"
            data = ForkingPickler.dumps(
                (False, RuntimeError(f"the call's {what} could not be sent back: {error!r}"))
            )
        try:
            connection.send_bytes(data)
        except (EOFError, OSError):
            return


def _start_worker() -> None:
    """In each worker: leave Ctrl-C to the parent, end at SIGTERM or SIGHUP whatever the
    parent made of them (a forked worker inherits its handlers), and end when the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # forked while the parent held them back
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS - {signal.SIGINT})
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
