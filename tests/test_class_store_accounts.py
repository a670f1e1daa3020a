"""The class store on a hub of separate Unix accounts: a teacher and three students, for real.

Run as root (CI is), this makes throwaway accounts with ``useradd`` (removed
afterwards, even when a test fails): a teacher, ``ada``-like and ``bob``-like
students, and a third named as The Littlest JupyterHub names them
(``jupyter-<id>``). Every step runs as that account in its own process
(``setpriv``), through the public API a notebook calls. It shows: both shares
land; bob cannot list the store, nor read, change, replace or delete ada's
file even knowing its name; bob cannot share as ada, and a file he forges under
ada's id is not counted by the teacher; the teacher's dashboard sees every
valid share; bob's lesson reads the published summary, with no names; a store
bob cannot write says which store and why in one line.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

import tilegames

ROOT = Path(tilegames.__file__).resolve().parents[1]  # the tilegames under test

pytestmark = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("useradd"),
    reason="needs root (and useradd) to make throwaway Unix accounts; CI runs as root",
)


def _open_to_all(python: str | None) -> bool:
    """Whether every account may run ``python`` by POSIX permissions: each folder on its real
    path passable by others, the file executable by others (a venv under /root is not)."""
    if not python:
        return False
    real = Path(os.path.realpath(python))
    return all(p.stat().st_mode & 0o001 for p in [real, *real.parents])


def _python_for_others() -> tuple[str, str]:
    """A python other accounts can run, and the PYTHONPATH that finds this tilegames and its
    dependencies. This interpreter, if others may run it; else the system's python of the same
    version with this environment's site-packages (a venv under /root is not theirs to run)."""
    paths = os.pathsep.join(
        [str(ROOT), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    )
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    candidates = [sys.executable, shutil.which(version, path="/usr/bin:/usr/local/bin")]
    for python in filter(_open_to_all, candidates):
        probe = subprocess.run(
            ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", python, "-c",
             "import tilegames.classroom, pandas"],
            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": paths, "HOME": "/tmp",
                 "PYTHONDONTWRITEBYTECODE": "1"},
            capture_output=True, check=False, cwd="/",
        )  # fmt: skip
        if probe.returncode == 0:
            return python, paths
    pytest.skip(f"no python that other accounts may run finds tilegames and pandas ({candidates})")


class Hub:
    """The throwaway accounts and a folder they can all reach; ``run`` runs code as one of them."""

    def __init__(self, tag: str, base: Path, python: str, paths: str) -> None:
        self.tag, self.base, self.python, self.paths = tag, base, python, paths
        self.accounts: list[str] = []

    def add(self, name: str) -> str:
        command = ["useradd", "--create-home", "--user-group", "--shell", "/bin/sh", name]
        for _ in range(40):  # another process may hold /etc/passwd's lock for a moment
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode == 0 or "lock" not in done.stderr:
                break
            time.sleep(0.25)
        assert done.returncode == 0, f"useradd {name}: {done.stderr.strip()}"
        self.accounts.append(name)
        return name

    def run(self, account: str, code: str, **env: str) -> dict:
        """Run ``code`` as ``account``; it ends by printing one JSON line, returned here."""
        home = Path(os.path.expanduser(f"~{account}"))
        environment = {
            "PATH": "/usr/bin:/bin",
            "HOME": str(home),
            "PYTHONPATH": self.paths,
            "PYTHONDONTWRITEBYTECODE": "1",
            "MPLCONFIGDIR": str(home / ".mpl"),
            "MPLBACKEND": "Agg",
            **env,
        }
        done = subprocess.run(
            ["setpriv", f"--reuid={account}", f"--regid={account}", "--init-groups",
             self.python, "-c", textwrap.dedent(code)],
            env=environment, capture_output=True, text=True, timeout=300, cwd="/",
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-3000:]
        return json.loads(done.stdout.strip().splitlines()[-1])

    def remove(self) -> None:
        for name in self.accounts:
            for _ in range(40):
                done = subprocess.run(
                    ["userdel", "--remove", name], capture_output=True, text=True, check=False
                )
                if done.returncode in (0, 6) or "lock" not in done.stderr:  # 6: no such user
                    break
                time.sleep(0.25)
        shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture
def hub():
    python, paths = _python_for_others()
    tag = secrets.token_hex(3)
    base = Path(tempfile.mkdtemp(prefix="tilegames-hub-", dir="/tmp"))
    os.chmod(base, 0o755)
    made = Hub(tag, base, python, paths)
    try:
        yield made
    finally:
        made.remove()


SHARE = """
    import json, os
    from tilegames.classroom import EXPERIMENTS, Refused, StoreError, run
    from tilegames.classroom.store import share  # raises what the lesson's share() words
    from tilegames.exercises.handin import student_id
    games = int(os.environ["GAMES"])
    try:
        sent = share("tula_stuck", run(EXPERIMENTS["tula_stuck"], student_id(), games))
        print(json.dumps({"games": sent.games}))
    except (Refused, StoreError) as error:
        print(json.dumps({"error": type(error).__name__, "message": str(error)}))
"""

ATTACK = """
    import json, os
    from pathlib import Path
    store = Path(os.environ["TILEGAMES_CLASS_STORE"])
    target = store / os.environ["TARGET"]
    mine = store / os.environ["MINE"]
    tried = {}
    def attempt(what, action):
        try:
            action()
            tried[what] = "done"
        except OSError as error:
            tried[what] = type(error).__name__
    attempt("list", lambda: os.listdir(store))
    attempt("read", lambda: target.read_bytes())
    attempt("change", lambda: open(target, "r+").close())
    attempt("delete", lambda: os.unlink(target))
    attempt("replace", lambda: os.rename(mine, target))
    attempt("chmod", lambda: os.chmod(target, 0o666))
    print(json.dumps(tried))
"""

FORGE = """
    import json, os
    from tilegames.classroom import EXPERIMENTS, run
    from tilegames.classroom.drop import write_file
    victim = os.environ["VICTIM"]
    rows = run(EXPERIMENTS["tula_stuck"], victim, 30)
    data = {"format": "tilegames-class-share", "version": 1, "experiment": "tula_stuck",
            "student": victim, "sent": 9e9, "seeds": [int(s) for s in rows["seed"]],
            "values": [1.0] * 30}
    path = write_file(os.environ["TILEGAMES_CLASS_STORE"],
                      f"{victim}.tula_stuck.{'ab' * 16}.share.json", data)
    print(json.dumps({"wrote": path.name}))
"""

TEACHER = """
    import json, os
    from tilegames.classroom import ClassStore, Dashboard
    store = ClassStore(os.environ["TILEGAMES_CLASS_STORE"])
    rows = store.rows("tula_stuck")
    refused = store.refusals("tula_stuck")
    dashboard = Dashboard(store, "tula_stuck")
    print(json.dumps({
        "games": rows.groupby("student").size().to_dict(),
        "seeds": {s: [int(x) for x in b["seed"]] for s, b in rows.groupby("student")},
        "values": {s: [float(x) for x in b["value"]] for s, b in rows.groupby("student")},
        "refused": [[r.student, r.reason] for r in refused.itertuples()],
        "status": dashboard.status.value,
    }))
"""

LESSON = """
    import json
    from tilegames.classroom import class_results
    summary, where = class_results("tula_stuck")
    print(json.dumps({"where": where, "text": summary.text(names=False),
                      "students": [s.student for s in summary.students],
                      "games": summary.games}))
"""


def test_separate_accounts_share_their_own_rows_and_nothing_else(hub):
    from tilegames.classroom import EXPERIMENTS, run

    stuck = EXPERIMENTS["tula_stuck"]
    teacher = hub.add(f"tgt{hub.tag}")
    ada = hub.add(f"tga{hub.tag}")
    bob = hub.add(f"tgb{hub.tag}")
    cat_id = f"tgc{hub.tag}"
    cat = hub.add(f"jupyter-{cat_id}")  # The Littlest JupyterHub's name for the hub user cat
    os.chown(hub.base, *_ids(teacher))
    store = hub.base / "class-store"

    made = hub.run(
        teacher,
        f"""
        import json
        from tilegames.classroom import create_store
        print(json.dumps({{"mode": oct(create_store({str(store)!r}).stat().st_mode & 0o7777)}}))
        """,
    )
    assert made == {"mode": "0o3733"}
    env = {"TILEGAMES_CLASS_STORE": str(store)}

    # both (all three) shares land; ada shares twice and her second replaces her first
    assert hub.run(ada, SHARE, JUPYTERHUB_USER=ada, GAMES="20", **env) == {"games": 20}
    assert hub.run(ada, SHARE, JUPYTERHUB_USER=ada, GAMES="30", **env) == {"games": 30}
    assert hub.run(bob, SHARE, JUPYTERHUB_USER=bob, GAMES="25", **env) == {"games": 25}
    assert hub.run(cat, SHARE, JUPYTERHUB_USER=cat_id, GAMES="15", **env) == {"games": 15}
    files = {p.name: p.stat() for p in store.iterdir()}
    ada_file = next(n for n in files if n.startswith(f"{ada}.tula_stuck."))
    bob_file = next(n for n in files if n.startswith(f"{bob}.tula_stuck."))
    assert len([n for n in files if n.startswith(ada)]) == 1  # replaced, not a second file
    assert files[ada_file].st_uid == _ids(ada)[0] and files[ada_file].st_mode & 0o777 == 0o640
    assert files[ada_file].st_gid == _ids(teacher)[1]  # the teacher's group: only she reads it

    # bob cannot list the store, nor read, change, delete, replace or chmod ada's file, even by name
    tried = hub.run(bob, ATTACK, TARGET=ada_file, MINE=bob_file, **env)
    assert tried == {
        "list": "PermissionError",
        "read": "PermissionError",
        "change": "PermissionError",
        "delete": "PermissionError",
        "replace": "PermissionError",
        "chmod": "PermissionError",
    }
    assert (store / ada_file).stat().st_mtime_ns == files[ada_file].st_mtime_ns

    # bob cannot share as ada: his own notebook refuses, and a forged file is not counted
    as_ada = hub.run(bob, SHARE, JUPYTERHUB_USER=ada, GAMES="30", **env)
    assert as_ada == {
        "error": "Refused",
        "message": f"you are logged in as {bob!r}, so you share as yourself, not as {ada!r} "
        "(student_id() gives your id).",
    }
    assert hub.run(bob, FORGE, VICTIM=ada, **env)["wrote"].startswith(f"{ada}.tula_stuck.")

    # the teacher sees every valid share, and what was not counted, and why
    seen = hub.run(teacher, TEACHER, **env)
    assert seen["games"] == {ada: 30, bob: 25, cat_id: 15}
    for student, games in ((ada, 30), (bob, 25), (cat_id, 15)):
        mine = run(stuck, student, games)
        assert seen["seeds"][student] == [int(s) for s in mine["seed"]]
        assert seen["values"][student] == [float(v) for v in mine["stuck"]]
    reasons = {tuple(r) for r in seen["refused"]}
    assert (
        ada,
        f"not counted: a share claiming {ada!r} written by the account {bob!r}",
    ) in reasons
    assert any(s.startswith(f"{ada} (account {bob})") and "logged in as" in r for s, r in reasons)
    assert seen["status"].startswith("3 students, 70 rows")

    # bob's lesson reads the summary the teacher's dashboard published: figures, no names
    lesson = hub.run(bob, LESSON, JUPYTERHUB_USER=bob, **env)
    assert "dashboard showed it" in lesson["where"] and lesson["games"] == 70
    assert sorted(lesson["students"]) == ["student 1", "student 2", "student 3"]
    assert ada not in json.dumps(lesson) and cat_id not in json.dumps(lesson)
    assert lesson["text"].startswith(f"{stuck.title} 3 students shared 70 deals.")


def test_a_store_a_student_cannot_write_says_which_and_why_in_one_line(hub):
    teacher = hub.add(f"tgt{hub.tag}")
    bob = hub.add(f"tgb{hub.tag}")
    store = hub.base / "closed-store"
    store.mkdir(mode=0o755)
    os.chown(store, *_ids(teacher))  # made by hand without the students' write permission
    said = hub.run(bob, SHARE, JUPYTERHUB_USER=bob, GAMES="10", TILEGAMES_CLASS_STORE=str(store))
    assert said == {
        "error": "StoreError",
        "message": f"cannot write to the class store {store}: permission denied for the "
        f"account {bob!r}",
    }
    assert os.listdir(store) == []


def _ids(account: str) -> tuple[int, int]:
    import pwd

    entry = pwd.getpwnam(account)
    return entry.pw_uid, entry.pw_gid
