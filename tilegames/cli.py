"""The ``tilegames`` command line.

    tilegames simulate tula --player greedy --mercy --games 100000 --workers 2 --seed 1 --out results.csv

Each game that can be simulated has a ``study`` module with two functions:
``add_simulate_arguments(parser)`` and ``run_simulation(args) -> (DataFrame, summary)``;
the CLI finds it by the game's name, so a new game needs no change here.
Bad arguments print a clear message and exit with code 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from . import GAMES


def _study_module(game: str):
    try:
        return importlib.import_module(f"tilegames.{game}.study")
    except ModuleNotFoundError:
        return None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one ``simulate`` sub-command per game that has a study."""
    parser = argparse.ArgumentParser(
        prog="tilegames", description="Play and study Tula, Maze, Tri-Ominos and Flaming Pyramids."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    simulate = commands.add_parser("simulate", help="run many seeded games and summarise them")
    games = simulate.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in GAMES:
        module = _study_module(game)
        if module is None:
            continue
        sub = games.add_parser(game, help=(module.__doc__ or "").strip().splitlines()[0])
        module.add_simulate_arguments(sub)
        common = sub.add_argument_group("running")
        common.add_argument(
            "--workers", type=_positive_int, default=1, help="worker processes (default 1)"
        )
        common.add_argument(
            "--seed", type=_non_negative_int, default=1, help="seed of the whole run (default 1)"
        )
        common.add_argument("--out", help="write one row per game (or round) to this CSV file")
        common.add_argument("--no-progress", action="store_true", help="hide the progress bar")
        sub.set_defaults(study=module)
    return parser


def _positive_int(text: str) -> int:
    value = _non_negative_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def _non_negative_int(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
    return value


positive_int = _positive_int
"""Argument type for counts such as ``--games`` (studies use it too)."""


def add_players_argument(parser: argparse.ArgumentParser, what: str = "game") -> None:
    """``--players N``, 2–6, for the multi-player games' studies."""
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        choices=range(2, 7),
        metavar="N",
        help=f"players per {what}, 2-6 (default 2)",
    )


def simulate_from_args(task, games: int, args: argparse.Namespace, description: str):
    """``sim.simulate`` with the run options every study shares (--seed, --workers, --no-progress)."""
    from .sim import simulate

    return simulate(
        task,
        games,
        seed=args.seed,
        workers=args.workers,
        progress=not args.no_progress,
        description=description,
    )


def _unwritable(path: str) -> str | None:
    """Why ``path`` cannot take the results file, or None."""
    import os

    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return "is a folder; give a file name such as results.csv"
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is not writable"
    return None


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``tilegames`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        if args.out:  # check where the results go before hours of simulation, not after
            problem = _unwritable(args.out)
            if problem:
                parser.error(f"--out {args.out}: {problem}")
        try:
            frame, summary = args.study.run_simulation(args)
        except ValueError as error:
            parser.error(str(error))
        print(summary)
        if args.out:
            frame.to_csv(args.out, index=False)
            print(f"wrote {len(frame)} rows to {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
