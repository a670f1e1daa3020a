"""Tri-Ominos: triangular dominoes for 2-6 players (Pressman, 1965).

>>> from tilegames import triominos
>>> game = triominos.new_game(seed=6, players=2)
>>> game.play(game.legal_moves()[0])
>>> [str(move) for move in game.history]
['5-5-5 @ 0,0 r0']
"""

from __future__ import annotations

from ..explorer_spec import Control, ExplorerSpec
from ..game import PACKAGE_MEMBERS, lazy_view
from ..i18n import N_
from ..spec import GameSpec
from .lattice import TILES, Board, cells_around, corners, parse_tile, tile_name, value
from .players import PLAYERS, make_player, play_game
from .rules import Game, Match, Move, PlayerView, Rules, ScoreEvent, new_game

__all__ = [
    *PACKAGE_MEMBERS,
    "TILES",
    "Board",
    "Match",
    "ScoreEvent",
    "cells_around",
    "corners",
    "parse_tile",
    "tile_name",
    "value",
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
    summary=N_("triangular dominoes for 2-6 players: match corners, score points"),
    studies="tilegames.triominos.studies:STUDIES",
    default_games=1000,
    explorer=ExplorerSpec(
        title=N_("Tri-Ominos: what does a round score?"),
        controls={
            "rules": Control(
                ("seed", "pressman"), label=N_("edition"), words=(N_("standard"), "Pressman")
            ),
            "players": (2, 3, 4),
            # a bonus or penalty of 0 switches it off; each control's first value is the standard
            "hexagon_bonuses": Control(
                ((50, 60, 70), (0, 0, 0), (100, 60, 70)),
                label=N_("hexagon bonus"),
                words=("50", "0", "100"),
            ),
            "bridge_bonus": Control((40, 0, 80), label=N_("bridge bonus")),
            "start_bonus": Control((10, 0, 30), label=N_("opening bonus")),
            "going_out_bonus": Control((25, 0, 50), label=N_("going-out bonus")),
            "draw_penalty": Control((5, 0, 10), label=N_("draw penalty")),
            "pass_penalty": Control((10, 0, 25), label=N_("pass penalty")),
        },
        measure="tilegames.triominos.study:explorer_measure",
        games=600,
        what=N_("rounds between greedy players"),
    ),
)
"""Tilegames' one declaration of Tri-Ominos: see ``tilegames.spec.GameSpec``."""
