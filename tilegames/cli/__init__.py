"""The ``tilegames`` command line.

    tilegames simulate tula --player greedy --mercy --games 100000 --workers 2 --seed 1 --out results.csv

Each game in ``tilegames.GAMES`` has a module here, ``tilegames/cli/<game>.py``,
with two functions: ``add_simulate_arguments(parser)`` and
``run_simulation(args) -> (DataFrame, summary)``. A module that fails to import
is an error, not a missing sub-command. Bad arguments print a clear message and
exit with code 2; Ctrl-C stops a run at once, says how many games finished,
and (with ``--out``) writes them.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile

from .. import GAMES
from ..sim import SimulationInterrupted
from .common import non_negative_int, unwritable, worker_count
from .play import add_play_command

__all__ = ["build_parser", "main"]


def command_module(game: str):
    """The module that declares ``tilegames simulate <game>``."""
    return importlib.import_module(f"tilegames.cli.{game}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one ``simulate`` sub-command per game."""
    parser = argparse.ArgumentParser(
        prog="tilegames", description="Play and study Tula, Maze, Tri-Ominos and Flaming Pyramids."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    simulate = commands.add_parser("simulate", help="run many seeded games and summarise them")
    games = simulate.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in GAMES:
        module = command_module(game)
        sub = games.add_parser(game, help=(module.__doc__ or "").strip().splitlines()[0])
        module.add_simulate_arguments(sub)
        common = sub.add_argument_group("running")
        common.add_argument(
            "--workers", type=worker_count, default=1, help="worker processes (default 1)"
        )
        common.add_argument(
            "--seed", type=non_negative_int, default=1, help="seed of the whole run (default 1)"
        )
        common.add_argument("--out", help="write one row per game (or round) to this CSV file")
        common.add_argument("--no-progress", action="store_true", help="hide the progress bar")
        sub.set_defaults(study=module)
    add_play_command(commands)  # tilegames play [GAME]: the board alone, served by Voila
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``tilegames`` console script; Ctrl-C at any moment ends it quietly."""
    try:
        return _main(argv)
    except KeyboardInterrupt:  # before the first game (or after the last) finished
        print("stopped: no game finished", file=sys.stderr)
        return 130


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "play":
        return args.run(args)
    if args.command != "simulate":  # pragma: no cover - the only command
        return 0
    if args.out is not None:  # check where the results go before the simulation, not after
        problem = unwritable(args.out)
        if problem:
            parser.error(f"--out {args.out}: {problem}")
        if os.path.exists(args.out):
            print(f"note: {args.out} exists and will be overwritten", file=sys.stderr)
    cores = os.cpu_count() or 1
    if args.workers > cores:
        print(
            f"note: {args.workers} workers on {cores} cores: the extra ones only wait their turn",
            file=sys.stderr,
        )
    try:
        frame, summary = args.study.run_simulation(args)
    except ValueError as error:
        parser.error(str(error))
    except SimulationInterrupted as stop:
        return _stopped(stop, args.out)
    print(summary)
    if args.out:
        return _write(frame, args.out)
    return 0


def _stopped(stop: SimulationInterrupted, out: str | None) -> int:
    """Ctrl-C: one line on what finished; the finished rows go to ``--out``."""
    line = f"stopped: {stop.games:,} of {stop.total:,} games finished"
    if out and len(stop.finished):
        print(line, file=sys.stderr)
        _write(stop.finished, out)
    else:
        print(line + ("; nothing was written" if out else ""), file=sys.stderr)
    return 130


def _write(frame, out: str) -> int:
    """Write the rows; if that fails, keep them in a temporary file and say where."""
    try:
        frame.to_csv(out, index=False)
    except OSError as error:
        handle, kept = tempfile.mkstemp(prefix="tilegames-", suffix=".csv")
        with os.fdopen(handle, "w") as stream:
            frame.to_csv(stream, index=False)
        print(
            f"could not write {out} ({error.strerror or error}); "
            f"the {len(frame)} rows are kept in {kept}",
            file=sys.stderr,
        )
        return 1
    print(f"wrote {len(frame)} rows to {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
