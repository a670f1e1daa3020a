"""The sandbox, broken into from inside with real processes: what a student's code can reach.

A teacher's machine is planted with canaries (a home with an ssh key and an
older course copy, a course folder with solutions and keys, a development
checkout's ``exercises/source``, an exchange, a unix socket in the home, a TCP
listener on localhost) and a probe walks every readable file from inside. The
limits for the sandbox as a whole are tried with the attacks of issue 33.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from pathlib import Path

import pytest

from tilegames_course.grading import sandbox
from tilegames_course.grading.sandbox import SandboxUnavailable, available, command

OK, WHY = available()
needs_sandbox = pytest.mark.skipif(not OK, reason=f"no sandbox on this machine: {WHY}")
TOKEN = f"canary-{uuid.uuid4().hex}"
"""In every planted file's name and content: found anywhere inside, the sandbox leaks."""


def inside(code: str, *, timeout: float = 90, **options) -> subprocess.CompletedProcess:
    """Run Python ``code`` in the sandbox (``options``: keywords of ``command``)."""
    argv = command([sys.executable, "-c", textwrap.dedent(code)], **options)
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout)


def said(done: subprocess.CompletedProcess):
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _plant(path: Path, text: str = TOKEN) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"{text} {TOKEN}")
    return path


@pytest.fixture
def teacher(tmp_path: Path):
    """A teacher's machine in miniature, every secret a canary; a unix socket listens in the home."""
    home = tmp_path / "home" / "teacher"
    places = {
        "ssh key": _plant(home / ".ssh" / f"id_rsa-{TOKEN}", "-----BEGIN OPENSSH PRIVATE KEY-----"),
        "old course": _plant(home / "old" / "source" / "w1_tula" / "w1_tula.ipynb"),
        "course solution": _plant(tmp_path / "course" / "source" / "w1_tula" / "w1_tula.ipynb"),
        "course key": _plant(tmp_path / "course" / "keys" / f"w1_tula-{TOKEN}.py"),
        "gradebook": _plant(tmp_path / "course" / "gradebook.db"),
        "checkout": _plant(tmp_path / "checkout" / "exercises" / "source" / "h3" / "h3.ipynb"),
        "exchange": _plant(tmp_path / "exchange" / "prob101" / "inbound" / f"bob+w1-{TOKEN}.ipynb"),
        "runtime": _plant(tmp_path / "runtime" / f"jpserver-{TOKEN}.json", '{"token": "x"}'),
    }
    # the temporary folders live in a folder only root may enter: let the sandbox's uid try anyway
    for path in [tmp_path, *tmp_path.rglob("*")]:
        os.chmod(path, 0o777 if path.is_dir() else 0o666)
    listener = socket.socket(socket.AF_UNIX)
    path_socket = str(home / "bus")
    listener.bind(path_socket)
    listener.listen()
    abstract = socket.socket(socket.AF_UNIX)
    abstract.bind(f"\0{TOKEN}")
    abstract.listen()
    tcp = socket.create_server(("127.0.0.1", 0))
    yield {
        "root": tmp_path,
        "places": places,
        "unix": path_socket,
        "abstract": f"\0{TOKEN}",
        "tcp": tcp.getsockname()[1],
        "course": tmp_path / "course",
    }
    for each in (listener, abstract, tcp):
        each.close()


PROBE = r"""
import json, os, socket, sys, time
token, places, unix, abstract, tcp, kit, python, top_folder = json.loads(sys.argv[1])
start, files, leaks, unreadable = time.monotonic(), 0, [], 0
SYSTEM = ("/usr/", "/proc/", "/sys/", "/dev/", python.rstrip("/") + "/")  # names only there
for top, dirs, names in os.walk(top_folder):
    if top.startswith(("/proc", "/sys", "/dev")):
        dirs[:] = []
        continue
    for name in names + dirs:
        path = os.path.join(top, name)
        if token in path or path.endswith(("/source/w1_tula/w1_tula.ipynb", "/source/h3/h3.ipynb")):
            leaks.append(path)
    for name in names:
        path = os.path.join(top, name)
        files += 1
        if path.startswith(SYSTEM) or "site-packages" in path or not os.path.isfile(path):
            continue
        try:
            with open(path, "rb") as file:
                if token.encode() in file.read(1 << 18):
                    leaks.append(path)
        except OSError:
            unreadable += 1
    if time.monotonic() - start > 90:
        leaks.append("the walk took longer than 90 s")
        break
opened = {}
for what, path in places.items():
    try:
        opened[what] = open(path).read()[:20]
    except OSError as error:
        opened[what] = type(error).__name__
def connect(family, address):
    try:
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.settimeout(3)
            s.connect(address)
        return "connected"
    except OSError as error:
        return type(error).__name__
reached = {
    "unix socket in the home": connect(socket.AF_UNIX, unix),
    "abstract unix socket": connect(socket.AF_UNIX, abstract),
    "tcp on the host's 127.0.0.1": connect(socket.AF_INET, ("127.0.0.1", tcp)),
    "the internet": connect(socket.AF_INET, ("1.1.1.1", 53)),
}
try:
    import tilegames_course
    kit_import = repr(getattr(tilegames_course, "__file__", None))
except ImportError as error:
    kit_import = type(error).__name__
print(json.dumps({"files": files, "leaks": leaks, "opened": opened, "reached": reached,
                  "kit_import": kit_import, "kit_files": [p for p in kit if os.path.exists(p)],
                  "interfaces": sorted(n for _, n in socket.if_nameindex())}))
"""


def _kit_files() -> list[str]:
    """The installed teacher's kit: its module, its solutions and keys (where it is installed)."""
    try:
        import tilegames_course
    except ImportError:
        return []
    data = tilegames_course.folder()
    found = [tilegames_course.__file__, str(data / "source" / "w1_tula" / "w1_tula.ipynb")]
    found += [str(p) for p in sorted((data / "keys").glob("*.py"))[:3]]
    # the grading code is the kit's too, beside its keys: the runners inside come as text
    grading = Path(sandbox.__file__).parent
    found += [
        str(grading / name) for name in ("sandbox_inside.py", "player_inside.py", "grader.py")
    ]
    return found


@needs_sandbox
def test_a_probe_walking_every_readable_file_finds_no_solution_key_or_canary(teacher):
    kit = _kit_files()
    assert all(os.path.exists(p) for p in kit)  # outside, they are there to be found
    places = {what: str(path) for what, path in teacher["places"].items()}
    python = os.path.realpath(sys.base_prefix)  # the interpreter's own files: names checked only
    argument = json.dumps(
        [TOKEN, places, teacher["unix"], teacher["abstract"], teacher["tcp"], kit, python, "/"]
    )
    seen = said(inside(PROBE.replace("sys.argv[1]", repr(argument)), timeout=150))
    assert seen["leaks"] == []
    assert seen["files"] > 1000  # the walk did go through the system and the Python
    assert set(seen["opened"].values()) == {"FileNotFoundError"}
    assert seen["reached"] == {
        "unix socket in the home": "FileNotFoundError",
        "abstract unix socket": "ConnectionRefusedError",
        "tcp on the host's 127.0.0.1": "ConnectionRefusedError",
        "the internet": "OSError",  # network unreachable: there is no route out
    }
    assert seen["kit_import"] == "ModuleNotFoundError"
    assert seen["kit_files"] == []
    assert seen["interfaces"] == ["lo"]


@needs_sandbox
def test_the_probe_finds_a_canary_it_is_shown(teacher):
    # the control: the course folder shared into the sandbox, the probe reports what it planted
    course = str(teacher["course"])
    places = {"course solution": str(teacher["places"]["course solution"])}
    argument = json.dumps([TOKEN, places, teacher["unix"], "", teacher["tcp"], [], "/usr", course])
    seen = said(inside(PROBE.replace("sys.argv[1]", repr(argument)), share=[course]))
    assert f"{course}/source/w1_tula/w1_tula.ipynb" in seen["leaks"]
    assert any(TOKEN in leak for leak in seen["leaks"])
    assert seen["opened"]["course solution"] == TOKEN[:20]  # read through the share


@needs_sandbox
def test_what_the_code_sees_of_the_system():
    code = """
    import json, os
    def read(path):
        try:
            return open(path).read()
        except OSError as error:
            return type(error).__name__
    print(json.dumps({"uid": os.getuid(), "cwd": os.getcwd(), "root": sorted(os.listdir("/")),
                      "passwd": read("/etc/passwd"), "shadow": read("/etc/shadow"),
                      "ssh": os.path.exists("/etc/ssh"), "jupyter": os.path.exists("/etc/jupyter"),
                      "home": os.path.exists("/home"), "env": dict(os.environ)}))
    """
    seen = said(inside(code, env={"ID": "ann"}))
    assert seen["uid"] == sandbox.SANDBOX_UID
    assert seen["cwd"] == sandbox.WORKDIR
    assert {"usr", "etc", "tmp", "proc", "dev", "student"} <= set(seen["root"])
    assert not {"home", "root", "srv", "var", "mnt", "opt"} & set(seen["root"]) - {
        Path(sys.base_prefix).parts[1]
    }
    assert seen["passwd"].count("\n") == 2 and "nobody" in seen["passwd"]
    assert (seen["shadow"], seen["ssh"], seen["jupyter"], seen["home"]) == (
        "FileNotFoundError",
        False,
        False,
        False,
    )
    assert set(seen["env"]) >= {"PATH", "HOME", "LANG", "TMPDIR", "ID"}
    assert not {"GRADEBOOK", "JUPYTER_TOKEN"} & set(seen["env"])


@needs_sandbox
def test_the_editable_checkout_shows_only_its_package():
    import tilegames

    package = Path(tilegames.__file__).resolve().parent
    checkout = package.parent
    kit = Path(sandbox.__file__).resolve().parents[1]  # the teacher's package, with the grading
    code = (
        f"import json, os, tilegames; kit = {str(kit)!r}\n"
        f"print(json.dumps([os.listdir({str(checkout)!r}), tilegames.__file__, "
        "os.listdir(kit) if os.path.isdir(kit) else None]))"
    )
    listing, imported, kit_holds = said(inside(code))
    assert kit_holds in (None, [])  # a checkout's is absent, an installed one's covered: empty
    if (checkout / "exercises").exists():  # no exercises/, course/, tests/ of the checkout
        expected = {"tilegames"}
        prefix = Path(sys.prefix).resolve()
        if prefix.is_relative_to(checkout):  # `make` puts the venv in the checkout: its Python
            expected.add(prefix.relative_to(checkout).parts[0])
        assert sorted(listing) == sorted(expected)
    assert imported == str(package / "__init__.py")


@needs_sandbox
def test_the_code_runs_as_nobody_outside_too():
    if os.getuid() != 0:
        pytest.skip("only root can make the code another uid outside")
    marker = f"uid-probe-{uuid.uuid4().hex}"
    process = subprocess.Popen(
        command([sys.executable, "-c", "import time; time.sleep(60)", marker])
    )
    try:
        pids = _wait_for(marker)
        uids = {
            line.split()[1]
            for pid in pids
            for line in Path(f"/proc/{pid}/status").read_text().splitlines()
            if line.startswith("Uid:")
        }
        assert uids == {str(sandbox.SANDBOX_UID)}
    finally:
        process.kill()
        process.wait()


@needs_sandbox
def test_a_cover_cannot_be_lifted_even_as_root_of_a_namespace_of_its_own():
    covered = [
        entry
        for site in sandbox._site_dirs()
        for entry in sandbox._kit_entries(site)
        if os.path.isdir(entry) and os.listdir(entry)
    ]
    if not covered:
        pytest.skip("the teacher's kit is not installed beside tilegames here")
    target = covered[0]
    script = f"umount -l {target}; echo umount=$?; ls -A {target} | wc -l"
    argv = ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script]
    done = subprocess.run(command(argv), capture_output=True, text=True, timeout=60)
    lines = done.stdout.split()
    if done.returncode != 0 and not lines:  # no user namespace may be made inside: held anyway
        assert "unshare" in done.stderr
        return
    assert lines[0] != "umount=0" and lines[1] == "0"


@needs_sandbox
def test_no_privileges_inside():
    code = """
    import json
    status = dict(line.split(":\\t", 1) for line in open("/proc/self/status"))
    print(json.dumps([int(status["CapEff"], 16), int(status["NoNewPrivs"])]))
    """
    assert said(inside(code)) == [0, 1]


@needs_sandbox
def test_six_processes_of_one_gib_against_two_gib_for_the_whole_sandbox_are_killed(tmp_path):
    code = """
    import subprocess, sys, time
    hog = "b = b'x' * (1 << 30); import time; time.sleep(60)"
    children = [subprocess.Popen([sys.executable, "-c", hog]) for _ in range(6)]
    time.sleep(60)
    print("survived")
    """
    report = tmp_path / "why.txt"
    started = time.monotonic()
    done = inside(
        code, memory_bytes=3 << 30, total_memory_bytes=2 << 30, report=report, timeout=120
    )
    assert done.returncode == sandbox.KILLED
    assert "survived" not in done.stdout
    assert time.monotonic() - started < 45
    assert "the limit for the whole sandbox is 2048 MiB" in report.read_text()


@needs_sandbox
def test_a_burst_of_400_processes_is_refused():
    code = """
    import json, os, signal, time
    made, refused = [], 0
    for _ in range(400):
        try:
            pid = os.fork()
        except OSError:
            refused += 1
            continue
        if pid == 0:
            time.sleep(30)
            os._exit(0)
        made.append(pid)
    for pid in made:
        os.kill(pid, signal.SIGKILL)
    print(json.dumps([len(made), refused]))
    """
    made, refused = said(inside(code, processes=64))
    assert made < 64
    assert made + refused == 400
    assert refused > 336


@needs_sandbox
def test_the_wall_time_is_held(tmp_path):
    report = tmp_path / "why.txt"
    started = time.monotonic()
    done = inside("import time; time.sleep(60)", seconds=2, report=report)
    assert done.returncode == sandbox.KILLED
    assert time.monotonic() - started < 20
    assert report.read_text() == "it ran longer than 2 s\n"


@needs_sandbox
def test_the_working_folder_is_private_size_limited_and_gone_after():
    name = f"left-{uuid.uuid4().hex}"
    code = f"""
    import json, os
    sizes = {{}}
    for folder in (os.getcwd(), "/tmp", "/dev/shm"):
        try:
            with open(os.path.join(folder, {name!r}), "wb") as file:
                for _ in range(64):
                    file.write(b"x" * (1 << 20))
            sizes[folder] = "wrote 64 MiB"
        except OSError as error:
            sizes[folder] = error.strerror
    print(json.dumps(sizes))
    """
    sizes = said(inside(code, scratch_bytes=16 << 20))
    assert sizes == {
        sandbox.WORKDIR: "No space left on device",
        "/tmp": "No space left on device",
        "/dev/shm": "No space left on device",
    }
    for folder in {tempfile.gettempdir(), "/tmp", "/var/tmp", "/dev/shm"}:
        assert not list(Path(folder).glob(f"*/{name}")) and not (Path(folder) / name).exists()


@needs_sandbox
def test_a_shared_folder_is_writable_and_its_size_watched(tmp_path):
    share = tmp_path / "share"
    share.mkdir()
    report = tmp_path / "why.txt"
    ok = inside(f"open({str(share / 'hello')!r}, 'w').write('hi')", share=[share])
    assert ok.returncode == 0, ok.stderr
    assert (share / "hello").read_text() == "hi"
    flood = f"""
    import time
    with open({str(share / "flood")!r}, "wb") as file:
        for _ in range(40):
            file.write(b"x" * (1 << 20)); file.flush(); time.sleep(0.05)
    time.sleep(30)
    """
    done = inside(flood, share=[share], scratch_bytes=8 << 20, report=report)
    assert done.returncode == sandbox.KILLED
    assert "into the folders it shares" in report.read_text()


@needs_sandbox
def test_every_process_ends_with_the_sandbox():
    marker = f"left-behind-{uuid.uuid4().hex}"
    code = f"""
    import subprocess, sys
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", {marker!r}],
                     start_new_session=True)
    """
    assert inside(code).returncode == 0
    assert _alive(marker) == []


@needs_sandbox
def test_killing_the_sandbox_kills_what_runs_inside():
    marker = f"timed-out-{uuid.uuid4().hex}"
    process = subprocess.Popen(
        command([sys.executable, "-c", "import time; time.sleep(300)", marker])
    )
    _wait_for(marker)
    process.kill()
    process.wait(timeout=10)
    for _ in range(100):
        if not _alive(marker):
            break
        time.sleep(0.05)
    assert _alive(marker) == []


@needs_sandbox
def test_an_interrupt_reaches_the_code_and_the_sandbox_goes_on():
    # as Jupyter interrupts a kernel: SIGINT to the process group it started
    code = """
    import time
    for _ in range(2):
        try:
            time.sleep(4)
            print("slept", flush=True)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
    """
    process = subprocess.Popen(
        command([sys.executable, "-c", textwrap.dedent(code)]),
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(1.5)
    os.killpg(process.pid, 2)
    out, _ = process.communicate(timeout=30)
    assert (out, process.returncode) == ("interrupted\nslept\n", 0)


@needs_sandbox
def test_a_terminate_ends_everything_without_blaming_the_code(tmp_path):
    # as a kernel manager ends a kernel slow to shut down: SIGTERM, then it waits
    marker = f"terminated-{uuid.uuid4().hex}"
    report = tmp_path / "why.txt"
    process = subprocess.Popen(
        command([sys.executable, "-c", "import time; time.sleep(300)", marker], report=report),
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_for(marker)
    process.terminate()
    _, err = process.communicate(timeout=30)
    assert process.returncode == sandbox.KILLED
    assert "ended from outside" in err
    assert _alive(marker) == []
    assert not report.exists()  # the report is for limits the code broke


@needs_sandbox
def test_the_exit_status_comes_back():
    assert inside("raise SystemExit(3)").returncode == 3
    assert inside("import os; os.kill(os.getpid(), 9)").returncode == 137
    missing = subprocess.run(command(["/no/such/program"]), capture_output=True, text=True)
    assert missing.returncode == 126
    assert "sandbox: cannot start the command" in missing.stderr


def test_bad_arguments_are_refused(tmp_path):
    with pytest.raises(ValueError, match="non-empty list of strings"):
        command("python")
    with pytest.raises(ValueError, match="does not exist"):
        command(["true"], hide=[tmp_path / "missing"])
    (tmp_path / "source").mkdir()
    with pytest.raises(ValueError, match="inside a hidden folder"):
        command(["true"], hide=[tmp_path], share=[tmp_path / "source"])
    with pytest.raises(ValueError, match="total_memory_bytes must be positive"):
        command(["true"], total_memory_bytes=0)
    with pytest.raises(ValueError, match="seconds must be a positive number"):
        command(["true"], seconds=0)


def test_without_bubblewrap_command_says_why(monkeypatch):
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    ok, why, values = sandbox.probe.__wrapped__()
    assert not ok and "bubblewrap (bwrap) is not installed" in why and values == {}
    monkeypatch.setattr(sandbox, "available", lambda: (False, why))
    with pytest.raises(SandboxUnavailable, match="apt-get install bubblewrap"):
        command(["true"])


def test_the_kit_is_told_apart_by_its_names():
    names = [
        "tilegames_course",
        "tilegames_course-0.4.0.dist-info",
        "__editable__.tilegames_course-0.4.0.pth",
        "__editable___tilegames_course_0_4_0_finder.py",
        "tilegames",
        "tilegames-0.4.0.dist-info",
        "numpy",
    ]
    assert [sandbox.kit_entry(n) for n in names] == [True] * 4 + [False] * 3


TEACHER = """
import importlib.util, json, subprocess, sys
spec = importlib.util.spec_from_file_location("sandbox", sys.argv[1])
sandbox = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sandbox)
secret = sys.argv[2]
inner = ("import json, os; print(json.dumps([os.path.exists(%r), os.getcwd(), os.getuid()]))"
         % secret)
done = subprocess.run(sandbox.command([sys.executable, "-c", inner]), capture_output=True, text=True)
print(json.dumps([sandbox.available(), done.returncode, done.stdout, done.stderr]))
"""


def _unprivileged_python() -> list[str] | None:
    """A command line that runs a system Python as user nobody (only root can make one)."""
    setpriv, python = shutil.which("setpriv"), shutil.which("python3", path="/usr/bin:/bin")
    if os.geteuid() != 0 or not setpriv or not python:
        return None
    argv = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all"]
    argv += ["--bounding-set=-all", python, "-I", "-S"]
    readable = subprocess.run([*argv, "-c", f"open({sandbox.__file__!r}).read()"], cwd="/")
    return argv if readable.returncode == 0 else None


@needs_sandbox
def test_a_teacher_without_root_gets_the_same_sandbox():
    python = _unprivileged_python()
    if python is None:
        pytest.skip("needs root (to become user nobody), setpriv and a system python3")
    secret = tempfile.mkdtemp(dir="/var/tmp" if os.path.isdir("/var/tmp") else None)
    try:
        os.chmod(secret, 0o755)
        done = subprocess.run(
            [*python, "-c", TEACHER, sandbox.__file__, secret],
            capture_output=True,
            text=True,
            cwd="/",
        )
        available_there, status, out, err = json.loads(done.stdout)
        assert available_there == [True, "bubblewrap"]
        assert status == 0, err
        assert json.loads(out) == [False, sandbox.WORKDIR, sandbox.SANDBOX_UID]
    finally:
        shutil.rmtree(secret)


def _alive(marker: str) -> list[str]:
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if marker.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            pass
    return found


def _wait_for(marker: str) -> list[str]:
    for _ in range(200):
        found = [
            p for p in _alive(marker) if "sandbox" not in Path(f"/proc/{p}/cmdline").read_text()
        ]
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("the sandboxed process never started")
