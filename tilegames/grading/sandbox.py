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
- the whole file system is read-only except the working directory and a
  private, empty ``/tmp`` and ``/dev/shm`` (so the code can change neither the
  grader nor the course, nor leave anything for the next student; a Python,
  venv or copy of this library that lives under ``/tmp`` is kept, read-only);
- the working directory is ``workdir`` (entered after the covers are mounted,
  so no relative path leads back into a hidden folder; what the code writes
  there is what the caller finds afterwards), or by default a fresh empty
  folder in the private ``/tmp``;
- with ``network=False``, a network of its own with only a loopback; always
  its own System V IPC;
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
import errno
import functools
import os
import re
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
_MS_REMOUNT, _MS_BIND, _MS_REC = 32, 4096, 16384
_MS_NOATIME, _MS_NODIRATIME, _MS_RELATIME, _MS_NOSYMFOLLOW = 1024, 2048, 1 << 21, 256
_STATVFS_TO_MOUNT = (  # os.statvfs flag -> mount(2) flag, for a remount that keeps them
    (1, _MS_RDONLY),
    (2, _MS_NOSUID),
    (4, _MS_NODEV),
    (8, _MS_NOEXEC),
    (1024, _MS_NOATIME),
    (2048, _MS_NODIRATIME),
    (4096, _MS_RELATIME),
    (8192, _MS_NOSYMFOLLOW),
)
_SYS_MOUNT_SETATTR, _AT_FDCWD, _AT_RECURSIVE, _MOUNT_ATTR_RDONLY = 442, -100, 0x8000, 1
_PR_SET_DUMPABLE, _PR_SET_NO_NEW_PRIVS = 4, 38
_SEARCH_PATH = "/usr/local/bin:/usr/bin:/bin"
_PRIVATE = ("/tmp/", "/dev/shm/")


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
        argv = [sys.executable, "-c", probe, secret]  # the strictest sandbox: no network either
        argv = _build(argv, hide=[secret], workdir=work, network=False)
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
    network: bool = True,
) -> list[str]:
    """An argv that runs ``argv`` sandboxed (see the module's docstring).

    ``hide``: folders that must read as empty (or files that must not open); ``workdir``: an existing
    folder to work in (None: a fresh empty one on a private ``/tmp``);
    ``memory_bytes``, ``processes``, ``file_bytes``: resource limits (None: no
    limit); ``env``: variables to add to the minimal environment; ``network``: True
    (default) shares the machine's network (a kernel inside can talk to its client
    outside over TCP on localhost), False gives the code a network of its own with
    only a loopback: nothing outside is reachable, not even a Jupyter server of
    the teacher's on localhost. Prefer False wherever the code needs no outside
    peer (a kernel can use ZMQ's ``ipc`` transport through the working directory).
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
        network=bool(network),
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
    network: bool = True,
) -> list[str]:
    outer = [
        shutil.which("unshare") or "unshare",
        "--user",
        "--map-root-user",
        "--mount",
        "--pid",
        "--ipc",
        "--fork",
        "--mount-proc",
        "--kill-child",
    ]
    launcher = [sys.executable, "-I", "-S", os.path.abspath(__file__)]
    if not network:
        outer.insert(-3, "--net")
        launcher.append("--loopback")
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
    for place in sorted({p for p in sys.path if p and os.path.isdir(p)}):
        launcher += ["--keep", place]  # this Python's own libraries (a .pth can add them anywhere)
    return [*outer, *launcher, "--", *argv]


# -- the launcher: runs inside the outer namespaces as their root ---------------------------------

_libc = None


def _libc_handle() -> ctypes.CDLL:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    return _libc


def _call(name: str, *args: object) -> None:
    if getattr(_libc_handle(), name)(*args) != 0:
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


def _cover(path: str, folder: bool | None = None) -> None:
    """Mount an empty read-only folder over ``path`` (over a file: a device no one may open)."""
    sealed = _MS_NOSUID | _MS_NODEV | _MS_NOEXEC
    if os.path.isdir(path) if folder is None else folder:
        _mount("tmpfs", path, "tmpfs", _MS_RDONLY | sealed, "size=4k,mode=0555")
    else:
        _mount("/dev/null", path, None, _MS_BIND)
        _mount("/dev/null", path, None, _MS_BIND | _MS_REMOUNT | _MS_RDONLY | sealed)


class _MountAttr(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint64) for name in ("set", "clear", "propagation", "userns")]


_REMOUNT_ONLY = False
"""True makes the launcher use the older kernels' way (remounts) even where mount_setattr exists."""


def _read_only(path: str, readonly: bool = True, *, recursive: bool = False) -> None:
    """Make the mount at ``path`` (and with ``recursive`` every mount below) read-only or not.

    ``mount_setattr(2)`` (Linux 5.12+) changes only that flag; older kernels get a
    remount of each mount that keeps its other flags (the kernel locks those).
    """
    attr = _MountAttr(_MOUNT_ATTR_RDONLY if readonly else 0, 0 if readonly else _MOUNT_ATTR_RDONLY)
    libc = _libc_handle()
    libc.syscall.restype = ctypes.c_long
    done, error = -1, errno.ENOSYS
    if not _REMOUNT_ONLY:
        done = libc.syscall(
            ctypes.c_long(_SYS_MOUNT_SETATTR),
            ctypes.c_int(_AT_FDCWD),
            path.encode(),
            ctypes.c_uint(_AT_RECURSIVE if recursive else 0),
            ctypes.byref(attr),
            ctypes.c_size_t(ctypes.sizeof(attr)),
        )
        error = ctypes.get_errno()
    if done == 0:
        return
    if error != errno.ENOSYS:
        raise OSError(error, f"cannot make {path} {'read-only' if readonly else 'writable'}")
    targets = [path]
    if recursive:
        with open("/proc/self/mountinfo") as table:
            points = [_unescape(line.split()[4]) for line in table]
        inside = path.rstrip("/") + "/"
        targets = [p for p in points if p == path or p.startswith(inside) or path == "/"]
    for target in dict.fromkeys(targets):
        try:
            kept = os.statvfs(target).f_flag
        except OSError:
            continue  # shadowed or gone: nothing reachable to change
        flags = sum(ms for st, ms in _STATVFS_TO_MOUNT if kept & st)
        flags = flags | _MS_RDONLY if readonly else flags & ~_MS_RDONLY
        _mount("none", target, None, _MS_REMOUNT | _MS_BIND | flags)


def _unescape(field: str) -> str:
    """A mount point as /proc/self/mountinfo writes it (octal escapes for spaces and such)."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def _loopback_up() -> None:
    """Switch on ``lo`` in the sandbox's own network namespace (it starts down)."""
    import fcntl
    import socket
    import struct

    siocgifflags, siocsifflags, iff_up = 0x8913, 0x8914, 0x1
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        request = struct.pack("16sH14x", b"lo", 0)
        flags = struct.unpack("16sH14x", fcntl.ioctl(probe, siocgifflags, request))[1]
        fcntl.ioctl(probe, siocsifflags, struct.pack("16sH14x", b"lo", flags | iff_up))


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


def _under(path: str, folder: str) -> bool:
    return folder == "/" or path == folder or path.startswith(folder.rstrip("/") + "/")


def _kept(args: argparse.Namespace) -> dict[str, int]:
    """What must stay visible in the private /tmp: the Python that runs, this package, argv[0]."""
    places = {sys.prefix, sys.base_prefix, *args.keep}
    places.add(os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))))
    for program in (sys.executable, args.argv[0]):  # a venv's folder, and what its links reach
        if os.path.isabs(program):
            places.add(os.path.dirname(os.path.dirname(os.path.abspath(program))))
            places.add(os.path.dirname(os.path.realpath(program)))
    kept = {}
    for place in sorted(os.path.realpath(p) for p in places):
        if not place.startswith(_PRIVATE) or any(_under(place, k) for k in kept):
            continue
        if any(_under(place, hidden) for hidden in args.hide):
            continue  # hidden it was asked to be
        if args.workdir is not None and _under(place, args.workdir):
            continue
        if os.path.isdir(place):
            kept[place] = os.open(place, os.O_PATH | os.O_DIRECTORY)
    return kept


def _launch(args: argparse.Namespace) -> int:
    workdir = args.workdir
    held = None if workdir is None else os.open(workdir, os.O_PATH | os.O_DIRECTORY)
    kept = _kept(args)
    folders = {path: os.path.isdir(path) for path in args.hide}
    for path in args.hide:
        _cover(path)
    if args.loopback:
        _loopback_up()
    _read_only("/", recursive=True)  # nothing outside the working directory can be changed
    _read_only("/proc", False)  # the sandbox's own /proc (the nested namespace writes its maps)
    flags = _MS_NOSUID | _MS_NODEV
    for private in ("/tmp", "/dev/shm"):  # fresh and empty: nothing left there by others
        if os.path.isdir(private):
            _mount("tmpfs", private, "tmpfs", flags, f"size={PRIVATE_TMP_BYTES},mode=1777")
    for place, fd in kept.items():  # as they were, read-only
        os.makedirs(place, exist_ok=True)
        _mount(f"/proc/self/fd/{fd}", place, None, _MS_BIND | _MS_REC)
        os.close(fd)
    if workdir is None:
        workdir = "/tmp/work"
        os.mkdir(workdir, 0o755)
    else:  # the workdir, put back in place (it may have been under /tmp) and writable
        if workdir.startswith(_PRIVATE) and not os.path.isdir(workdir):
            os.makedirs(workdir)
        _mount(f"/proc/self/fd/{held}", workdir, None, _MS_BIND | _MS_REC)
        os.close(held)
        _read_only(workdir, False)
    for path, folder in folders.items():  # the private folders hide them already: show them
        carried = _under(path, workdir) or any(_under(path, place) for place in kept)
        if path.startswith(_PRIVATE) and not carried:  # empty, as anywhere else
            os.makedirs(path if folder else os.path.dirname(path), exist_ok=True)
            if not folder:
                open(path, "a").close()
            _cover(path, folder)
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
        return 127  # the child ends here (the launcher registers no exit handlers)

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
    parser.add_argument("--keep", action="append", default=[])
    parser.add_argument("--loopback", action="store_true")
    parser.add_argument("--remount-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("argv", nargs="+")
    args = parser.parse_args(arguments)
    global _REMOUNT_ONLY
    _REMOUNT_ONLY = args.remount_only
    try:
        return _launch(args)
    except OSError as error:
        sys.stderr.write(f"sandbox: {error}\n")
        return 126


if __name__ == "__main__":
    sys.exit(main())
