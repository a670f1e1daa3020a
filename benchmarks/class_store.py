"""Thirty students sharing into the class store at the same moment: nothing lost, and how fast.

Thirty processes (one per student) wait at one barrier, then each shares a short
batch and at once its whole batch (the second replaces the first), through
``share(...)`` as a notebook calls it. Then the teacher's side reads the store:
cold (a new ``ClassStore``), again (remembered), and as on a hub of separate
accounts, where every share is another account's file and is replayed once.
``--accounts`` (as root) makes that hub for real: a teacher and thirty throwaway
Unix accounts (removed afterwards), each student's shares run as that account.

    python benchmarks/class_store.py                      # 30 students, 200 deals each
    python benchmarks/class_store.py --rounds 3 --json benchmarks/class_store.json
    python benchmarks/class_store.py --accounts --json benchmarks/class_store.json  # as root

It prints one line per round; ``--json FILE`` adds the figures (with the command and
library version) to the list in FILE. ``lost`` counts rows that did not arrive or do
not replay; anything but 0 is a failure (exit 1).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path


def _student(args: tuple[str, str, int, object]) -> tuple[float, float]:
    folder, student, games, barrier = args
    os.environ["TILEGAMES_STUDENT"] = student  # this process is that student
    from tilegames.classroom import EXPERIMENTS, run, share

    rows = run(EXPERIMENTS["tula_stuck"], student, games)
    barrier.wait(timeout=120)
    started = time.perf_counter()
    assert share("tula_stuck", rows.iloc[: games // 2], store=folder), student
    first = time.perf_counter() - started
    assert share("tula_stuck", rows, store=folder), student  # replaces the first
    return first, time.perf_counter() - started - first


def one_round(students: int, games: int) -> dict:
    from tilegames.classroom import EXPERIMENTS, ClassStore, create_store, seeds
    from tilegames.classroom.checks import check_values, replay
    from tilegames.classroom.drop import read_drop

    stuck = EXPERIMENTS["tula_stuck"]
    with tempfile.TemporaryDirectory() as base:
        folder = create_store(Path(base) / "store")
        names = [f"s{i:02d}" for i in range(students)]
        context = multiprocessing.get_context("fork")
        with context.Manager() as manager:
            barrier = manager.Barrier(students)
            started = time.perf_counter()
            with context.Pool(students) as pool:
                times = pool.map(_student, [(str(folder), s, games, barrier) for s in names])
            wall = time.perf_counter() - started
        store = ClassStore(folder)
        started = time.perf_counter()
        rows = store.rows("tula_stuck")
        cold = time.perf_counter() - started
        started = time.perf_counter()
        store.rows("tula_stuck")
        warm = time.perf_counter() - started
        started = time.perf_counter()
        for found in read_drop(folder):  # as the teacher on a hub: every file another account's
            data = found.data
            values = check_values(stuck, data["student"], data["seeds"], data["values"])
            replay(stuck, data["seeds"], values)  # what the teacher's side does for such a file
        replayed = time.perf_counter() - started
        lost = 0
        for student in names:
            mine = rows[rows["student"] == student]
            expected = list(seeds(stuck, student)[:games])
            if list(mine["seed"]) != expected:
                lost += games
            else:
                lost += sum(float(stuck.play(s)) != v for s, v in zip(mine["seed"], mine["value"]))
        files = len([n for n in os.listdir(folder) if n.endswith(".share.json")])
    shares = [t for pair in times for t in pair]
    return {
        "students": students,
        "games_each": games,
        "shares": 2 * students,
        "rows": len(rows),
        "lost": lost,
        "files": files,
        "wall_seconds": round(wall, 2),
        "share_seconds_median": round(statistics.median(shares), 3),
        "share_seconds_max": round(max(shares), 3),
        "teacher_read_cold_seconds": round(cold, 3),
        "teacher_read_again_seconds": round(warm, 3),
        "teacher_read_replaying_every_share_seconds": round(replayed, 2),
    }


STUDENT = """
import json, sys, time
from pathlib import Path
from tilegames.classroom import EXPERIMENTS, run, share
from tilegames.exercises.handin import student_id
games = int(sys.argv[1])
rows = run(EXPERIMENTS["tula_stuck"], student_id(), games)
print("ready", flush=True)
while not Path(sys.argv[2]).exists():
    time.sleep(0.01)
started = time.perf_counter()
sent = share("tula_stuck", rows.iloc[: games // 2])
assert sent, sent
first = time.perf_counter() - started
sent = share("tula_stuck", rows)
assert sent, sent
print(json.dumps([first, time.perf_counter() - started - first]))
"""

TEACHER = """
import json, os, sys, time
from tilegames.classroom import ClassStore
store = ClassStore(os.environ["TILEGAMES_CLASS_STORE"])
started = time.perf_counter()
rows = store.rows("tula_stuck")
cold = time.perf_counter() - started
started = time.perf_counter()
store.rows("tula_stuck")
again = time.perf_counter() - started
refused = len(store.refusals("tula_stuck"))
print(json.dumps({"rows": {s: [int(x) for x in b["seed"]] for s, b in rows.groupby("student")},
                  "values": {s: [float(x) for x in b["value"]] for s, b in rows.groupby("student")},
                  "cold": cold, "again": again, "refused": refused}))
"""


def _open_to_all(python: str | None) -> bool:
    """Whether every account may run ``python`` by POSIX permissions: each folder on its real
    path passable by others, the file executable by others (a venv under /root is not)."""
    if not python:
        return False
    real = Path(os.path.realpath(python))
    return all(p.stat().st_mode & 0o001 for p in [real, *real.parents])


def _python_for_others() -> tuple[str, str]:
    """A python other accounts may run, and the PYTHONPATH finding this tilegames and pandas."""
    import shutil
    import subprocess
    import sysconfig

    import tilegames

    paths = os.pathsep.join(
        [str(Path(tilegames.__file__).resolve().parents[1]), sysconfig.get_paths()["purelib"],
         sysconfig.get_paths()["platlib"]]
    )  # fmt: skip
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for python in filter(_open_to_all, [sys.executable, shutil.which(version, path="/usr/bin")]):
        probe = subprocess.run(
            ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", python, "-c",
             "import tilegames.classroom, pandas"],
            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": paths, "HOME": "/tmp"},
            capture_output=True, check=False, cwd="/",
        )  # fmt: skip
        if probe.returncode == 0:
            return python, paths
    raise SystemExit("no python that other accounts may run finds tilegames and pandas")


def accounts_round(students: int, games: int) -> dict:
    """One round on real separate accounts (root only): the teacher's store, thirty students."""
    import pwd
    import secrets
    import shutil
    import subprocess

    from tilegames.classroom import EXPERIMENTS, seeds

    python, paths = _python_for_others()
    tag = secrets.token_hex(3)
    base = Path(tempfile.mkdtemp(prefix="tilegames-bench-hub-", dir="/tmp"))
    accounts: list[str] = []
    children: list = []

    def environment(account: str, **more: str) -> dict:
        home = pwd.getpwnam(account).pw_dir
        return {"PATH": "/usr/bin:/bin", "HOME": home, "PYTHONPATH": paths,
                "PYTHONDONTWRITEBYTECODE": "1", **more}  # fmt: skip

    def as_user(account: str) -> list[str]:
        return ["setpriv", f"--reuid={account}", f"--regid={account}", "--init-groups", python]

    try:
        for name in [f"tgbt{tag}", *(f"tgb{tag}s{i:02d}" for i in range(students))]:
            for _ in range(40):  # another process may hold /etc/passwd's lock for a moment
                made = subprocess.run(
                    ["useradd", "--create-home", "--user-group", name],
                    capture_output=True, text=True, check=False,
                )  # fmt: skip
                if made.returncode == 0 or "lock" not in made.stderr:
                    break
                time.sleep(0.25)
            if made.returncode:
                raise SystemExit(f"useradd {name}: {made.stderr.strip()}")
            accounts.append(name)
        teacher, names = accounts[0], accounts[1:]
        os.chmod(base, 0o755)
        os.chown(base, pwd.getpwnam(teacher).pw_uid, pwd.getpwnam(teacher).pw_gid)
        store = base / "store"
        subprocess.run([*as_user(teacher), "-m", "tilegames.classroom", "create", str(store)],
                       env=environment(teacher), check=True, capture_output=True, cwd="/")  # fmt: skip
        go = base / "go"
        children += [
            subprocess.Popen(
                [*as_user(name), "-c", STUDENT, str(games), str(go)],
                env=environment(name, TILEGAMES_CLASS_STORE=str(store), JUPYTERHUB_USER=name),
                stdout=subprocess.PIPE,
                text=True,
                cwd="/",
            )  # fmt: skip
            for name in names
        ]
        for child in children:
            assert child.stdout.readline().strip() == "ready"
        started = time.perf_counter()
        go.touch()
        times = [json.loads(child.communicate()[0].strip().splitlines()[-1]) for child in children]
        wall = time.perf_counter() - started
        seen = json.loads(subprocess.run(
            [*as_user(teacher), "-c", TEACHER], env=environment(teacher, TILEGAMES_CLASS_STORE=str(store)),
            check=True, capture_output=True, text=True, cwd="/",
        ).stdout.strip().splitlines()[-1])  # fmt: skip
        stuck = EXPERIMENTS["tula_stuck"]
        lost = 0
        for name in names:
            expected = list(seeds(stuck, name)[:games])
            if seen["rows"].get(name) != expected:
                lost += games
            else:
                truth = [float(stuck.play(s)) for s in expected]
                lost += sum(a != b for a, b in zip(truth, seen["values"][name]))
        files = len([n for n in os.listdir(store) if n.endswith(".share.json")])
    finally:
        for child in children:  # a student that never finished: ended (they are ours)
            if child.poll() is None:
                child.kill()
                child.wait()
        for name in accounts:
            for _ in range(40):
                gone = subprocess.run(
                    ["userdel", "--remove", name], capture_output=True, text=True, check=False
                )
                if gone.returncode in (0, 6) or "lock" not in gone.stderr:  # 6: no such user
                    break
                time.sleep(0.25)
        shutil.rmtree(base, ignore_errors=True)
    shares = [t for pair in times for t in pair]
    return {
        "accounts": "separate Unix accounts (one per student, and the teacher's)",
        "students": students,
        "games_each": games,
        "shares": 2 * students,
        "rows": sum(len(r) for r in seen["rows"].values()),
        "lost": lost,
        "files": files,
        "refused": seen["refused"],
        "wall_seconds": round(wall, 2),
        "share_seconds_median": round(statistics.median(shares), 3),
        "share_seconds_max": round(max(shares), 3),
        "teacher_read_cold_replaying_every_share_seconds": round(seen["cold"], 3),
        "teacher_read_again_seconds": round(seen["again"], 3),
    }


def main(argv: list[str] | None = None) -> int:
    import tilegames

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--json", help="add the figures to this JSON file (a list of runs)")
    parser.add_argument(
        "--accounts", action="store_true", help="each student its own Unix account (root only)"
    )
    args = parser.parse_args(argv)
    if args.accounts and os.geteuid() != 0:
        parser.error("--accounts makes throwaway Unix accounts: run it as root")
    failed = False
    for _ in range(args.rounds):
        figures = (accounts_round if args.accounts else one_round)(args.students, args.games)
        failed |= figures["lost"] != 0 or figures["rows"] != args.students * args.games
        print(json.dumps(figures))
        if args.json:
            record = {
                "command": "python " + " ".join([sys.argv[0], *(argv or sys.argv[1:])]),
                **figures,
                "tilegames_version": tilegames.__version__,
                "python": platform.python_version(),
                "cpus": os.cpu_count(),
                "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            }
            path = Path(args.json)
            runs = json.loads(path.read_text()) if path.exists() else []
            path.write_text(json.dumps([*runs, record], indent=2) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
