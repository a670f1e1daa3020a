"""Tula: the piecepack solitaire (James Kyle, 2003).

>>> from tilegames import tula
>>> game = tula.new_game(seed=2, mercy=True)
>>> game.play("reveal 3A")
>>> [str(move) for move in game.history]
['reveal 3A']
"""

from __future__ import annotations

from ..game import lazy_view
from .layout import POSITIONS, SUITS, TILES, VALUES, Tile, matches
from .players import PLAYERS, make_player, play_game
from .rules import Game, Move, PlayerView, Rules, new_game

__all__ = [
    "POSITIONS",
    "SUITS",
    "TILES",
    "VALUES",
    "PLAYERS",
    "Game",
    "Move",
    "PlayerView",
    "Rules",
    "Tile",
    "make_player",
    "matches",
    "new_game",
    "play_game",
    "view",
]


__getattr__ = lazy_view(__name__)  # the board view (ipywidgets) loads only when asked
