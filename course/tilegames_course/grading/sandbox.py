"""Run a student's code in a sandbox built from an allowlist, with limits for the whole sandbox.

``command(argv)`` returns an argv that runs ``argv`` inside bubblewrap
(``bwrap``, Debian's ``bubblewrap``), watched from outside by this module's
supervisor. The code sees only what it is given, never what it is denied:

- read-only: ``/usr`` and the system's library links, a short list of ``/etc``
  files (a ``passwd`` and ``group`` of two lines, no ``shadow``, no ``ssh``, no
  Jupyter config), the Python interpreter's prefix, the packages the students
  may use — each ``site-packages`` in use, with every entry of the teacher's
  kit (``tilegames_course``, its ``dist-info``, its editable finder and ``.pth``)
  covered (an installed kit's folder is left empty, so at most an empty namespace
  package imports: no key, source or grading module) — and the ``tilegames`` package
  folder alone (an editable install's checkout, with its ``exercises/``,
  ``course/`` and ``tests/``, is not there);
- nothing else: no home, no course folder, no exchange, no Jupyter runtime;
  folders in ``hide`` that would fall inside a bound tree are covered;
- writable: a private working folder ``/student``, a ``/tmp`` and a ``/dev/shm``,
  each a tmpfs of ``scratch_bytes`` that vanishes with the sandbox (nothing is
  left in the teacher's ``TMPDIR``), and the ``share`` folders the caller names
  (a kernel's connection file and sockets), whose size the supervisor watches;
- no network (a network namespace of its own, loopback only: abstract unix
  sockets are per namespace too), its own PID, IPC and UTS namespaces;
- not the teacher's uid: run by root, the code runs as ``nobody`` (65534)
  outside and inside; run by another user, the processes are that user's
  outside but see nothing of theirs (the guide says what that means);
- limits for the sandbox **as a whole**, enforced by the supervisor outside
  (the code cannot reach it): the memory of all its processes together
  (``total_memory_bytes``, summed every 50 ms; past it the whole sandbox is
  killed), wall time (``seconds``), the share folders' size; and inside, per
  user namespace: ``processes`` (a fork burst is refused), address space per
  process, file size, no core files.

>>> import subprocess, sys, tempfile
>>> secret = tempfile.mkdtemp()
>>> show = f"import os; print(os.path.exists({secret!r}), os.getcwd())"
>>> ok, why = available()
>>> if ok:
...     argv = command([sys.executable, "-c", show])
...     print(subprocess.run(argv, capture_output=True, text=True).stdout.strip())
... else:
...     print("False /student")  # no sandbox here: nothing to show
False /student
>>> import os; os.rmdir(secret)

Where bubblewrap is missing or cannot run, ``command`` raises
``SandboxUnavailable`` saying why, and the caller refuses to grade.

The argv starts the supervisor (``sandbox_supervisor.py``, outside: it holds
the limits for the whole sandbox), which starts bubblewrap, which runs
``sandbox_inside.py`` (drops to the sandbox's uid, sets the per-process limits,
runs the command). Both use the standard library only and run with ``python -I -S``.
This module is the teacher's kit's (``tilegames_course``), which the sandbox covers,
answer keys and all: ``sandbox_inside.py`` is handed to ``python -c`` as its text,
so no path into the kit is needed inside.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence

try:
    from tilegames.i18n import N_, _

    from .sandbox_inside import CANNOT_START
    from .sandbox_supervisor import WORDS
except ImportError:  # this file run on its own (a system Python, a teacher's check): in English
    CANNOT_START, WORDS = "", {}

    def _(message: str) -> str:
        return message

    N_ = _

__all__ = ["SandboxUnavailable", "available", "command", "kit_entry"]


class SandboxUnavailable(RuntimeError):
    """The sandbox cannot be built on this machine; the message says why."""


SANDBOX_UID = 65534
"""The uid (and gid) the code runs as: ``nobody``. Run by root, it is that uid outside too."""

WORKDIR = "/student"
"""The private working folder inside (a tmpfs of ``scratch_bytes``)."""

KILLED = 137
"""The exit status when the supervisor stops the sandbox (as a shell reports SIGKILL)."""

ETC_FILES = (
    "hosts",
    "host.conf",
    "nsswitch.conf",
    "localtime",
    "timezone",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "ssl",
    "ca-certificates",
    "ca-certificates.conf",
    "alternatives",
    "fonts",
    "mime.types",
    "protocols",
    "services",
    "os-release",
    "debian_version",
    "locale.alias",
    "matplotlibrc",
)
"""What of ``/etc`` the code sees (with a two-line ``passwd`` and ``group`` written for it)."""

SYSTEM_LINKS = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
"""Top-level folders that are links into ``/usr`` on a merged-/usr system (else bound)."""

NEVER_UNDER_USR = ("/usr/src", "/usr/local/src", "/usr/local/etc/jupyter", "/usr/etc/jupyter")
"""Places under ``/usr`` covered anyway: checkouts and Jupyter's configuration live there."""

_KIT = re.compile(r"^(__editable__[._]*)?tilegames[-_.]course", re.IGNORECASE)
_SEARCH_PATH = "/usr/local/bin:/usr/bin:/bin"


def kit_entry(name: str) -> bool:
    """Is ``name`` (an entry of a ``site-packages``) part of the teacher's kit?

    >>> [kit_entry(n) for n in ("tilegames_course", "tilegames_course-0.4.0.dist-info",
    ...                         "__editable___tilegames_course_0_4_0_finder.py", "tilegames")]
    [True, True, True, False]
    """
    return bool(_KIT.match(name))


def available() -> tuple[bool, str]:
    """``(True, "bubblewrap")`` when the sandbox works here, else ``(False, why)``, ``why`` in
    the language in use.

    It is tried for real once per process (``probe``): a folder outside the allowlist must
    not exist inside, and the code must run as ``SANDBOX_UID`` (when root grades).
    """
    ok, why, values = probe()
    return ok, (_(why).format(**values) if values is not None else why)


@functools.lru_cache(maxsize=1)
def probe() -> tuple[bool, str, dict[str, str] | None]:
    """``(True, "bubblewrap", None)`` when the sandbox works here, else ``(False, why, values)``:
    ``why`` a message in English for the catalogs, ``values`` its placeholders' (kept so, once per
    process, and worded by ``available`` in the language in use each time it is asked)."""
    if not sys.platform.startswith("linux"):
        why = N_("the sandbox needs Linux namespaces; this is {platform}")
        return False, why, {"platform": sys.platform}
    if shutil.which("bwrap") is None:
        why = N_(
            "bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap; "
            "`make install` installs it)"
        )
        return False, why, {}
    with tempfile.TemporaryDirectory(prefix="tilegames-sandbox-probe-") as secret:
        script = (
            "import os, sys; sys.stdout.write(repr((os.path.exists(sys.argv[1]), os.getuid())))"
        )
        argv = _build([sys.executable, "-I", "-S", "-c", script, secret], _limits())
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.SubprocessError) as error:
            return False, N_("the sandbox could not start: {error}"), {"error": str(error)}
    if done.returncode != 0:
        said = done.stderr.strip().splitlines()
        if not said:
            why = N_("bubblewrap cannot build the sandbox here: exit status {status}")
            return False, why, {"status": str(done.returncode)}
        return False, N_("bubblewrap cannot build the sandbox here: {said}"), {"said": said[-1]}
    uid = SANDBOX_UID
    if done.stdout != repr((False, uid)):
        why = N_("the sandbox is not tight here (the probe said {said})")
        return False, why, {"said": repr(done.stdout)}
    return True, "bubblewrap", None


def command(
    argv: Sequence[str],
    *,
    hide: Sequence[os.PathLike | str] = (),
    workdir: os.PathLike | str | None = None,
    share: Sequence[os.PathLike | str] = (),
    memory_bytes: int | None = 4 << 30,
    total_memory_bytes: int | None = 3 << 30,
    processes: int | None = 256,
    file_bytes: int | None = 1 << 30,
    scratch_bytes: int = 512 << 20,
    seconds: float | None = None,
    env: Mapping[str, str] | None = None,
    network: bool = False,
    report: os.PathLike | str | None = None,
) -> list[str]:
    """An argv that runs ``argv`` sandboxed (see the module's docstring).

    ``hide``: folders or files that must not be readable even if they lie in a
    bound tree (anything outside the allowlist is absent anyway); ``workdir``:
    None (the private ``/student``) or an existing folder to bind writable at its own
    path and work in (its size is watched like a share's); ``share``: existing
    folders bound writable at their own paths (the caller's, to exchange files
    and sockets with the code; their size together is held under
    ``scratch_bytes``); ``memory_bytes``: address space per process;
    ``total_memory_bytes``: resident memory of all the sandbox's processes
    together; ``processes``: processes and threads at once; ``file_bytes``: the
    largest file; ``scratch_bytes``: each private tmpfs; ``seconds``: wall time
    (None: no limit). ``env``: variables added to the minimal environment;
    ``network``: False (default) gives a network of its own with only a loopback;
    True shares the machine's (never for a student's code). ``report``: a file the
    supervisor writes one line to when it stops the sandbox (why).
    Bad arguments raise ValueError; a machine without bubblewrap raises
    ``SandboxUnavailable`` with the reason.

    >>> command([])
    Traceback (most recent call last):
    ...
    ValueError: argv must be a non-empty list of strings (the program and its arguments)
    """
    argv = _check_argv(argv)
    hidden = [_existing(path, "hide") for path in hide]
    shared = [_existing(path, "share") for path in share]
    if workdir is not None:
        workdir = _existing(workdir, "workdir")
        if not os.path.isdir(workdir):
            raise ValueError(f"workdir {workdir} is not a directory")
    for path in [*shared, *([workdir] if workdir else [])]:
        if not os.path.isdir(path):
            raise ValueError(f"share {path} is not a directory")
        if any(_under(path, h) for h in hidden):
            raise ValueError(f"{path} is inside a hidden folder")
    limits = {
        "memory_bytes": memory_bytes,
        "total_memory_bytes": total_memory_bytes,
        "processes": processes,
        "file_bytes": file_bytes,
        "scratch_bytes": scratch_bytes,
    }
    for name, limit in limits.items():
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)):
            raise ValueError(f"{name} must be a whole number or None, not {limit!r}")
        if limit is not None and limit <= 0:
            raise ValueError(f"{name} must be positive, not {limit}")
    if seconds is not None and (isinstance(seconds, bool) or not seconds > 0):
        raise ValueError(f"seconds must be a positive number or None, not {seconds!r}")
    extra = dict(env or {})
    for key, value in extra.items():
        if not isinstance(key, str) or not key or "=" in key or not isinstance(value, str):
            raise ValueError(f"env entries must be NAME: text, not {key!r}: {value!r}")
    ok, why = available()
    if not ok:
        raise SandboxUnavailable(why)
    limits.update(
        seconds=seconds,
        env=extra,
        network=bool(network),
        hide=hidden,
        share=shared,
        workdir=workdir,
        report=None if report is None else os.path.abspath(os.fspath(report)),
    )
    return _build(argv, limits)


def _limits(**given: object) -> dict:
    plan = {
        "memory_bytes": 4 << 30,
        "total_memory_bytes": 3 << 30,
        "processes": 256,
        "file_bytes": 1 << 30,
        "scratch_bytes": 512 << 20,
        "seconds": None,
        "env": {},
        "network": False,
        "hide": [],
        "share": [],
        "workdir": None,
        "report": None,
    }
    plan.update(given)
    return plan


def _check_argv(argv: Sequence[str]) -> list[str]:
    if isinstance(argv, (str, bytes)) or not argv or not all(isinstance(a, str) for a in argv):
        raise ValueError("argv must be a non-empty list of strings (the program and its arguments)")
    return list(argv)


def _existing(path: os.PathLike | str, what: str) -> str:
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise ValueError(f"{what}: {path!r} is not a path")
    real = os.path.realpath(os.fspath(path))
    if not os.path.exists(real):
        raise ValueError(f"{what}: {os.fspath(path)} does not exist")
    if real == "/":
        raise ValueError(f"{what}: the whole file system cannot be {what}d")
    return real


def _under(path: str, folder: str) -> bool:
    return folder == "/" or path == folder or path.startswith(folder.rstrip("/") + "/")


# -- the allowlist: computed in the grader's process, which knows its Python -------------------


def _site_dirs() -> list[str]:
    """Every ``site-packages``/``dist-packages`` this Python uses or could be given."""
    import site
    import sysconfig

    found = [p for p in sys.path if os.path.basename(p.rstrip("/")) in _SITE_NAMES]
    with contextlib.suppress(AttributeError):
        found += site.getsitepackages()
    for key in ("purelib", "platlib"):
        with contextlib.suppress(KeyError):
            found.append(sysconfig.get_paths()[key])
    real = [os.path.realpath(p) for p in found if os.path.isdir(p)]
    return list(dict.fromkeys(real))


_SITE_NAMES = ("site-packages", "dist-packages")


def _allowlist(hide: Sequence[str]) -> list[list[str]]:
    """The bind plan: ``[kind, path]`` in order (``ro``, ``site``, ``cover``), see ``_supervise``."""
    plan: list[list[str]] = [["ro", "/usr"]]
    trees = ["/usr"]
    prefixes = [os.path.realpath(sys.base_prefix), os.path.realpath(sys.prefix)]
    base = prefixes[0]
    if not any(_under(base, t) for t in trees):
        plan.append(["ro", base])
        trees.append(base)
    for real in (
        os.path.realpath(sys.executable),
        os.path.dirname(os.path.realpath(sys.executable)),
    ):
        if not any(_under(real, t) for t in trees):  # an interpreter outside its prefix
            plan.append(["ro", os.path.dirname(real) if os.path.isfile(real) else real])
            trees.append(plan[-1][1])
    venv = prefixes[1]
    if venv != base:
        for part in ("bin", "pyvenv.cfg", "lib64"):
            path = os.path.join(venv, part)
            if os.path.lexists(path) and not any(_under(path, t) for t in trees):
                plan.append(["ro", path])
    in_use = {os.path.realpath(p) for p in sys.path if p}
    for site_dir in _site_dirs():
        inside = any(_under(site_dir, t) for t in trees)
        if site_dir in in_use:
            if inside:  # bound whole with its tree: cover it, then put its entries back
                plan.append(["cover", site_dir])
            plan.append(["site", site_dir])
        elif inside:
            plan.append(["cover", site_dir])  # another Python's packages: not the students'
    package = _tilegames_folder()
    if package and not any(_under(package, s) for k, s in plan if k == "site"):
        checkout = os.path.dirname(package)
        if any(_under(checkout, t) for t in trees) and _is_checkout(checkout):
            plan.append(["cover", checkout])  # a checkout inside /usr or a prefix: only the package
        plan.append(["ro", package])
    for path in NEVER_UNDER_USR:
        if os.path.isdir(path):
            plan.append(["cover", path])
    for path in hide:
        if any(_under(path, t) for t in trees) or any(
            _under(path, s) for k, s in plan if k in ("site", "ro")
        ):
            plan.append(["cover", path])
    return plan


def _tilegames_folder() -> str | None:
    """The folder of the ``tilegames`` package the grader uses (found, not imported)."""
    import importlib.util

    spec = importlib.util.find_spec("tilegames")
    if spec is None or not spec.origin or os.path.basename(spec.origin) != "__init__.py":
        return None
    return os.path.dirname(os.path.realpath(spec.origin))


@functools.cache
def _source(name: str) -> str:
    """The text of this folder's ``name`` (a runner started as ``python -c`` in the sandbox).

    The runners are this package's, which the sandbox covers with the rest of the teacher's
    kit (its answer keys lie beside them): the code reaches none of its files, so each runner
    is handed over as its text, never as a path into the kit.
    """
    with open(
        os.path.join(os.path.dirname(os.path.abspath(__file__)), name), encoding="utf-8"
    ) as f:
        return f.read()


def _is_checkout(folder: str) -> bool:
    return any(
        os.path.exists(os.path.join(folder, name))
        for name in (".git", "pyproject.toml", "setup.py", "exercises", "course")
    )


def _build(argv: list[str], limits: dict) -> list[str]:
    """The supervisor's argv: its plan (limits, what to watch), then bubblewrap's argv."""
    root = os.getuid() == 0
    allow = _allowlist(limits["hide"])
    bwrap = _bwrap_argv(allow, limits, root)
    here = os.path.dirname(os.path.abspath(__file__))
    inside = [sys.executable, "-I", "-S", "-c", _source("sandbox_inside.py")]
    if CANNOT_START:  # it has no catalogs: its words in the grader's language
        inside += ["--words", _(CANNOT_START)]
    for flag, key in (
        ("--memory", "memory_bytes"),
        ("--processes", "processes"),
        ("--file-bytes", "file_bytes"),
    ):
        if limits[key] is not None:
            inside += [flag, str(limits[key])]
    if root:
        inside += ["--drop", str(SANDBOX_UID)]
    workdir = limits["workdir"] or WORKDIR
    env = {"PATH": f"{os.path.dirname(sys.executable)}:{_SEARCH_PATH}", "LANG": "C.UTF-8"}
    env.update(HOME=workdir, TMPDIR="/tmp", USER="nobody", LOGNAME="nobody")
    package = _tilegames_folder()
    if package and ["ro", package] in allow:
        env["PYTHONPATH"] = os.path.dirname(package)  # the grader's tilegames, bound alone
    env.update(limits["env"])
    watch = [*limits["share"], *([limits["workdir"]] if limits["workdir"] else [])]
    plan = {
        "env": env,
        "total_memory_bytes": limits["total_memory_bytes"],
        "seconds": limits["seconds"],
        "watch": watch,
        "watch_bytes": limits["scratch_bytes"],
        "report": limits["report"],
        "words": {key: _(text) for key, text in WORDS.items()},  # it has no catalogs either
        "chown": watch if root else [],
        "uid": SANDBOX_UID,
        "data": {
            "passwd": f"root:x:0:0::/root:/bin/sh\n"
            f"nobody:x:{SANDBOX_UID}:{SANDBOX_UID}:nobody:{workdir}:/bin/sh\n",
            "group": f"root:x:0:\nnogroup:x:{SANDBOX_UID}:\n",
        },
    }
    supervisor = [sys.executable, "-I", "-S", os.path.join(here, "sandbox_supervisor.py")]
    return [*supervisor, json.dumps(plan), "--", *bwrap, *inside, "--", *argv]


def _etc_binds() -> list[str]:
    args: list[str] = []
    for name in ETC_FILES:
        path = os.path.join("/etc", name)
        if os.path.exists(path):
            args += ["--ro-bind", path, path]
    return args


def _kit_entries(folder: str) -> list[str]:
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [os.path.join(folder, n) for n in names if kit_entry(n)]


def _cover(path: str) -> list[str]:
    """bubblewrap's options that leave ``path`` empty: a folder with nothing in it, an empty file."""
    if os.path.isdir(path):
        return ["--perms", "0555", "--tmpfs", path, "--remount-ro", path]
    if os.path.lexists(path):
        return ["--ro-bind", "/dev/null", path]
    return []


def _bwrap_argv(allow: list[list[str]], limits: dict, root: bool) -> list[str]:
    """bubblewrap's argv: namespaces, the allowlist's binds, the private folders."""
    bwrap = shutil.which("bwrap") or "bwrap"
    args = [bwrap, "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"]
    args += ["--unshare-cgroup-try", "--die-with-parent", "--new-session", "--hostname", "sandbox"]
    if not root:  # unprivileged: bubblewrap makes the user namespace, with the code as nobody
        args += ["--unshare-user", "--disable-userns", "--uid", str(SANDBOX_UID)]
        args += ["--gid", str(SANDBOX_UID)]
    if limits["network"]:
        args.remove("--unshare-net")
    scratch = str(limits["scratch_bytes"])
    args += ["--dev", "/dev", "--proc", "/proc"]
    args += ["--size", scratch, "--tmpfs", "/tmp", "--size", scratch, "--tmpfs", "/dev/shm"]
    for link in SYSTEM_LINKS:
        if os.path.islink(link):
            args += ["--symlink", os.readlink(link), link]
        elif os.path.isdir(link):
            args += ["--ro-bind", link, link]
    args += _etc_binds()
    for name in ("passwd", "group"):  # two lines each, readable by all
        args += ["--perms", "0644", "--ro-bind-data", f"@{name}", f"/etc/{name}"]
    hidden = limits["hide"]
    for kind, path in allow:
        if kind == "ro" and os.path.lexists(path):
            args += ["--ro-bind", path, path]
        elif kind == "cover":
            args += _cover(path)
        elif kind == "site":  # the students' packages; the teacher's kit covered (one mount each)
            args += ["--ro-bind", path, path]
            for entry in _kit_entries(path):
                args += _cover(entry)
            for entry in hidden:
                if _under(entry, path):
                    args += _cover(entry)
    workdir = limits["workdir"] or WORKDIR
    if limits["workdir"]:
        args += ["--bind", workdir, workdir]
    else:
        args += ["--size", scratch, "--tmpfs", WORKDIR]
    for folder in limits["share"]:
        args += ["--bind", folder, folder]
    args += ["--chdir", workdir, "--remount-ro", "/"]
    return _with_parents(args)


def _with_parents(args: list[str]) -> list[str]:
    """``args`` with ``--dir``s that make every bind's missing parents traversable (0755).

    bubblewrap copies a parent's mode from the host (``/root`` is 0700): the code,
    which is not root, could not reach a Python bound below it. Each parent is
    made just before the first option that needs it (after any tmpfs above it).
    """
    takes = {"--ro-bind": 2, "--bind": 2, "--ro-bind-data": 2, "--tmpfs": 1, "--symlink": 2}
    takes.update({"--dev": 1, "--proc": 1})
    out: list[str] = []
    trees: list[str] = []
    made: set[str] = set()
    index = 0
    while index < len(args):
        option = args[index]
        width = takes.get(option, 0)
        start = index
        while start > 0 and args[start - 2] in ("--perms", "--size"):
            start -= 2  # the --perms/--size that go with this option stay before it
        if width:
            dest = args[index + width]
            if option == "--tmpfs":  # a fresh tmpfs: what was made below it is gone
                made = {m for m in made if not _under(m, dest)}
            parents, parent = [], os.path.dirname(dest)
            while parent not in ("/", ""):
                if parent not in made and not any(_under(parent, tree) for tree in trees):
                    parents.append(parent)
                parent = os.path.dirname(parent)
            extra = []
            for folder in reversed(parents):
                extra += ["--perms", "0755", "--dir", folder]
                made.add(folder)
            held = len(out) - (index - start)  # where this option's --perms/--size begin
            out[held:held] = extra
            if option in ("--ro-bind", "--bind", "--dev", "--proc"):
                trees.append(dest)
            out += args[index : index + width + 1]
            index += width + 1
        else:
            out.append(option)
            index += 1
    return out
