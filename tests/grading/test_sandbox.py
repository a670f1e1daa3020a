"""The sandbox, tried from inside with real processes: what a student's code can and cannot reach."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import pytest

from tilegames.grading import sandbox
from tilegames.grading.sandbox import SandboxUnavailable, available, command

OK, WHY = available()
needs_sandbox = pytest.mark.skipif(not OK, reason=f"no sandbox on this machine: {WHY}")


def inside(code: str, *, hide=(), workdir=None, cwd=None, env=None, **limits):
    """Run Python ``code`` in the sandbox; stdout parsed as JSON when the code printed some."""
    argv = command(
        [sys.executable, "-c", textwrap.dedent(code)], hide=hide, workdir=workdir, **limits
    )
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, cwd=cwd, env=env)
    return done


def said(done) -> dict:
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course folder: a source notebook with its solution, a gradebook, a student's folder."""
    (tmp_path / "source" / "h1").mkdir(parents=True)
    (tmp_path / "source" / "h1" / "h1.ipynb").write_text("the solutions")
    (tmp_path / "gradebook.db").write_text("every mark")
    (tmp_path / "submitted" / "ann" / "h1").mkdir(parents=True)
    (tmp_path / "autograded" / "ann" / "h1").mkdir(parents=True)
    return tmp_path


READ_BACK = """
import json, os
def attempt(path):
    try:
        with open(path) as file:
            return file.read()
    except OSError as error:
        return type(error).__name__
print(json.dumps({
    "listing": os.listdir(%(folder)r),
    "read": attempt(%(file)r),
    "gradebook": attempt(%(gradebook)r),
    "relative": attempt("../../../source/h1/h1.ipynb"),
    "cwd": os.getcwd(),
}))
"""


@needs_sandbox
def test_available_says_how():
    assert available() == (True, "user namespaces")


@needs_sandbox
def test_hidden_folders_read_as_empty_and_hidden_files_do_not_open(course):
    work = course / "autograded" / "ann" / "h1"
    code = READ_BACK % {
        "folder": str(course / "source"),
        "file": str(course / "source" / "h1" / "h1.ipynb"),
        "gradebook": str(course / "gradebook.db"),
    }
    seen = said(inside(code, hide=[course / "source", course / "gradebook.db"], workdir=work))
    assert seen["listing"] == []
    assert seen["read"] == "FileNotFoundError"
    assert seen["gradebook"] == "PermissionError"  # a hidden file cannot be opened
    assert seen["relative"] == "FileNotFoundError"
    assert seen["cwd"] == str(work)
    # the same code unsandboxed does read the course: the test above can fail
    plain = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=work)
    assert json.loads(plain.stdout)["read"] == "the solutions"


@needs_sandbox
def test_working_directory_is_entered_after_the_covers(course):
    # the grader stands inside a hidden folder when it starts the sandbox: an over-mount does not
    # move a working directory, so the launcher must change into the workdir after mounting
    work = course / "autograded" / "ann" / "h1"
    code = "import json, os; print(json.dumps([os.getcwd(), os.listdir('.')]))"
    cwd, listing = said(
        inside(code, hide=[course / "source"], workdir=work, cwd=course / "source" / "h1")
    )
    assert cwd == str(work)
    assert listing == []


@needs_sandbox
def test_default_workdir_is_fresh_and_private_tmp(tmp_path):
    (tmp_path / "other_student.ipynb").write_text("their work")
    code = f"""
    import json, os
    print(json.dumps([os.getcwd(), os.listdir("."), os.path.exists({str(tmp_path)!r}),
                      os.environ["HOME"]]))
    """
    cwd, listing, other_seen, home = said(inside(code))
    assert (cwd, listing, other_seen, home) == ("/tmp/work", [], False, "/tmp/work")


@needs_sandbox
def test_writing_into_a_hidden_folder_fails(course):
    code = f"""
    try:
        open({str(course / "source" / "new.txt")!r}, "w")
        print('"wrote"')
    except OSError as error:
        print('"' + type(error).__name__ + '"')
    """
    assert said(inside(code, hide=[course / "source"], workdir=course / "autograded")) == (
        "OSError"
    )
    assert not (course / "source" / "new.txt").exists()


UNMOUNT = """
import ctypes, json, os
libc = ctypes.CDLL(None, use_errno=True)
results = []
for flags in (0, 2):  # plain, then MNT_DETACH
    rc = libc.umount2(%(path)r.encode(), flags)
    results.append([rc, os.strerror(ctypes.get_errno())])
results.append(os.listdir(%(path)r))
print(json.dumps(results))
"""


@needs_sandbox
def test_the_student_cannot_unmount_a_cover(course):
    code = UNMOUNT % {"path": str(course / "source")}
    tries = said(inside(code, hide=[course / "source"], workdir=course / "autograded"))
    assert [rc for rc, _ in tries[:2]] == [-1, -1]
    assert tries[2] == []


@needs_sandbox
def test_not_even_as_root_of_a_namespace_of_its_own(course):
    # an unprivileged user may make its own user namespace and be root there: the covers were
    # made by a more privileged namespace, so the kernel keeps them locked
    code = UNMOUNT % {"path": str(course / "source")}
    argv = ["unshare", "--user", "--map-root-user", "--mount", sys.executable, "-c", code]
    done = subprocess.run(
        command(argv, hide=[course / "source"], workdir=course / "autograded"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    tries = said(done)
    assert [rc for rc, _ in tries[:2]] == [-1, -1]
    assert tries[2] == []


@needs_sandbox
def test_outer_processes_are_invisible(course):
    code = """
    import json, os
    pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
    lines = {p: open(f"/proc/{p}/cmdline", "rb").read().replace(b"\\0", b" ").decode()
             for p in pids}
    try:
        cwd_of_1 = os.readlink("/proc/1/cwd")
    except OSError as error:
        cwd_of_1 = type(error).__name__
    try:
        environ_of_1 = open("/proc/1/environ").read()
    except OSError as error:
        environ_of_1 = type(error).__name__
    print(json.dumps({"pids": pids, "me": os.getpid(), "lines": lines, "cwd_of_1": cwd_of_1,
                      "environ_of_1": environ_of_1}))
    """
    seen = said(inside(code, hide=[course / "source"], workdir=course / "autograded"))
    assert seen["pids"] == [1, seen["me"]]  # the sandbox's launcher and the code itself
    ours = Path("/proc/self/cmdline").read_bytes().replace(b"\0", b" ").decode()
    assert ours not in seen["lines"].values()
    assert "sandbox.py --hide" in seen["lines"]["1"]
    assert seen["cwd_of_1"] == "PermissionError"
    assert seen["environ_of_1"] == "PermissionError"


@needs_sandbox
def test_no_privileges_inside():
    code = """
    import json, os
    status = dict(line.split(":\\t", 1) for line in open("/proc/self/status"))
    print(json.dumps([os.getuid(), int(status["CapEff"], 16), int(status["NoNewPrivs"])]))
    """
    uid, capabilities, no_new_privs = said(inside(code))
    assert uid == sandbox.SANDBOX_UID != 0
    assert capabilities == 0
    assert no_new_privs == 1


@needs_sandbox
def test_a_minimal_environment(tmp_path):
    code = "import json, os; print(json.dumps(dict(os.environ)))"
    teacher = {**os.environ, "GRADEBOOK_PASSWORD": "swordfish"}
    seen = said(inside(code, workdir=tmp_path, env=teacher))
    assert "GRADEBOOK_PASSWORD" not in seen
    assert "PYTHONHASHSEED" not in seen
    assert set(seen) == {"PATH", "HOME", "LANG", "TMPDIR"}
    assert seen["HOME"] == str(tmp_path)
    extra = said(
        subprocess.run(
            command([sys.executable, "-c", code], hide=[], workdir=tmp_path, env={"ID": "ann"}),
            capture_output=True,
            text=True,
        )
    )
    assert extra["ID"] == "ann"


@needs_sandbox
def test_memory_and_file_size_limits(tmp_path):
    code = """
    import json
    try:
        block = bytearray(600 << 20)
        memory = "allocated"
    except MemoryError:
        memory = "MemoryError"
    try:
        with open("big", "wb") as file:
            file.write(b"x" * (3 << 20))
        size = "written"
    except OSError as error:
        size = type(error).__name__ + str(error.errno)
    print(json.dumps([memory, size]))
    """
    limited = said(inside(code, workdir=tmp_path, memory_bytes=400 << 20, file_bytes=1 << 20))
    assert limited == ["MemoryError", "OSError27"]  # EFBIG
    (tmp_path / "big").unlink()
    assert said(inside(code, workdir=tmp_path)) == ["allocated", "written"]


@needs_sandbox
def test_every_process_ends_with_the_sandbox(tmp_path):
    marker = f"left-behind-{uuid.uuid4().hex}"
    code = f"""
    import subprocess, sys
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", {marker!r}],
                     start_new_session=True)
    print("[]")
    """
    said(inside(code, workdir=tmp_path))
    assert _alive(marker) == []


def _alive(marker: str) -> list[str]:
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if marker.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            pass
    return found


@needs_sandbox
def test_killing_the_sandbox_kills_what_runs_inside(tmp_path):
    # what a grader does on a timeout: kill the process it started, and nothing may survive
    marker = f"timed-out-{uuid.uuid4().hex}"
    code = "import time; time.sleep(300)"
    process = subprocess.Popen(command([sys.executable, "-c", code, marker], hide=[]))
    for _ in range(100):
        if _alive(marker):
            break
        time.sleep(0.05)
    assert _alive(marker), "the sandboxed process never started"
    process.kill()
    process.wait(timeout=10)
    for _ in range(100):
        if not _alive(marker):
            break
        time.sleep(0.05)
    assert _alive(marker) == []


@needs_sandbox
def test_the_exit_status_comes_back(tmp_path):
    assert inside("raise SystemExit(3)", workdir=tmp_path).returncode == 3
    assert inside("import os, signal; os.kill(os.getpid(), 9)", workdir=tmp_path).returncode == 137


def test_bad_arguments_are_refused(tmp_path):
    with pytest.raises(ValueError, match="non-empty list of strings"):
        command("python", hide=[])
    with pytest.raises(ValueError, match="does not exist"):
        command(["true"], hide=[tmp_path / "missing"])
    (tmp_path / "source").mkdir()
    with pytest.raises(ValueError, match="is inside the hidden"):
        command(["true"], hide=[tmp_path], workdir=tmp_path / "source")
    with pytest.raises(ValueError, match="memory_bytes must be positive"):
        command(["true"], hide=[], memory_bytes=0)
    with pytest.raises(ValueError, match="whole file system"):
        command(["true"], hide=["/"])


def test_without_user_namespaces_command_says_why(monkeypatch):
    monkeypatch.setattr(sandbox, "available", lambda: (False, "user namespaces are disabled"))
    with pytest.raises(SandboxUnavailable, match="user namespaces are disabled"):
        command(["true"], hide=[])
    assert issubclass(SandboxUnavailable, RuntimeError)
