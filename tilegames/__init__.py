"""tilegames: exact rules, board views and probability studies for four games, and any other.

Each game is a package with the same API: the built-in ``tula``, ``maze``,
``triominos``, ``pyramids``, and any game another distribution declares in the
entry-point group ``tilegames.games`` (its ``pyproject.toml``:
``[project.entry-points."tilegames.games"] pig = "tilegames_pig"``). ``GAMES``
maps each name to its package (imported when first asked for): the four in the
order the notebooks teach them, then the installed plug-ins by name. ``GAMES.spec(name)``
is the package's ``SPEC``, the one declaration of the game
(``tilegames.spec.GameSpec``). The command line, the play page, the explorers,
the rules cards, the golden playthroughs and the contract tests all loop over it;
``register(spec)`` adds a game at run time (``unregister`` takes it away).

>>> from tilegames import GAMES, tula
>>> list(GAMES)[:4]
['tula', 'maze', 'triominos', 'pyramids']
>>> GAMES["tula"] is tula
True
>>> GAMES.spec("tula").seats
(1, 1)
>>> game = tula.new_game(seed=1)
>>> game.legal_moves()[0]
Move.parse('reveal 3A')
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Iterator, Mapping
from types import ModuleType

from . import i18n
from .errors import BadNotation, IllegalMove, InvalidPosition

ENTRY_POINT_GROUP = "tilegames.games"
"""The entry-point group a distribution declares its games in: each entry point's name is
the game's name, its value the game's package (``"tilegames_pig"``) or its spec
(``"tilegames_pig:SPEC"``)."""

BUILT_IN = {
    "tula": "tilegames.tula",
    "maze": "tilegames.maze",
    "triominos": "tilegames.triominos",
    "pyramids": "tilegames.pyramids",
}
"""The games tilegames ships, in teaching order. ``pyproject.toml`` declares them in
``tilegames.games`` too (as a plug-in would); they are named here as well so that a run
from a checkout (``PYTHONPATH``, or an install whose metadata is stale) has them all."""


class GamePluginWarning(UserWarning):
    """A game declared in ``tilegames.games`` was left out (it did not load, or its name
    clashes or does not match its spec); the message names its distribution."""


class GameRegistry(Mapping):
    """Game name -> game package: ``packages`` in their order, then the games the installed
    distributions declare in the entry-point ``group`` (found when the games are first
    listed, by name), then those added with ``register``."""

    def __init__(self, packages: dict[str, str], *, group: str | None = None) -> None:
        self._packages = dict(packages)
        self._built_in = frozenset(packages)
        self._registered: dict = {}  # name -> the spec given to ``register`` or found installed
        self._group = group
        self._discovered = group is None
        self._found: set[str] = set()  # the plug-ins' names, as found

    # -- the installed plug-ins ------------------------------------------------------------
    def _discover(self) -> None:
        """Add the games the installed distributions declare (once). A plug-in's package is
        imported here to check its ``SPEC``; the built-in games' packages are not."""
        if self._discovered:
            return
        self._discovered = True
        found = {}
        for point in _entry_points(self._group):
            dist = _distribution(point)
            if self._packages.get(point.name) in (point.value, point.module) and (
                point.name in self._built_in
            ):
                continue  # a built-in game's own entry point: already here
            if point.name in found and found[point.name].value == point.value:
                continue  # the same declaration seen twice (an install and an egg-info)
            if point.name in found or point.name in self._packages:
                _skip(point, dist, f"another game is already called {point.name!r}")
                continue
            found[point.name] = point
        for name in sorted(found):
            point = found[name]
            try:
                spec = _spec_of(point)
            except Exception as error:  # any failure of a plug-in leaves the others alone
                _skip(point, _distribution(point), f"{type(error).__name__}: {error}")
                continue
            self._packages[name] = spec.package
            self._registered[name] = spec
            self._found.add(name)

    def refresh(self) -> None:
        """Look for the installed plug-ins again (after ``pip install`` of a game in a running
        kernel); the built-in games and those added with ``register`` stay."""
        for name in self._found & set(self._packages):
            del self._packages[name]
            self._registered.pop(name, None)
        self._found.clear()
        self._discovered = self._group is None

    def _names(self) -> dict[str, str]:
        self._discover()
        return self._packages

    # -- the mapping -------------------------------------------------------------------------
    def spec(self, name: str):
        """The game's declaration (its package's ``SPEC``, or the spec it was registered with);
        an unknown name raises KeyError."""
        if name not in self:
            raise KeyError(f"no game {name!r}: the games are {', '.join(self._packages)}")
        return self._registered.get(name) or self[name].SPEC

    def specs(self) -> list:
        """Every game's declaration, in order."""
        return [self.spec(name) for name in self._names()]

    def register(self, spec) -> None:
        """Add the game ``spec`` declares (its package must define ``SPEC``)."""
        if spec.name in self._names():
            raise ValueError(f"a game called {spec.name!r} is already registered")
        if not spec.name.isidentifier():
            raise ValueError(f"a game's name must be one word of letters, not {spec.name!r}")
        self._packages[spec.name] = spec.package
        self._registered[spec.name] = spec

    def unregister(self, name: str) -> None:
        """Take a registered game away again (tests that add one do)."""
        if name not in self._names():
            raise KeyError(f"no game {name!r} is registered")
        del self._packages[name]
        self._registered.pop(name, None)
        self._found.discard(name)

    def __contains__(self, name: object) -> bool:
        # a built-in name is answered without looking for plug-ins (nothing imported)
        return name in self._built_in and name in self._packages or name in self._names()

    def __getitem__(self, name: str) -> ModuleType:
        if name not in self:
            raise KeyError(name)
        return importlib.import_module(self._packages[name])

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names()))

    def __len__(self) -> int:
        return len(self._names())

    def __repr__(self) -> str:
        return f"GameRegistry({list(self._names())})"


def _entry_points(group: str) -> list:
    """The entry points of ``group`` (an unreadable installation's metadata finds none)."""
    from importlib.metadata import entry_points

    try:
        return list(entry_points(group=group))
    except Exception as error:  # pragma: no cover - a broken site-packages
        warnings.warn(
            f"tilegames: could not read the installed games ({group}): {error}",
            GamePluginWarning,
            stacklevel=3,
        )
        return []


def _distribution(point) -> str:
    dist = getattr(point, "dist", None)
    if dist is None:
        return "an unknown distribution"
    return f"{dist.metadata['Name'] or '?'} {dist.version or ''}".strip()


def _skip(point, dist: str, why: str) -> None:
    warnings.warn(
        f"tilegames: the game {point.name!r} ({point.value}) of {dist} is left out: {why}",
        GamePluginWarning,
        stacklevel=4,
    )


def _spec_of(point):
    """The spec an entry point names (its package's ``SPEC``, or the spec itself), checked."""
    from .spec import GameSpec

    loaded = point.load()
    spec = getattr(loaded, "SPEC", None) if isinstance(loaded, ModuleType) else loaded
    if not isinstance(spec, GameSpec):
        raise TypeError(f"{point.value} is not a tilegames.spec.GameSpec, nor has one as SPEC")
    if spec.name != point.name:
        raise ValueError(f"its SPEC is called {spec.name!r}, not {point.name!r}")
    if not spec.name.isidentifier():
        raise ValueError(f"a game's name must be one word of letters, not {spec.name!r}")
    if getattr(importlib.import_module(spec.package), "SPEC", None) is not spec:
        raise ValueError(f"its package {spec.package} has no SPEC, or another one")
    return spec


GAMES = GameRegistry(BUILT_IN, group=ENTRY_POINT_GROUP)
"""Every game, by name: ``GAMES["maze"]`` is the ``tilegames.maze`` package."""


def register(spec) -> None:
    """Add a game at run time: ``register(mygame.SPEC)``; see ``GameRegistry.register``."""
    GAMES.register(spec)


def unregister(name: str) -> None:
    """Take away a game added with ``register``."""
    GAMES.unregister(name)


__all__ = [
    "ENTRY_POINT_GROUP",
    "GAMES",
    "GamePluginWarning",
    "register",
    "unregister",
    "BadNotation",
    "IllegalMove",
    "InvalidPosition",
    "tula",
    "maze",
    "triominos",
    "pyramids",
]
__version__ = "0.5.0"


def __getattr__(name: str):
    if name in BUILT_IN:  # a built-in game's package: no plug-in is looked for
        return GAMES[name]
    # ``from tilegames import players`` asks here before importing the module: a module of
    # tilegames is never a plug-in's game, and asking for one looks for no plug-in
    if not name.startswith("_") and not _is_module(name) and name in GAMES:
        return GAMES[name]  # an installed or registered game's package
    raise AttributeError(f"module 'tilegames' has no attribute {name!r}")


def _is_module(name: str) -> bool:
    from importlib.util import find_spec

    try:
        return find_spec(f"{__name__}.{name}") is not None
    except (ImportError, ValueError):
        return False


def _tables_speak_the_language() -> None:
    """In a notebook (IPython running), the tables a cell shows speak the language
    ``i18n.set_language`` chose (``tables.speak_in_notebook``); elsewhere nothing."""
    import sys

    if "IPython" in sys.modules:
        from .tables import speak_in_notebook

        speak_in_notebook()


i18n.LANGUAGE_LISTENERS.append(_tables_speak_the_language)
