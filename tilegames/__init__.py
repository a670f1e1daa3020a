"""tilegames: exact rules, board views and probability studies for four games.

Each game is a subpackage with the same API: ``tula``, ``maze``,
``triominos``, ``pyramids``. ``GAMES`` maps each name to its package (imported
when first asked for); the command line, the golden playthroughs and the
contract tests all read it, so a fifth game is added here.

>>> from tilegames import GAMES, tula
>>> list(GAMES)
['tula', 'maze', 'triominos', 'pyramids']
>>> GAMES["tula"] is tula
True
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

__all__ = ["GAMES", "BadNotation", "IllegalMove", "InvalidPosition", *GAMES]
__version__ = "0.3.0"


def __getattr__(name: str):
    if name in GAMES:
        return GAMES[name]
    raise AttributeError(f"module 'tilegames' has no attribute {name!r}")
