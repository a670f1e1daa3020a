"""Tri-Ominos: triangular dominoes for 2-6 players (Pressman, 1965).

>>> from tilegames import triominos
>>> game = triominos.new_game(seed=6, players=2)
>>> game.play(game.legal_moves()[0])
>>> [str(move) for move in game.history]
['5-5-5 @ 0,0 r0']
"""

from __future__ import annotations

from ..game import lazy_view
from ..spec import GameSpec
from .lattice import TILES, Board, cells_around, corners, parse_tile, tile_name, value
from .players import PLAYERS, make_player, play_game
from .rules import Game, Match, Move, PlayerView, Rules, ScoreEvent, new_game

__all__ = [
    "SPEC",
    "TILES",
    "Board",
    "Game",
    "Match",
    "Move",
    "PLAYERS",
    "PlayerView",
    "Rules",
    "ScoreEvent",
    "cells_around",
    "corners",
    "make_player",
    "new_game",
    "parse_tile",
    "play_game",
    "tile_name",
    "value",
    "view",
]


__getattr__ = lazy_view(__name__)  # the board view (ipywidgets) loads only when asked


SPEC = GameSpec(
    name="triominos",
    title="Tri-Ominos",
    package=__name__,
    seats=(2, 6),
    hidden_information=True,
    chance=True,
    score_direction="higher",
    summary="triangular dominoes for 2-6 players: match corners, score points",
    presets_path="tilegames.triominos.study:VARIANTS",
    task="tilegames.triominos.study:round_task",
    summary_text="tilegames.triominos.study:summary_text",
    studies="tilegames.triominos.studies:STUDIES",
    default_games=1000,
)
"""Tilegames' one declaration of Tri-Ominos: see ``tilegames.spec.GameSpec``."""
