"""Tula: the piecepack solitaire (James Kyle, 2003).

>>> from tilegames import tula
>>> game = tula.new_game(seed=2, mercy=True)
>>> game.play("reveal 3A")
>>> [str(move) for move in game.history]
['reveal 3A']
"""

from __future__ import annotations

from .layout import POSITIONS, SUITS, TILES, VALUES, Tile, matches
from .rules import Game, Move, PlayerView, Rules, new_game

__all__ = [
    "POSITIONS",
    "SUITS",
    "TILES",
    "VALUES",
    "Game",
    "Move",
    "PlayerView",
    "Rules",
    "Tile",
    "matches",
    "new_game",
    "view",
]


def __getattr__(name: str):
    if name == "view":  # imported lazily: only the board view needs ipywidgets
        from .view import view

        return view
    raise AttributeError(f"module 'tilegames.tula' has no attribute {name!r}")
