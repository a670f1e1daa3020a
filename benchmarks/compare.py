"""This checkout against a previous release, side by side in one run: games/s per study.

    .venv/bin/python benchmarks/compare.py [--against 14a9841] [--repeats 5] [--seconds 2]

The previous release is checked out into a temporary git worktree and its Maze
extension built in place with this Python. Each study's task (the function a
``tilegames simulate`` run calls once per game) is then timed in fresh
subprocesses, ``PYTHONPATH`` pointing at one tree or the other, alternating
old, new, new, old, old, new... so a busy machine slows both alike. Both trees play the
same seeded games (the number is fixed by a first calibration run). Rates are
games per CPU second of the timing process (time.process_time), so time spent
waiting for a core on a busy machine does not count. Writes
``benchmarks/compare.json`` (best and median games/s of each, the ratios) and
prints a table; a ratio below 1 means this checkout is slower.

On a busy machine even CPU seconds wander by 20% (cores share caches), so
``--instructions`` counts instead: each tree plays the same seeded games under
valgrind's callgrind, and again with none, and the difference divided by the
games is the machine instructions one game costs. The count does not depend on
the load (it misses only cache and memory stalls); it writes
``benchmarks/compare_instructions.json``; a ratio below 1 is still "slower".

    .venv/bin/python benchmarks/compare.py --instructions [--against REF] [--study NAME]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_AGAINST = "14a9841"  # the 0.3.0 release

STUDIES: dict[str, tuple[str, str, dict]] = {
    # name: (module, task, keyword arguments), as the command line's studies call them
    # (Tula's line-up: `lineup` since 0.5, `players` before; the timer passes the tree's name)
    "tula_greedy_random": ("tilegames.tula.study", "deal_task", {"lineup": ["greedy", "random"]}),
    "tula_solver": ("tilegames.tula.study", "deal_task", {"lineup": ["solver"]}),
    "tula_random": ("tilegames.tula.study", "deal_task", {"lineup": ["random"]}),
    # the node budget alone ends a search (a clock would cut it where the machine is slow)
    "maze_solver": ("tilegames.maze.study", "solve_task", {"max_seconds": float("inf")}),
    "triominos_greedy_2p": (
        "tilegames.triominos.study",
        "round_task",
        {"players": 2, "player": "greedy"},
    ),
    "pyramids_careful_2p": (
        "tilegames.pyramids.study",
        "game_task",
        {"players": 2, "player": "careful"},
    ),
}

TIMER = r"""
import importlib, json, sys, time
import numpy as np
module, name, kwargs, games, seconds = json.loads(sys.argv[1])
module = importlib.import_module(module)
task = getattr(module, name)
if "lineup" in kwargs:  # an older tree calls Tula's line-up `players`
    import inspect
    lineup = tuple(kwargs.pop("lineup"))
    named = "lineup" if "lineup" in inspect.signature(task).parameters else "players"
    kwargs[named] = lineup
warm = np.random.default_rng(999)
for _ in range(3):
    task(warm, **kwargs)
rng = np.random.default_rng(2026)
played, start, cpu = 0, time.perf_counter(), time.process_time()
fixed = seconds is None or games  # seconds None: exactly `games` games, even none
while (fixed and played < games) or (not fixed and time.perf_counter() - start < seconds):
    task(rng, **kwargs)
    played += 1
cpu, elapsed = time.process_time() - cpu, time.perf_counter() - start
print(json.dumps({"games": played, "seconds": cpu, "wall": elapsed, "file": module.__file__}))
"""


MIN_COUNTED = 6
"""The fewest games counted per study (a Maze search can take a second)."""


def count_instructions(tree: Path, study: str, games: int) -> int:
    """Instructions (callgrind's Ir) a fresh Python with ``tree`` spends on ``games`` games
    of ``study``, start-up included."""
    module, name, kwargs = STUDIES[study]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    with tempfile.TemporaryDirectory() as neutral:
        done = subprocess.run(
            [
                "valgrind", "--tool=callgrind", f"--callgrind-out-file={neutral}/out",
                sys.executable, "-c", TIMER, json.dumps([module, name, kwargs, games, None]),
            ],
            env=env, cwd=neutral, capture_output=True, text=True, check=True,
        )  # fmt: skip
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if not Path(result["file"]).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"{study} imported {result['file']}, not the tree {tree}")
    collected = [line for line in done.stderr.splitlines() if "Collected :" in line]
    return int(collected[-1].split(":")[-1].replace(",", "").strip())


def compare_instructions(
    old: Path, new: Path, studies: list[str], seconds: float, games: int | None = None
) -> dict:
    """Instructions per game of each tree, per study (the games: the first ``games`` seeded
    ones, or as many as ``seconds`` of play at full speed; the same seeded games for both, so
    two runs with the same ``games`` count the same games)."""
    figures = {}
    fixed = games
    for study in studies:
        games = fixed or max(MIN_COUNTED, run_timer(new, study, 0, seconds)["games"])
        row: dict = {"games_counted": games}
        for side, tree in (("old", old), ("new", new)):
            spent = count_instructions(tree, study, games) - count_instructions(tree, study, 0)
            row[f"{side}_instructions_per_game"] = round(spent / games)
        row["ratio"] = round(row["old_instructions_per_game"] / row["new_instructions_per_game"], 4)
        figures[study] = row
        print(
            f"{study:<26}  old {row['old_instructions_per_game']:>12,} instr/game   "
            f"new {row['new_instructions_per_game']:>12,}   old/new {row['ratio']:.3f}",
            flush=True,
        )
    return figures


def run_timer(tree: Path, study: str, games: int, seconds: float) -> dict:
    """Time one study in a fresh Python whose ``tilegames`` is the one in ``tree``."""
    module, name, kwargs = STUDIES[study]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    with tempfile.TemporaryDirectory() as neutral:  # not a checkout: imports follow PYTHONPATH
        done = subprocess.run(
            [sys.executable, "-c", TIMER, json.dumps([module, name, kwargs, games, seconds])],
            env=env,
            cwd=neutral,
            capture_output=True,
            text=True,
            check=True,
        )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if not Path(result["file"]).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"{study} imported {result['file']}, not the tree {tree}")
    return result


BUILD = r"""
import sys
from setuptools import Extension, setup
tree = sys.argv[1]
setup(
    name="tilegames-maze-search",
    ext_modules=[Extension("tilegames.maze.csearch", sources=[tree + "/tilegames/maze/csearch.c"])],
    script_args=["-q", "build_ext", "--build-lib", tree, "--build-temp", "build-temp"],
)
"""
"""The tree's Maze extension, built into it: the same Extension as its setup.py, built from a
scratch folder (so this Python's setuptools does not read the tree's pyproject.toml)."""


def checkout(ref: str, folder: Path) -> str:
    """Check ``ref`` out into ``folder`` (a detached git worktree) and build its extension."""
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), ref],
        check=True,
        capture_output=True,
    )
    if (folder / "tilegames" / "maze" / "csearch.c").exists():  # older trees build it themselves
        with tempfile.TemporaryDirectory() as scratch:
            subprocess.run(
                [sys.executable, "-c", BUILD, str(folder)],
                cwd=scratch,
                check=True,
                capture_output=True,
            )
        if not list((folder / "tilegames" / "maze").glob("csearch*.so")):
            raise RuntimeError(f"the Maze extension of {ref} did not build")
    return git("rev-parse", "HEAD", cwd=folder)


def git(*words: str, cwd: Path = ROOT) -> str:
    return subprocess.run(
        ["git", *words], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


def compare(old: Path, new: Path, studies: list[str], repeats: int, seconds: float) -> dict:
    """Alternate old and new ``repeats`` times per study; games/s of each and the ratios."""
    figures = {}
    for study in studies:
        games = run_timer(new, study, 0, seconds)["games"]  # calibration: the same games after
        rates: dict[str, list[float]] = {"old": [], "new": []}
        for repeat in range(repeats):
            order = (("old", old), ("new", new))
            for side, tree in order if repeat % 2 == 0 else order[::-1]:  # old new new old ...
                result = run_timer(tree, study, games, seconds)
                rates[side].append(result["games"] / result["seconds"])
        row = {"games_per_run": games}
        for side in ("old", "new"):
            row[f"{side}_best_games_per_s"] = round(max(rates[side]), 2)
            row[f"{side}_median_games_per_s"] = round(statistics.median(rates[side]), 2)
        row["ratio_best"] = round(row["new_best_games_per_s"] / row["old_best_games_per_s"], 3)
        row["ratio_median"] = round(
            row["new_median_games_per_s"] / row["old_median_games_per_s"], 3
        )
        figures[study] = row
        print(table_line(study, row), flush=True)
    return figures


def table_line(study: str, row: dict) -> str:
    """One line of the printed table.

    >>> table_line("maze", {"old_best_games_per_s": 10.0, "new_best_games_per_s": 12.5,
    ...                     "ratio_best": 1.25, "ratio_median": 1.2})
    'maze                        old     10.0/s   new     12.5/s   new/old 1.25 (median 1.20)'
    """
    return (
        f"{study:<26}  old {row['old_best_games_per_s']:>8.1f}/s   "
        f"new {row['new_best_games_per_s']:>8.1f}/s   new/old {row['ratio_best']:.2f} "
        f"(median {row['ratio_median']:.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=DEFAULT_AGAINST, help="the previous release's ref")
    parser.add_argument("--repeats", type=int, default=6, help="runs of each tree per study")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--study", action="append", choices=list(STUDIES), help="default: all")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions per game under valgrind instead of timing (load-proof)",
    )
    parser.add_argument(
        "--games",
        type=int,
        help="with --instructions: count this many seeded games (default: what --seconds plays)",
    )
    parser.add_argument(
        "--out", help="default: benchmarks/compare.json (or compare_instructions.json)"
    )
    args = parser.parse_args()
    out = args.out or str(
        HERE / ("compare_instructions.json" if args.instructions else "compare.json")
    )
    studies = args.study or list(STUDIES)
    with tempfile.TemporaryDirectory() as scratch:
        old = Path(scratch) / "old"
        try:
            old_commit = checkout(args.against, old)
            started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
            if args.instructions:
                figures = compare_instructions(old, ROOT, studies, args.seconds / 4, args.games)
            else:
                figures = compare(old, ROOT, studies, args.repeats, args.seconds)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                capture_output=True,
            )
    record = {
        "benchmark": "compare",
        "what": (
            "machine instructions per game of each study's task (callgrind), this checkout "
            "(new) against --against (old); ratio old/new, below 1 means new is slower"
            if args.instructions
            else "games/s of each study's task, this checkout (new) against --against (old), "
            "alternating old/new in fresh processes; best and median of the repeats"
        ),
        "command": " ".join(["python", "benchmarks/compare.py", *sys.argv[1:]]),
        "old": {"ref": args.against, "commit": old_commit},
        "new": {
            "commit": git("rev-parse", "HEAD"),
            "uncommitted_changes": bool(git("status", "--porcelain", "--untracked-files=no")),
        },
        "started_utc": started,
        "python": platform.python_version(),
        "cores": os.cpu_count(),
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "repeats": None if args.instructions else args.repeats,
        "studies": figures,
    }
    Path(out).write_text(json.dumps(record, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
