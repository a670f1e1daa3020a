"""Thirty students sharing into the class store at the same moment: nothing lost, and how fast.

Thirty processes (one per student) wait at one barrier, then each shares a short
batch and at once its whole batch (the second replaces the first), through
``share(...)`` as a notebook calls it. Then the teacher's side reads the store:
cold (a new ``ClassStore``), again (remembered), and as on a hub of separate
accounts, where every share is another account's file and is replayed once.

    python benchmarks/class_store.py                      # 30 students, 200 deals each
    python benchmarks/class_store.py --rounds 3 --json benchmarks/class_store.json

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
    share("tula_stuck", rows.iloc[: games // 2], store=folder)
    first = time.perf_counter() - started
    share("tula_stuck", rows, store=folder)  # replaces the first
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


def main(argv: list[str] | None = None) -> int:
    import tilegames

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--json", help="add the figures to this JSON file (a list of runs)")
    args = parser.parse_args(argv)
    failed = False
    for _ in range(args.rounds):
        figures = one_round(args.students, args.games)
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
