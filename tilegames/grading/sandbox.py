"""Run a command where a student's code cannot read the course, the gradebook or other work.

``command(argv, hide=[...])`` returns an argv that runs ``argv`` in a sandbox
built from Linux *user namespaces* — no root needed, so it works for a teacher
on a JupyterHub as well as in CI:

- every path in ``hide`` appears as an empty, read-only directory (a file cannot
  be opened at all), and the student's code cannot unmount the cover: the covers are
  made in an outer namespace and the code runs in a nested, unprivileged one,
  where the kernel locks every inherited mount;
- processes outside are invisible (a fresh PID namespace with its own
  ``/proc``), so ``/proc/<pid>/cwd`` of the grader leads nowhere; the sandbox's
  own first process (its launcher) is not dumpable, so its ``/proc`` entries
  are closed too;
- the working directory is ``workdir`` (entered after the covers are mounted,
  so no relative path leads back into a hidden folder), or by default a fresh
  empty directory on a private ``/tmp``;
- a minimal environment (``PATH``, ``HOME`` = the working directory, ``LANG``;
  nothing of the teacher's), and resource limits: address space, processes,
  file size, no core files;
- when the sandbox's process ends, every process the code started ends too.

>>> import subprocess, sys, tempfile
>>> secret, work = tempfile.mkdtemp(), tempfile.mkdtemp()
>>> _ = open(f"{secret}/key.txt", "w").write("42")
>>> show = f"import os; print(os.listdir({secret!r}), os.getcwd() == {work!r})"
>>> ok, why = available()
>>> if ok:
...     argv = command([sys.executable, "-c", show], hide=[secret], workdir=work)
...     print(subprocess.run(argv, capture_output=True, text=True).stdout.strip())
... else:
...     print("[] True")  # no user namespaces here: nothing to show
[] True
>>> import shutil; shutil.rmtree(secret); shutil.rmtree(work)

When user namespaces are not available, ``command`` raises
``SandboxUnavailable`` saying why, and the caller decides (the course's grading
command refuses to grade unless told ``--no-sandbox``).

This file is also the launcher that runs inside the sandbox
(``python sandbox.py --hide P ... --workdir W -- argv...``); it uses the
standard library only, so it runs with ``python -I -S``.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import functools
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence

__all__ = ["SandboxUnavailable", "available", "command"]


class SandboxUnavailable(RuntimeError):
    """The sandbox cannot be built on this machine; the message says why."""


SANDBOX_UID = 1000
"""The user id the code runs as inside (it owns the working directory; it has no privileges)."""

PRIVATE_TMP_BYTES = 512 << 20
"""The size of the private ``/tmp`` (the default working directory lives in it)."""

_CLONE_NEWNS = 0x00020000
_CLONE_NEWUSER = 0x10000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 1, 2, 4, 8
_MS_REMOUNT, _MS_BIND = 32, 4096
_PR_SET_DUMPABLE, _PR_SET_NO_NEW_PRIVS = 4, 38
_SEARCH_PATH = "/usr/local/bin:/usr/bin:/bin"


@functools.lru_cache(maxsize=1)
def available() -> tuple[bool, str]:
    """``(True, "user namespaces")`` when the sandbox works here, else ``(False, why)``.

    It is tried for real once per process (a hidden folder must read as empty inside).
    """
    if not sys.platform.startswith("linux"):
        return False, f"the sandbox needs Linux user namespaces; this is {sys.platform}"
    if shutil.which("unshare") is None:
        return False, "the 'unshare' command (util-linux) is not installed"
    with tempfile.TemporaryDirectory(prefix="tilegames-sandbox-probe-") as root:
        secret, work = os.path.join(root, "secret"), os.path.join(root, "work")
        os.mkdir(secret)
        os.mkdir(work)
        with open(os.path.join(secret, "probe"), "w") as file:
            file.write("hidden")
        probe = "import os, sys; sys.stdout.write(repr(os.listdir(sys.argv[1])))"
        argv = _build([sys.executable, "-c", probe, secret], hide=[secret], workdir=work)
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.SubprocessError) as error:
            return False, f"the sandbox could not start: {error}"
    if done.returncode != 0:
        said = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        return False, f"user namespaces are not available here: {said}"
    if done.stdout != "[]":
        return False, "a hidden folder could still be read inside the sandbox"
    return True, "user namespaces"


def command(
    argv: Sequence[str],
    *,
    hide: Sequence[os.PathLike | str],
    workdir: os.PathLike | str | None = None,
    memory_bytes: int | None = 4 << 30,
    processes: int | None = 256,
    file_bytes: int | None = 1 << 30,
    env: Mapping[str, str] | None = None,
) -> list[str]:
    """An argv that runs ``argv`` sandboxed (see the module's docstring).

    ``hide``: folders that must read as empty (or files that must not open); ``workdir``: an existing
    folder to work in (None: a fresh empty one on a private ``/tmp``);
    ``memory_bytes``, ``processes``, ``file_bytes``: resource limits (None: no
    limit); ``env``: variables to add to the minimal environment.
    Bad arguments raise ValueError; a machine without user namespaces raises
    ``SandboxUnavailable`` with the reason.

    >>> command([], hide=[])
    Traceback (most recent call last):
    ...
    ValueError: argv must be a non-empty list of strings (the program and its arguments)
    """
    argv = _check_argv(argv)
    hidden = [_existing(path, "hide") for path in hide]
    if workdir is not None:
        workdir = _existing(workdir, "workdir")
        if not os.path.isdir(workdir):
            raise ValueError(f"workdir {workdir} is not a directory")
        for path in hidden:
            if workdir == path or workdir.startswith(path.rstrip("/") + "/"):
                raise ValueError(f"workdir {workdir} is inside the hidden {path}")
    for name, limit in (
        ("memory_bytes", memory_bytes),
        ("processes", processes),
        ("file_bytes", file_bytes),
    ):
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)):
            raise ValueError(f"{name} must be a whole number or None, not {limit!r}")
        if limit is not None and limit <= 0:
            raise ValueError(f"{name} must be positive, not {limit}")
    extra = dict(env or {})
    for key, value in extra.items():
        if not isinstance(key, str) or not key or "=" in key or not isinstance(value, str):
            raise ValueError(f"env entries must be NAME: text, not {key!r}: {value!r}")
    ok, why = available()
    if not ok:
        raise SandboxUnavailable(why)
    return _build(
        argv,
        hide=hidden,
        workdir=workdir,
        memory_bytes=memory_bytes,
        processes=processes,
        file_bytes=file_bytes,
        env=extra,
    )


def _check_argv(argv: Sequence[str]) -> list[str]:
    if isinstance(argv, (str, bytes)) or not argv or not all(isinstance(a, str) for a in argv):
        raise ValueError("argv must be a non-empty list of strings (the program and its arguments)")
    return list(argv)


def _existing(path: os.PathLike | str, what: str) -> str:
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise ValueError(f"{what}: {path!r} is not a path")
    real = os.path.realpath(os.fspath(path))
    if not os.path.exists(real):
        raise ValueError(f"{what}: {os.fspath(path)} does not exist (nothing to cover there)")
    if real == "/":
        raise ValueError(f"{what}: the whole file system cannot be hidden")
    return real


def _build(
    argv: list[str],
    *,
    hide: Sequence[str],
    workdir: str | None = None,
    memory_bytes: int | None = 4 << 30,
    processes: int | None = 256,
    file_bytes: int | None = 1 << 30,
    env: Mapping[str, str] | None = None,
) -> list[str]:
    outer = [
        shutil.which("unshare") or "unshare",
        "--user",
        "--map-root-user",
        "--mount",
        "--pid",
        "--fork",
        "--mount-proc",
        "--kill-child",
    ]
    launcher = [sys.executable, "-I", "-S", os.path.abspath(__file__)]
    for path in hide:
        launcher += ["--hide", path]
    if workdir is not None:
        launcher += ["--workdir", workdir]
    for flag, limit in (
        ("--memory", memory_bytes),
        ("--processes", processes),
        ("--file-bytes", file_bytes),
    ):
        if limit is not None:
            launcher += [flag, str(limit)]
    for key, value in (env or {}).items():
        launcher += ["--env", f"{key}={value}"]
    return [*outer, *launcher, "--", *argv]


# -- the launcher: runs inside the outer namespaces as their root ---------------------------------

_libc = None


def _call(name: str, *args: object) -> None:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    if getattr(_libc, name)(*args) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"{name}{args!r}: {os.strerror(error)}")


def _mount(source: str, target: str, fstype: str | None, flags: int, data: str = "") -> None:
    _call(
        "mount",
        source.encode(),
        target.encode(),
        fstype.encode() if fstype else None,
        ctypes.c_ulong(flags),
        data.encode() if data else None,
    )


def _cover(path: str) -> None:
    """Mount an empty read-only folder over ``path`` (over a file: a device no one may open)."""
    sealed = _MS_NOSUID | _MS_NODEV | _MS_NOEXEC
    if os.path.isdir(path):
        _mount("tmpfs", path, "tmpfs", _MS_RDONLY | sealed, "size=4k,mode=0555")
    else:
        _mount("/dev/null", path, None, _MS_BIND)
        _mount("/dev/null", path, None, _MS_BIND | _MS_REMOUNT | _MS_RDONLY | sealed)


def _write(path: str, text: str) -> None:
    with open(path, "w") as file:
        file.write(text)


def _nested_unprivileged() -> None:
    """Enter a nested user + mount namespace as SANDBOX_UID: every mount so far becomes locked."""
    uid, gid = os.getuid(), os.getgid()
    _call("unshare", ctypes.c_int(_CLONE_NEWUSER | _CLONE_NEWNS))
    _write("/proc/self/setgroups", "deny")
    _write("/proc/self/uid_map", f"{SANDBOX_UID} {uid} 1")
    _write("/proc/self/gid_map", f"{SANDBOX_UID} {gid} 1")


def _limits(memory: int | None, processes: int | None, file_bytes: int | None) -> None:
    for kind, limit in (
        (resource.RLIMIT_AS, memory),
        (resource.RLIMIT_NPROC, processes),
        (resource.RLIMIT_FSIZE, file_bytes),
        (resource.RLIMIT_CORE, 0),
    ):
        if limit is not None:
            resource.setrlimit(kind, (limit, limit))


def _launch(args: argparse.Namespace) -> int:
    for path in args.hide:
        _cover(path)
    workdir = args.workdir
    if workdir is None:  # a private /tmp, and a fresh folder in it
        flags = _MS_NOSUID | _MS_NODEV
        _mount("tmpfs", "/tmp", "tmpfs", flags, f"size={PRIVATE_TMP_BYTES},mode=1777")
        workdir = "/tmp/work"
        os.mkdir(workdir, 0o755)
    os.chdir(workdir)  # after the covers: an over-mount does not move a working directory
    _call("prctl", _PR_SET_DUMPABLE, 0, 0, 0, 0)  # /proc/1 of the sandbox stays closed
    bindir = os.path.dirname(sys.executable)
    environment = {"PATH": f"{bindir}:{_SEARCH_PATH}", "HOME": workdir, "LANG": "C.UTF-8"}
    environment["TMPDIR"] = "/tmp"
    environment.update(item.split("=", 1) for item in args.env)
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child process
        try:
            _nested_unprivileged()
            _call("prctl", _PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
            _limits(args.memory, args.processes, args.file_bytes)
            os.closerange(3, 1 << 16)
            os.execvpe(args.argv[0], args.argv, environment)
        except BaseException as error:  # say why, never run the command half-sandboxed
            os.write(2, f"sandbox: cannot start {args.argv[0]}: {error}\n".encode())
        os._exit(127)

    def forward(signum: int, frame: object) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signum)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, forward)
    while True:  # pid 1 of the namespace: reap every orphan until the command ends
        pid, status = os.wait()
        if pid == child:
            code = os.waitstatus_to_exitcode(status)
            return code if code >= 0 else 128 - code  # killed by a signal: as a shell says


def main(arguments: Sequence[str] | None = None) -> int:
    """The launcher's command line (``python sandbox.py --hide P -- argv...``)."""
    parser = argparse.ArgumentParser(prog="sandbox", description="tilegames sandbox launcher")
    parser.add_argument("--hide", action="append", default=[])
    parser.add_argument("--workdir")
    parser.add_argument("--memory", type=int)
    parser.add_argument("--processes", type=int)
    parser.add_argument("--file-bytes", type=int)
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("argv", nargs="+")
    args = parser.parse_args(arguments)
    try:
        return _launch(args)
    except OSError as error:
        sys.stderr.write(f"sandbox: {error}\n")
        return 126


if __name__ == "__main__":
    sys.exit(main())
