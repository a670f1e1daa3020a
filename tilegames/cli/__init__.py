"""The ``tilegames`` command line.

    tilegames simulate tula --player greedy --mercy --games 100000 --workers 2 --seed 1 --out results.csv
    tilegames lessons DIR       tilegames course DIR       tilegames --version

Each game in ``tilegames.GAMES`` gets ``simulate GAME`` from its spec
(``tilegames.cli.generic``): ``--rules PRESET`` and ``--rule NAME=VALUE`` reach
every field of its ``Rules``, and a game whose study needs more names a
``command`` module in its spec with two functions: ``add_simulate_arguments(parser)``
and ``run_simulation(args) -> (DataFrame, summary)``; it may add ``provenance(args)``
(what the sidecar of ``--out`` records besides the command) and
``writes_its_own_out(args)`` (a run that writes ``--out`` batch by batch). A
module that fails to import is an error, not a missing sub-command.

Bad arguments print a clear message and exit with code 2. ``--out`` gets the
rows as CSV and their provenance beside it (``.json``), written atomically as a
pair (``tilegames.results``); a ``.json`` name, a device, or a ``.json`` beside
it that is someone else's file is refused. Ctrl-C, SIGTERM or SIGHUP stop a run
at once (its workers too), say how many games finished and (with ``--out``)
write them; a closed output (``| head -1``) is no error; when ``--out`` cannot
be written the rows are kept in a temporary file and the message says where.
"""

from __future__ import annotations

# Only light imports here: Ctrl-C while the command starts must meet ``main``'s handler,
# so the heavy ones (pandas, the games) happen inside it.
import argparse
import contextlib
import importlib
import os
import shlex
import signal
import sys

from .. import GAMES, __version__
from . import setup_folders
from .play import add_play_command

__all__ = ["build_parser", "main"]

STOP_SIGNALS = ("SIGTERM", "SIGHUP")
"""Signals that stop a run the way Ctrl-C does: workers ended, finished rows kept."""


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: the run stops as for Ctrl-C (a KeyboardInterrupt)."""


def command_module(game: str):
    """The module that runs ``tilegames simulate <game>``: the spec's ``command``, or the generic one."""
    spec = GAMES.spec(game)
    return importlib.import_module(spec.command or "tilegames.cli.generic")


def version_line() -> str:
    """``tilegames --version``: the release, and which Maze search runs here."""
    from ..maze import native

    return f"tilegames {__version__} (Maze search: {native.describe()}; Python {sys.version.split()[0]})"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one ``simulate`` sub-command per game."""
    from . import generic
    from .common import non_negative_int, worker_count

    titles = [spec.title for spec in GAMES.specs()]
    parser = argparse.ArgumentParser(
        prog="tilegames",
        description=f"Play and study {', '.join(titles[:-1])} and {titles[-1]}.",
    )
    parser.add_argument("--version", action="version", version=version_line())
    commands = parser.add_subparsers(dest="command", required=True)
    simulate = commands.add_parser("simulate", help="run many seeded games and summarise them")
    games = simulate.add_subparsers(dest="game", required=True, metavar="GAME")
    for spec in GAMES.specs():
        module = command_module(spec.name)
        sub = games.add_parser(spec.name, help=f"{spec.title}: {spec.summary}")
        if spec.command:
            module.add_simulate_arguments(sub)
        else:
            generic.add_simulate_arguments(sub, spec)
        generic.add_rule_arguments(sub, spec)
        common = sub.add_argument_group("running")
        common.add_argument(
            "--workers", type=worker_count, default=1, help="worker processes (default 1)"
        )
        common.add_argument(
            "--scheduler",
            metavar="ADDRESS",
            help="run on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786); "
            "its workers need tilegames installed. Not with --workers",
        )
        common.add_argument(
            "--seed", type=non_negative_int, default=1, help="seed of the whole run (default 1)"
        )
        common.add_argument(
            "--out",
            help="write one row per game (or round) to this CSV file, with its provenance "
            "beside it (the same name with .json)",
        )
        common.add_argument("--no-progress", action="store_true", help="hide the progress bar")
        sub.set_defaults(study=module, spec=spec)
    setup_folders.add_commands(commands)  # lessons, course
    add_play_command(commands)  # tilegames play [GAME]: the board alone, served by Voila
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``tilegames`` console script.

    Ctrl-C, SIGTERM or SIGHUP at any moment end it quietly: workers stopped, the
    finished rows written (with ``--out``), exit code 128 + the signal's number.
    A closed output (``tilegames simulate … | head -1``) is not an error.
    """
    received: list[int] = []
    previous = _catch_stop_signals(received)
    try:
        return _main(sys.argv[1:] if argv is None else list(argv), received)
    except KeyboardInterrupt:  # before the first game (or after the last) finished
        _say("stopped: no game finished", sys.stderr)
        return 128 + (received[-1] if received else signal.SIGINT)
    finally:
        _restore_signals(previous)


def _catch_stop_signals(received: list[int]) -> dict:
    """SIGTERM and SIGHUP raise ``Stopped`` (in the main thread; elsewhere nothing changes)."""

    def stop(number, frame):
        received.append(number)
        raise Stopped(signal.Signals(number).name)

    previous = {}
    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        with contextlib.suppress(ValueError, OSError):  # not the main thread
            previous[number] = signal.signal(number, stop)
    return previous


def _restore_signals(previous: dict) -> None:
    for number, handler in previous.items():
        with contextlib.suppress(ValueError, OSError, TypeError):
            signal.signal(number, handler)


def _say(text: str, stream=None) -> None:
    """Print a line; when the reader has gone (``| head -1``), say nothing more, quietly."""
    stream = sys.stdout if stream is None else stream
    try:
        print(text, file=stream, flush=True)
    except BrokenPipeError:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())  # later writes (and the flush at exit) go nowhere


def _main(argv: list[str], received: list[int]) -> int:
    from ..results import now, why_not_out
    from ..sim import SimulationInterrupted

    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is not None:  # a command that runs itself (lessons, course, play)
        return args.run(args)
    writes_its_own = getattr(args.study, "writes_its_own_out", None)
    args.study_writes_out = bool(args.out and writes_its_own is not None and writes_its_own(args))
    if args.out is not None:  # check where the results go before the simulation, not after
        problem = why_not_out(args.out)
        if problem:
            parser.error(f"--out {args.out}: {problem}")
        if os.path.exists(args.out) and not getattr(args, "study_writes_out", False):
            _say(f"note: {args.out} exists and will be overwritten", sys.stderr)
    cores = os.cpu_count() or 1
    if args.workers > cores:
        _say(
            f"note: {args.workers} workers on {cores} cores: the extra ones only wait their turn",
            sys.stderr,
        )
    provenance = {
        "what": f"tilegames simulate {args.game}: one row per game (or round)",
        "command": shlex.join(["tilegames", *argv]),
        "seed": args.seed,
        "started_utc": now(),
    }
    try:
        frame, summary = args.study.run_simulation(args)
    except ValueError as error:
        parser.error(str(error))
    except SimulationInterrupted as stop:
        code = 128 + (received[-1] if received else signal.SIGINT)
        return _stopped(stop, args, provenance, code)
    except OSError as error:  # the results could not be written as the run went
        _say(f"could not go on: {error.strerror or error}", sys.stderr)
        return 1
    _say(summary)
    if args.out and not getattr(args, "study_writes_out", False):
        return _write(frame, args, {**provenance, "complete": True})
    return 0


def _extras(args: argparse.Namespace) -> dict:
    """What the study adds to the provenance (``provenance(args)`` in its cli module)."""
    extra = getattr(args.study, "provenance", None)
    return extra(args) if extra is not None else {}


def _stopped(stop, args: argparse.Namespace, provenance: dict, code: int) -> int:
    """Ctrl-C (or SIGTERM, SIGHUP): one line on what finished; the finished rows go to ``--out``."""
    line = f"stopped: {stop.games:,} of {stop.total:,} games finished"
    out = args.out
    if out and getattr(args, "study_writes_out", False):
        _say(line + (f"; they are in {out}" if stop.games else ""), sys.stderr)
    elif out and len(stop.finished):
        _say(line, sys.stderr)
        record = {**provenance, "complete": False, "games_finished": stop.games}
        _write(stop.finished, args, record)
    else:
        _say(line + ("; nothing was written" if out else ""), sys.stderr)
    return code


def _write(frame, args: argparse.Namespace, provenance: dict) -> int:
    """Write the rows and their provenance; if that fails, keep them elsewhere and say where."""
    from ..results import keep_elsewhere, now, write_results

    out = args.out
    record = {**provenance, **_extras(args), "finished_utc": now()}
    try:
        write_results(frame, out, record)
    except OSError as error:
        why = error.strerror or str(error)
        try:
            kept = keep_elsewhere(frame, record)
        except OSError as again:
            _say(
                f"could not write {out} ({why}), nor keep the {len(frame)} rows elsewhere "
                f"({again.strerror or again}); {out} is as it was",
                sys.stderr,
            )
            return 1
        _say(
            f"could not write {out} ({why}); {out} is as it was; "
            f"the {len(frame)} rows are kept in {kept}",
            sys.stderr,
        )
        return 1
    _say(f"wrote {len(frame)} rows to {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
