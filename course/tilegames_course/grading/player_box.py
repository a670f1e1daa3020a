"""A student's player, played in its own process: it only ever holds its seat's view.

The grader has the student's player only as the text of a notebook cell. A
``PlayerBox`` starts one process (sandboxed with ``tilegames_course.grading.sandbox``
when the machine allows it, else a plain process: ``box.isolation`` says
which), runs the assignment's import cell (``prelude``, the grader's) and then
the student's cell there — with ``check``, ``grade`` and ``submit`` bound to
do-nothing functions — and finds the player by name. Then, for every decision,
the grader sends the seat's view (``game.player_view(seat)``, a frozen value,
never the game) and the child answers with the move's notation, which the
grader looks up among ``view.legal_moves``. The game itself never leaves the
grader, so no route in the child — frames, ``gc``, copies — leads to it: a
player can only decide from its view.

Each game gets one ``numpy`` Generator in the child, kept across the game's
moves, seeded from a number the grader sends when the game starts. By default
that number is mixed with ``dice_key``, a secret the box draws with
``os.urandom`` for each grading (kept in ``PlayerRun.dice_key`` for the
report): a player that knows the deals' public seeds cannot tell its deal from
its dice. With ``dice_key=0`` the dice are the public ``player_seed(row_seed)``,
and playing a one-seat game through the box gives exactly what
``play_game(game, player, seed=np.random.default_rng(player_seed(row_seed)))``
gives (what a key needs to replay a student's own rows with a player that uses
its dice).

The grader never unpickles anything from the child: it reads short lines of
JSON, so a hostile child can at worst lose its own game. What the child prints
is discarded. A decision that takes longer than ``move_seconds`` kills the
child.

Every box has a time budget for the player's decisions in all its games
(``budget_seconds``, the same for every student): a slow player is stopped
there, and the games it finished are kept (``PlayerRun.results``, with
``PlayerRun.timed_out``). "Write your own player" is judged by the classes'
modules (a library player handed in or subclassed) and by behaviour: on its
first games (``PROBE_DECISIONS`` telling choices, within ``PROBE_GAMES`` games) the
grader replays each of the game's library players (``PLAYERS``, but the
trivial ``random`` and the clairvoyant ones) on the very views the student's
player saw, with the same dice; one that makes every same move is the one
handed in, however its classes are named. Library code copied into a player
that then plays differently is, as with a classmate's code, for a person to judge.

Without the sandbox (``isolation`` says "plain process"), the child runs with
the grader's rights on the file system.

>>> from tilegames import tula
>>> source = '''
... class First(Player):
...     def choose(self, view, rng):
...         return view.legal_moves[0]
... my_player = First()
... check("my_player", my_player)
... '''
>>> prelude = "from tilegames import tula\\nfrom tilegames.players import Player"
>>> run = run_player(source, prelude=prelude, deals=lambda seed: tula.new_game(seed=seed),
...                  seeds=range(3), outcome=lambda game: game.won)
>>> run.refusal is None, len(run.results)
(True, 3)
>>> late = run_player(source.replace("First()", "First"), prelude=prelude,
...                   deals=lambda seed: tula.new_game(seed=seed), seeds=[0],
...                   outcome=lambda game: game.won)
>>> late.refusal
'give an instance of your player, like MyPlayer(), not the class.'
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tilegames.i18n import N_, _

from . import sandbox
from .player_inside import TEXT_LIMIT

__all__ = [
    "PlayerBox",
    "PlayerRefused",
    "PlayerRun",
    "library_twin",
    "player_seed",
    "run_player",
]

PLAYER_PURPOSE = 0x706C6179
"""Mixed into a row's seed to make its player's seed ("play"): a stream of its own."""

LINE_LIMIT = 1 << 16
"""The longest line the grader reads from the child; a longer one is refused."""

BUDGET_SECONDS = 60.0
"""The player's time for all its decisions in one box, the same for every student."""

PROBE_GAMES = 16
"""The most games whose decisions are compared with the library's players."""

PROBE_DECISIONS = 3
"""The telling choices compared (neither the first nor the last legal move): judged at this many.

A player that always takes the first (or last) legal move is never taken for a
library player, however often one of those plays alike."""

NOT_COMPARED = ("random",)
"""Library players not compared: the trivial one a student may well write alike."""

INSIDE_REFUSALS = {
    "crashed": N_("your answer cell crashed before your player could play: {error}"),
    "looking": N_("looking at {name} failed: {error}"),
    "undefined": N_("your answer cell does not define {name}: end it with {name} = MyPlayer()."),
    "ellipsis": N_("{name} is still ...: write your player's class and set {name} = MyPlayer()."),
    "class": N_("give an instance of your player, like MyPlayer(), not the class."),
    "no choose": N_("a player needs a method choose(self, view, rng) that returns a move."),
}
"""The player's process refuses by a code (``player_inside``, which has no language of its own):
each code's words, translated here in the language in use."""


class PlayerRefused(Exception):
    """The student's player was refused; the message says why, in the student's words."""


@dataclass(frozen=True)
class PlayerRun:
    """What playing some seeded games with a student's player gave."""

    results: tuple[Any, ...]
    """Per game played to its end, what ``outcome(game)`` returned, in the order of the seeds."""
    refusal: str | None
    """None, or why the player was refused (the games after it were not played)."""
    isolation: str = ""
    """Where the player ran: ``"sandbox (bubblewrap)"`` or ``"plain process (...why)"``."""
    timed_out: bool = False
    """True when the player used up its time budget (``results`` are the games it finished)."""
    dice_key: int = 0
    """The secret mixed into the players' dice (0: public dice), for the grading report."""


def player_seed(row_seed: int, key: int = 0) -> int:
    """The seed of a player's Generator in the game dealt from ``row_seed``.

    It is drawn for this purpose alone, so it is not the deal's seed. But anyone
    can compute it: when the deals' seeds are secret, pass a secret ``key`` too
    (a number the grader keeps), or a player could try candidate row seeds until
    one gives its Generator's seed, and so learn its deal.

    >>> player_seed(7) == player_seed(7) != player_seed(8)
    True
    >>> player_seed(7) != player_seed(7, key=12345)
    True
    """
    entropy = [int(row_seed), PLAYER_PURPOSE] + ([int(key)] if key else [])
    return int(np.random.SeedSequence(entropy).generate_state(1, np.uint64)[0])


class PlayerBox:
    """One process holding a student's player; a context manager that ends the process.

    ``source``: the student's cell; ``prelude``: the assignment's import cell;
    ``name``: the variable that holds the player. ``move_seconds``: the limit per
    decision; ``start_seconds``: the limit to start the process and run both
    cells (and, at the start of each game, the player's ``start``). ``hide``:
    folders the child must not read (the sandbox covers them); ``sandboxed``:
    True requires the sandbox, False never uses it, None uses it when available.
    Every method raises ``PlayerRefused`` once the player is refused, and keeps
    raising it.
    """

    def __init__(
        self,
        source: str,
        *,
        prelude: str,
        name: str = "my_player",
        move_seconds: float = 2.0,
        start_seconds: float = 20.0,
        hide: Sequence[os.PathLike | str] = (),
        sandboxed: bool | None = None,
        budget_seconds: float | None = BUDGET_SECONDS,
        dice_key: int | None = None,
    ) -> None:
        if not isinstance(source, str) or not isinstance(prelude, str):
            raise TypeError("source and prelude must be the text of notebook cells (str)")
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f"name must be a Python variable name, not {name!r}")
        for what, seconds in (
            ("move_seconds", move_seconds),
            ("start_seconds", start_seconds),
            ("budget_seconds", 1 if budget_seconds is None else budget_seconds),
        ):
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds <= 0:
                raise ValueError(f"{what} must be a positive number of seconds, not {seconds!r}")
        if dice_key is not None and (isinstance(dice_key, bool) or not isinstance(dice_key, int)):
            raise ValueError(f"dice_key must be a whole number or None, not {dice_key!r}")
        self.source, self.prelude, self.name = source, prelude, name
        self.move_seconds, self.start_seconds = float(move_seconds), float(start_seconds)
        self.hide = [Path(path) for path in hide]
        self.sandboxed = sandboxed
        self.isolation = ""
        """Where the player runs (set when the process starts)."""
        self.refusal: str | None = None
        """Why the player was refused, once it was."""
        self.games = 0
        """How many games ``play`` has started."""
        self._process: subprocess.Popen | None = None
        self._scratch: tempfile.TemporaryDirectory | None = None
        self._buffer = b""
        self._started_game = False
        self.budget_seconds = None if budget_seconds is None else float(budget_seconds)
        self.used_seconds = 0.0
        """The player's time so far (deciding, in all games)."""
        self.timed_out = False
        """True once the player used up ``budget_seconds``."""
        self.dice_key = int.from_bytes(os.urandom(8), "big") if dice_key is None else dice_key
        """The secret mixed into the dice (drawn per box unless given; 0: public dice)."""
        self.trace: list[tuple[int, list[tuple[Any, str]]]] = []
        """The first games' decisions: (dice seed, [(view, move's notation), ...]) per game."""
        self.twin: str | None = None
        """The library player this one plays exactly like (once judged), or None."""
        self._judged = False
        self._tracing = False
        self._choices = 0

    # -- the process -----------------------------------------------------------------------------

    def __enter__(self) -> PlayerBox:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Start the process and run the cells; raises ``PlayerRefused`` when the player is refused."""
        if self._process is not None or self.refusal is not None:
            self._raise_if_refused()
            return
        argv, cwd, env = self._command()
        self._process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=cwd,
            env=env,
            start_new_session=True,  # the box ends its whole process group
        )
        job = {"prelude": self.prelude, "source": self.source, "name": self.name}
        self._send(job, _("while your answer cell was starting"))
        late = _("your answer cell took longer than {seconds} s to run.").format(
            seconds=f"{self.start_seconds:g}"
        )
        answer = self._receive(self.start_seconds, late, _("at the start"))
        if "refuse" in answer:  # (its error, if any, is the student's cell's)
            self._refuse(self._inside_refusal(answer))
        if "error" in answer:  # the grader's prelude failed: not the student's doing
            self.close()
            raise RuntimeError(f"the prelude failed in the player's process: {answer['error']}")
        self._check_player(answer)

    def close(self) -> None:
        """End the process (and everything it started)."""
        process, self._process = self._process, None
        if process is not None:
            for stream in (process.stdin, process.stdout):
                with contextlib.suppress(OSError):
                    stream.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=1)
            _kill(process)
        if self._scratch is not None:
            self._scratch.cleanup()
            self._scratch = None

    def _command(self) -> tuple[list[str], str | None, dict[str, str]]:
        # the child's side is handed over as its text: it runs in the sandbox, which covers the
        # teacher's kit (this package, answer keys and all); it needs only tilegames, found
        # where the grader finds it (``-I`` leaves PYTHONPATH out)
        code = sandbox._source("player_inside.py")
        argv = [sys.executable, "-I", "-c", code, sandbox._tilegames_folder() or ""]
        extra = {"MPLBACKEND": "Agg", "PYTHONDONTWRITEBYTECODE": "1"}
        use = self.sandboxed
        if use is None:
            use, why = sandbox.available()
        else:
            why = "bubblewrap" if use else "not asked for"
        if use:
            self.isolation = _("sandbox ({how})").format(how=why or "bubblewrap")
            # a player needs no network: it gets a loopback of its own and nothing else
            return sandbox.command(argv, hide=self.hide, env=extra, network=False), None, {}
        self.isolation = _("plain process (no sandbox: {why})").format(why=why)
        self._scratch = tempfile.TemporaryDirectory(prefix="tilegames-player-")
        home = self._scratch.name
        env = {"PATH": os.defpath, "HOME": home, "LANG": "C.UTF-8", **extra}
        return argv, home, env

    # -- the protocol ----------------------------------------------------------------------------

    def _send(self, message: Any, where: str) -> None:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            self._process.stdin.write(struct.pack(">I", len(data)) + data)
            self._process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._refuse(self._ended(where))

    def _receive(self, seconds: float, late: str, where: str) -> dict[str, Any]:
        """The child's next answer within ``seconds`` (else refused with ``late``)."""
        deadline = time.monotonic() + seconds
        stream = self._process.stdout.fileno()
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._refuse(late)
            ready, _, _ = select.select([stream], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(stream, LINE_LIMIT)
            if not chunk:
                self._refuse(self._ended(where))
            self._buffer += chunk
            if len(self._buffer) > LINE_LIMIT:
                self._refuse(self._not_an_answer(where))
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            self._refuse(self._not_an_answer(where))
        return answer

    def _inside_refusal(self, answer: dict[str, Any]) -> str:
        """The words of a refusal the player's process sent as a code (``INSIDE_REFUSALS``)."""
        code = str(answer["refuse"])
        if code not in INSIDE_REFUSALS:  # not the process's own code: what it said, as before
            return code
        return _(INSIDE_REFUSALS[code]).format(name=self.name, error=_described(answer))

    @staticmethod
    def _not_an_answer(where: str) -> str:
        return _("your player's process wrote something that is not an answer {where}.").format(
            where=where
        )

    def _ended(self, where: str) -> str:
        status = None
        if self._process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = self._process.wait(timeout=1)
        if status is not None:
            return _(
                "your player's process ended {where} (exit status {status}): does your code "
                "call exit(), os._exit() or use too much memory?"
            ).format(where=where, status=status)
        return _(
            "your player's process ended {where}: does your code call exit(), os._exit() or "
            "use too much memory?"
        ).format(where=where)

    def _refuse(self, message: str) -> None:
        self.refusal = self.refusal or message
        self.close()
        raise PlayerRefused(self.refusal)

    def _raise_if_refused(self) -> None:
        if self.refusal is not None:
            raise PlayerRefused(self.refusal)

    def _check_player(self, facts: dict[str, Any]) -> None:
        library = facts.get("library")
        if library:
            if facts.get("exact"):
                self._refuse(
                    _("write your own player: {name} is the library's {library}.").format(
                        name=self.name, library=library
                    )
                )
            self._refuse(
                _("write your own player: {name} is built on the library's {library}.").format(
                    name=self.name, library=library
                )
            )
        if facts.get("clairvoyant"):
            self._refuse(
                _(
                    "your player says it is clairvoyant (clairvoyant = True), but a homework "
                    "player only ever receives its view — what a person sees — never the game: "
                    "set clairvoyant = False and decide from the view."
                )
            )

    # -- playing ---------------------------------------------------------------------------------

    def choose(
        self, view: Any, rng_seed: int | None = None, *, where: str = "", move: int = 0
    ) -> Any:
        """The player's move in ``view``, one of ``view.legal_moves``.

        ``rng_seed`` starts a new game: a fresh Generator from that seed, and the
        player's ``start(view, rng)`` is called first; without it, the game goes on
        with the current Generator. ``where`` and ``move`` only word the refusals.
        """
        if callable(getattr(view, "legal_moves", None)) or not hasattr(view, "legal_moves"):
            raise TypeError("choose needs a seat's view (game.player_view(seat)), never the game")
        self.start()
        legal = {str(option): option for option in view.legal_moves}
        where = where or _("in game {n}").format(n=max(self.games, 1))
        at = _("{where} at move {move}").format(where=where, move=move) if move else where
        new_game = rng_seed is not None or not self._started_game
        if new_game:
            seed = player_seed(self.games) if rng_seed is None else int(rng_seed)
            if self.dice_key:  # dice the deal's public seed does not reveal
                seed = player_seed(seed, key=self.dice_key)
            self._send(("game", seed, view), at)
            self._started_game = True
            seconds = self.move_seconds + self.start_seconds
            late = _(
                "your player took longer than {seconds} s to start a game and choose its first "
                "move {at}."
            )
            self._tracing = not self._judged and len(self.trace) < PROBE_GAMES
            if self._tracing:
                self.trace.append((seed, []))
        else:
            self._send(("move", view), at)
            seconds = self.move_seconds
            late = _("your player took longer than {seconds} s to choose a move {at}.")
        late = late.format(seconds=f"{seconds:g}", at=at)
        left = None if self.budget_seconds is None else self.budget_seconds - self.used_seconds
        budget = left is not None and left < seconds
        if budget:
            seconds, late = (
                max(left, 0.0),
                _(
                    "your player used up its {seconds} s for all its games {at}: the games it "
                    "finished count; make it faster."
                ).format(seconds=f"{self.budget_seconds:g}", at=at),
            )
        asked = time.monotonic()
        try:
            answer = self._receive(seconds, late, at)
        except PlayerRefused:
            self.timed_out = budget and self.refusal == late
            raise
        finally:
            self.used_seconds += time.monotonic() - asked
        if "crash" in answer:
            self._refuse(
                _("your player crashed {at}: {error}").format(
                    at=at, error=_described(answer)[: 2 * TEXT_LIMIT]
                )
            )
        text, kind = str(answer.get("move", "")), str(answer.get("type", ""))
        if "unprintable" in answer:  # str() of the move failed in the player's process
            text = _("<str() of it failed: {error}>").format(
                error=str(answer["unprintable"])[:TEXT_LIMIT]
            )
        move_type = type(view.legal_moves[0]) if view.legal_moves else None
        is_move = (
            move_type is not None and kind == f"{move_type.__module__}.{move_type.__qualname__}"
        )
        if is_move and text in legal:
            if self._tracing:
                self.trace[-1][1].append((view, text))
                self._choices += _telling(view, text)
            return legal[text]
        if is_move:
            self._refuse(
                _(
                    "{At} your player chose {move}, which is not one of view.legal_moves: "
                    "choose one of those."
                ).format(At=_capital(at), move=_quote(text))
            )
        if kind == "builtins.NoneType":
            self._refuse(
                _(
                    "{At} your player's choose returned None, not a move: does it forget to "
                    "return one of view.legal_moves?"
                ).format(At=_capital(at))
            )
        self._refuse(
            _(
                "{At} your player returned {move} (a {type}), not a move: return one of "
                "view.legal_moves."
            ).format(At=_capital(at), move=_quote(text), type=kind.rsplit(".", 1)[-1])
        )

    def play(
        self,
        game: Any,
        *,
        player_seed: int,
        seat: int | None = None,
        others: Any = None,
        where: str = "",
    ) -> Any:
        """Play ``game`` to its end and return it: the box plays ``seat`` (None: every seat).

        ``others`` plays the other seats in the grader (a trusted player, or a list
        indexed by seat), with a Generator of its own drawn from ``player_seed``.
        ``where`` words the refusals (default: ``"in game N"``, counting from 1).
        """
        self.games += 1
        where = where or _("in game {n}").format(n=self.games)
        rng_seed: int | None = int(player_seed)
        other_rng = np.random.default_rng(np.random.SeedSequence([int(player_seed), 1]))
        started: set[int] = set()
        moves = 0
        while not game.is_over:
            to_move = game.to_move
            if to_move is None:
                break
            view = game.player_view(to_move)
            if not view.legal_moves:
                break
            moves += 1
            if seat is None or to_move == seat:
                choice = self.choose(view, rng_seed, where=where, move=moves)
                rng_seed = None
            else:
                helper = others[to_move] if isinstance(others, Sequence) else others
                if helper is None:
                    raise ValueError(f"seat {to_move} has no player: pass others=...")
                if to_move not in started and hasattr(helper, "start"):
                    helper.start(view, other_rng)
                started.add(to_move)
                choice = helper.choose(view, other_rng)
            game.play(choice)
        if self._choices >= PROBE_DECISIONS or self.games >= PROBE_GAMES:
            self.judge()
        return game

    def judge(self) -> None:
        """Refuse the player if it plays exactly like one of the library's (see the module)."""
        if self._judged:
            self._raise_if_refused()
            return
        self._judged = True
        self.twin = library_twin(self.trace)
        if self.twin:
            self._refuse(
                _(
                    "write your own player: {name} makes exactly the moves of the library's "
                    "{twin} player."
                ).format(name=self.name, twin=self.twin)
            )


def run_player(
    source: str,
    *,
    prelude: str,
    deals: Callable[[int], Any],
    seeds: Iterable[int],
    outcome: Callable[[Any], Any],
    player_seed: Callable[[int], int] = player_seed,
    seat: int | None = None,
    others: Any = None,
    **limits: Any,
) -> PlayerRun:
    """Play the student's player on ``deals(seed)`` for every seed, in one box.

    Each game's dice are seeded from ``player_seed(seed)`` (mixed with the box's
    secret ``dice_key`` unless ``dice_key=0``); ``limits`` go to ``PlayerBox``
    (``name``, ``move_seconds``, ``start_seconds``, ``budget_seconds``,
    ``dice_key``, ``hide``, ``sandboxed``). The first refusal ends the run: the
    results so far come back with it (``timed_out`` says the budget ended it).
    A player that plays exactly like a library player is refused once judged.
    """
    results: list[Any] = []
    box = PlayerBox(source, prelude=prelude, **limits)

    def run() -> PlayerRun:
        return PlayerRun(tuple(results), box.refusal, box.isolation, box.timed_out, box.dice_key)

    try:
        box.start()
        for seed in seeds:
            game = box.play(
                deals(seed),
                player_seed=player_seed(seed),
                seat=seat,
                others=others,
                where=_("in the game with seed {seed}").format(seed=seed),
            )
            results.append(outcome(game))
        box.judge()  # fewer games than the probe: judged on what there is
    except PlayerRefused:
        if box.twin:  # a library player's games are none of the student's
            results.clear()
        return run()
    finally:
        box.close()
    return run()


def library_twin(trace: Sequence[tuple[int, Sequence[tuple[Any, str]]]]) -> str | None:
    """The name of the library player that makes every move in ``trace``, or None.

    ``trace``: per game, the dice seed and the (view, move's notation) pairs a
    player chose. Each of the game's ``PLAYERS`` (but ``NOT_COMPARED`` and the
    clairvoyant ones) is replayed on the same views with the same dice; it is
    judged only with ``PROBE_DECISIONS`` telling choices or more.

    >>> from tilegames import tula
    >>> greedy, trace = tula.make_player("greedy"), []
    >>> for seed in range(16):
    ...     game, rng, moves = tula.new_game(seed=seed), np.random.default_rng(seed), []
    ...     while not game.is_over and game.legal_moves():
    ...         view = game.player_view(game.to_move)
    ...         moves.append((view, str(greedy.choose(view, rng))))
    ...         game.play(moves[-1][1])
    ...     trace.append((seed, moves))
    >>> library_twin(trace)
    'greedy'
    """
    decisions = [(view, text) for _, game in trace for view, text in game]
    if sum(_telling(view, text) for view, text in decisions) < PROBE_DECISIONS:
        return None
    module = type(decisions[0][0]).__module__.split(".")
    if module[0] != "tilegames" or len(module) < 2:
        return None
    import importlib

    try:
        players = importlib.import_module(".".join(module[:2])).PLAYERS
    except (ImportError, AttributeError):
        return None
    for name, kind in players.items():
        if name in NOT_COMPARED or getattr(kind, "clairvoyant", False):
            continue
        try:
            candidate = kind()
            if _plays_alike(candidate, trace):
                return name
        except Exception:  # noqa: BLE001 - a library player that cannot replay is not the twin
            continue
    return None


def _telling(view: Any, text: str) -> bool:
    """Does choosing ``text`` in ``view`` tell a strategy apart from always-first or always-last?"""
    moves = view.legal_moves
    return len(moves) > 2 and text not in (str(moves[0]), str(moves[-1]))


def _plays_alike(candidate: Any, trace: Sequence[tuple[int, Sequence[tuple[Any, str]]]]) -> bool:
    for seed, game in trace:
        if not game:
            continue
        rng = np.random.default_rng(seed)
        start = getattr(candidate, "start", None)
        if start is not None:
            start(game[0][0], rng)
        for view, text in game:
            if str(candidate.choose(view, rng)) != text:
                return False
    return True


def _described(answer: dict[str, Any]) -> str:
    """An error the player's process reported (``error``, ``line``), with its line in the
    student's cell when it has one."""
    error = str(answer.get("error", ""))[:TEXT_LIMIT]
    line = answer.get("line")
    if isinstance(line, int) and not isinstance(line, bool):
        return _("{error} (line {line} of your answer cell)").format(error=error, line=line)
    return error


def _quote(text: Any) -> str:
    text = str(text)
    return repr(text if len(text) <= TEXT_LIMIT else text[:TEXT_LIMIT] + "…")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _kill(process: subprocess.Popen) -> None:
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):  # a process that survives SIGKILL
        process.wait(timeout=5)
