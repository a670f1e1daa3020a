"""The sandbox's supervisor: outside the sandbox, it starts bubblewrap and holds the limits.

Run as ``python -I -S sandbox_supervisor.py PLAN -- bwrap ...`` (``PLAN`` is JSON
written by ``tilegames_course.grading.sandbox.command``; standard library only). Every
50 ms it finds the sandbox's processes (the process tree under bubblewrap: a
PID namespace's orphans stay in it) and sums their resident memory; every 0.5 s
it sums the size of the folders shared with the code. Past a limit, or past
the wall time, it kills the whole sandbox (bubblewrap's init, so the kernel
ends every process in the namespace) and exits with status 137, saying why on
stderr and in ``PLAN["report"]``. The code cannot reach it: it is outside the
sandbox's PID namespace and runs as another uid (or, for a non-root teacher,
the namespace's owner).

An interrupt (SIGINT, a kernel's "interrupt") is passed to the code; SIGTERM or
SIGHUP stop the sandbox. That is how a kernel manager ends a kernel slow to shut
down (on a busy machine, after the last cell), so it is said on stderr but not
written to the report: the report is for limits the code broke.

What it says is worded in the grader's language: it has no catalogs (``-I -S``), so
``tilegames_course.grading.sandbox`` translates ``WORDS`` and hands them over in the plan
(``PLAN["words"]``); English when a plan has none.

>>> _resident({os.getpid()}) > 0
True
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time

POLL_SECONDS = 0.05
"""How often the memory of the sandbox's processes is summed."""

KILLED = 137
"""The exit status when the supervisor stops the sandbox (as a shell reports SIGKILL)."""

FROM_OUTSIDE = "outside"
"""Why, when a SIGTERM or SIGHUP stopped it (not a broken limit: no report is written)."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs (``tilegames.i18n.N_``: this file imports no package)."""
    return message


WORDS = {
    "stopped": N_("sandbox: stopped: {why}"),
    "no bubblewrap": N_("sandbox: cannot start bubblewrap: {error}"),
    "memory": N_(
        "its processes held {used} MiB of memory together (the limit for the whole sandbox is "
        "{limit} MiB)"
    ),
    "seconds": N_("it ran longer than {seconds} s"),
    "folders": N_("it wrote more than {limit} MiB into the folders it shares"),
    FROM_OUTSIDE: N_("it was ended from outside"),
}
"""What the supervisor says, in English: ``PLAN["words"]`` gives them in the grader's language."""


def _parents() -> dict[int, list[int]]:
    """Each running process's children, read from ``/proc``."""
    parents: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as file:
                stat = file.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2 :].split()
        parents.setdefault(int(fields[1]), []).append(int(name))
    return parents


def tree(root: int) -> tuple[set[int], set[int]]:
    """Every process under ``root`` (not ``root``), and those among them that are its children."""
    parents = _parents()
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in parents.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found, set(parents.get(root, ()))


def _resident(pids: set[int]) -> int:
    """The resident memory of ``pids`` together, in bytes."""
    page, total = os.sysconf("SC_PAGE_SIZE"), 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm", "rb") as file:
                total += int(file.read().split()[1]) * page
        except (OSError, IndexError, ValueError):
            continue
    return total


def _folder_bytes(folders: list[str], cap: int) -> int:
    """The disk space under ``folders`` (stops counting past ``cap``)."""
    total = 0
    for folder in folders:
        for top, dirs, files in os.walk(folder):
            for name in files + dirs:
                try:
                    total += os.lstat(os.path.join(top, name)).st_blocks * 512
                except OSError:
                    continue
            if total > cap:
                return total
    return total


def supervise(plan: dict, bwrap: list[str]) -> int:
    """Run ``bwrap`` under ``plan``'s limits; the command's exit status (137 when stopped)."""
    for folder in plan.get("chown", []):  # the shared folders, and what the caller put there
        for top, dirs, files in os.walk(folder):
            for name in [".", *dirs, *files]:
                os.chown(os.path.join(top, name), plan["uid"], plan["uid"], follow_symlinks=False)
    fds = {}
    for name, text in plan.get("data", {}).items():  # small files made for the sandbox (passwd)
        fds[name] = os.memfd_create(name, 0)
        os.write(fds[name], text.encode())
        os.lseek(fds[name], 0, os.SEEK_SET)
    bwrap = [str(fds[a[1:]]) if a[:1] == "@" and a[1:] in fds else a for a in bwrap]
    words = {**WORDS, **plan.get("words", {})}
    child = os.fork()
    if child == 0:  # pragma: no cover - becomes bubblewrap
        try:
            os.setpgid(
                0, 0
            )  # a group of its own: a signal to ours (an interrupt) is ours to pass on
            for fd in fds.values():
                os.set_inheritable(fd, True)
            os.execvpe(bwrap[0], bwrap, plan["env"])
        except OSError as error:
            os.write(2, (words["no bubblewrap"].format(error=error) + "\n").encode())
        os._exit(127)
    for fd in fds.values():
        os.close(fd)
    stopped: list[tuple[str, str]] = []  # (the key of WORDS, the words)

    def stop(key: str = "", **values: object) -> None:
        """Kill the sandbox's processes; the first ``key`` (and its values) is why."""
        if key and not stopped:
            stopped.append((key, words[key].format(**values)))
        for pid in tree(child)[0]:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                continue

    def on_signal(signum: int, frame: object) -> None:
        if signum == signal.SIGINT:  # an interrupt is for the code, not for bubblewrap's init
            below, init = tree(child)
            for pid in below - init:
                try:
                    os.kill(pid, signal.SIGINT)
                except OSError:
                    continue
        else:
            stop(FROM_OUTSIDE)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, on_signal)
    total, seconds = plan.get("total_memory_bytes"), plan.get("seconds")
    deadline = None if seconds is None else time.monotonic() + seconds
    folders, cap = plan.get("watch", []), plan.get("watch_bytes", 0)
    next_size = 0.0
    while True:
        try:
            pid, status = os.waitpid(child, os.WNOHANG)
        except ChildProcessError:
            status, pid = 1 << 8, child
        if pid == child:
            break
        if stopped:
            stop()
        elif total is not None:
            used = _resident(tree(child)[0])
            if used > total:
                stop("memory", used=f"{used / 2**20:.0f}", limit=f"{total / 2**20:.0f}")
        now = time.monotonic()
        if deadline is not None and now > deadline and not stopped:
            stop("seconds", seconds=f"{seconds:g}")
        if folders and now >= next_size and not stopped:
            next_size = now + 0.5
            if _folder_bytes(folders, cap) > cap:
                stop("folders", limit=f"{cap / 2**20:.0f}")
        time.sleep(POLL_SECONDS)
    if stopped:
        key, why = stopped[0]
        sys.stderr.write(words["stopped"].format(why=why) + "\n")
        if plan.get("report") and key != FROM_OUTSIDE:
            try:
                with open(plan["report"], "w", encoding="utf-8") as file:
                    file.write(why + "\n")
            except OSError:
                pass
        return KILLED
    code = os.waitstatus_to_exitcode(status)
    return code if code >= 0 else 128 - code


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.stderr.write("usage: sandbox_supervisor.py PLAN -- bwrap ...\n")
        sys.exit(2)
    sys.exit(supervise(json.loads(sys.argv[1]), sys.argv[3:]))
