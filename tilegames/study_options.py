"""A game's studies, declared: their options, how a run is planned, and what it tallies.

A game's spec names its studies (``GameSpec.studies``: a tuple of ``Study``, or a
``"module:attribute"`` path to one); ``tilegames simulate GAME`` and the rule explorer
are built from them and from nothing else. Most games need one line,
``generic_study(task, tally=...)``: ``--games``, ``--players`` and ``--player`` for the
game's one-game ``task``. A ``Study`` declares its ``Option``s (flag, parser, default, help and
the check its value must pass) and names its ``plan``: a function
``plan(rules, options) -> Plan`` that turns the rules and the options' values into
a picklable task, a number of games and a tally. The tally is fed every finished
batch, in game order, and keeps only what the summary needs (counts, exact sums), so
the parent's memory does not grow with the run. A study that runs (and writes
``--out``) itself names ``run(rules, options) -> (rows, summary)`` instead. A study
selected by a switch (Maze's ``--exhaustive``) names it as its ``flag``.

Nothing here imports the command line or pandas: a declaration is cheap.

>>> study = Study(
...     plan="tilegames.tula.studies:plan",
...     options=(Option("--samples", "imagined deals per decision", type=int, default=16,
...                     valid=lambda value: value >= 1, must="be at least 1"),),
... )
>>> study.problems({"samples": 0})
['--samples must be at least 1, not 0']
>>> positive_int("1_000")
1000
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .i18n import N_, Deferred, _, format_number, translate
from .loading import load
from .players import lineup

__all__ = [
    "Option",
    "Plan",
    "Study",
    "dest_of",
    "game_count",
    "generic_study",
    "non_negative_int",
    "player_option",
    "players_option",
    "positive_int",
]


def non_negative_int(text: str) -> int:
    """Argument type: a whole number 0 or more (underscores allowed: ``1_000``).

    >>> non_negative_int("0")
    0
    """
    return _whole_number(text, 0, "0 or more")


def positive_int(text: str) -> int:
    """Argument type: a whole number 1 or more.

    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be at least 1, not 0
    """
    return _whole_number(text, 1, "at least 1")


def _whole_number(text: str, least: int, words: str) -> int:
    cleaned = text.replace("_", "").strip()
    if not cleaned.lstrip("+-").isdigit() or len(cleaned) > 30:
        raise argparse.ArgumentTypeError(
            _("expected a whole number, not {text}").format(text=repr(text[:40]))
        )
    value = int(cleaned)
    if value < least:
        raise argparse.ArgumentTypeError(
            (
                _("must be 0 or more, not {text}")
                if least == 0
                else _("must be at least 1, not {text}")
            ).format(text=text)
        )
    return value


def game_count(text: str) -> int:
    """Argument type for ``--games``/``--rounds``: 1 up to ``sim.MAX_GAMES``.

    >>> game_count("20")
    20
    """
    from .sim import MAX_GAMES

    value = positive_int(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(
            _("at most {most} in one run, not {text}").format(
                most=format_number(MAX_GAMES), text=text
            )
        )
    return value


def dest_of(flag: str) -> str:
    """A flag's name among the parsed values: ``--max-nodes`` is ``max_nodes``.

    >>> dest_of("--legacy-dice")
    'legacy_dice'
    """
    return flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class Option:
    """One option of a study: ``--flag``, how its text is read, its default and help.

    ``action`` is ``"store_true"`` for a switch or ``"append"`` for a repeatable one;
    ``exclusive`` puts the options that share its word in one mutually exclusive group;
    ``valid(value)`` is the check a value must pass (``--samples must be at least 1,
    not 0`` says ``must``), made before the run. ``aliases`` are other flags that keep
    working (an old name that recorded commands use); ``--help`` shows them after ``flag``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> Option("--compare-mercy", "compare", action="store_true", aliases=("--mercy",)).add_to(parser)
    >>> parser.parse_args(["--mercy"])
    Namespace(compare_mercy=True)
    """

    flag: str
    help: str
    type: Callable[[str], Any] | None = None
    default: Any = None
    action: str | None = None
    choices: Any = None
    metavar: str | None = None
    exclusive: str = ""
    valid: Callable[[Any], bool] | None = None
    must: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def dest(self) -> str:
        """The option's name among the values (``--max-nodes`` is ``max_nodes``)."""
        return dest_of(self.flag)

    def add_to(self, parser) -> None:
        """Add it to an ``argparse`` parser (or group), its help in the language in use."""
        settings: dict[str, Any] = {"help": translate(self.help), "default": self.default}
        for name in ("type", "action", "choices", "metavar"):
            if getattr(self, name) is not None:
                settings[name] = getattr(self, name)
        parser.add_argument(self.flag, *self.aliases, dest=self.dest, **settings)

    def problem(self, value: Any) -> str:
        """What is wrong with ``value`` (``""``: nothing)."""
        if self.valid is None or value is None or self.valid(value):
            return ""
        return _("{flag} must {must}, not {value}").format(
            flag=self.flag, must=translate(self.must), value=value
        )


def players_option(what: str = "game") -> Option:
    """``--players N``, 2–6, for the multi-player games' studies.

    >>> players_option("round").help
    'players per round, 2-6 (default 2)'
    """
    helps = {
        "game": N_("players per game, 2-6 (default 2)"),
        "round": N_("players per round, 2-6 (default 2)"),
    }
    return Option(
        "--players",
        Deferred(helps[what]) if what in helps else f"players per {what}, 2-6 (default 2)",
        type=int,
        default=2,
        choices=range(2, 7),
        metavar="N",
    )


def player_option(text: str, players: Iterable[str], default: str, **fields: Any) -> Option:
    """``--player``: the player of each seat, a comma list taken seat by seat. ``text`` is its
    help (an ``N_`` message), with ``{players}`` the names offered and any other ``fields``.

    >>> player_option("each seat: {players}", ["greedy", "random"], "greedy").help
    'each seat: greedy, random'
    """
    return Option("--player", Deferred(text, players=", ".join(players), **fields), default=default)


@dataclass
class Plan:
    """One run of a study, planned: what each game does and what the summary keeps.

    ``task(rng)`` is picklable (a ``functools.partial`` of a top-level function);
    ``tally`` (if any) is fed every finished batch in game order; ``summary(rows,
    seconds)`` makes the text printed after the run (``rows`` is empty when the rows
    went to ``--out``; a study with a tally reads its tally instead). ``provenance``
    is what the sidecar of ``--out`` records besides the standard keys.
    """

    task: Callable
    games: int
    what: str
    summary: Callable[[Any, float], str]
    tally: Callable[[Any], object] | None = None
    provenance: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def tallied(
        cls,
        task: Callable,
        games: int,
        what: str,
        tally: Any,
        provenance: dict[str, Any] | None = None,
    ) -> Plan:
        """A plan whose summary is its tally's ``text()``, whatever the rows and the seconds.

        >>> class Count:
        ...     def text(self):
        ...         return "counted"
        >>> Plan.tallied(print, 10, "games", Count()).summary(None, 1.5)
        'counted'
        """
        return cls(
            task=task,
            games=games,
            what=what,
            summary=lambda rows, seconds: tally.text(),
            tally=tally,
            provenance={} if provenance is None else provenance,
        )

    def first_line(self, seed: int = 1) -> str:
        """The first line of the summary after the planned games run here, from ``seed`` (one
        process, no progress bar, ``0.0 s``): a study's worked example."""
        from .sim import simulate

        simulate(self.task, self.games, seed=seed, progress=False, tally=self.tally)
        return self.summary(None, 0.0).splitlines()[0]


@dataclass(frozen=True)
class Study:
    """A study a game's ``simulate`` command runs: its options and its ``plan`` (or ``run``).

    ``plan``, ``run`` and ``task`` are ``"module:function"`` paths (or the functions);
    ``task(rng, *, rules, **options) -> row`` is the one game the plan plays, and the rule
    explorer plays the first study's. ``flag`` (with ``flag_help``) is the switch that
    selects a study other than the first, whose options are shown under ``group`` (a
    title) with ``group_help``. ``description`` is the sub-command's description (the
    first study's). ``generic_study`` makes the usual one.
    """

    plan: str | Callable = ""
    run: str | Callable = ""
    options: tuple[Option, ...] = ()
    description: str = ""
    flag: str = ""
    flag_help: str = ""
    group: str = ""
    group_help: str = ""
    task: str | Callable = ""
    generic: bool = False
    """Made by ``generic_study``: its options and description come from the game's spec."""

    def __post_init__(self) -> None:
        if bool(self.plan) == bool(self.run):
            raise ValueError("a study names its plan or its run (one of them)")

    def for_game(self, spec) -> Study:
        """This study as ``spec``'s game runs it: a ``generic_study`` gets the game's
        ``--games``, ``--players`` and ``--player``; any other study is itself."""
        if not self.generic:
            return self
        return dataclasses.replace(
            self,
            plan=functools.partial(self.plan, spec),
            options=_generic_options(spec),
            description=self.description
            or Deferred(N_("Play many seeded {game} games and summarise them."), game=spec.title),
            generic=False,
        )

    def task_function(self) -> Callable | None:
        """The ``task``, loaded (None: the study names none)."""
        if not self.task:
            return None
        return load(self.task) if isinstance(self.task, str) else self.task

    @property
    def writes_its_own_out(self) -> bool:
        """Whether it runs itself, writing (and resuming) ``--out`` batch by batch."""
        return bool(self.run)

    def problems(self, values: Mapping[str, Any]) -> list[str]:
        """What is wrong with the options' ``values`` (a name -> value mapping), in order."""
        found = (option.problem(values.get(option.dest)) for option in self.options)
        return [problem for problem in found if problem]

    def function(self) -> Callable:
        """The ``plan`` or ``run`` function, loaded."""
        named = self.plan or self.run
        return load(named) if isinstance(named, str) else named


def generic_study(
    task: str | Callable,
    *,
    tally: str | Callable = "",
    summary: str | Callable = "",
    description: str = "",
) -> Study:
    """The study most games need, in one line: ``--games`` (the spec's ``default_games``),
    ``--players`` (when the game has a choice of seats) and ``--player`` (a name, or a comma
    list taken seat by seat), each game ``task(rng, *, rules, players, player) -> row``.
    After the run it prints ``tally``'s ``text()`` (a ``sim.Tally`` class, fed every batch as
    the run goes, so no rows are kept) or ``summary(rows)`` (the rows, read back from
    ``--out``): name one of them.

    >>> from tilegames import GAMES
    >>> study = generic_study("tilegames.pyramids.study:game_task",
    ...                       summary="tilegames.pyramids.study:summary_text")
    >>> [option.flag for option in study.for_game(GAMES.spec("pyramids")).options]
    ['--games', '--players', '--player']
    >>> generic_study("tilegames.pyramids.study:game_task")
    Traceback (most recent call last):
    ...
    ValueError: a generic study names its tally or its summary (one of them)
    """
    if bool(tally) == bool(summary):
        raise ValueError("a generic study names its tally or its summary (one of them)")
    return Study(
        plan=functools.partial(_generic_plan, task=task, tally=tally, summary=summary),
        task=task,
        description=description,
        generic=True,
    )


def _generic_options(spec) -> tuple[Option, ...]:
    """``--games``, ``--players`` (when the game has a choice of seats) and ``--player``."""
    low, high = spec.seats
    players = list(spec.players)
    options = [
        Option(
            "--games",
            Deferred(N_("games to play (default {games})"), games=spec.default_games),
            type=game_count,
            default=spec.default_games,
        )
    ]
    if low < high:
        options.append(
            Option(
                "--players",
                Deferred(N_("players per game, {low}-{high} (default {low})"), low=low, high=high),
                type=int,
                default=low,
                choices=range(low, high + 1),
                metavar="N",
            )
        )
    options.append(
        player_option(
            N_(
                "the player of each seat: {players}; a comma list sets seats in turn "
                "(default {first})"
            ),
            players,
            players[0],
            first=players[0],
        )
    )
    return tuple(options)


def _loaded(named: str | Callable) -> Any:
    return load(named) if isinstance(named, str) else named


def _generic_plan(
    spec,
    rules,
    options: Mapping[str, Any],
    *,
    task: str | Callable,
    tally: str | Callable,
    summary: str | Callable,
) -> Plan:
    """The generic study's run: ``task`` with the rules, seats and players."""
    players = options.get("players") or spec.seats[0]
    seated = lineup(options["player"], players, list(spec.players), spec.title)
    one_game = functools.partial(
        _loaded(task), rules=rules, players=players, player=",".join(seated)
    )
    what = Deferred(N_("{game} games"), game=spec.title)
    games, provenance = options["games"], {"rules": rules.to_dict()}
    if tally:
        return Plan.tallied(one_game, games, what, _loaded(tally)(), provenance)
    return Plan(
        task=one_game,
        games=games,
        what=what,
        summary=lambda rows, seconds: _loaded(summary)(rows),
        provenance=provenance,
    )
