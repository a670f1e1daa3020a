"""``GameSpec``: the one place a game is declared.

Each game package ends with ``SPEC = GameSpec(...)``: its name, how many seats,
whether anything is hidden or left to chance, which way the scores go, its
``Rules``, players, pictures, studies and their options. Everything that
loops over games (the command line, the explorers, the conformance suite, the
golden playthroughs, the benchmarks, the rules cards) reads the specs in
``tilegames.GAMES``; ``tilegames.register(spec)`` adds a game at run time.

The heavy parts (the board's ipywidgets, the study's pandas) are named as
``"module:attribute"`` paths and imported only when asked, so declaring a
game never imports Jupyter.

>>> from tilegames import GAMES
>>> spec = GAMES.spec("pyramids")
>>> spec.seats, spec.score_direction, spec.hidden_information
((2, 6), 'lower', True)
>>> spec.best_seat([3, 0, 7])
1
>>> sorted(spec.presets())[:2]
['online', 'standard']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from .loading import load

if TYPE_CHECKING:
    from .explorer_spec import ExplorerSpec

__all__ = ["GameSpec", "load"]


@dataclass(frozen=True)
class GameSpec:
    """Everything the rest of tilegames needs to know about one game."""

    name: str
    """Short name used on the command line and in saved games (``"tula"``)."""
    title: str
    """The game's name for people (``"Flaming Pyramids"``)."""
    package: str
    """The game's package (``"tilegames.tula"``): ``Game``, ``Rules``, ``new_game``, ``PLAYERS`` …"""
    seats: tuple[int, int]
    """The fewest and the most players (``(1, 1)`` for a solitaire)."""
    hidden_information: bool
    """Whether a seat may not see everything (views then hide it)."""
    chance: bool
    """Whether chance decides anything after the deal (dice, draws)."""
    score_direction: Literal["higher", "lower"]
    """Which scores are better: ``higher`` (points won) or ``lower`` (tiles left)."""
    summary: str
    """One line for a menu: what the game is."""
    how_to_play: str = ""
    """The rules in a few plain sentences (blank lines between paragraphs): the rules card of a
    game with no hand-written one shows them, and so does its ``tilegames play`` page."""
    render: str = ""
    """The text and SVG pictures' module (default ``<package>.render``)."""
    board: str = ""
    """The interactive board's module, with ``view(game)`` (default ``<package>.board``)."""
    engine: str = ""
    """A game with a compiled part names here ``"module:describe"``: ``describe() -> str``
    says which implementation runs in this install (Maze: ``"compiled (gcc 12)"`` or
    ``"python"``); ``tilegames --version`` and the game's results files say it. Empty: the
    game is pure Python."""
    studies: str | tuple = ()
    """The game's studies, a tuple of ``tilegames.study_options.Study`` (or a
    ``"module:attribute"`` path to one, imported only when asked): their options, the
    one-game task each plays and what it tallies. ``tilegames simulate GAME`` is built from
    them, the rule explorer plays the first one's ``task``. Most games need one line:
    ``(generic_study(f"{__name__}.study:task", tally=f"{__name__}.study:Tally"),)``."""
    rule_flags: Mapping[str, str] = field(default_factory=dict)
    """Command-line shortcuts for rules: ``{"--curse": "curse=true", "--turn-cap": "turn_cap"}``
    (a flag with a whole ``NAME=VALUE`` is a switch; a bare name takes a value)."""
    default_games: int = 1000
    """Games ``tilegames simulate`` plays when ``--games`` is not given."""
    explorer: ExplorerSpec | Mapping[str, tuple] = field(default_factory=dict)
    """The rule explorer (``tilegames.explore.game``), an ``ExplorerSpec``: its controls (a
    ``Rules`` field, ``rules``, or a task option -> the values offered, the first shown first),
    measure, games per setting and wording; a plain mapping is just the controls. Empty: one
    control per true/false or fixed-choice rule, and the players."""

    def __post_init__(self) -> None:
        low, high = self.seats
        if not 1 <= low <= high:
            raise ValueError(f"{self.name}: seats must be (fewest, most) with 1 <= fewest <= most")
        if self.score_direction not in ("higher", "lower"):
            raise ValueError(f"{self.name}: score_direction must be 'higher' or 'lower'")
        if not self.studies:
            raise ValueError(
                f"{self.name}: declare its studies, like "
                "studies=(generic_study('mygame.study:task', summary='mygame.study:summary'),)"
            )

    # -- what the declaration names, loaded when asked --------------------------------
    @property
    def module(self):
        """The game's package."""
        return importlib.import_module(self.package)

    @property
    def Game(self) -> type:  # noqa: N802 - the class, named as in the package
        return self.module.Game

    @property
    def Rules(self) -> type:  # noqa: N802
        return self.module.Rules

    @property
    def players(self) -> Mapping[str, Callable]:
        """Player name -> factory (the package's ``PLAYERS``)."""
        return self.module.PLAYERS

    def new_game(self, seed: Any = None, **options):
        """A new game (the package's ``new_game``)."""
        return self.module.new_game(seed, **options)

    def presets(self) -> dict[str, Any]:
        """Every named rule set, by name (``Rules.presets()``; ``Rules.preset(name)`` also
        takes the aliases the game declares in ``Rules.ALIASES``)."""
        return self.Rules.presets()

    def render_module(self):
        """The module with ``text(game)`` and ``svg(game)``."""
        return load(self.render or f"{self.package}.render")

    def board_module(self):
        """The module with ``view(game)`` (imports ipywidgets)."""
        return load(self.board or f"{self.package}.board")

    def engine_text(self) -> str:
        """Which implementation of the game runs here, in words: ``"Maze: compiled (gcc …)"``,
        or ``"Tula: Python 3.12.1"`` for a pure-Python game.

        >>> from tilegames import GAMES
        >>> GAMES.spec("tula").engine_text().startswith("Tula: Python 3.")
        True
        """
        import sys

        if self.engine:
            return f"{self.title}: {load(self.engine)()}"
        return f"{self.title}: Python {sys.version.split()[0]}"

    def study_list(self) -> tuple:
        """The game's studies (``studies``), the first the usual one, as this game runs them
        (``Study.for_game``)."""
        declared = load(self.studies) if isinstance(self.studies, str) else self.studies
        return tuple(study.for_game(self) for study in declared)

    def study_task(self) -> Callable:
        """The one-game task of the first study that names one (the rule explorer plays it).

        >>> from tilegames import GAMES
        >>> GAMES.spec("tula").study_task().__name__
        'deal_task'
        """
        for study in self.study_list():
            task = study.task_function()
            if task is not None:
                return task
        raise ValueError(f"{self.name}: no study names its task (Study.task)")

    def best_seat(self, scores) -> int:
        """The seat whose score is best in this game's direction (the first of equals)."""
        pick = max if self.score_direction == "higher" else min
        best = pick(scores)
        return list(scores).index(best)
