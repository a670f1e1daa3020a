"""An exclusive lock on a results file's name, so that two runs never write one file.

``OutLock(out)`` takes ``.NAME.lock`` beside ``out`` with ``flock`` (refused at once,
``OutBusy``, while another process holds it: the message names that process) and
``release()`` lets go; the kernel lets go when the process ends, however it ends.
``tilegames.results.BatchWriter`` holds one while a run writes ``out``.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import socket

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock on the output name
    fcntl = None

from .i18n import _

__all__ = ["OutBusy", "OutLock"]


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


class OutBusy(ValueError):
    """Another process is writing the same results file now: a second run is refused."""


class OutLock:
    """An exclusive lock on an output name: ``.NAME.lock`` beside it, held with ``flock``.

    The kernel lets go of it when the process ends, however it ends (a killed run
    leaves nothing that blocks the next one). The file is removed when released;
    a holder checks after locking that the name is still its file, so two runs
    never hold two different files of one name.

    >>> import tempfile, os
    >>> out = os.path.join(tempfile.mkdtemp(), "r.csv")
    >>> lock = OutLock(out)
    >>> OutLock(out)
    Traceback (most recent call last):
    ...
    tilegames.outlock.OutBusy: ... is being written by another run now (...): wait for it to end, or give another --out
    >>> lock.release(); OutLock(out).release()
    """

    def __init__(self, out: str | os.PathLike) -> None:
        self.out = os.fspath(out)
        folder, name = os.path.split(os.path.abspath(self.out))
        self.path = os.path.join(folder, f".{name}.lock")
        self._descriptor: int | None = None
        self._pid = os.getpid()  # a forked worker shares the lock; only its taker lets go
        if fcntl is None:  # pragma: no cover - not on Linux or macOS: no lock
            return
        while True:
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as error:
                holder = b""
                with contextlib.suppress(OSError):
                    holder = os.read(descriptor, 200)
                os.close(descriptor)
                if error.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise
                who = holder.decode(errors="replace").strip() or _("a process")
                raise OutBusy(
                    _(
                        "{out} is being written by another run now ({who}): wait for it "
                        "to end, or give another --out"
                    ).format(out=self.out, who=who)
                ) from None
            try:
                same = os.fstat(descriptor).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(descriptor)  # the holder before us removed it as we opened it: again
        os.ftruncate(descriptor, 0)
        os.write(
            descriptor, f"process {os.getpid()} on {socket.gethostname()} since {_now()}".encode()
        )
        self._descriptor = descriptor

    @property
    def held(self) -> bool:
        """Whether this lock holds the name now (always, where there is no ``flock``)."""
        return self._descriptor is not None or fcntl is None

    def release(self) -> None:
        """Let go of the lock (and remove its file); nothing when not held."""
        if self._descriptor is None or os.getpid() != self._pid:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        with contextlib.suppress(OSError):
            os.close(self._descriptor)
        self._descriptor = None

    def __del__(self) -> None:
        self.release()
