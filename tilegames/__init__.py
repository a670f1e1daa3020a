"""tilegames: exact rules, board views and probability studies for four games.

Each game is a subpackage with the same API: ``tula``, ``maze``,
``triominos``, ``pyramids``.

>>> from tilegames import tula
>>> game = tula.new_game(seed=1)
>>> game.legal_moves()[0]
Move.parse('reveal 3A')
"""

from __future__ import annotations

import importlib

from .errors import IllegalMove, InvalidPosition

GAMES = ("tula", "maze", "triominos", "pyramids")
"""The game subpackages, in the order the notebooks teach them."""

__all__ = ["GAMES", "IllegalMove", "InvalidPosition", *GAMES]
__version__ = "0.1.0"


def __getattr__(name: str):
    if name in GAMES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'tilegames' has no attribute {name!r}")
