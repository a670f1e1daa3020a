"""How much memory the parent of a big run needs, streaming its rows to ``--out`` (issue 27).

Runs ``tilegames simulate tula --player random --compare-mercy --games N --workers 2 --out run.parquet``
in a child process and follows the command's own process (not its workers): its peak
resident memory (``VmHWM``) is the figure. ``--keep-rows`` runs the same games without
``--out``, so the rows stay in the parent as they did before streaming (the figure to compare).

    python benchmarks/streaming.py --games 10_000_000            # the issue's target: < 300 MB
    python benchmarks/streaming.py --games 1_000_000 --keep-rows  # the old way, for comparison
    python benchmarks/streaming.py --games 1_000_000 --json benchmarks/streaming.json

Each run prints one line; ``--json FILE`` adds the figure (with the command, seed and library
version) to the list in FILE.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time


def peak_rss_mb(command: list[str]) -> tuple[float, float, int]:
    """Run ``command``; its own peak resident memory in MB, the seconds it took, its exit code."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak_kb = 0
    status = f"/proc/{process.pid}/status"
    while process.poll() is None:
        try:
            with open(status) as handle:
                for line in handle:
                    if line.startswith("VmHWM:"):
                        peak_kb = max(peak_kb, int(line.split()[1]))
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    error = process.stderr.read().decode()
    if process.returncode:
        sys.stderr.write(error)
    return peak_kb / 1024, time.perf_counter() - start, process.returncode


def main(argv: list[str] | None = None) -> int:
    import tilegames

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=lambda text: int(text.replace("_", "")), default=10**7)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--format", choices=["parquet", "csv"], default="parquet")
    parser.add_argument("--keep-rows", action="store_true", help="no --out: rows kept in memory")
    parser.add_argument("--json", help="add the figure to this JSON file (a list of runs)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        words = ["simulate", "tula", "--player", "random", "--compare-mercy"]
        words += ["--games", str(args.games)]
        words += ["--workers", str(args.workers), "--seed", str(args.seed), "--no-progress"]
        if not args.keep_rows:
            words += ["--out", os.path.join(folder, f"run.{args.format}")]
        peak, seconds, code = peak_rss_mb([sys.executable, "-m", "tilegames.cli", *words])
    if code:
        print(f"the run failed (exit code {code})", file=sys.stderr)
        return code
    how = "rows kept in memory" if args.keep_rows else f"streamed to {args.format}"
    print(
        f"{args.games:,} Tula games (random player, mercy), {args.workers} workers, {how}: "
        f"parent peak RSS {peak:.0f} MB, {seconds:.0f} s"
    )
    if args.json:
        runs = []
        if os.path.exists(args.json):
            with open(args.json) as handle:
                runs = json.load(handle)
        runs.append(
            {
                "command": "python benchmarks/streaming.py " + " ".join(sys.argv[1:]),
                "simulate": "tilegames " + " ".join(w for w in words if not w.startswith(folder)),
                "games": args.games,
                "workers": args.workers,
                "seed": args.seed,
                "how": how,
                "parent_peak_rss_mb": round(peak, 1),
                "seconds": round(seconds, 1),
                "tilegames_version": tilegames.__version__,
                "python": platform.python_version(),
                "cpus": os.cpu_count(),
                "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            }
        )
        with open(args.json, "w") as handle:
            json.dump(runs, handle, indent=2)
            handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
