"""tilegames: exact rules, board views and probability studies for four games.

Each game is a subpackage with the same API: ``tula``, ``maze``,
``triominos``, ``pyramids``. ``GAMES`` maps each name to its package (imported
when first asked for), and ``GAMES.spec(name)`` is the package's ``SPEC``, the
one declaration of the game (``tilegames.spec.GameSpec``). The command line,
the explorers, the golden playthroughs and the contract tests all loop over
it; ``register(spec)`` adds a fifth game (``unregister`` takes it away).

>>> from tilegames import GAMES, tula
>>> list(GAMES)
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
from collections.abc import Iterator, Mapping
from types import ModuleType

from .errors import BadNotation, IllegalMove, InvalidPosition


class GameRegistry(Mapping):
    """Game name -> game package, in the order the notebooks teach them."""

    def __init__(self, packages: dict[str, str]) -> None:
        self._packages = dict(packages)
        self._registered: dict = {}  # name -> the spec given to ``register``

    def spec(self, name: str):
        """The game's declaration (its package's ``SPEC``, or the spec it was registered with);
        an unknown name raises KeyError."""
        if name not in self._packages:
            raise KeyError(f"no game {name!r}: the games are {', '.join(self._packages)}")
        return self._registered.get(name) or self[name].SPEC

    def specs(self) -> list:
        """Every game's declaration, in order."""
        return [self.spec(name) for name in self._packages]

    def register(self, spec) -> None:
        """Add the game ``spec`` declares (its package must define ``SPEC``)."""
        if spec.name in self._packages:
            raise ValueError(f"a game called {spec.name!r} is already registered")
        if not spec.name.isidentifier():
            raise ValueError(f"a game's name must be one word of letters, not {spec.name!r}")
        self._packages[spec.name] = spec.package
        self._registered[spec.name] = spec

    def unregister(self, name: str) -> None:
        """Take a registered game away again (tests that add one do)."""
        if name not in self._packages:
            raise KeyError(f"no game {name!r} is registered")
        del self._packages[name]
        self._registered.pop(name, None)

    def __getitem__(self, name: str) -> ModuleType:
        return importlib.import_module(self._packages[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)

    def __repr__(self) -> str:
        return f"GameRegistry({list(self._packages)})"


GAMES = GameRegistry(
    {
        "tula": "tilegames.tula",
        "maze": "tilegames.maze",
        "triominos": "tilegames.triominos",
        "pyramids": "tilegames.pyramids",
    }
)
"""Every game, by name: ``GAMES["maze"]`` is the ``tilegames.maze`` package."""


def register(spec) -> None:
    """Add a game at run time: ``register(mygame.SPEC)``; see ``GameRegistry.register``."""
    GAMES.register(spec)


def unregister(name: str) -> None:
    """Take away a game added with ``register``."""
    GAMES.unregister(name)


__all__ = [
    "GAMES",
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
    if name in ("tula", "maze", "triominos", "pyramids"):  # the built-in games' packages
        return GAMES[name]
    raise AttributeError(f"module 'tilegames' has no attribute {name!r}")
