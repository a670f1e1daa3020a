"""The ``tilegames`` command line.

    tilegames simulate tula --player greedy --compare-mercy --games 100000 --workers 2 --seed 1 --out results.csv
    tilegames lessons DIR       tilegames course DIR       tilegames --version

Each game in ``tilegames.GAMES`` gets ``simulate GAME`` from its spec alone
(``tilegames.cli.generic``): ``--rules PRESET`` and ``--rule NAME=VALUE`` reach
every field of its ``Rules``, and the options of its studies are those the studies
declare (``GameSpec.studies``, ``tilegames.study_options``): each option's flag,
parser, default, help and check, how the values reach the task (the study's
``plan``), and the tally its summary is made from. A study that fails to import is
an error, not a missing sub-command.

Bad arguments print a clear message and exit with code 2. ``--out run.csv`` (or
``run.parquet``) gets the rows batch by batch as they finish, and their
provenance (``run.json``; ``tilegames.results``); a ``.json`` name, a device, or
a ``.json`` beside it that is someone else's file is refused. Ctrl-C, SIGTERM or
SIGHUP stop a run at once (its workers too) and say how many games finished;
the whole batches stay in ``run.csv.partial/``, and running the same command
again goes on from there (another seed or other rules are refused, not mixed).
``run.csv`` appears only when every batch is in it; a second run on the same
``--out`` is refused while the first runs, and a file there that is not this
run's is refused unless ``--force`` (``tilegames.results.BatchWriter``).
A closed output (``| head -1``) is no error; when ``--out`` cannot be written
the rows are kept in a temporary file and the message says where.
"""

from __future__ import annotations

# Only light imports here: Ctrl-C while the command starts must meet ``main``'s handler,
# so the heavy ones (pandas, the games) happen inside it.
import argparse
import contextlib
import os
import shlex
import signal
import sys

from .. import GAMES, __version__
from ..i18n import _, argparse_speaking, format_number, language, ngettext, translate, using
from . import setup_folders
from .lang import language_asked
from .play import add_play_command

__all__ = ["build_parser", "main"]

STOP_SIGNALS = ("SIGTERM", "SIGHUP")
"""Signals that stop a run the way Ctrl-C does: workers ended, finished rows kept."""


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: the run stops as for Ctrl-C (a KeyboardInterrupt)."""


def version_line() -> str:
    """``tilegames --version``: the release, which implementation runs for each game with a
    compiled part (its spec's ``engine``: Maze's search), and the Python.

    >>> version_line().startswith(f"tilegames {__version__} (Maze: ")
    True
    """
    engines = [spec.engine_text() for spec in GAMES.specs() if spec.engine]
    python = f"Python {sys.version.split()[0]}"
    return f"tilegames {__version__} ({'; '.join([*engines, python])})"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one ``simulate`` sub-command per game."""
    from . import generic
    from .common import non_negative_int, positive_seconds, worker_count

    titles = [spec.title for spec in GAMES.specs()]
    parser = argparse.ArgumentParser(
        prog="tilegames",
        description=_("Play and study {games} and {last}.").format(
            games=", ".join(titles[:-1]), last=titles[-1]
        ),
    )
    parser.add_argument("--version", action="version", version=version_line())
    commands = parser.add_subparsers(dest="command", required=True)
    simulate = commands.add_parser("simulate", help=_("run many seeded games and summarise them"))
    games = simulate.add_subparsers(dest="game", required=True, metavar="GAME")
    for spec in GAMES.specs():
        sub = games.add_parser(spec.name, help=f"{spec.title}: {translate(spec.summary)}")
        generic.add_simulate_arguments(sub, spec)
        generic.add_rule_arguments(sub, spec)
        common = sub.add_argument_group(_("running"))
        common.add_argument(
            "--workers", type=worker_count, default=1, help=_("worker processes (default 1)")
        )
        common.add_argument(
            "--scheduler",
            metavar="ADDRESS",
            help=_(
                "run on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786); "
                "its workers need tilegames installed. Not with --workers"
            ),
        )
        common.add_argument(
            "--scheduler-timeout",
            type=positive_seconds,
            default=30.0,
            metavar="SECONDS",
            help=_(
                "how long to wait for the scheduler to answer and for a worker to join it "
                "(default 30)"
            ),
        )
        common.add_argument(
            "--verbose",
            action="store_true",
            help=_("show Dask's own log messages (held back unless asked)"),
        )
        common.add_argument(
            "--seed",
            type=non_negative_int,
            default=1,
            help=_("seed of the whole run (default 1)"),
        )
        common.add_argument(
            "--out",
            help=_(
                "write one row per game (or round) to this .csv or .parquet file as the run "
                "goes, with its provenance beside it (the same name with .json); running the "
                "same command again resumes a stopped run"
            ),
        )
        common.add_argument(
            "--force",
            action="store_true",
            help=_(
                "with --out: replace a file there that is not this run's (another run's, "
                "one changed by hand, someone's), and discard another run's unfinished parts"
            ),
        )
        common.add_argument("--no-progress", action="store_true", help=_("hide the progress bar"))
        sub.set_defaults(study=generic, spec=spec)
    setup_folders.add_commands(commands)  # lessons, course
    add_play_command(commands)  # tilegames play [GAME]: the board alone, served by Voila
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``tilegames`` console script.

    Ctrl-C, SIGTERM or SIGHUP at any moment end it quietly: workers stopped, the
    finished rows written (with ``--out``), exit code 128 + the signal's number.
    A closed output (``tilegames simulate … | head -1``) is not an error.

    The help and messages speak the language of ``--lang`` (where a command has it), else
    the locale's (``tilegames.i18n``), argparse's own words too (``argparse_speaking``).
    """
    words = sys.argv[1:] if argv is None else list(argv)
    asked = language_asked(words)
    with using(asked) if asked else contextlib.nullcontext(), argparse_speaking():
        return _main_in_language(words)


def _main_in_language(words: list[str]) -> int:
    received: list[int] = []
    previous: dict = {}
    try:
        _catch_stop_signals(received, previous)
        return _main(words, received)
    except KeyboardInterrupt:  # before the first game (or after the last) finished
        if words[:1] == ["lessons"]:  # stopped while it started: before its first file
            _say(_("stopped: tilegames lessons wrote nothing"), sys.stderr)
        else:
            _say(_("stopped: no game finished"), sys.stderr)
        return 128 + (received[-1] if received else signal.SIGINT)
    finally:
        _restore_signals(previous)


def _catch_stop_signals(received: list[int], previous: dict) -> None:
    """SIGTERM and SIGHUP raise ``Stopped`` (in the main thread; elsewhere nothing changes);
    ``previous`` gets the handlers they had."""

    def stop(number, frame):
        received.append(number)
        raise Stopped(signal.Signals(number).name)

    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        with contextlib.suppress(ValueError, OSError):  # not the main thread
            previous[number] = signal.signal(number, stop)


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
    from ..cluster import ClusterLost, ClusterUnavailable
    from ..results import read_sidecar, why_not_out
    from ..sim import SimulationInterrupted, TaskError

    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is not None:  # a command that runs itself (lessons, course, play)
        return args.run(args)
    args.command_line = shlex.join(["tilegames", *argv])
    if args.out is not None:  # check where the results go before the simulation, not after
        problem = why_not_out(args.out)
        if problem:
            parser.error(f"--out {args.out}: {problem}")
    cores = os.cpu_count() or 1
    if args.workers > cores:
        _say(
            _(
                "note: {workers} workers on {cores} cores: the extra ones only wait their turn"
            ).format(workers=args.workers, cores=cores),
            sys.stderr,
        )
    try:
        _rows, summary = args.study.run_simulation(args)
    except ValueError as error:  # bad options, or --out holds another run (results.DifferentRun)
        parser.error(str(error))
    except SimulationInterrupted as stop:
        code = 128 + (received[-1] if received else signal.SIGINT)
        return _stopped(stop, args, code)
    except (ClusterUnavailable, ClusterLost) as error:  # unreachable, or lost during the run
        _say(_("could not go on: {error}").format(error=error), sys.stderr)
        return 1
    except OSError as error:  # the results could not be written as the run went
        _say(_("could not go on: {error}").format(error=error.strerror or error), sys.stderr)
        return 1
    except TaskError as error:  # the study's own task failed in a worker
        _say(_("a game failed: {error}").format(error=error), sys.stderr)
        return 1
    _say(summary)
    if args.out:
        rows = read_sidecar(args.out).get("rows", 0)
        _say(
            ngettext("wrote {rows} rows to {out}", "wrote {rows} rows to {out}", rows).format(
                rows=_count(rows), out=args.out
            )
        )
    return 0


def _stopped(stop, args: argparse.Namespace, code: int) -> int:
    """Ctrl-C (or SIGTERM, SIGHUP): one line on what finished and, with ``--out``, where it is."""
    line = ngettext(
        "stopped: {games} of {total} games finished",  # English says "games" of 1 too
        "stopped: {games} of {total} games finished",
        stop.total,
    ).format(games=format_number(stop.games), total=format_number(stop.total))
    if args.out and stop.games:
        line += _(
            "; their rows are in {out}.partial: run the same command again to go on from there"
        ).format(out=args.out)
    elif args.out:
        line += _("; nothing was written")
    _say(line, sys.stderr)
    return code


def _count(number: int) -> str:
    """A count in a message: as English has always printed it (``1234``), in another language
    as that language writes numbers (``1 234``).

    >>> with using("sk"):
    ...     _count(12345)
    '12\xa0345'
    >>> _count(12345)
    '12345'
    """
    return str(number) if language() == "en" else format_number(number)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
