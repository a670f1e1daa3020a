"""``tilegames play [GAME]``: a page with just the board, served by Voilà — no code to see.

Teachers of younger classes want the boards without notebooks. The command writes a
one-cell notebook that shows the board of GAME (Tula unless named), and Voilà serves it
as a web page: the code stays hidden, every page load deals a fresh board in a fresh kernel.

    tilegames play                 # Tula, in the browser
    tilegames play pyramids --seed 4 --port 8866 --no-browser
    tilegames play triominos --hot-seat 3   # three people at one screen, hands hidden in turn

Voilà comes with the ``play`` extra: ``pip install "tilegames[play]"``.

>>> notebook = play_notebook("maze", seed=3)
>>> notebook.cells[-1].source
'from tilegames import maze\\n\\nmaze.view(seed=3)'
"""

from __future__ import annotations

import argparse
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from .. import GAMES
from ..i18n import N_, _
from .lang import add_lang_option


def title(game: str) -> str:
    """The game's name on its page (its heading, and the browser tab's title): its spec's
    ``title``.

    >>> title("pyramids")
    'Flaming Pyramids'
    """
    return GAMES.spec(game).title


def hot_seat_seats(game: str) -> tuple[int, int] | None:
    """How many people may share one screen for ``game`` (its spec's seats, from 2), or None
    when it cannot: a solitaire, or a board whose ``view`` takes no ``humans``.

    >>> hot_seat_seats("pyramids"), hot_seat_seats("tula")
    ((2, 6), None)
    """
    import inspect

    spec = GAMES.spec(game)
    if spec.seats[1] < 2:
        return None
    try:
        takes_humans = "humans" in inspect.signature(spec.board_module().view).parameters
    except (ImportError, AttributeError, TypeError, ValueError):
        return None
    return (max(2, spec.seats[0]), spec.seats[1]) if takes_humans else None


def hot_seat_games() -> list[str]:
    """The games several people can play at one screen (``--hot-seat``)."""
    return [name for name in GAMES if hot_seat_seats(name)]


HOW = N_(
    "Click a piece of the board to play it, or use the keyboard: Tab to the board, the arrow "
    "keys to move, Enter to play. The buttons above the board undo, deal again and give hints; "
    "the log below says why a move is refused."
)


def add_play_command(commands) -> None:
    """Register ``play [GAME] [--seed N] [--hot-seat PEOPLE] [--port N] [--no-browser]``."""
    from .common import non_negative_int

    play = commands.add_parser(
        "play",
        help=_("open a page with just a board to play (served by Voila)"),
        description=_("Open a web page with just the board of GAME: no code, nothing to run."),
    )
    play.add_argument(
        "game",
        nargs="?",
        default="tula",
        choices=list(GAMES),
        help=_("the game (default: tula)"),
    )
    play.add_argument(
        "--seed", type=non_negative_int, help=_("deal this seed (default: a new deal)")
    )
    play.add_argument("--port", type=_port, default=8866, help=_("the page's port (default 8866)"))
    play.add_argument(
        "--hot-seat",
        type=_people,
        metavar="PEOPLE",
        help=_(
            "PEOPLE (2 to 6) play at one screen, each hand hidden until its player shows it "
            "(the games for several players whose board can do it: Tri-Ominos, Flaming Pyramids)"
        ),
    )
    play.add_argument(
        "--no-browser", action="store_true", help=_("do not open a browser; print the address")
    )
    add_lang_option(play, _("the board's language"))
    play.set_defaults(run=run_play)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("a port is a whole number, not {text}").format(text=repr(text))
        ) from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            _("a port is from 0 to 65535, not {port}").format(port=port)
        )
    return port


def _people(text: str) -> int:
    try:
        people = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("a number of people, 2 to 6, not {text}").format(text=repr(text))
        ) from None
    if not 2 <= people <= 6:
        raise argparse.ArgumentTypeError(
            _("2 to 6 people play at one screen, not {people}").format(people=people)
        )
    return people


def play_notebook(
    game: str, seed: int | None = None, hot_seat: int | None = None, lang: str | None = None
):
    """The page's notebook: a title, how to play, and the board of ``game`` (with ``hot_seat``
    people at one screen: every seat a person's, each hand hidden until its player shows it;
    with ``lang``, in that language: ``"sk"``, ``"pt"``, ``"ru"``).

    >>> play_notebook("pyramids", hot_seat=3).cells[-1].source.splitlines()[-1]
    'pyramids.view(players=3, humans=[0, 1, 2])'
    >>> print(play_notebook("tula", seed=2, lang="pt").cells[-1].source)
    from tilegames import i18n, tula
    <BLANKLINE>
    i18n.set_language('pt')
    tula.view(seed=2)
    """
    import nbformat

    from ..i18n import _, using

    if game not in GAMES:
        raise ValueError(f"no game called {game!r}: choose one of {', '.join(GAMES)}")
    problem = hot_seat_problem(game, hot_seat)
    if problem:
        raise ValueError(problem)
    options = [] if seed is None else [f"seed={seed}"]
    if hot_seat is not None:
        options += [f"players={hot_seat}", f"humans={list(range(hot_seat))}"]
    dealt = ", ".join(options)
    package = GAMES.spec(game).package
    how_to_play = GAMES.spec(game).how_to_play.split("\n\n")
    rules = "".join(f"{' '.join(part.split())}\n\n" for part in how_to_play if part.strip())
    # the built-in games as the lessons import them; any other by its own package
    imported = (
        f"from tilegames import {game}"
        if package == f"tilegames.{game}"
        else f"import {package} as {game}"
        if package != game
        else f"import {game}"
    )
    code = f"{imported}\n\n{game}.view({dealt})"
    if lang is not None:
        built_in = imported == f"from tilegames import {game}"
        imports = (
            f"from tilegames import i18n, {game}"
            if built_in
            else f"from tilegames import i18n\n{imported}"
        )
        code = f"{imports}\n\ni18n.set_language({lang!r})\n{game}.view({dealt})"
    with using(lang) as spoken:  # None: the locale's, as the kernel serving the board will speak
        how = _(HOW)
    if spoken != "en":  # a game's own rules text is English: the page keeps to one language
        rules = ""
    notebook = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell(f"# {title(game)}\n\n{rules}{how}"),
            nbformat.v4.new_code_cell(code),
        ]
    )
    notebook.metadata["title"] = title(game)  # the browser tab's title
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    return notebook


def hot_seat_problem(game: str, people: int | None) -> str:
    """Why ``people`` cannot share one screen for ``game``, in words ("" when they can)."""
    if people is None:
        return ""
    seats = hot_seat_seats(game)
    if seats is None:
        others = _(" or ").join(title(g) for g in hot_seat_games())
        alone = GAMES.spec(game).seats[1] < 2
        why = (
            _("{game} is played alone; several people at one screen play {others}")
            if alone
            else _(
                "{game} has no board for several people at one screen; several people at one "
                "screen play {others}"
            )
        )
        return why.format(game=title(game), others=others)
    if not seats[0] <= people <= seats[1]:
        return _("{game} seats {low} to {high} people, not {people}").format(
            game=title(game), low=seats[0], high=seats[1], people=people
        )
    return ""


def voila_command(path: Path, port: int, open_browser: bool) -> list[str]:
    """The command that serves ``path`` as a page (Voilà, with this Python)."""
    command = [
        sys.executable, "-m", "voila", str(path), f"--port={port}", "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0", "--show_tracebacks=False",
    ]  # fmt: skip
    if not open_browser:
        command.append("--no-browser")
    return command


def _interrupt(_signum, _frame) -> None:
    raise KeyboardInterrupt


def run_play(args: argparse.Namespace) -> int:
    """Write the page's notebook and serve it until Ctrl-C; a clear message without Voilà."""
    import importlib.util

    import nbformat

    from ..widgets import seed_problem

    if args.seed is not None and seed_problem(args.seed):
        print(
            _("tilegames play: --seed: {problem}").format(problem=seed_problem(args.seed)),
            file=sys.stderr,
        )
        return 2
    problem = hot_seat_problem(args.game, args.hot_seat)
    if problem:
        print(_("tilegames play: --hot-seat: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    if importlib.util.find_spec("voila") is None:
        print(
            _('tilegames play needs Voila: pip install "tilegames[play]" (or pip install voila)'),
            file=sys.stderr,
        )
        return 2
    folder = Path(tempfile.mkdtemp(prefix="tilegames-play-"))
    path = folder / f"{title(args.game)}.ipynb"  # Voila names the page after its notebook
    try:
        nbformat.write(
            play_notebook(args.game, args.seed, args.hot_seat, getattr(args, "lang", None)), path
        )
        print(
            _("{game} at {address} (Ctrl-C stops it)").format(
                game=title(args.game), address=f"http://127.0.0.1:{args.port}/"
            )
        )
        server = subprocess.Popen(voila_command(path, args.port, not args.no_browser))
        signal.signal(signal.SIGTERM, _interrupt)  # a job runner's stop ends the page too
        try:
            return server.wait()
        except KeyboardInterrupt:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
            print(_("stopped"), file=sys.stderr)
            return 130
    finally:
        shutil.rmtree(folder, ignore_errors=True)
