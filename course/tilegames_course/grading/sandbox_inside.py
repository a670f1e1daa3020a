"""The sandbox's last step, inside it: drop to the sandbox's uid, set the limits, run the command.

Run by bubblewrap as ``python -I -S sandbox_inside.py [--drop UID] [limits] -- argv``
(standard library only, so it starts in a few milliseconds):

- ``--drop UID``: bubblewrap ran as root (no user namespace of its own), so this
  step is still root: it gives the private folders to ``UID``, becomes ``UID``
  for good, and enters a user namespace of its own (the process limit then
  counts only the sandbox's processes, and every mount above is locked);
- ``--memory``, ``--processes``, ``--file-bytes``: address space per process,
  processes at once, the largest file; core files are off; ``no_new_privs`` is set;
- ``--words TEXT``: the line it writes when the command cannot start (``CANNOT_START``),
  in the grader's language (``tilegames_course.grading.sandbox`` translates it: this step has
  no catalogs); English without it.

>>> _limits_of(["--memory", "10", "--words", "x {error}", "--", "true"])
({'memory': 10, 'processes': None, 'file-bytes': None, 'drop': None}, ['true'])
>>> _words(["--words", "x {error}", "--", "true"]), _words(["--", "true"]) == CANNOT_START
('x {error}', True)
"""

from __future__ import annotations

import ctypes
import os
import sys

_PR_SET_DUMPABLE, _PR_SET_NO_NEW_PRIVS = 4, 38
_CLONE_NEWUSER = 0x10000000
_FLAGS = ("memory", "processes", "file-bytes", "drop")


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs (``tilegames.i18n.N_``: this file imports no package)."""
    return message


CANNOT_START = N_("sandbox: cannot start the command: {error}")
"""What it says when the command cannot start, in English (``--words``: in the grader's)."""


def _words(arguments: list[str]) -> str:
    """The ``--words`` given before ``--``, else ``CANNOT_START``."""
    options = arguments[: arguments.index("--")] if "--" in arguments else arguments
    for index, option in enumerate(options[:-1]):
        if option == "--words":
            return options[index + 1]
    return CANNOT_START


def _limits_of(arguments: list[str]) -> tuple[dict[str, int | None], list[str]]:
    """The options (whole numbers) and the command after ``--``."""
    given: dict[str, int | None] = dict.fromkeys(_FLAGS)
    rest = list(arguments)
    while rest and rest[0] != "--":
        flag, value, *rest = rest
        if flag == "--words":
            continue
        if flag.removeprefix("--") not in given:
            raise ValueError(f"unknown option {flag}")
        given[flag.removeprefix("--")] = int(value)
    if len(rest) < 2:
        raise ValueError("no command after --")
    return given, rest[1:]


def _write(path: str, text: str) -> None:
    with open(path, "w") as file:
        file.write(text)


def _check(done: int, what: str, libc: ctypes.CDLL) -> None:
    if done != 0:
        raise OSError(ctypes.get_errno(), what)


def run(arguments: list[str]) -> None:
    """Become the sandbox's user, set the limits, and exec the command (never returns)."""
    import resource  # Linux's (imported here: the grader reads CANNOT_START on any system)

    given, argv = _limits_of(arguments)
    libc = ctypes.CDLL(None, use_errno=True)
    uid = given["drop"]
    if uid is not None:  # root so far (bubblewrap ran as root): the code must not be root anywhere
        for place in (os.getcwd(), "/tmp", "/dev/shm"):
            os.chown(place, uid, uid)
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
        # a changed uid leaves the process not dumpable, and /proc/self root's: take it back
        _check(libc.prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0), "cannot set dumpable", libc)
        _check(libc.unshare(ctypes.c_int(_CLONE_NEWUSER)), "cannot make a user namespace", libc)
        _write("/proc/self/setgroups", "deny")
        _write("/proc/self/uid_map", f"{uid} {uid} 1")
        _write("/proc/self/gid_map", f"{uid} {uid} 1")
    _check(libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "cannot set no_new_privs", libc)
    for kind, limit in (
        (resource.RLIMIT_AS, given["memory"]),
        (resource.RLIMIT_NPROC, given["processes"]),
        (resource.RLIMIT_FSIZE, given["file-bytes"]),
        (resource.RLIMIT_CORE, 0),
    ):
        if limit is not None:
            resource.setrlimit(kind, (limit, limit))
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    try:
        run(sys.argv[1:])
    except (OSError, ValueError) as error:
        sys.stderr.write(_words(sys.argv[1:]).format(error=error) + "\n")
        sys.exit(126)
