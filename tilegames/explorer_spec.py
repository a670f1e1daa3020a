"""``ExplorerSpec``: what a game's rule explorer offers, declared as data in its ``SPEC``.

``tilegames.explore.game(name)`` builds every game's explorer from this one
declaration (``GameSpec.explorer``): its controls and their first values, the
measure that turns the study's rows into estimates (a ``"module:attribute"``
path, loaded only when the explorer is built), the games per setting and the
smaller budget of slow settings. A game that declares nothing gets a control
per true/false or fixed-choice rule, the players, and ``default_measure``.

A control's name says what it sets: a field of the game's ``Rules``, ``rules``
(a named rule set, ``GameSpec.presets()``, that the other rule controls then
change), or an option of the study's task (``players``, ``player``, ``max_nodes``).

This module imports nothing heavy: declaring a game never imports Jupyter.

>>> panel = ExplorerSpec(
...     controls={"mercy": (), "player": Control(("greedy", "expert"), label="who plays")},
...     slow={"player": ("expert",)}, slow_games=100, games=3000, what="deals")
>>> panel.control("player").label, panel.control("mercy").values
('who plays', ())
>>> panel.games_for({"player": "expert"}), panel.games_for({"player": "greedy"})
(100, 3000)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .i18n import N_

__all__ = ["Control", "ExplorerSpec"]


@dataclass(frozen=True)
class Control:
    """One control of an explorer: the values it offers and how they read.

    >>> budget = Control((500, 2000), label="solver budget", words=("500 tables", "2000 tables"))
    >>> budget.choices("max_nodes")
    [('500 tables', 500), ('2000 tables', 2000)]
    >>> Control((False, True)).choices("mercy")
    [('off', False), ('on', True)]
    """

    values: tuple = ()
    """The values offered, the first shown first; ``()``: every choice of the rule."""
    label: str = ""
    """The words before the control (default: its name, ``_`` read as a space)."""
    words: tuple[str, ...] = ()
    """How each value reads, in the order of ``values`` (default: ``on``/``off``, or the value)."""

    def choices(self, name: str, values: tuple = ()) -> list[tuple[str, Any]]:
        """(words, value) pairs for the control called ``name`` (``values`` when it declares none)."""
        values = self.values or values
        if self.words and len(self.words) != len(values):
            raise ValueError(
                f"the explorer control {name!r} has {len(values)} values "
                f"but {len(self.words)} words for them"
            )
        words = self.words or tuple(_word(value) for value in values)
        return list(zip(words, values))


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return N_("on") if value else N_("off")
    return str(value)


@dataclass(frozen=True)
class ExplorerSpec:
    """A game's explorer: controls, measure, games per setting and wording."""

    controls: Mapping[str, Control | tuple] = field(default_factory=dict)
    """Name -> ``Control`` (or just its values); empty: every true/false or fixed-choice rule,
    the number of players and the player."""
    measure: str = ""
    """``"module:attribute"`` of ``measure(frame, settings) -> {label: Estimate}``
    (default: ``tilegames.explore.default_measure``)."""
    title: str = ""
    """The panel's heading (default: ``"<title>: what changes with the rules?"``)."""
    games: int = 0
    """Games per setting (0: the spec's ``default_games``)."""
    slow: Mapping[str, tuple] = field(default_factory=dict)
    """Control -> its values that take long (a slow player): a setting with one plays ``slow_games``."""
    slow_games: int = 0
    """Games per slow setting."""
    what: str = "games"
    """What one simulated row is, in the summary (``"deals"``, ``"rounds between greedy players"``)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Options every setting passes to the study's task (``max_seconds=inf``: no clock decides)."""

    @classmethod
    def of(cls, declared: ExplorerSpec | Mapping[str, tuple]) -> ExplorerSpec:
        """A spec's ``explorer`` as an ``ExplorerSpec`` (a plain mapping is its controls).

        >>> ExplorerSpec.of({"curse": ()}).controls
        {'curse': ()}
        """
        return declared if isinstance(declared, ExplorerSpec) else cls(controls=dict(declared))

    def control(self, name: str) -> Control:
        """The control called ``name`` as a ``Control``."""
        declared = self.controls[name]
        return declared if isinstance(declared, Control) else Control(tuple(declared))

    def games_for(self, settings: Mapping[str, Any], games: int = 0, slow_games: int = 0) -> int:
        """Games one setting plays: ``slow_games`` if a control is at a slow value, else ``games``
        (each defaults to the declared number)."""
        slow = any(settings.get(name) in values for name, values in self.slow.items())
        if slow:
            return slow_games or self.slow_games
        return games or self.games
